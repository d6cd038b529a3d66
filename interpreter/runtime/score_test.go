package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// score(p) is seat p's score as the scoring gives it; ScoresInto lists
// every seat's, as Score does.
func TestSeatScores(t *testing.T) {
	src := replaceOnce(t, chooser, `vars: active: 0`, `vars: {active: 0, seen: 0}`)
	src = replaceOnce(t, src, `padd(me, 'coins', 10)"`, `padd(me, 'coins', 10); set('seen', 100 * score(me) + score(1 - me))"`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "take"))
	require.NoError(t, g.Apply(st, "n 2"))
	require.NoError(t, g.Apply(st, "m 1"))
	require.NoError(t, g.Apply(st, "bonus"))
	// Seat 1 took the bonus (10 coins) after seat 0's take (3 coins).
	assert.Equal(t, 100*10+3, st.Var("seen"))
	r, err := g.Score(st)
	require.NoError(t, err)
	scores, err := g.ScoresInto(st, make([]int, 5))
	require.NoError(t, err)
	assert.Equal(t, r.Scores, scores)
	assert.Equal(t, []int{3, 10}, scores)

	// A seat the game does not have is an error, not a score.
	src = replaceOnce(t, src, `score(1 - me)`, `score(me + 2)`)
	g, err = compileSrc(t, src)
	require.NoError(t, err)
	st, err = g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "take"))
	require.NoError(t, g.Apply(st, "n 2"))
	require.NoError(t, g.Apply(st, "m 1"))
	err = g.Apply(st, "bonus")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "score(3): no such seat: the seats are 0 to 1")
}
