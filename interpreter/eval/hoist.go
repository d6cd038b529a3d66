package eval

// Hoist keeps the value of a part of an expression that reads the state
// and nothing else of its scope (no local, no element of a loop around
// it): for as long as the frame's Epoch stays the same, the state it
// reads does not change, and the part is computed once. The runtime
// moves the epoch on at every change of the state, at every evaluation
// outside a listing of moves, and once for a whole listing (nothing a
// listing evaluates may change the state), so a part of a param's
// candidates or of a condition that every candidate evaluates again
// (the ships on the water, for each ship a card may take from) is
// computed once a listing. Epoch 0 keeps nothing.
//
// A value found is charged the work its computation cost, so that the
// budgets run out as they would without it. It is kept in the closure,
// which belongs to one compiled game, used by one goroutine at a time.
// The translator hands only a value that may outlive its evaluation (a
// fresh list, never one of the frame's arena) to Hoist.
func Hoist(v Val) (Val, bool) {
	switch f := v.Fn.(type) {
	case func(*Frame) []any:
		return Mk(hoisted(f)), true
	case func(*Frame) []string:
		return Mk(hoisted(f)), true
	case func(*Frame) []int:
		return Mk(hoisted(f)), true
	case func(*Frame) int:
		return Mk(hoisted(f)), true
	case func(*Frame) bool:
		return Mk(hoisted(f)), true
	case func(*Frame) string:
		return Mk(hoisted(f)), true
	}
	return v, false
}

// hoisted is f computed once an epoch.
func hoisted[T any](f func(*Frame) T) func(*Frame) T {
	var kept struct {
		epoch uint64
		v     T
		spent int
	}
	return func(fr *Frame) T {
		var epoch uint64
		if fr.Epoch != nil {
			epoch = *fr.Epoch
		}
		if epoch != 0 && kept.epoch == epoch {
			fr.Spend(kept.spent)
			return kept.v
		}
		before := fr.Budget.Eval
		v := f(fr)
		if epoch != 0 && *fr.Epoch == epoch {
			kept.epoch, kept.v, kept.spent = epoch, v, before-fr.Budget.Eval
		}
		return v
	}
}
