package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The scoring's estimate is evaluated for every seat, in the scoring's
// environment; a game without one has none.
func TestEstimate(t *testing.T) {
	g, err := compileSrc(t, chooser)
	require.NoError(t, err)
	assert.False(t, g.HasEstimate())
	st, err := g.New(2, 1)
	require.NoError(t, err)
	est, err := g.Estimate(st, nil)
	require.NoError(t, err)
	assert.Empty(t, est)

	src := replaceOnce(t, chooser, `scoring: {score: "pget(me, 'coins')", tiebreak: []}`,
		`scoring: {score: "pget(me, 'coins')", tiebreak: [], estimate: "2 * pget(me, 'coins') + me + numPlayers"}`)
	g, err = compileSrc(t, src)
	require.NoError(t, err)
	assert.True(t, g.HasEstimate())
	st, err = g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "bonus"))
	est, err = g.Estimate(st, est)
	require.NoError(t, err)
	assert.Equal(t, []int{22, 3}, est)
}

// The estimate is type-checked and kept pure at load, errors pointing
// into the CUE file.
func TestEstimateErrors(t *testing.T) {
	for _, c := range []struct{ estimate, want string }{
		{`"pget(me, 'coin')"`, `tiny/game.cue:25:74: pget: unknown player var "coin" (did you mean "coins"?)`},
		{`"'many'"`, `tiny/game.cue:25:64: expected int, but got string`},
		{`"padd(me, 'coins', 1) ? 1 : 0"`, `tiny/game.cue:25:65: padd changes the state: not allowed in a condition, a list of choices or a score`},
		{`"score(me)"`, `tiny/game.cue:25:65: a cycle: scoring → score() → scoring: score() runs the scoring, which calls it again`},
	} {
		src := replaceOnce(t, chooser, `scoring: {score: "pget(me, 'coins')", tiebreak: []}`,
			`scoring: {score: "pget(me, 'coins')", tiebreak: [], estimate: `+c.estimate+`}`)
		_, err := compileSrc(t, src)
		require.Error(t, err, c.estimate)
		assert.Equal(t, c.want, err.Error(), c.estimate)
	}
}
