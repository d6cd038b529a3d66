package eval

// Hoist keeps the value of a part of a pure expression that reads the
// state and nothing bound inside the expression around it (no let, no
// element of a loop), so that it is computed once rather than again
// and again. A part that reads only the state is kept for as long as
// the frame's Epoch stays the same: the runtime moves the epoch on at
// every change of the state, at every evaluation outside a listing of
// moves, and once for a whole listing (nothing a listing evaluates may
// change the state), so a part of a param's candidates that every
// candidate before it evaluates again (the ships on the water, for each
// ship a card may take from) is computed once a listing. A part that
// reads locals too (perEntry) is kept for one evaluation, the frame's
// Entry: a part of a loop's predicate that reads none of the loop's
// elements is computed once, not once an element. Epoch and Entry 0
// keep nothing.
//
// A value found is charged the work its computation cost, so that the
// budgets run out as they would without it. It is kept in the closure,
// which belongs to one compiled game, used by one goroutine at a time.
// The translator hands Hoist a part kept while the state stays the same
// only as a value that may outlive its evaluation (never a list of the
// frame's arena).
func Hoist(v Val, perEntry bool) (Val, bool) {
	switch f := v.Fn.(type) {
	case func(*Frame) []any:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) []string:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) []int:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) int:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) bool:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) string:
		return Mk(hoisted(f, perEntry)), true
	case func(*Frame) float64:
		return Mk(hoisted(f, perEntry)), true
	}
	return v, false
}

// hoisted is f computed once an epoch, or once an entry.
func hoisted[T any](f func(*Frame) T, perEntry bool) func(*Frame) T {
	var kept struct {
		key   uint64
		v     T
		spent int
	}
	key := func(fr *Frame) uint64 {
		if perEntry {
			return fr.Entry
		}
		if fr.Epoch == nil {
			return 0
		}
		return *fr.Epoch
	}
	return func(fr *Frame) T {
		k := key(fr)
		if k != 0 && kept.key == k {
			fr.Spend(kept.spent)
			return kept.v
		}
		before := fr.Budget.Eval
		v := f(fr)
		if k != 0 && key(fr) == k {
			kept.key, kept.v, kept.spent = k, v, before-fr.Budget.Eval
		}
		return v
	}
}

// HoistBy keeps the value of a part that reads the state and locals of
// the scope (in the slots of the frame's Env) while the frame's Epoch
// stays the same and those locals hold the same values: the part of a
// function's body that reads only its player, for each of the calls
// that differ in their other arguments. A local that holds anything but
// an int, a string or a bool keeps nothing. A value found is charged
// the work its computation cost; the part hands HoistBy a value that may
// outlive its evaluation.
func HoistBy(v Val, slots []int) (Val, bool) {
	if len(slots) == 0 || len(slots) > len(byKey{}) {
		return v, false
	}
	switch f := v.Fn.(type) {
	case func(*Frame) []any:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) []string:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) []int:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) int:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) bool:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) string:
		return Mk(hoistedBy(f, slots)), true
	case func(*Frame) float64:
		return Mk(hoistedBy(f, slots)), true
	}
	return v, false
}

// byKey is the values of the locals a part kept by them read.
type byKey [4]any

// hoistedBy is f computed once an epoch for each values of the locals in
// slots (the last values only).
func hoistedBy[T any](f func(*Frame) T, slots []int) func(*Frame) T {
	var kept struct {
		epoch uint64
		key   byKey
		v     T
		spent int
	}
	return func(fr *Frame) T {
		if fr.Epoch == nil || *fr.Epoch == 0 {
			return f(fr)
		}
		var key byKey
		for i, s := range slots {
			switch x := fr.Env[s].(type) {
			case int, string, bool:
				key[i] = x
			default:
				return f(fr)
			}
		}
		e := *fr.Epoch
		if kept.epoch == e && kept.key == key {
			fr.Spend(kept.spent)
			return kept.v
		}
		before := fr.Budget.Eval
		v := f(fr)
		if *fr.Epoch == e {
			kept.epoch, kept.key, kept.v, kept.spent = e, key, v, before-fr.Budget.Eval
		}
		return v
	}
}
