package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// race is a tiny game: players in turn add 1 to a total, or pay a gem to
// jump 2 or 3; the game ends when the total reaches the target.
const race = `package haven

game: {
	id: "race"
	name: "Race"
	players: {min: 2, max: 4}
	params: target: *10 | int
	vars: total: 0
	playerVars: points: 0
	goods: gem: count: 2
	playerZones: hand: visibility: "owner"
	cards: coin: {name: "Coin", kind: "coin"}
	flow: [{
		while: "get('total') < params.target"
		loop: [{each: "seats(0)", as: "p", loop: [
			{if: "get('total') < params.target", then: [{turn: {player: "p", actions: ["step", "jump"]}}]},
		]}]
	}]
	actions: {
		step: do: [{do: "add('total', 1)"}, {do: "padd(me, 'points', 1)"}]
		jump: {
			params: n: {type: "int", from: "[2, 3]"}
			when: "there are no gems left to pay a jump": "has('supply', 'gem') > 0"
			do: [{do: "add('total', n)"}, {do: "padd(me, 'points', n)"}, {do: "transfer('gem', 'supply', 'bank')"}]
		}
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

var games = load.Source{FS: fstest.MapFS{"race/game.cue": {Data: []byte(race)}}}

// run parses one scenario file named s.cue and returns its failures, one
// string per failure.
func run(t *testing.T, src string) []string {
	t.Helper()
	scs, err := Parse("s.cue", []byte(src))
	if err != nil {
		return strings.Split(err.Error(), "\n")
	}
	var out []string
	for _, r := range Run(games, scs) {
		for _, f := range r.Failures {
			out = append(out, f.Error())
		}
	}
	return out
}

func TestScenarios(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{{
		name: "passing",
		src: `package scenario
scenarios: jump: {
	game: "race"
	rule: "Pay a gem to add 2 or 3."
	players: 2
	moves: ["step", {expect: "get('total') == 1"}, "jump 3", {expect: "pending() == 0"}]
	expect: ["get('total') == 4", "has('bank', 'gem') == 1", "pget(1, 'points') == 3"]
}`,
	}, {
		name: "false expectation",
		src: `package scenario
scenarios: total: {
	game: "race"
	rule: "Add 1 to the total."
	moves: ["step", "step"]
	expect: ["get('total') == 3 && finished()", "pget(0, 'points') > pget(1, 'points')"]
}`,
		want: []string{
			`s.cue:6:12: scenario total: expected get('total') == 3 && finished(), but get("total") is 2`,
			`s.cue:6:47: scenario total: expected pget(0, 'points') > pget(1, 'points'), but pget(0, "points") is 1 and pget(1, "points") is 1`,
		},
	}, {
		name: "judged in what a seat may see",
		src: `package scenario
scenarios: seen: {
	game: "race"
	rule: "A hand is seen by its owner alone."
	players: 2
	patch: ["moveCard('coin', 'box', pz('hand', 0))"]
	moves: [
		{expect: "pzone('hand', 0) == ['coin']", as: 0},
		{expect: "len(pzone('hand', 0)) == 0", as: 1},
		{expect: "pzone('hand', 0) == ['coin']", as: 1},
	]
	expect: ["pzone('hand', 0) == ['coin']"]
}`,
		want: []string{`s.cue:10:13: scenario seen: expected pzone('hand', 0) == ['coin'], but pzone("hand", 0) is []`},
	}, {
		name: "false expectation between moves",
		src: `package scenario
scenarios: over: {
	game: "race"
	rule: "The game ends when the total reaches the target."
	set: ["params.target=2"]
	moves: [
		"jump 2",
		{expect: "!finished()"},
	]
}`,
		want: []string{`s.cue:8:13: scenario over: expected !finished(), but finished() is true`},
	}, {
		name: "illegal move expected to fail",
		src: `package scenario
scenarios: "no gems": {
	game: "race"
	rule: "Pay a gem to add 2 or 3."
	patch: ["transfer('gem', 'supply', 'bank')", "transfer('gem', 'supply', 'bank')"]
	moves: [
		{move: "jump 2", fails: "no gems left"},
		"step",
	]
	expect: ["get('total') == 1"]
}`,
	}, {
		name: "rejected for another reason",
		src: `package scenario
scenarios: reason: {
	game: "race"
	rule: "Pay a gem to add 2 or 3."
	moves: [{move: "jump 4", fails: "no gems"}]
}`,
		want: []string{`s.cue:5:18: scenario reason: move "jump 4" was rejected with "jump n: 4 is not one of 2, 3", want "no gems"`},
	}, {
		name: "legal move expected to fail",
		src: `package scenario
scenarios: legal: {
	game: "race"
	rule: "Pay a gem to add 2 or 3."
	moves: [{move: "jump 2", fails: "no gems"}, {expect: "false"}]
}`,
		want: []string{`s.cue:5:18: scenario legal: move "jump 2" was accepted, want it rejected with "no gems"`},
	}, {
		name: "unexpected illegal move",
		src: `package scenario
scenarios: illegal: {
	game: "race"
	rule: "Pay a gem to add 2 or 3."
	patch: ["transfer('gem', 'supply', 'bank')", "transfer('gem', 'supply', 'bank')"]
	moves: ["step", "jump 2", "step"]
	expect: ["false"]
}`,
		want: []string{`s.cue:6:19: scenario illegal: move "jump 2" was rejected: there are no gems left to pay a jump`},
	}, {
		name: "failing patch",
		src: `package scenario
scenarios: patch: {
	game: "race"
	rule: "x"
	patch: ["transfer('gem', 'bank', 'supply')"]
}`,
		want: []string{`s.cue:5:11: scenario patch: patch failed: transfer: no gem in bank`},
	}, {
		name: "expression that does not compile",
		src: `package scenario
scenarios: typo: {
	game: "race"
	rule: "x"
	moves: ["step", {expect: "get('total') =="}]
	expect: ["get(total) == 1"]
}`,
		want: []string{
			"s.cue:5:42: scenario typo: unexpected token EOF\n\t| get('total') ==\n\t| ..............^",
			"s.cue:6:16: scenario typo: unknown name total\n\t| get(total) == 1\n\t| ....^",
		},
	}, {
		name: "expectation that is no condition",
		src: `package scenario
scenarios: number: {
	game: "race"
	rule: "x"
	expect: ["get('total')"]
}`,
		want: []string{`s.cue:5:12: scenario number: expect get('total'): want a condition (true or false), got 0`},
	}, {
		name: "players out of range",
		src: `package scenario
scenarios: crowd: {game: "race", rule: "x", players: 5}
`,
		want: []string{`s.cue:2:12: scenario crowd: race is for 2 to 4 players, not 5`},
	}, {
		name: "unknown game",
		src: `package scenario
scenarios: chess: {game: "chess", rule: "x"}
`,
		want: []string{`s.cue:2:12: scenario chess: unknown game "chess" (games: race)`},
	}, {
		name: "missing rule",
		src: `package scenario
scenarios: norule: {game: "race"}
`,
		want: []string{`s.cue:2:12: scenario norule: rule is missing: quote the rule text this scenario checks`},
	}, {
		name: "bad move element",
		src: `package scenario
scenarios: bad: {game: "race", rule: "x", moves: [3]}
`,
		want: []string{`s.cue:2:51: scenario bad: moves.0: want a move "...", {move: "...", fails: "..."} or {expect: "..."} (conflicting values 3 and string (mismatched types int and string))`},
	}, {
		name: "unknown field",
		src: `package scenario
scenarios: extra: {game: "race", rule: "x", moved: []}
`,
		want: []string{`s.cue:2:45: scenario extra: moved: field not allowed`},
	}, {
		name: "wrong package",
		src:  `package haven`,
		want: []string{"s.cue:1:1: want `package scenario`, found \"haven\""},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, tt.src)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("failures:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestLoadDir reads scenario files recursively, skips the variant files
// (package haven) beside them, and resolves a variant path against the
// file that names it.
func TestLoadDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.cue", `package scenario
scenarios: plain: {game: "race", rule: "x", expect: ["params.target == 10"]}
`)
	write("sub/b.cue", `package scenario
scenarios: short: {game: "race", rule: "x", variants: ["short.cue"], expect: ["params.target == 3"]}
`)
	write("sub/short.cue", "package haven\ngame: params: target: 3\n")
	write("notes.txt", "not a scenario")
	scs, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range Run(games, scs) {
		names = append(names, r.Scenario.Name)
		for _, f := range r.Failures {
			t.Error(f)
		}
	}
	if got := strings.Join(names, " "); got != "plain short" {
		t.Errorf("scenarios = %s, want plain short", got)
	}
}

// A scenario that names no player count plays three players, or the
// nearest count its game allows.
func TestDefaultPlayers(t *testing.T) {
	duel := strings.Replace(strings.Replace(race, `id: "race"`, `id: "duel"`, 1), `players: {min: 2, max: 4}`, `players: {min: 2, max: 2}`, 1)
	src := load.Source{FS: fstest.MapFS{"race/game.cue": {Data: []byte(race)}, "duel/game.cue": {Data: []byte(duel)}}}
	scs, err := Parse("s.cue", []byte(`package scenario
scenarios: {
	three: {game: "race", rule: "Each seat in turn.", expect: ["numPlayers == 3"]}
	two: {game: "duel", rule: "Each seat in turn.", expect: ["numPlayers == 2"]}
}`))
	require.NoError(t, err)
	for _, r := range Run(src, scs) {
		assert.Empty(t, r.Failures, r.Scenario.Name)
	}
}
