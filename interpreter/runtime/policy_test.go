package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// withPolicy adds bots.prefer to the chooser game.
func withPolicy(t *testing.T, prefer string) string {
	return replaceOnce(t, chooser, `scoring: {score: "pget(me, 'coins')", tiebreak: []}`,
		`scoring: {score: "pget(me, 'coins')", tiebreak: []}
	bots: prefer: {`+prefer+`}`)
}

// The policy ranks each move of a decision it names: a choice's option
// bound to the step's own name and to option, an action's params, a
// move of an action it does not name 0; a decision it names nothing of
// is not ranked.
func TestPrefer(t *testing.T) {
	g, err := compileSrc(t, chooser)
	require.NoError(t, err)
	assert.False(t, g.HasPolicy())

	g, err = compileSrc(t, withPolicy(t, `take: "5", m: "10 * m - option + pget(me, 'coins')"`))
	require.NoError(t, err)
	assert.True(t, g.HasPolicy())
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, ranks, ranked, err := g.Prefer(st, nil, nil)
	require.NoError(t, err)
	assert.True(t, ranked)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take"}, {Player: 0, Text: "bonus"}}, moves)
	assert.Equal(t, []int{5, 0}, ranks)

	require.NoError(t, g.Apply(st, "take"))
	_, ranks, ranked, err = g.Prefer(st, moves, ranks)
	require.NoError(t, err)
	assert.False(t, ranked, "n is not ranked")
	assert.Equal(t, []int{0, 0}, ranks)

	require.NoError(t, g.Apply(st, "n 2"))
	moves, ranks, ranked, err = g.Prefer(st, moves, ranks)
	require.NoError(t, err)
	assert.True(t, ranked)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "m 1"}, {Player: 0, Text: "m 2"}, {Player: 0, Text: "bonus"}}, moves)
	assert.Equal(t, []int{9, 18, 0}, ranks)
	// The answer's local is as it was: the choice is still pending.
	require.NoError(t, g.Apply(st, "m 1"))
	assert.Equal(t, 3, pcoins(t, g, st, 0))
}

func pcoins(t *testing.T, g *interpreter.Game, st *interpreter.State, p int) int {
	t.Helper()
	r, err := g.Score(st)
	require.NoError(t, err)
	return r.Scores[p]
}

// The policy is checked at load: an id no choice or action has, with a
// suggestion, a rank that is no int, a name the step does not know, a
// rank that changes the state.
func TestPreferErrors(t *testing.T) {
	for _, c := range []struct{ prefer, want string }{
		{`mm: "1"`, `tiny/game.cue:26:21: bots.prefer: unknown choice or action "mm" (did you mean "m"?)`},
		{`m: "'high'"`, `tiny/game.cue:26:20: expected int, but got string`},
		{`take: "m"`, "tiny/game.cue:26:24: unknown name m (did you mean \"me\"?)\n\t| m\n\t| ^"},
		{`m: "padd(me, 'coins', 1) ? 1 : 0"`, `tiny/game.cue:26:21: padd changes the state: not allowed in a condition, a list of choices or a score`},
	} {
		_, err := compileSrc(t, withPolicy(t, c.prefer))
		require.Error(t, err, c.prefer)
		assert.Equal(t, c.want, err.Error(), c.prefer)
	}
}
