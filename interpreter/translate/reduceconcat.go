package translate

import (
	"github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/eval"
)

// reduceConcat translates reduce(list, concat(#acc, ...), initial), a
// list built up step by step, without a new list at every step: when
// the body reads the accumulator only as concat's first argument, no
// step's list but the last is ever seen, so the elements are gathered
// in the frame's buffer (as filter does) and copied out once, at their
// number. Each step is charged and checked as its concat would be; the
// value is what the VM gives: the initial value itself when the list is
// empty, nil when the last concat had no element.
func (t *translator) reduceConcat(n *ast.BuiltinNode, pred *ast.PredicateNode, items func(*eval.Frame) reduceList, use listUse) (eval.Val, bool) {
	cat, ok := pred.Node.(*ast.BuiltinNode)
	if !ok || cat.Name != "concat" || len(cat.Arguments) < 1 || len(n.Arguments) != 3 {
		return eval.Val{}, false
	}
	if p, ok := cat.Arguments[0].(*ast.PointerNode); !ok || p.Name != "acc" {
		return eval.Val{}, false
	}
	for _, a := range cat.Arguments[1:] {
		if readsAcc(a) {
			return eval.Val{}, false
		}
	}
	iv := deref(n.Arguments[2], t.node(n.Arguments[2]))
	init := iv.Box
	initList, typed := iv.Fn.(func(*eval.Frame) []any)
	k := t.bind("", eval.SlotAny)
	acc := t.bind(accName, eval.SlotAny)
	vals := make([]eval.Val, len(cat.Arguments))
	vals[0] = read(binding{accName, acc, eval.SlotAny})
	for i, a := range cat.Arguments[1:] {
		vals[i+1] = t.transient(a)
	}
	t.unbind()
	t.unbind()
	rest := catArgs(vals, t.builtinArgs(cat, vals))[1:]
	loc, mk := cat.Location(), t.maker(use)
	// run gives the list built, or the initial value when the list is
	// empty (done false): boxed in a, or in first.a when typed.
	run := func(fr *eval.Frame) (out []any, a any, first catVal, done bool) {
		l := items(fr)
		count := l.len()
		fr.Spend(count)
		if typed {
			first = catVal{a: initList(fr)}
		} else {
			a = init(fr)
			first = catValOf(a)
		}
		if count == 0 {
			return nil, a, first, false
		}
		first.len(loc) // a value that is no list fails as concat fails
		start := len(fr.Buf)
		fr.Buf = first.appendTo(fr, fr.Buf)
		var buf [4]catVal
		for i := 0; i < count; i++ {
			fr.Slots[k].Any = l.item(fr, i)
			fr.Slots[k].Index = int32(i)
			vals := buf[:0]
			for _, c := range rest {
				vals = append(vals, c.read(fr))
			}
			n := len(fr.Buf) - start
			for _, c := range vals {
				n += c.len(loc)
			}
			if n == 0 {
				continue // concat's nil: the accumulator stays empty
			}
			fr.Grow(n, loc)
			fr.Spend(n)
			for _, c := range vals {
				fr.Buf = c.appendTo(fr, fr.Buf)
			}
		}
		total := len(fr.Buf) - start
		if total == 0 {
			return nil, nil, first, true
		}
		out = mk(fr, total)
		copy(out, fr.Buf[start:])
		clear(fr.Buf[start:])
		fr.Buf = fr.Buf[:start]
		return out, nil, first, true
	}
	if typed {
		// A list from the start: the value is typed, not boxed.
		return eval.Mk(func(fr *eval.Frame) []any {
			out, _, first, done := run(fr)
			if !done {
				return first.a
			}
			return out
		}), true
	}
	return eval.Mk(func(fr *eval.Frame) any {
		out, a, _, done := run(fr)
		if !done {
			return a
		}
		return out
	}), true
}

// readsAcc tells whether a node reads #acc.
func readsAcc(n ast.Node) bool {
	found := false
	ast.Walk(&n, accVisitor{&found})
	return found
}

type accVisitor struct{ found *bool }

func (v accVisitor) Visit(n *ast.Node) {
	if p, ok := (*n).(*ast.PointerNode); ok && p.Name == "acc" {
		*v.found = true
	}
}
