package translate

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
)

// Arithmetic on values of unknown type (here the elements of a list of
// any) gives what the VM gives, ints and floats alike, and carries the
// numbers unboxed: no allocation for a result above 255 or a float.
func TestNumbersAsTheVM(t *testing.T) {
	for _, src := range []string{
		`xs[0] + xs[2]`, `xs[0] - xs[1]`, `xs[0] * xs[2]`, `xs[0] / xs[2]`, `xs[1] / xs[1]`,
		`xs[0] * (xs[0] - 1) / 2 + (xs[2] - xs[0]) * xs[0] <= 1000`,
		`xs[0] + xs[1] > xs[2] * 40`, `xs[1] * 2 >= 5`, `xs[0] / 0`, `xs[3] + xs[4]`,
		`xs[0] - xs[2] < 300`, `min(xs[0] + xs[2], 1000)`, `max(xs[0] * 2, xs[1] + 1)`, `min(xs[0] * 2, xs[2])`,
	} {
		src = `let xs = [300, 2.5, 7, "a", "b"]; ` + src
		prog, err := expr.Compile(src)
		require.NoError(t, err)
		want, err := expr.Run(prog, nil)
		require.NoError(t, err)
		c, err := Program(prog, nil, nil, nil)
		require.NoError(t, err, src)
		require.NotNil(t, c, src)
		lim := budget.Limits{Memory: 1 << 20}
		fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}}
		fr.Slots = make([]eval.Slot, c.Slots)
		assert.Equal(t, want, c.Run(fr), src)
	}
	prog, err := expr.Compile(`let xs = [300, 2.5, 7]; xs[0] * (xs[0] - 1) / 2 + (xs[2] - xs[0]) * xs[1] <= xs[0] * 1000`)
	require.NoError(t, err)
	c, err := Program(prog, nil, nil, nil)
	require.NoError(t, err)
	lim := budget.Limits{Memory: 1 << 20}
	fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}, Slots: make([]eval.Slot, c.Slots)}
	c.Run(fr)
	// The numbers box nothing (the list is a constant).
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { c.Run(fr) }))
}
