package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/runs"
)

// raceWithOptions is a race whose length is an option.
const raceWithOptions = `package haven

game: {
	id: "race"
	name: "Race"
	players: {min: 2, max: 4}
	options: length: {default: "long", values: {long: {}, short: {}}}
	params: target: {long: 10, short: 3}[options.length.value]
	vars: total: 0
	flow: [{while: "get('total') < params.target", loop: [{turn: {player: "0", actions: ["step"]}}]}]
	actions: step: do: [{do: "add('total', 1)"}]
	scoring: {score: "0", tiebreak: [], show: {}}
}
`

// TestOptions checks that games lists a game's options, that vet checks
// each value, and that a misspelt option is one line of error.
func TestOptions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "race", "game.cue"), raceWithOptions)
	out, _, code := haven(t, "", "games", "--defs", dir)
	want := "ID    NAME  PLAYERS  VARIANTS  OPTIONS (--option NAME=VALUE, default first)\nrace  Race  2-4      -         length=long|short\n"
	if code != 0 || out != want {
		t.Errorf("games: exit %d\n%s\nwant:\n%s", code, out, want)
	}
	out, _, code = haven(t, "", "vet", filepath.Join(dir, "race"))
	if code != 0 || !strings.Contains(out, "ok: race, alone and with 1 option value") {
		t.Errorf("vet: exit %d: %q", code, out)
	}
	out, _, code = haven(t, "step\nstep\nstep\n", "run", "race", "--defs", dir, "--moves", "-", "--option", "length=short", "--json")
	if code != 0 || !strings.Contains(out, `"finished": true`) {
		t.Errorf("run --option length=short: exit %d\n%s", code, out)
	}
	_, stderr, code := haven(t, "", "sim", "race", "--defs", dir, "--option", "length=shrot")
	if want := `--option length=shrot: option length has no value "shrot" (did you mean "short"?)` + "\n"; code != 1 || stderr != want {
		t.Errorf("a misspelt value: exit %d: %q, want %q", code, stderr, want)
	}
}

// TestSimKeepsOptions: a run's options are in its results file, so
// that --merge reports and keeps them (the run's options in --db), and
// files of runs with other options are not merged.
func TestSimKeepsOptions(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "race", "game.cue"), raceWithOptions)
	short, long := filepath.Join(dir, "short.jsonl"), filepath.Join(dir, "long.jsonl")
	run := []string{"sim", "race", "--defs", dir, "-n", "3", "--seed", "1", "--players", "2"}
	text, stderr, code := haven(t, "", append(run, "--option", "length=short", "--out", short)...)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(text, "Race: 2 players, bots random, --option length=short\n"), text)
	_, stderr, code = haven(t, "", append(run, "--out", long)...)
	require.Equal(t, 0, code, stderr)

	db := filepath.Join(dir, "runs.db")
	out, stderr, code := haven(t, "", "sim", "--merge", short, "--db", db, "--json")
	require.Equal(t, 0, code, stderr)
	var res struct {
		Meta struct{ Options []string } `json:"meta"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, []string{"length=short"}, res.Meta.Options)
	out, stderr, code = haven(t, "", "runs", "show", "1", "--db", db, "--json")
	require.Equal(t, 0, code, stderr)
	res.Meta.Options = nil
	require.NoError(t, json.Unmarshal([]byte(out), &res))
	assert.Equal(t, []string{"length=short"}, res.Meta.Options, "the run kept its options")
	rdb, err := runs.Open(db)
	require.NoError(t, err)
	defer rdb.Close()
	kept, err := rdb.Load(1)
	require.NoError(t, err)
	assert.Equal(t, []string{"length=short"}, kept.Options, "the run is kept with its options, as runs compare plays it again")

	_, stderr, code = haven(t, "", "sim", "--merge", short, long)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, `options [], not ["length=short"]`)
}

// TestVetOrder checks that vet, which checks side by side, reports the
// same errors in the same order every time, and checks the variants of
// a clean game only.
func TestVetOrder(t *testing.T) {
	dir := t.TempDir()
	game := func(id, v string) string {
		return `package haven

game: {
	id: "` + id + `"
	name: "G"
	players: {min: 2, max: 2}
	vars: total: 0
	flow: [{do: "add('` + v + `', 1)"}]
	scoring: {score: "0", tiebreak: [], show: {}}
}
`
	}
	variant := func(v string) string {
		return "package haven\ngame: actions: x: do: [{do: \"add('" + v + "', 1)\"}]\n"
	}
	writeFile(t, filepath.Join(dir, "a", "game.cue"), game("a", "total"))
	writeFile(t, filepath.Join(dir, "a", "variants", "one.cue"), variant("one"))
	writeFile(t, filepath.Join(dir, "a", "variants", "two.cue"), variant("two"))
	writeFile(t, filepath.Join(dir, "b", "game.cue"), game("b", "nope"))
	writeFile(t, filepath.Join(dir, "b", "variants", "three.cue"), variant("three"))
	want := dir + "/a/variants/one.cue:2:34: add: unknown var \"one\" (declared: total)\n" +
		dir + "/a/variants/two.cue:2:34: add: unknown var \"two\" (declared: total)\n" +
		dir + "/b/game.cue:8:19: add: unknown var \"nope\" (declared: total)\n"
	for range 3 {
		_, stderr, code := haven(t, "", "vet", dir)
		if code != 1 || stderr != want {
			t.Fatalf("vet: exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
		}
	}
}

// A panic while vet checks a game, on a goroutine of its own, is that
// check's internal error: one line, exit 1, not a crash.
func TestVetPanic(t *testing.T) {
	old := vetCompile
	defer func() { vetCompile = old }()
	vetCompile = func(cue.Value) (*interpreter.Game, error) { panic("boom\nat line 2") }
	_, stderr, code := haven(t, "", "vet", defs)
	if want := "race: internal error: boom; at line 2\n"; code != 1 || stderr != want {
		t.Errorf("vet: exit %d, stderr %q, want %q", code, stderr, want)
	}
}
