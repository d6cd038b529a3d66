package record

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

const race = `package haven

game: {
	id: "race"
	name: "Race"
	players: {min: 2, max: 4}
	params: target: *10 | int
	vars: total: *0 | int
	playerVars: points: 0
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
			do: [{do: "add('total', n)"}, {do: "padd(me, 'points', n)"}]
		}
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

var games = load.Source{FS: fstest.MapFS{
	"race/game.cue":           {Data: []byte(race)},
	"race/variants/quick.cue": {Data: []byte("package haven\ngame: playerVars: bonus: 0\n")},
}}

// TestRoundTrip records a game played with a variant file, writes it
// beside another folder than the variant's, reads it back and replays it;
// then checks that each kind of damage to the log is reported.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	variant := filepath.Join(dir, "house", "short.cue")
	if err := os.MkdirAll(filepath.Dir(variant), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(variant, []byte("package haven\ngame: params: target: 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := load.Options{Variants: []string{variant, "quick"}, Sets: []string{"vars.total=1"}}
	v, err := games.Game("race", opt)
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(2, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"jump 2", "step", "step"} {
		if err := g.Apply(st, m); err != nil {
			t.Fatal(err)
		}
	}
	if !st.Finished {
		t.Fatal("1+2+1+1 reaches the target 5: the game should be over")
	}
	log, err := New(games, "race", 2, 4, opt, st)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "logs", "game.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := log.Write(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), `"text": "package haven\ngame: params: target: 5\n"`) ||
		!strings.Contains(string(b), `"shipped": "quick"`) {
		t.Errorf("the log does not carry the variant file's text and the shipped variant's name:\n%s", b)
	}
	// The log is self-contained: the variant file may go.
	if err := os.Remove(variant); err != nil {
		t.Fatal(err)
	}

	replay := func(path string) error {
		l, err := Read(path)
		if err != nil {
			return err
		}
		g, err := l.Compile(games)
		if err != nil {
			return err
		}
		_, err = l.Replay(g)
		return err
	}
	if err := replay(path); err != nil {
		t.Fatalf("replay: %v", err)
	}

	damaged := filepath.Join(dir, "logs", "damaged.json")
	for _, tt := range []struct{ name, old, new, want string }{
		{"illegal move", `"step"`, `"jump 4"`, `move 2: illegal move "jump 4": jump n: 4 is not one of 2, 3`},
		{"hash mismatch", `"final": "`, `"final": "00`, damaged + `: not a game log: final "00`},
		{"wrong hash", `"seed": 4`, `"seed": 5`, "the final state differs from the log: hash "},
		{"unknown game", `"game": "race"`, `"game": "chess"`, `unknown game "chess" (games: race)`},
		{"corrupt JSON", `"moves"`, `moves`, damaged + ": not a game log: invalid JSON at byte "},
		{"no game", `"game": "race"`, `"game": ""`, damaged + ": not a game log: no game"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(string(b), tt.old, tt.new, 1)
			if err := os.WriteFile(damaged, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			err := replay(damaged)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("replay: %v\nwant: %s...", err, tt.want)
			}
		})
	}
}
