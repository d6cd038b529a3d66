package translate

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
)

func program(t *testing.T, src string) *Code {
	t.Helper()
	prog, err := expr.Compile(src)
	require.NoError(t, err)
	c, err := Program(prog, nil, nil, nil)
	require.NoError(t, err, src)
	require.NotNil(t, c, "%s is on the fast path", src)
	return c
}

// A list only read within the evaluation is cut from the frame's arena;
// one that is the evaluation's value, or kept in a let, is not, so that
// the next evaluation in the same frame leaves it as it was.
func TestScratchDoesNotEscape(t *testing.T) {
	lim := budget.Limits{Memory: 1 << 20}
	fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}}
	kept := program(t, `let l = filter([1, 2, 3, 4], # > 1); concat(filter(l, # > 2), map([5, 6], # * 2))`)
	fr.Slots = make([]eval.Slot, kept.Slots)
	out := kept.Run(fr)
	assert.Equal(t, []any{3, 4, 10, 12}, out)
	reader := program(t, `len(filter(concat([7, 8, 9], map([1, 2], # + 100)), # > 0)) + count(sortBy(map([3, 1, 2], # * 7), #), # > 0) + (9 in map([1, 9], #) ? 1 : 0)`)
	fr.Slots = make([]eval.Slot, max(kept.Slots, reader.Slots))
	for range 3 {
		assert.Equal(t, 5+3+1, reader.Run(fr))
	}
	assert.Equal(t, []any{3, 4, 10, 12}, out, "the value of the first evaluation is not the arena's")
	kept2 := program(t, `map(filter([1, 2, 3], # > 1), # * 3)`)
	out2 := kept2.Run(fr)
	reader.Run(fr)
	assert.Equal(t, []any{6, 9}, out2)
	// sortBy sorts in place: a short list needs no buffer, a long one
	// cuts its buffer from the arena.
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { reader.Run(fr) }), "the lists a reader builds are the arena's")
}

// A list that outlives the evaluation (a let's, the value) is cut from
// the frame's append-only chunk: no allocation each, and no later
// evaluation writes over it.
func TestKeptListsAllocateNothing(t *testing.T) {
	lim := budget.Limits{Memory: 1 << 20}
	fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 30, Decision: 1 << 30, Limits: &lim}}
	kept := program(t, `concat(filter(filter([1, 2, 3, 4], # > 1), # > 2), map([5, 6], # * 2))`)
	fr.Slots = make([]eval.Slot, kept.Slots)
	require.NotNil(t, kept.List)
	first := kept.List(fr)
	assert.Equal(t, 0.0, testing.AllocsPerRun(200, func() { kept.List(fr) }), "kept lists are cut from the chunk")
	var outs [][]any
	for range 1000 { // past several chunks
		outs = append(outs, kept.List(fr))
	}
	assert.Equal(t, []any{3, 4, 10, 12}, first)
	for _, out := range outs {
		assert.Equal(t, []any{3, 4, 10, 12}, out)
	}
	assert.Equal(t, len(first), cap(first), "appending to a kept list copies it")
}

// A list-valued expression's Temp cuts its value from the arena, for a
// caller that copies it (the options of a choose): no allocation, and
// the next evaluation in the frame may write over it; its List and Run
// give a list of their own, which it does not.
func TestTempValue(t *testing.T) {
	lim := budget.Limits{Memory: 1 << 20}
	fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}}
	c := program(t, `true ? concat(filter([1, 2, 3, 400], # > 1), ["done"]) : []`)
	fr.Slots = make([]eval.Slot, c.Slots)
	require.NotNil(t, c.Temp)
	kept := c.List(fr)
	boxed := c.Run(fr)
	temp := c.Temp(fr)
	assert.Equal(t, []any{2, 3, 400, "done"}, temp)
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { c.Temp(fr) }))
	c.Temp(fr)
	assert.Equal(t, []any{2, 3, 400, "done"}, kept)
	assert.Equal(t, []any{2, 3, 400, "done"}, boxed)
	other := program(t, `concat(["x"], ["y", "z", "w"])`)
	other.Temp(fr)
	assert.NotEqual(t, []any{2, 3, 400, "done"}, temp, "the arena's list is the next evaluation's")
	assert.Equal(t, []any{2, 3, 400, "done"}, kept)
}

// A conditional between lists is a list, whatever kind each branch is
// (a list built, a literal the optimizer folded into a constant, a
// range), so that a caller that reads it as a list of values (Code.Temp:
// a choice's options) has it cut from the arena, not from the frame's
// kept chunk. Its value is the VM's.
func TestConditionalListsAreTemp(t *testing.T) {
	lim := budget.Limits{Memory: 1 << 20}
	for _, c := range []struct {
		src  string
		want []any
	}{
		{`['done']`, []any{"done"}},
		{`1 < 2 ? concat(['a'], ['b']) : ['done']`, []any{"a", "b"}},
		{`1 > 2 ? concat(['a'], ['b']) : ['done']`, []any{"done"}},
		{`1 < 2 ? map([1, 2], string(#)) : ['done']`, []any{"1", "2"}},
		{`1 < 2 ? filter(['x', 'y'], # != 'x') : map([3], # * 2)`, []any{"y"}},
		{`1 < 2 ? 1..3 : ['done']`, []any{1, 2, 3}},
		{`1 > 2 ? 1..3 : concat(['a'], ['b'])`, []any{"a", "b"}},
	} {
		code := program(t, c.src)
		require.NotNil(t, code.Temp, "%s is a list", c.src)
		prog, err := expr.Compile(c.src)
		require.NoError(t, err)
		want, err := expr.Run(prog, nil)
		require.NoError(t, err)
		fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}}
		fr.Slots = make([]eval.Slot, code.Slots)
		assert.Equal(t, want, code.Run(fr), "%s: the value is the VM's", c.src)
		l, notList := eval.ToList(want, nil)
		require.Nil(t, notList)
		assert.Equal(t, c.want, l, c.src)
		assert.Equal(t, c.want, code.Temp(fr), c.src)
	}
}
