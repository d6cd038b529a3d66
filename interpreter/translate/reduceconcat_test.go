package translate

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
)

// reduce with a concat body gives what the VM gives: over ranges, an
// empty list (the initial value itself), steps that add nothing, and
// an initial value of unknown type; it makes one list, not one a step.
func TestReduceConcatAsTheVM(t *testing.T) {
	for _, src := range []string{
		`reduce(1..4, concat(#acc, [#, # * 10]), [])`,
		`reduce(1..0, concat(#acc, [#]), [7])`,
		`reduce(1..3, concat(#acc, filter([#], # > 5)), [])`,
		`let init = [[1], [2]]; reduce(1..3, concat(#acc, [[#]]), init)`,
		`let init = ["a"]; reduce(["b", "c"], concat(#acc, [# + "!"], [#]), init)`,
		`reduce([1, 2], concat(#acc, [len(#acc)]), [])`, // reads #acc: the general path
	} {
		prog, err := expr.Compile(src)
		require.NoError(t, err)
		want, err := expr.Run(prog, nil)
		require.NoError(t, err)
		c, err := Program(prog, nil, nil, nil)
		require.NoError(t, err, src)
		require.NotNil(t, c, src)
		fr := newFrame(c)
		assert.Equal(t, want, c.Run(fr), src)
	}
	prog, err := expr.Compile(`len(reduce(1..50, concat(#acc, [#, #]), []))`)
	require.NoError(t, err)
	c, err := Program(prog, nil, nil, nil)
	require.NoError(t, err)
	fr := newFrame(c)
	assert.Equal(t, 100, c.Run(fr))
	// The range and the list the reduce gives are cut from the arena,
	// as len drops them: nothing per run, nor per step.
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { c.Run(fr) }))
}

func newFrame(c *Code) *eval.Frame {
	lim := budget.Limits{Memory: 1 << 20}
	return &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}, Slots: make([]eval.Slot, c.Slots)}
}
