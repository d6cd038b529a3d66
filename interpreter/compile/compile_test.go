package compile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

func TestTinyGame(t *testing.T) {
	g, err := compileSrc(t, tiny)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, err := g.Legal(st)
	require.NoError(t, err)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take 1"}, {Player: 0, Text: "take 2"}, {Player: 0, Text: "pass"}}, moves)

	require.NoError(t, g.Apply(st, "take 2"))
	require.NoError(t, g.Apply(st, "pass"))
	err = g.Apply(st, "take 2")
	assert.EqualError(t, err, `illegal move "take 2": you may take 2 only with no coin`)
	err = g.Apply(st, "take 3")
	assert.EqualError(t, err, `illegal move "take 3": take n: 3 is not one of 1, 2`)
	err = g.Apply(st, "jump")
	assert.EqualError(t, err, `illegal move "jump": "jump" is not an action player 0 may take now`)
	require.NoError(t, g.Apply(st, "take 1"))
	assert.True(t, st.Finished)
	assert.Equal(t, "three coins", st.EndReason)
	r, err := g.Score(st)
	require.NoError(t, err)
	assert.Equal(t, []int{0}, r.Winners)
}

// Errors name the file, line and column in the CUE source, inside the
// expression string where the problem is.
func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{
			"type error in a condition",
			`"n == 1 || pget(me, 'coins') == 0"`, `"n == 1 || pget(me, 'coins') == 'x'"`,
			"tiny/game.cue:18:75: invalid operation: == (mismatched types int and string)",
		},
		{
			"unknown player var",
			`"padd(me, 'coins', n)"`, `"padd(me, 'coin', n)"`,
			`tiny/game.cue:19:24: padd: unknown player var "coin" (did you mean "coins"?)`,
		},
		{
			"unknown variable",
			`"[1, 2]"`, `"[1, m]"`,
			"tiny/game.cue:17:40: unknown name m",
		},
		{
			"change in a condition",
			`"n == 1 || pget(me, 'coins') == 0"`, `"padd(me, 'coins', 1)"`,
			"tiny/game.cue:18:47: padd changes the state: not allowed in a condition, a list of choices or a score",
		},
		{
			"schema violation",
			`players: {min: 2, max: 3}`, `players: {min: 2, max: 1}`,
			"game.players.max: invalid value 1 (out of bound >=2)",
		},
		{
			"unknown action in a turn",
			`actions: ["take", "pass"]`, `actions: ["take", "pas"]`,
			`tiny/game.cue:11:43: turn: unknown action or group of actions "pas" (did you mean "pass"?)`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := replaceOnce(t, tiny, tc.from, tc.to)
			_, err := compileSrc(t, src)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
