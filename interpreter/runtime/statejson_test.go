package runtime_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
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

// TestSavedParamsTyped checks that the params a frame read from JSON holds
// get the game's Go types back (the closures read a keyed param as the
// map it is): the game's own params when the save's are the same, typed
// copies when a save made by hand changed them, and a value that does not
// fit is left as it is (an expression reading it fails, as on the VM).
func TestSavedParamsTyped(t *testing.T) {
	g, _ := smallGame(t)
	decode := func(s string) any {
		var x any
		require.NoError(t, json.Unmarshal([]byte(s), &x))
		return x
	}
	same, err := json.Marshal(g.ParamList)
	require.NoError(t, err)
	got := runtime.TypedParams(g, decode(string(same)))
	require.Equal(t, reflect.ValueOf(g.ParamList).Pointer(), reflect.ValueOf(got).Pointer(), "the game's own params")

	got = runtime.TypedParams(g, decode(`{"n": 4, "word": "c", "prices": {"a": [7, 8], "b": []}, "caps": {"a": 1}, "extra": [1.5]}`))
	require.Equal(t, map[string]any{
		"n": 4, "word": "c", "prices": map[string][]int{"a": {7, 8}, "b": {}}, "caps": map[string]int{"a": 1},
		"extra": []any{1.5},
	}, got)

	got = runtime.TypedParams(g, decode(`{"prices": "x", "n": 3}`))
	require.Equal(t, map[string]any{"prices": "x", "n": 3}, got)
	require.Equal(t, "x", runtime.TypedParams(g, "x"))
}
