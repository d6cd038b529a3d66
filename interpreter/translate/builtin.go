package translate

import (
	"errors"
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// builtin translates a call of one of expr's builtins: the list builtins
// whose predicate binds each element (loop.go), a few hot ones made
// directly, and the rest called through expr's own implementation.
func (t *translator) builtin(n *ast.BuiltinNode, use listUse) eval.Val {
	switch n.Name {
	case "all", "any", "none", "one", "filter", "map", "count", "sum", "find", "sortBy", "findIndex", "findLastIndex", "findLast":
		return t.loop(n, use)
	case "reduce":
		return t.reduce(n, use)
	case "groupBy":
		unsupported()
	}
	switch n.Name {
	case "sort", "keys", "values", "toPairs":
		args := make([]eval.Val, len(n.Arguments))
		for i, a := range n.Arguments {
			args[i] = t.node(a)
		}
		if n.Name == "sort" {
			return t.sortList(n, args)
		}
		return t.mapOrdered(n, args)
	}
	if n.Name == "len" && len(n.Arguments) == 1 {
		if v, ok := t.lenOfCall(n.Arguments[0]); ok {
			return v
		}
	}
	args := make([]eval.Val, len(n.Arguments))
	for i, a := range n.Arguments {
		switch n.Name {
		case "len", "concat", "uniq", "last", "join", "min", "max":
			// They read their lists and keep no list of them: concat
			// and uniq copy the elements into a new one.
			args[i] = t.transient(a)
		default:
			args[i] = t.node(a)
		}
	}
	switch n.Name {
	case "len":
		if v, ok := lenOf(args[0]); ok {
			return v
		}
		return lenDyn(t.builtinArgs(n, args)[0], n.Location())
	case "min", "max":
		if v, ok := minMaxList(n, args); ok {
			return v
		}
		if v, ok := minMaxInts(n.Name == "max", args, t.builtinArgs(n, args), n.Location()); ok {
			return v
		}
	case "concat":
		lists, loc, mk := catArgs(args, t.builtinArgs(n, args)), n.Location(), t.maker(use)
		if len(lists) == 2 {
			x, y := lists[0], lists[1]
			if x.box == nil && y.box == nil {
				return eval.Mk(func(fr *eval.Frame) []any { return concatTyped(fr, x, y, mk, loc) })
			}
			return eval.Mk(func(fr *eval.Frame) []any { return concat2(fr, x, y, mk, loc) })
		}
		return eval.Mk(func(fr *eval.Frame) []any { return concat(fr, lists, mk, loc) })
	case "uniq":
		switch l := args[0].Fn.(type) {
		case func(*eval.Frame) []string:
			mk := t.maker(use)
			return eval.Mk(func(fr *eval.Frame) []any { return uniqStrings(fr, l(fr), mk) })
		case func(*eval.Frame) []any:
			mk := t.maker(use)
			return eval.Mk(func(fr *eval.Frame) []any { return uniqAny(fr, l(fr), mk) })
		}
		return t.byList(n, args, func(fr *eval.Frame, l []string) any { return uniqStrings(fr, l, eval.Fresh) }, func(fr *eval.Frame, l []any) any { return uniqAny(fr, l, eval.Fresh) })
	case "last":
		switch l := args[0].Fn.(type) {
		case func(*eval.Frame) []string:
			return eval.Mk(func(fr *eval.Frame) any {
				if x := l(fr); len(x) > 0 {
					return fr.BoxStr(x[len(x)-1])
				}
				return nil
			})
		case func(*eval.Frame) []any:
			return eval.Mk(func(fr *eval.Frame) any { return lastOf(l(fr)) })
		}
		return t.byList(n, args, func(fr *eval.Frame, l []string) any {
			if len(l) == 0 {
				return nil
			}
			return fr.BoxStr(l[len(l)-1])
		}, func(_ *eval.Frame, l []any) any { return lastOf(l) })
	case "join":
		if len(args) != 2 {
			break
		}
		glue := eval.As[string](args[1])
		if l, ok := args[0].Fn.(func(*eval.Frame) []string); ok {
			t.noteJoin(n, joinParts{strs: l, glue: glue})
			return eval.Mk(func(fr *eval.Frame) string { return fr.Boxes.Join(l(fr), glue(fr)) })
		}
		list := t.builtinArgs(n, args)[0]
		f, loc := builtin.Builtins[builtin.Index[n.Name]], n.Location()
		join := func(fr *eval.Frame, l any, g string) any {
			if l, ok := l.([]string); ok {
				// Cut from the frame's chunks: a key built per
				// evaluation allocates nothing.
				return fr.Boxes.String(fr.Boxes.Join(l, g))
			}
			return eval.Guard(loc, func() any { return call(f, l, g) })
		}
		t.noteJoin(n, joinParts{list: list, glue: glue, join: join})
		return eval.Mk(func(fr *eval.Frame) any { return join(fr, list(fr), glue(fr)) })
	case "split":
		// Of two strings: its list cut from the frame's chunks. Any
		// other call goes through expr.
		if len(args) != 2 {
			break
		}
		s, ok1 := args[0].Fn.(func(*eval.Frame) string)
		sep, ok2 := args[1].Fn.(func(*eval.Frame) string)
		if ok1 && ok2 {
			return eval.Mk(func(fr *eval.Frame) []string { return fr.Boxes.Split(s(fr), sep(fr)) })
		}
		if ok2 {
			// A string known only at run time (an option): anything
			// else goes through expr.
			box, other := args[0].Box, t.viaExpr(n, args).Box
			return eval.Mk(func(fr *eval.Frame) any {
				if x, ok := box(fr).(string); ok {
					return fr.Boxes.Strings(fr.Boxes.Split(x, sep(fr)))
				}
				return other(fr)
			})
		}
	case "string":
		switch f := args[0].Fn.(type) {
		case func(*eval.Frame) int:
			return eval.Mk(func(fr *eval.Frame) string { return strconv.Itoa(f(fr)) })
		case func(*eval.Frame) string:
			return args[0]
		}
		if v, ok := stringOf(args[0], t.builtinArgs(n, args)[0]); ok {
			return v
		}
	case "abs":
		// Of an int whose type is known: an int, as expr's abs gives
		// it (a value of another type fails there too).
		if len(args) == 1 {
			if f, ok := eval.Typed[int](args[0]); ok {
				return eval.Mk(func(fr *eval.Frame) int {
					x := f(fr)
					if x < 0 {
						return -x
					}
					return x
				})
			}
		}
	case "int":
		// Of a number whose type is known: an int, as expr's int
		// truncates a float64.
		if len(args) == 1 {
			if f, ok := eval.Typed[int](args[0]); ok {
				return eval.Mk(f)
			}
			if f, ok := args[0].Fn.(func(*eval.Frame) float64); ok {
				return eval.Mk(func(fr *eval.Frame) int { return int(f(fr)) })
			}
		}
	}
	return t.viaExpr(n, args)
}

// viaExpr calls a builtin through expr's implementation.
func (t *translator) viaExpr(n *ast.BuiltinNode, vals []eval.Val) eval.Val {
	f := builtin.Builtins[builtin.Index[n.Name]]
	args, loc := t.builtinArgs(n, vals), n.Location()
	argsOf := func(fr *eval.Frame) []any {
		out := make([]any, len(args))
		for i, a := range args {
			out[i] = a(fr)
		}
		return out
	}
	switch {
	case f.Fast != nil && len(args) == 1:
		return eval.Mk(func(fr *eval.Frame) any {
			x := args[0](fr)
			return eval.Guard(loc, func() any { return f.Fast(x) })
		})
	case f.Safe != nil:
		return eval.Mk(func(fr *eval.Frame) any {
			a := argsOf(fr)
			if n.Name == "repeat" && len(a) == 2 {
				if s, ok := a[0].(string); ok {
					if k, ok := a[1].(int); ok && k > 0 {
						fr.Grow(len(s)*min(k, fr.Budget.Limits.Memory+1), loc)
					}
				}
			}
			return eval.Guard(loc, func() any {
				out, _, err := f.Safe(a...)
				if err != nil {
					panic(err)
				}
				return out
			})
		})
	case f.Func != nil:
		return eval.Mk(func(fr *eval.Frame) any {
			a := argsOf(fr)
			if n.Name == "replace" && len(a) >= 3 {
				s, _ := a[0].(string)
				old, _ := a[1].(string)
				nw, _ := a[2].(string)
				k := len(s) + 1
				if old != "" {
					k = len(s) / len(old)
				}
				fr.Grow(len(s)+min(k, fr.Budget.Limits.Memory+1)*max(len(nw)-len(old), 0), loc)
			}
			return fr.Sized(eval.Guard(loc, func() any { return call(f, a...) }), loc)
		})
	}
	unsupported()
	return eval.Val{}
}

// builtinArgs are the arguments of a builtin, boxed and dereferenced
// where the VM dereferences them: a pointer, or a value of unknown type,
// unless the builtin says otherwise.
func (t *translator) builtinArgs(n *ast.BuiltinNode, vals []eval.Val) []func(*eval.Frame) any {
	id, ok := builtin.Index[n.Name]
	if !ok {
		unsupported()
	}
	f := builtin.Builtins[id]
	out := make([]func(*eval.Frame) any, len(vals))
	for i, a := range n.Arguments {
		b := vals[i].Box
		if k := kindOf(a); (k == reflect.Pointer || k == reflect.Interface) && (f.Deref == nil || f.Deref(i, a.Type())) {
			out[i] = func(fr *eval.Frame) any { return eval.Deref(b(fr)) }
		} else {
			out[i] = b
		}
	}
	return out
}

// byList is a builtin of one list argument known only at run time: made
// directly for a []string or a []any, through expr otherwise. The
// argument is evaluated once.
func (t *translator) byList(n *ast.BuiltinNode, args []eval.Val, strs func(*eval.Frame, []string) any, anys func(*eval.Frame, []any) any) eval.Val {
	list := t.builtinArgs(n, args)[0]
	f, loc := builtin.Builtins[builtin.Index[n.Name]], n.Location()
	return eval.Mk(func(fr *eval.Frame) any {
		switch l := list(fr).(type) {
		case []string:
			return strs(fr, l)
		case []any:
			return anys(fr, l)
		default:
			return eval.Guard(loc, func() any { return call(f, l) })
		}
	})
}

// call runs a builtin's implementation; its error is panicked, for guard
// to position as the VM does.
func call(f *builtin.Function, args ...any) any {
	out, err := f.Func(args...)
	if err != nil {
		panic(err)
	}
	return out
}

// lastOf is expr's last: the last element, or nil.
func lastOf[E any](l []E) any {
	if len(l) == 0 {
		return nil
	}
	return l[len(l)-1]
}

// lenOf is len of a list whose type is known.
func lenOf(v eval.Val) (eval.Val, bool) {
	switch f := v.Fn.(type) {
	case func(*eval.Frame) []string:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) []any:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) []int:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) []*model.Piece:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) []*board.Edge:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) [][]string:
		return eval.Mk(func(fr *eval.Frame) int { return len(f(fr)) }), true
	case func(*eval.Frame) string:
		return eval.Mk(func(fr *eval.Frame) int { return utf8.RuneCountInString(f(fr)) }), true
	}
	return eval.Val{}, false
}

// lenDyn is len of a value whose type is known only at run time (a
// local, a member of params): an int, as expr's len gives it, read
// without reflection for the lists and strings the engine makes.
func lenDyn(arg func(*eval.Frame) any, loc file.Location) eval.Val {
	f := builtin.Builtins[builtin.Index["len"]]
	return eval.Mk(func(fr *eval.Frame) int {
		switch x := arg(fr).(type) {
		case []any:
			return len(x)
		case []string:
			return len(x)
		case []int:
			return len(x)
		case string:
			return utf8.RuneCountInString(x)
		case map[string]any:
			return len(x)
		default:
			return eval.Guard(loc, func() any { return f.Fast(x) }).(int)
		}
	})
}

// stringOf is string(x) of a value the checker types int or string but
// that is read from where another may stand (eval.Val.Checked): typed
// for an int or a string, through expr's string otherwise (which writes
// any value, nil as "<nil>").
func stringOf(v eval.Val, arg func(*eval.Frame) any) (eval.Val, bool) {
	_, isInt := v.Checked.(func(*eval.Frame) int)
	_, isStr := v.Checked.(func(*eval.Frame) string)
	if !isInt && !isStr {
		return eval.Val{}, false
	}
	f := builtin.Builtins[builtin.Index["string"]]
	return eval.Mk(func(fr *eval.Frame) string {
		switch x := arg(fr).(type) {
		case int:
			return strconv.Itoa(x)
		case string:
			return x
		default:
			return f.Fast(x).(string)
		}
	}), true
}

// catArg is an argument of concat: a typed list where its type is
// known, so that it is not boxed, else its boxed value.
type catArg struct {
	a   func(*eval.Frame) []any
	s   func(*eval.Frame) []string
	box func(*eval.Frame) any
}

func catArgs(vals []eval.Val, boxes []func(*eval.Frame) any) []catArg {
	out := make([]catArg, len(vals))
	for i, v := range vals {
		switch f := v.Fn.(type) {
		case func(*eval.Frame) []any:
			out[i].a = f
		case func(*eval.Frame) []string:
			out[i].s = f
		default:
			out[i].box = boxes[i]
		}
	}
	return out
}

// catVal is one evaluated argument of concat: a []any, a []string, or
// any other value (x, read through reflection).
type catVal struct {
	a     []any
	s     []string
	x     any
	other bool
}

// concat is expr's concat: the elements of every list, in one []any
// (nil when there are none). All the lists are evaluated first, as the
// VM evaluates a call's arguments.
func concat(fr *eval.Frame, lists []catArg, mk func(*eval.Frame, int) []any, loc file.Location) []any {
	var buf [8]catVal // on the stack: the shipped games concatenate at most 5 lists
	vals := buf[:0]
	for _, l := range lists {
		vals = append(vals, l.read(fr))
	}
	n := 0
	for _, c := range vals {
		n += c.len(loc)
	}
	if n == 0 {
		return nil
	}
	fr.Grow(n, loc)
	fr.Spend(n)
	out := mk(fr, n)[:0]
	for _, c := range vals {
		out = c.appendTo(fr, out)
	}
	return out
}

// concat2 is concat of two lists, the most common call, without the
// buffer of evaluated arguments concat keeps.
func concat2(fr *eval.Frame, x, y catArg, mk func(*eval.Frame, int) []any, loc file.Location) []any {
	cx, cy := x.read(fr), y.read(fr)
	n := cx.len(loc)
	n += cy.len(loc)
	if n == 0 {
		return nil
	}
	fr.Grow(n, loc)
	fr.Spend(n)
	return cy.appendTo(fr, cx.appendTo(fr, mk(fr, n)[:0]))
}

// concatTyped is concat2 of two typed lists, which need no check.
func concatTyped(fr *eval.Frame, x, y catArg, mk func(*eval.Frame, int) []any, loc file.Location) []any {
	var xa, ya []any
	var xs, ys []string
	if x.a != nil {
		xa = x.a(fr)
	} else {
		xs = x.s(fr)
	}
	if y.a != nil {
		ya = y.a(fr)
	} else {
		ys = y.s(fr)
	}
	n := len(xa) + len(xs) + len(ya) + len(ys)
	if n == 0 {
		return nil
	}
	fr.Grow(n, loc)
	fr.Spend(n)
	out := append(mk(fr, n)[:0], xa...)
	for _, s := range xs {
		out = append(out, fr.BoxStr(s))
	}
	out = append(out, ya...)
	for _, s := range ys {
		out = append(out, fr.BoxStr(s))
	}
	return out
}

// read evaluates an argument of concat.
func (l catArg) read(fr *eval.Frame) catVal {
	var c catVal
	switch {
	case l.a != nil:
		c.a = l.a(fr)
	case l.s != nil:
		c.s = l.s(fr)
	default:
		c = catValOf(l.box(fr))
	}
	return c
}

// catValOf is a value concat reads, whose type is known at run time.
func catValOf(x any) catVal {
	switch x := x.(type) {
	case []any:
		return catVal{a: x}
	case []string:
		return catVal{s: x}
	default:
		return catVal{x: x, other: true}
	}
}

// len is how many elements the argument adds; a value that is no list
// fails as concat fails on it.
func (c catVal) len(loc file.Location) int {
	if !c.other {
		return len(c.a) + len(c.s)
	}
	v := reflect.ValueOf(c.x)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		eval.Fail(loc, errors.New("cannot concat "+v.Kind().String()))
	}
	return v.Len()
}

// appendTo appends the argument's elements to out, boxed.
func (c catVal) appendTo(fr *eval.Frame, out []any) []any {
	if !c.other {
		out = append(out, c.a...)
		for _, s := range c.s {
			out = append(out, fr.BoxStr(s))
		}
		return out
	}
	v := reflect.ValueOf(c.x)
	for i := 0; i < v.Len(); i++ {
		out = append(out, v.Index(i).Interface())
	}
	return out
}

// uniqAny is expr's uniq: the first of each group of equal elements, in
// a list of mk's (whose capacity is l's length).
func uniqAny(fr *eval.Frame, l []any, mk func(*eval.Frame, int) []any) []any {
	out := mk(fr, len(l))[:0]
next:
	for _, x := range l {
		for _, y := range out {
			if runtime.Equal(x, y) {
				continue next
			}
		}
		out = append(out, x)
	}
	return out
}

// uniqStrings is expr's uniq of a list of strings, boxed with the
// game's boxes, in a list of mk's.
func uniqStrings(fr *eval.Frame, l []string, mk func(*eval.Frame, int) []any) []any {
	out, boxed := mk(fr, len(l))[:0], fr.Boxed
next:
	for i, s := range l {
		for _, x := range l[:i] {
			if x == s {
				continue next
			}
		}
		out = append(out, eval.BoxStr(boxed, s))
	}
	return out
}

// minMaxInts is min or max of int arguments, as expr gives it: an int,
// the first of equal ones. An argument of unknown type is read at run
// time; when one is no int (a list, a float), expr's builtin decides.
func minMaxInts(max bool, args []eval.Val, boxed []func(*eval.Frame) any, loc file.Location) (eval.Val, bool) {
	if len(args) < 2 {
		return eval.Val{}, false
	}
	fs := make([]func(*eval.Frame) int, len(args))
	boxes := make([]func(*eval.Frame) any, len(args))
	nums := make([]func(*eval.Frame) eval.Num, len(args))
	typed := true
	for i, a := range args {
		if f, ok := eval.Typed[int](a); ok {
			// expr's min and max fail on a value that is no number
			// or list, as a Checked int fails.
			fs[i] = f
			continue
		}
		if _, ok := a.Fn.(func(*eval.Frame) any); !ok && a.Num == nil {
			return eval.Val{}, false
		}
		boxes[i], typed = boxed[i], false
		if num := a.Num; num != nil {
			// Arithmetic's int, not boxed on its way here.
			boxes[i] = nil
			nums[i] = num
		}
	}
	pick := func(out, x int) int {
		if max && x > out || !max && x < out {
			return x
		}
		return out
	}
	if typed {
		return eval.Mk(func(fr *eval.Frame) int {
			out := fs[0](fr)
			for _, f := range fs[1:] {
				out = pick(out, f(fr))
			}
			return out
		}), true
	}
	name := "min"
	if max {
		name = "max"
	}
	f := builtin.Builtins[builtin.Index[name]]
	return eval.Mk(func(fr *eval.Frame) any {
		var buf [4]int
		ints := buf[:0]
		var other []any // the arguments, once one is no int
		for i, get := range fs {
			var x any
			if get != nil {
				ints = append(ints, get(fr))
				if other == nil {
					continue
				}
				x = ints[len(ints)-1]
			} else if nums[i] != nil {
				n := nums[i](fr)
				if n.Kind == eval.IntNum && other == nil {
					ints = append(ints, n.I)
					continue
				}
				x = eval.Deref(n.Box())
			} else {
				x = boxes[i](fr)
				if n, ok := x.(int); ok && other == nil {
					ints = append(ints, n)
					continue
				}
			}
			if other == nil {
				other = make([]any, 0, len(fs))
				for _, n := range ints[:i] {
					other = append(other, n)
				}
			}
			other = append(other, x)
		}
		if other != nil {
			return fr.Sized(eval.Guard(loc, func() any { return call(f, other...) }), loc)
		}
		out := ints[0]
		for _, x := range ints[1:] {
			out = pick(out, x)
		}
		return out
	}), true
}

// minMaxList is min or max of one list that is a []any, read without
// boxing it: when every element is an int, the first smallest or
// largest of them (nil for no element), as expr's minMax gives it;
// otherwise expr's builtin decides, on the same list.
func minMaxList(n *ast.BuiltinNode, args []eval.Val) (eval.Val, bool) {
	if len(args) != 1 {
		return eval.Val{}, false
	}
	list, ok := args[0].Fn.(func(*eval.Frame) []any)
	if !ok {
		return eval.Val{}, false
	}
	max := n.Name == "max"
	f, loc := builtin.Builtins[builtin.Index[n.Name]], n.Location()
	return eval.Mk(func(fr *eval.Frame) any {
		l := list(fr)
		best, found := 0, false
		for _, e := range l {
			x, ok := e.(int)
			if !ok {
				return fr.Sized(eval.Guard(loc, func() any { return call(f, l) }), loc)
			}
			if !found || max && x > best || !max && x < best {
				best, found = x, true
			}
		}
		if !found {
			return nil
		}
		return fr.Boxes.Int(best)
	}), true
}
