package runtime

// Named functions' calls kept by their arguments while the state stays
// as it was. A named function is pure: its value depends on its
// arguments and on the state it reads, nothing else (its body reads no
// local of its caller, and the clock's functions are refused at compile
// time). So while the machine's epoch stays the same (it moves on at
// every change of the state, at every evaluation outside a listing, and
// once for a listing or a ranking of moves, eval.Hoist), a call with the
// same arguments has the same value: a bot's preference that weighs
// every path a pawn may take asks the same function about each path's
// end, and many paths end on the same node; a condition checked for
// every candidate of a param calls the same function with the same few
// arguments.
//
// A call is kept when the function may be and is worth it. It may be
// when it returns an int, a bool or a string (a value no arena holds) and
// takes at most fnMaxArgs arguments, each an int, a bool, a string or an
// empty list. It is worth it when its body loops over a list (filter,
// map, any, reduce...), walks the board or calls a named function, and
// its first fnTrial calls cost on average fnWorth units or more: a unit
// is a list element visited or made (the budget's work) or fnCall units
// a named function called. A body whose loop is kept for the epoch
// already (eval.Hoist: a membership in a list the state gives) is
// cheaper than looking its call up.
//
// The table has fnSlots slots: a call is kept in the slot its arguments
// hash to, in place of the call there before (no map: hashing four
// arguments into one cost about what the calls it saved did). A call
// that finds its value is charged the work the first one cost, so that
// the budgets run out as they would without it; when that would overrun
// them, or when it is nested deeper than the first one was, it is
// computed instead, to fail as it would have. Whether a call is kept
// changes no value, only the time. The table belongs to the function,
// which belongs to one compiled game, used by one goroutine at a time.

import (
	"unsafe"

	"github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/model"
)

// fnMaxArgs is how many arguments a kept call may have.
const fnMaxArgs = 4

// fnTrial calls of a function decide whether its calls are worth
// keeping: they must cost fnWorth units on average, fnCall units a named
// function they call.
const fnTrial, fnWorth, fnCall = 64, 8, 8

// fnSlots is the size of a function's table, a power of two: a call is
// kept in the slot its arguments hash to, in place of the one before.
const fnSlots = 256

// fnArg is one argument of a kept call: an int in n (p nil), a bool or
// an empty list or string (p one of the tags), or a string by the
// address of its bytes and its length. A string counts as itself, not by
// its bytes: strings are never changed in place, and the slot holds the
// address, so that no other string can be laid there while it is kept.
// A game's own strings (its ids, as a list of them hands them out) have
// one address each.
type fnArg struct {
	p unsafe.Pointer
	n int
}

// Tags of the arguments that are not ints or non-empty strings.
var fnFalse, fnTrue, fnEmpty, fnNoList byte

// fnKey is the arguments of a call.
type fnKey [fnMaxArgs]fnArg

// fnValue is a call's value, its key, the epoch it holds for, the work
// it cost and how deep the machine's evaluations were nested when it was
// made.
type fnValue struct {
	key   fnKey
	v     any
	epoch uint64
	spent int
	top   int
}

// fnMemo is a function's table of kept calls, how many calls found
// their value in it, and the trial: the calls computed and their cost.
type fnMemo struct {
	table      *[fnSlots]fnValue
	hits       int
	runs, cost int
}

// PlanKept decides whether f's calls may be kept and may be worth it,
// funcs being the game's named functions (the compiler calls it once f's
// body is checked, while its expr program is still there).
func (f *Function) PlanKept(funcs map[string]*Function) {
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
				f.kept = f.kept || walkFuncs[id.Value] || funcs[id.Value] != nil
			}
		}
	}))
}

// walkFuncs are the library's functions that walk the board.
var walkFuncs = map[string]bool{
	"walks": true, "walksBack": true, "costWalks": true, "costDist": true, "dist": true,
}

// fnKeyOf is the key of a call whose arguments are in the params' slots
// of vals, and its slot; false when one of them is of a kind not kept.
func fnKeyOf(f *Function, vals []any) (k fnKey, slot int, ok bool) {
	h := uint64(len(f.ParamList))
	for i, p := range f.ParamList {
		var a fnArg
		switch x := vals[p.Slot].(type) {
		case int:
			a.n = x
		case bool:
			a.p = unsafe.Pointer(&fnFalse)
			if x {
				a.p = unsafe.Pointer(&fnTrue)
			}
		case string:
			a.p, a.n = unsafe.Pointer(unsafe.StringData(x)), len(x)
			if a.n == 0 {
				a.p = unsafe.Pointer(&fnEmpty)
			}
		case []any:
			if len(x) != 0 {
				return k, 0, false
			}
			a.p = unsafe.Pointer(&fnNoList)
		case []string:
			if len(x) != 0 {
				return k, 0, false
			}
			a.p = unsafe.Pointer(&fnNoList)
		default:
			return k, 0, false
		}
		k[i] = a
		h = (h ^ uint64(uintptr(a.p)) ^ uint64(a.n)) * 0x9e3779b97f4a7c15
	}
	return k, int(h >> 56 & (fnSlots - 1)), true
}

// found is the value kept for the call of key in its slot, charged to
// the budget; false when there is none for the machine's epoch, or it
// cannot be used as it is (see the file's comment).
func (t *fnMemo) found(m *Machine, k *fnKey, slot int) (any, bool) {
	if t.table == nil {
		return nil, false
	}
	e := &t.table[slot]
	if e.epoch != m.epoch || e.key != *k || m.top > e.top {
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

// keep keeps the value of the call of key in its slot, made at nesting
// top for the work spent.
func (t *fnMemo) keep(m *Machine, k *fnKey, slot int, v any, spent, top int) {
	if t.table == nil {
		t.table = new([fnSlots]fnValue)
	}
	t.table[slot] = fnValue{key: *k, v: v, epoch: m.epoch, spent: spent, top: top}
}

// callKept evaluates a call of f with its arguments in vals, through
// f's table when the call may be kept.
func (m *Machine) callKept(f *Function, vals []any) (any, error) {
	m.calls++
	scope := model.Scope{Vals: vals, Layout: f.Lay}
	if m.epoch == 0 || !f.kept {
		return m.Eval(f.Be, scope)
	}
	k, slot, ok := fnKeyOf(f, vals)
	if !ok {
		return m.Eval(f.Be, scope)
	}
	if v, ok := f.memo.found(m, &k, slot); ok {
		return v, nil
	}
	before, top, epoch, calls := m.Budget.Decision, m.top, m.epoch, m.calls
	v, err := m.Eval(f.Be, scope)
	spent := before - m.Budget.Decision
	if t := &f.memo; t.runs < fnTrial {
		t.runs++
		t.cost += spent + fnCall*int(m.calls-calls)
		if t.runs == fnTrial && t.cost < fnTrial*fnWorth {
			f.kept, t.table = false, nil
		}
	}
	if err == nil && f.kept && m.epoch == epoch {
		f.memo.keep(m, &k, slot, v, spent, top)
	}
	return v, err
}
