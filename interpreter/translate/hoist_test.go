package translate

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// hoistLib is a library of one function that reads "the state" (ships,
// a list the test changes) and counts its calls.
func hoistLib(ships *[]string, calls *int) (map[string]eval.Func, []expr.Option) {
	f := eval.Fn0("ships", func() ([]string, error) { *calls++; return *ships, nil })
	return map[string]eval.Func{"ships": f}, []expr.Option{f.Option}
}

// A part of a pure expression that loops over what it reads of the
// state and reads no local is computed once while the frame's epoch
// stays the same (eval.Hoist), and again when it moves on; its value
// is the one the state gives at that epoch, and a value found is
// charged the work its computation cost. A part that reads a local, or
// the element of a loop around it, is computed each time.
func TestHoistedOncePerEpoch(t *testing.T) {
	ships, calls := []string{"a", "bb", "ccc"}, 0
	lib, opts := hoistLib(&ships, &calls)
	lay := model.NewLayout("me", "from")
	env := map[string]any{"me": 1, "from": "bb"}
	compile := func(src string, o ...Option) *Code {
		prog, err := expr.Compile(src, append([]expr.Option{expr.Env(env)}, opts...)...)
		require.NoError(t, err, src)
		c, err := Program(prog, lib, lay, nil, o...)
		require.NoError(t, err, src)
		return c
	}
	var epoch, entry uint64 = 1, 0
	lim := budget.Limits{Memory: 1 << 20}
	run := func(c *Code) (any, int) {
		b := &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}
		entry++
		fr := &eval.Frame{Budget: b, Epoch: &epoch, Entry: entry, Slots: make([]eval.Slot, c.Slots), Env: make([]any, len(lay.Names))}
		for k, name := range lay.Names {
			fr.Env[k] = env[name]
		}
		v := c.Run(fr)
		return v, 1<<20 - b.Eval
	}

	// The candidates of a param after another (Repeated): the long
	// ships, then the one taken from.
	to := compile(`concat(filter(ships(), len(#) > 1), [from])`, Repeated())
	v, work := run(to)
	assert.Equal(t, []any{"bb", "ccc", "bb"}, v)
	assert.Equal(t, 1, calls)
	v2, work2 := run(to)
	assert.Equal(t, []any{"bb", "ccc", "bb"}, v2)
	assert.Equal(t, 1, calls, "the same epoch: the long ships are kept")
	assert.Equal(t, work, work2, "a value found is charged what it cost")
	ships = []string{"dd", "e", "bb", "ffff"}
	epoch++
	v, _ = run(to)
	assert.Equal(t, []any{"dd", "bb", "ffff", "bb"}, v, "a new epoch reads the state anew")
	assert.Equal(t, []any{"bb", "ccc", "bb"}, v2, "the last epoch's value is left as it was")
	assert.Equal(t, 2, calls)
	epoch = 0
	run(to)
	run(to)
	assert.Equal(t, 4, calls, "epoch 0 keeps nothing")
	epoch = 7

	// A part that reads a local is not kept in a Repeated expression;
	// in a function's Body, it is kept while the state stays the same
	// and the local holds the same value (eval.HoistBy), and computed
	// again for another value, or in another epoch.
	calls = 0
	repeatedMine := compile(`concat(filter(ships(), len(#) > me), [from])`, Repeated())
	run(repeatedMine)
	run(repeatedMine)
	assert.Equal(t, 2, calls)
	calls = 0
	mine := compile(`concat(filter(ships(), len(#) > me), [from])`, Body())
	v, work = run(mine)
	assert.Equal(t, []any{"dd", "bb", "ffff", "bb"}, v)
	v2, work2 = run(mine)
	assert.Equal(t, v, v2)
	assert.Equal(t, work, work2, "a value found is charged what it cost")
	assert.Equal(t, 1, calls, "the same epoch, the same me")
	env["me"] = 2
	v, _ = run(mine)
	assert.Equal(t, []any{"ffff", "bb"}, v, "another me")
	assert.Equal(t, 2, calls)
	epoch++
	run(mine)
	assert.Equal(t, 3, calls, "another epoch")

	// In the candidates of a param after another (Listed), a part that
	// reads locals other than the params before it (me) is kept as in a
	// Body; one that reads such a param (from) is computed each time.
	calls = 0
	env["me"] = 1
	byMe := compile(`concat(filter(ships(), len(#) > me), [from])`, Listed([]string{"from"}))
	v, work = run(byMe)
	v2, work2 = run(byMe)
	assert.Equal(t, []any{"dd", "bb", "ffff", "bb"}, v)
	assert.Equal(t, v, v2)
	assert.Equal(t, work, work2, "a value found is charged what it cost")
	assert.Equal(t, 1, calls, "the same epoch, the same me")
	env["me"] = 2
	v, _ = run(byMe)
	assert.Equal(t, []any{"ffff", "bb"}, v, "another me: computed again")
	assert.Equal(t, 2, calls)
	ships = []string{"ggg", "h"}
	epoch++
	v, _ = run(byMe)
	assert.Equal(t, []any{"ggg", "bb"}, v, "another epoch: the state read anew")
	assert.Equal(t, 3, calls)
	assert.Equal(t, 1, byMe.Hoisted)
	calls = 0
	byFrom := compile(`concat(filter(ships(), len(#) > len(from)), [me])`, Listed([]string{"from"}))
	run(byFrom)
	run(byFrom)
	assert.Equal(t, 2, calls, "a part that reads a param listed over")
	assert.Equal(t, 0, byFrom.Hoisted)
	ships = []string{"dd", "e", "bb", "ffff"}
	env["me"] = []any{1} // not a key: computed each time
	calls = 0
	listed := compile(`concat(filter(ships(), len(#) > len(me)), [from])`, Body())
	run(listed)
	run(listed)
	assert.Equal(t, 2, calls, "a local that holds a list keeps nothing")
	env["me"] = 1

	// Pure but not Repeated: the whole expression is evaluated once, so
	// only a part inside a loop is kept, computed once, not for each
	// element.
	calls = 0
	once := compile(`concat(filter(ships(), len(#) > 1), [from])`, Pure())
	run(once)
	run(once)
	assert.Equal(t, 2, calls, "a part outside a loop")
	calls = 0
	inLoop := compile(`filter(['dd', 'x', 'ffff'], # in filter(ships(), len(#) > 1))`, Pure())
	v, _ = run(inLoop)
	assert.Equal(t, []any{"dd", "ffff"}, v)
	assert.Equal(t, 1, calls, "a part inside a loop: once for the three elements")
	calls = 0
	elem := compile(`filter(['dd', 'x'], any(filter(ships(), len(#) > 1), # == 'dd'))`, Pure())
	run(elem)
	assert.Equal(t, 1, calls)
	calls = 0
	outer := compile(`filter(['dd', 'x'], len(filter(ships(), len(#) > 1)) > 0 && # != '')`, Pure())
	run(outer)
	assert.Equal(t, 1, calls)

	calls = 0
	letOut := compile(`filter(['dd', 'x'], let e = #; any(ships(), # == e))`, Pure())
	v, _ = run(letOut)
	assert.Equal(t, []any{"dd"}, v, "a part that reads a let bound around it is not kept")
	assert.Equal(t, 1, letOut.Hoisted, "only ships() is")
	assert.Equal(t, 1, calls)

	calls = 0
	elemIn := compile(`filter(['dd', 'x'], count(concat(ships(), [#]), # == 'x') > 0)`, Pure())
	v, _ = run(elemIn)
	assert.Equal(t, []any{"x"}, v, "a part that reads the element of the loop around it is not kept")
	assert.Equal(t, 1, elemIn.Hoisted, "only ships() is")

	// Inside a loop, a part that reads a local too is kept for one
	// evaluation: computed once for the three elements, and again at
	// the next evaluation, in the same epoch.
	calls = 0
	local := compile(`filter(['dd', 'x', 'ffff'], len(#) > len(filter(ships(), len(#) > me)))`, Pure())
	v, _ = run(local)
	assert.Equal(t, []any{"ffff"}, v)
	assert.Equal(t, 1, calls)
	run(local)
	assert.Equal(t, 2, calls, "a new evaluation")

	// A part never computed before, at epoch 0, is computed.
	epoch, calls = 0, 0
	fresh := compile(`concat(filter(ships(), len(#) > 1), [from])`, Repeated())
	v, _ = run(fresh)
	assert.Equal(t, []any{"dd", "bb", "ffff", "bb"}, v)
	run(fresh)
	assert.Equal(t, 2, calls)
	epoch = 9

	// Without Pure nothing is kept (an effect may change the state).
	calls = 0
	plain := compile(`filter(['dd', 'x', 'ffff'], # in filter(ships(), len(#) > 1))`)
	run(plain)
	assert.Equal(t, 3, calls)
}
