package interpreter_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// tiny is a complete small game: players take one coin each turn until
// someone has three.
const tiny = `package haven

game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 3}
	params: target: *3 | int
	playerVars: coins: 0
	flow: [{while: "true", loop: [
		{each: "seats(0)", as: "p", loop: [
			{turn: {player: "p", actions: ["take", "pass"]}},
			{if: "pget(p, 'coins') >= params.target", then: [{end: "three coins"}]},
		]},
	]}]
	actions: {
		take: {
			params: n: {type: "int", from: "[1, 2]"}
			when: "you may take 2 only with no coin": "n == 1 || pget(me, 'coins') == 0"
			do: [{do: "padd(me, 'coins', n)"}]
		}
		pass: {}
	}
	scoring: {
		score: "pget(me, 'coins')"
		tiebreak: []
	}
}
`

func compileSrc(t *testing.T, src string) (*interpreter.Game, error) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "tiny"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tiny", "game.cue"), []byte(src), 0o644))
	v, err := load.Source{FS: os.DirFS(dir)}.Game("tiny", load.Options{})
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}

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

func replaceOnce(t *testing.T, s, from, to string) string {
	t.Helper()
	i := indexOf(s, from)
	require.GreaterOrEqual(t, i, 0, "%q not in source", from)
	return s[:i] + to + s[i+len(from):]
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
