package compile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A step's keys are the fields it writes, the schema's other optional
// keys are none of them, and its rule is read with them.
func TestStepKeys(t *testing.T) {
	turn := `{turn: {player: "p", actions: ["take", "pass"]}}`
	const need = "a step needs exactly one of do, if, each, while, let, call, choose, turn, emit, end, return; "
	for _, tc := range []struct{ name, step, want string }{
		{"two texts", `{do: "padd(me, 'coins', 1)", emit: "took"}`, "11:9: " + need + "found 2 (do, emit)"},
		{"a text and a turn", `{do: "padd(me, 'coins', 1)", turn: {player: "p", actions: ["pass"]}}`, "11:9: " + need + "found 2 (do, turn)"},
		{"a rule alone", `{rule: "Take a coin."}`, "11:11: " + need + "found 0 ()"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileSrc(t, replaceOnce(t, tiny, turn, tc.step))
			require.Error(t, err)
			assert.Equal(t, "tiny/game.cue:"+tc.want, err.Error())
		})
	}
	g, err := compileSrc(t, replaceOnce(t, tiny, turn, `{turn: {player: "p", actions: ["take", "pass"]}, rule: "Take a coin or pass."}`))
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	assert.Equal(t, "Take a coin or pass.", g.PendingRule(st))
}
