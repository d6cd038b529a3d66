package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/runtime"
)

// A frame kept for reuse holds no loop's list past its cursors' length:
// a loop's cursor is emptied as the loop ends, and a return from inside
// a loop empties the frame's cursors, so that pop need not clear them.
// The frame ended last is kept last: each order leaves one of the two
// ways of ending a frame for the check.
func TestSpareFramesHoldNoLists(t *testing.T) {
	for _, do := range []string{
		`do: [{call: "gain", with: {n: "n"}}, {call: "first", as: "f"}, {do: "padd(me, 'coins', f - 1)"}]`,
		`do: [{call: "first", as: "f"}, {call: "gain", with: {n: "n + f - 1"}}]`,
	} {
		src := replaceOnce(t, tiny, `do: [{do: "padd(me, 'coins', n)"}]`, do)
		src = replaceOnce(t, src, `	actions: {`, `	effects: {
		gain: {params: n: "int", do: [{each: "[n, 0]", as: "k", loop: [{do: "padd(me, 'coins', k)"}]}]}
		first: {returns: "int", do: [{each: "[1, 2, 3]", as: "k", loop: [{return: "k"}]}]}
	}
	actions: {`)
		g, err := compileRuntime(t, src)
		require.NoError(t, err)
		st, err := g.New(2, 1)
		require.NoError(t, err)
		for !st.Finished {
			moves, err := g.Legal(st)
			require.NoError(t, err)
			require.NoError(t, g.Apply(st, moves[0].Text))
		}
		spare := runtime.SpareFrames(g.M)
		require.NotEmpty(t, spare, do)
		for _, f := range spare {
			for _, c := range f.Cursors[:cap(f.Cursors)] {
				assert.Nil(t, c.Items, do)
				assert.Nil(t, c.Loop, do)
			}
		}
	}
}
