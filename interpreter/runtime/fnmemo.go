package runtime

// Named functions' calls kept by their arguments while the state stays
// as it was. A named function is pure: its value depends on its
// arguments and on the state it reads, nothing else (its body reads no
// local of its caller, and the clock's functions are refused at compile
// time). So while the machine's epoch stays the same (it moves on at
// every change of the state, at every evaluation outside a listing, and
// once for a listing or a ranking of moves, eval.Hoist), a call with the
// same arguments has the same value: a bot's preference that weighs the
// routes of a ship asks for the distance from each route's end to the
// nearest port it wants, and many routes end at the same square; a
// condition checked for every candidate of a param calls the same
// function with the same few arguments.
//
// A call is kept when the function is worth it and may be: its body
// loops over a list (filter, map, any, reduce...) or walks the board
// (looking a call up costs about what a body without a loop does), it
// returns an int, a bool or a string (a value no arena holds) and it
// takes at most fnMaxArgs arguments, each an int, a bool, a string or an
// empty list. A call that finds its value
// is charged the work the first one cost, so that the budgets run out
// as they would without it; when that would overrun them, or when it is
// nested deeper than the first one was, it is computed instead, to fail
// as it would have. The table belongs to the function, which belongs to
// one compiled game, used by one goroutine at a time.

import (
	"github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/model"
)

// fnMaxArgs is how many arguments a kept call may have.
const fnMaxArgs = 4

// fnMaxEntries bounds a function's table: past it, it is emptied.
const fnMaxEntries = 4096

// fnArg is one argument of a kept call: kind 1 an int, 2 a bool, 3 a
// string, 4 an empty list.
type fnArg struct {
	kind uint8
	i    int
	s    string
}

// fnKey is the arguments of a call.
type fnKey [fnMaxArgs]fnArg

// fnValue is a call's value, the epoch it holds for, the work it cost
// and how deep the machine's evaluations were nested when it was made.
type fnValue struct {
	v     any
	epoch uint64
	spent int
	top   int
}

// fnMemo is a function's table of kept calls, and how many calls found
// their value in it.
type fnMemo struct {
	table map[fnKey]fnValue
	hits  int
}

// PlanKept decides whether f's calls are kept (the compiler calls it
// once f's body is checked, while its expr program is still there).
func (f *Function) PlanKept() {
	f.kept = false
	switch f.Ret {
	case "int", "bool", "string":
	default:
		return
	}
	if len(f.ParamList) > fnMaxArgs || f.Be == nil || f.Be.Prog == nil {
		return
	}
	root := f.Be.Prog.Node()
	ast.Walk(&root, memoVisitor(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.BuiltinNode:
			f.kept = f.kept || loopBuiltin(n.Name)
		case *ast.CallNode:
			if id, ok := n.Callee.(*ast.IdentifierNode); ok {
				f.kept = f.kept || walkFuncs[id.Value]
			}
		}
	}))
}

// walkFuncs are the library's functions that walk the board.
var walkFuncs = map[string]bool{
	"walks": true, "walksBack": true, "costWalks": true, "costDist": true, "dist": true,
}

// fnKeyOf is the key of a call whose arguments are in the params' slots
// of vals; false when one of them is of a kind not kept.
func fnKeyOf(f *Function, vals []any) (k fnKey, ok bool) {
	for i, p := range f.ParamList {
		switch x := vals[p.Slot].(type) {
		case int:
			k[i] = fnArg{kind: 1, i: x}
		case bool:
			k[i] = fnArg{kind: 2}
			if x {
				k[i].i = 1
			}
		case string:
			k[i] = fnArg{kind: 3, s: x}
		case []any:
			if len(x) != 0 {
				return k, false
			}
			k[i] = fnArg{kind: 4}
		case []string:
			if len(x) != 0 {
				return k, false
			}
			k[i] = fnArg{kind: 4}
		default:
			return k, false
		}
	}
	return k, true
}

// found is the value kept for the call of key, charged to the budget;
// false when there is none for the machine's epoch, or it cannot be
// used as it is (see the file's comment).
func (t *fnMemo) found(m *Machine, k *fnKey) (any, bool) {
	e, ok := t.table[*k]
	if !ok || e.epoch != m.epoch || m.top > e.top {
		return nil, false
	}
	saved := m.Budget
	if m.Budget.Spend(e.spent) != nil {
		m.Budget = saved
		return nil, false
	}
	t.hits++
	return e.v, true
}

// keep keeps the value of the call of key, made at nesting top for the
// work spent.
func (t *fnMemo) keep(m *Machine, k *fnKey, v any, spent, top int) {
	if t.table == nil {
		t.table = map[fnKey]fnValue{}
	} else if len(t.table) >= fnMaxEntries {
		clear(t.table)
	}
	t.table[*k] = fnValue{v: v, epoch: m.epoch, spent: spent, top: top}
}

// callKept evaluates a call of f with its arguments in vals, through
// f's table when the call may be kept.
func (m *Machine) callKept(f *Function, vals []any) (any, error) {
	scope := model.Scope{Vals: vals, Layout: f.Lay}
	if m.epoch == 0 || !f.kept {
		return m.Eval(f.Be, scope)
	}
	k, ok := fnKeyOf(f, vals)
	if !ok {
		return m.Eval(f.Be, scope)
	}
	if v, ok := f.memo.found(m, &k); ok {
		return v, nil
	}
	before, top, epoch := m.Budget.Decision, m.top, m.epoch
	v, err := m.Eval(f.Be, scope)
	if err == nil && m.epoch == epoch {
		f.memo.keep(m, &k, v, before-m.Budget.Decision, top)
	}
	return v, err
}
