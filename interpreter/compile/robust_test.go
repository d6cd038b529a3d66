package compile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadRefuses holds one regression test per definition that crashed
// or hung the engine: each is now refused at load with a position.
func TestLoadRefuses(t *testing.T) {
	for _, tc := range []struct{ name, extra, err string }{
		{"a folded int as a condition", `game: actions: pass: when: x: "reduce(1..2, #acc + #, 0)"`,
			"small/extra.cue:2:31: want bool, but once its constants are folded this is always 3 (int)"},
		{"a folded string in &&", `game: actions: pass: when: x: "reduce(1..2, #acc + #, 0) || false"`,
			"small/extra.cue:2:31: want bool, but once its constants are folded this is always 3 (int)"},
		{"score in the scoring", `game: scoring: show: s: "score(me)"`,
			"small/extra.cue:2:26: a cycle: scoring → score() → scoring: score() runs the scoring, which calls it again"},
		{"winners in the scoring", `game: scoring: show: s: "len(winners())"`,
			"small/extra.cue:2:30: a cycle: scoring → winners() → scoring"},
		{"legal in a condition", `game: actions: pass: when: x: "len(legal()) > 0"`,
			"small/extra.cue:2:36: a cycle: legal() lists the moves"},
		{"an effect calling itself", "game: effects: e: do: [{call: \"f\"}]\ngame: effects: f: do: [{call: \"e\"}]",
			"small/extra.cue:3:31: effects call themselves: e → f → e"},
		{"a trigger raising its own event", `game: triggers: [{on: "ping", do: [{do: "true"}, {emit: "ping"}]}]`,
			"small/extra.cue:2:57: triggers raise their own event every time they run: emit ping → trigger on ping → emit ping"},
		{"triggers raising each other's events", "game: triggers: [{on: \"ping\", when: \"true\", do: [{emit: \"pong\"}]}, {on: \"pong\", do: [{call: \"e\"}]}]\ngame: effects: e: do: [{emit: \"ping\"}]",
			"small/extra.cue:2:93: triggers raise their own event every time they run: emit ping → trigger on ping → emit pong → trigger on pong → emit ping"},
		{"now()", `game: actions: pass: when: x: "now().Year() > 0"`,
			"small/extra.cue:2:32: unknown name now: now() is refused: it is not reproducible"},
		{"date()", `game: actions: pass: when: x: "date('2020-01-01').Year() > 0"`,
			"small/extra.cue:2:32: unknown name date: date() is refused"},
		{"a limit over its cap", `game: limits: work: 1000000000000`,
			"small/extra.cue:2:21: limits.work: 1000000000000 is over the hard cap of 10000000 elements"},
		{"1e8 cards", `game: cards: many: {name: "M", kind: "k", count: 100000000}`,
			"small/extra.cue:2:50: count: 100000000 is more than the 100000 copies of a card a definition may have"},
		{"5e7 players", `game: players: max: 50000000`,
			"players.max: conflicting values"},
		{"a billion goods", `game: goods: g: count: 1000000000`,
			"small/extra.cue:2:24: count: 1000000000 is more than the 100000 units of a good a definition may have"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadSmall(t, tc.extra)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}
