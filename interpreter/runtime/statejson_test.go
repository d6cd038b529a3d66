package runtime_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/model"
)

// TestStateJSONRoundTrip checks that a state read back from its JSON,
// bound to the game and marshalled again, is byte for byte the same,
// in the middle of a game of each kind of counter and zone.
func TestStateJSONRoundTrip(t *testing.T) {
	for _, id := range []string{"rotterdam", "mainports", "masters-of-trade"} {
		g, st := shippedGame(t, id)
		mustPlay(t, g, st, 60)
		want, err := json.Marshal(st)
		require.NoError(t, err)
		var back model.State
		require.NoError(t, json.Unmarshal(want, &back))
		got, err := json.Marshal(&back)
		require.NoError(t, err, id)
		require.Equal(t, string(want), string(got), "%s: read back, not bound", id)
		_, err = g.Legal(&back)
		require.NoError(t, err, id)
		require.Same(t, g.Tab, back.Tables, id)
		got, err = json.Marshal(&back)
		require.NoError(t, err, id)
		require.Equal(t, string(want), string(got), "%s: read back and bound", id)
	}
}

// TestHostileStates reads states a hostile save could hold: names the
// game does not declare are kept by name (a declared counter or zone
// the save lacks is 0 or empty, and saved again so), and a state whose
// counters do not fit its players is refused with one line, never a
// panic.
func TestHostileStates(t *testing.T) {
	g, st := smallGame(t)
	good, err := json.Marshal(st)
	require.NoError(t, err)
	edit := func(field, value string) string {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(good, &m))
		m[field] = json.RawMessage(value)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return string(b)
	}
	// keep is what the state must still hold when marshalled again.
	for _, c := range []struct{ src, err, keep string }{
		{edit("vars", `{"nosuch": 3}`), "", `"nosuch":3`},
		{edit("zones", `{"nosuch": ["x"], "hand/9": [], "box": null}`), "", `"hand/9":[],"nosuch":["x"]`},
		{edit("nodeVars", `{"nowhere": {"x": 1}}`), "", `"nodeVars":{"nowhere":{"x":1}}`},
		{edit("playerVars", `[{"nosuch": 1}, {}]`), "", `"nosuch":1`},
		{edit("stocks", `{"b": ["x"], "a": null}`), "", `"stocks":{"a":null,"b":["x"]}`},
		{edit("stocks", `null`), "", `"stocks":null`},
		{edit("playerVars", `[{}]`), "the state has player vars for 1 seats, not its 2 players", ""},
		{edit("playerVars", `null`), "the state has player vars for 0 seats, not its 2 players", ""},
		{edit("players", `-1`), "the state has player vars for 2 seats, not its -1 players", ""},
		{edit("players", `1000000000`), "the state has player vars for 2 seats, not its 1000000000 players", ""},
	} {
		var s model.State
		require.NoError(t, json.Unmarshal([]byte(c.src), &s))
		_, err := g.Legal(&s)
		if c.err == "" {
			require.NoError(t, err, c.src)
			b, err := json.Marshal(&s)
			require.NoError(t, err)
			require.Contains(t, string(b), c.keep, c.src)
			continue
		}
		require.EqualError(t, err, c.err, c.src)
		require.False(t, strings.Contains(err.Error(), "\n"))
	}
}
