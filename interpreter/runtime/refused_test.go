package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A choice's why says why an answer was refused: the first reason whose
// condition holds for the answer, typed as a string.
func TestChoiceWhy(t *testing.T) {
	src := replaceOnce(t, chooser, `{choose: {id: "m", options: "[1, 2]", as: "m"}},`,
		`{choose: {id: "m", options: "[1, 2]", as: "m", why: {"three is too many": "m == '3'", "more than two": "int(m) > 2"}}},`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "take"))
	require.NoError(t, g.Apply(st, "n 1"))
	assert.EqualError(t, g.Apply(st, "m 3"), `illegal move "m 3": 3 is not one of the options (1, 2): three is too many`)
	assert.EqualError(t, g.Apply(st, "m 7"), `illegal move "m 7": 7 is not one of the options (1, 2): more than two`)
	assert.EqualError(t, g.Apply(st, "m x"), `illegal move "m x": x is not one of the options (1, 2)`, "a reason that fails to evaluate is no reason")
	require.NoError(t, g.Apply(st, "m 2"))
	assert.Equal(t, 3, st.PlayerVar(0, "coins"), "the answer bound for the check does not stay")

	_, err = compileSrc(t, replaceOnce(t, src, `"int(m) > 2"`, `"m > 2"`))
	assert.EqualError(t, err, "tiny/game.cue:17:110: invalid operation: > (mismatched types string and int)\n\t| m > 2\n\t| ..^")
}

// A choice of several names no single answer to explain: a why there is
// an error at load.
func TestChoiceWhyOfSeveral(t *testing.T) {
	src := replaceOnce(t, chooser, `{choose: {id: "m", options: "[1, 2]", as: "m"}},`,
		`{choose: {id: "m", options: "[1, 2]", as: "m", min: "1", max: "2", why: {"too many": "true"}}},`)
	src = replaceOnce(t, src, `"padd(me, 'coins', n + m)"`, `"padd(me, 'coins', n + sum(m))"`)
	_, err := compileSrc(t, src)
	assert.EqualError(t, err, "tiny/game.cue:17:89: why: only a choice of one option explains a refused answer")
}
