package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// defs holds the test game "race": players in turn add 1 to a total, or
// pay a gem (4 in all) to jump 2 or 3; the total's target is 10, 4 with
// the shipped variant "short".
const defs = "testdata/defs"

// haven runs the command line args with stdin and returns what it wrote
// and its exit status.
func haven(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	return out.String(), errOut.String(), code
}

// TestErrors checks that every bad input ends with one line on stderr
// and the right exit status: 2 for the command line, 1 otherwise.
func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		err   string
	}{
		{"unknown command", "", []string{"frob"}, 2,
			`haven: unknown command "frob" (commands: games, vet, play, run, sim, runs, train, test, coverage, replay, serve, doc)`},
		{"help for unknown command", "", []string{"help", "frob"}, 2, `haven: help: unknown command "frob"`},
		{"bad flag value", "", []string{"run", "race", "--defs", defs, "--moves", "-", "--seed", "abc"}, 2,
			`haven: run: invalid value "abc" for flag --seed: parse error; see 'haven help run'`},
		{"unknown flag", "", []string{"sim", "race", "--fast"}, 2,
			`haven: sim: flag provided but not defined: --fast; see 'haven help sim'`},
		{"missing game", "", []string{"play"}, 2, `haven: play: missing GAME; see 'haven help play'`},
		{"extra argument", "", []string{"replay", "a", "b"}, 2, `haven: replay: unexpected argument "b"; see 'haven help replay'`},
		{"moves required", "", []string{"run", "race"}, 2, `haven: run: --moves FILE is required; see 'haven help run'`},
		{"too many players", "", []string{"run", "race", "--defs", defs, "--moves", "-", "--players", "5"}, 2,
			`haven: --players 5: race is for 2 to 4 players`},
		{"bad bot seat", "", []string{"play", "race", "--defs", defs, "--bots", "0,7"}, 2,
			`haven: --bots 0,7: "7" is not a seat (seats are 0 to 2, or all)`},
		{"no games", "", []string{"sim", "race", "--defs", defs, "-n", "0"}, 2,
			`haven: sim: -n 0: play at least one game; see 'haven help sim'`},
		{"sim: bots for the seats", "", []string{"sim", "race", "--defs", defs, "--bot", "random,greedy"}, 2,
			`haven: sim: --bot: 2 bots for 3 seats: give one bot, or one per seat`},
		{"sim: empty bot", "", []string{"sim", "race", "--bot", "random,"}, 2,
			`haven: sim: --bot "random,": an empty bot spec; see 'haven help sim'`},
		{"sim: bad sweep", "", []string{"sim", "race", "--sweep", "params.target"}, 2,
			`haven: sim: --sweep "params.target": want PATH=V1,V2...; see 'haven help sim'`},
		{"sim: resume without out", "", []string{"sim", "race", "--resume"}, 2,
			`haven: sim: --resume needs --out FILE, the file to resume; see 'haven help sim'`},
		{"sim: resume a comparison", "", []string{"sim", "race", "--out", "x.jsonl", "--resume", "--compare", "short"}, 2,
			`haven: sim: --resume resumes a run of one set of rules: not with --compare or --sweep; see 'haven help sim'`},
		{"sim: merge with out", "", []string{"sim", "--merge", "a.jsonl", "--out", "b.jsonl"}, 2,
			`haven: sim: --merge reports files as they are: not with --compare, --sweep, --out or --resume; see 'haven help sim'`},
		{"sim: two games", "", []string{"sim", "race", "chess"}, 2,
			`haven: sim: unexpected argument "chess" (to report results files, use --merge); see 'haven help sim'`},
		{"sim: merge a missing file", "", []string{"sim", "--merge", "testdata/none.jsonl"}, 1,
			`haven: open testdata/none.jsonl: no such file or directory`},
		{"sim: merge a log", "", []string{"sim", "--merge", "testdata/corrupt.json"}, 1,
			`haven: testdata/corrupt.json:1: not a line of haven sim --out: invalid character '}' looking for beginning of value`},
		{"unknown game", "", []string{"run", "chess", "--defs", defs, "--moves", "-"}, 1,
			`haven: unknown game "chess" (games: race)`},
		{"missing defs", "", []string{"sim", "race", "--defs", "testdata/nowhere"}, 1,
			`haven: --defs testdata/nowhere: no such folder`},
		{"missing moves file", "", []string{"run", "race", "--defs", defs, "--moves", "testdata/nothing.txt"}, 1,
			`haven: --moves: open testdata/nothing.txt: no such file or directory`},
		{"unknown variant", "", []string{"run", "race", "--defs", defs, "--moves", "-", "--variant", "long"}, 1,
			`haven: variant "long": race ships no variant of that name (shipped: short); a file is given by its path (./long.cue)`},
		{"bad set", "", []string{"run", "race", "--defs", defs, "--moves", "-", "--set", "params.target"}, 1,
			`haven: --set "params.target": want PATH=VALUE, e.g. params.NAME=3`},
		{"illegal move", "step\n\n# now an impossible jump\njump 4\nstep\n", []string{"run", "race", "--defs", defs, "--moves", "-"}, 1,
			`haven: line 4: illegal move "jump 4": jump n: 4 is not one of 2, 3`},
		{"move after the end", "jump 3\njump 3\njump 3\nstep\nstep\n", []string{"run", "race", "--defs", defs, "--moves", "-"}, 1,
			`haven: line 5: illegal move "step": the game is over`},
		{"no scenarios here", "", []string{"test"}, 1, `haven: test: no folder given, and there is no tests/scenarios here`},
		{"corrupt log", "", []string{"replay", "testdata/corrupt.json"}, 1,
			`haven: testdata/corrupt.json: not a game log: invalid JSON at byte 28: invalid character '}' looking for beginning of value`},
		{"missing log", "", []string{"replay", "testdata/none.json"}, 1,
			`haven: open testdata/none.json: no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := haven(t, tt.stdin, tt.args...)
			if code != tt.code || stderr != tt.err+"\n" {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d, stderr:\n%s", code, stderr, tt.code, tt.err)
			}
		})
	}
}

// TestDefinitionErrors lists the positioned errors of a broken game, one
// line each, from vet and from a command that loads the game.
func TestDefinitionErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "broken", "game.cue"), `package haven

game: {
	id: "broken"
	name: "Broken"
	players: {min: 2, max: 2}
	vars: total: 0
	flow: [{do: "add('totl', 1)"}]
	scoring: {score: "get('total') +", tiebreak: [], show: {}}
}
`)
	want := dir + `/broken/game.cue:8:19: add: unknown var "totl" (did you mean "total"?)
` + dir + `/broken/game.cue:9:33: unexpected token EOF
	| get('total') +
	| .............^
`
	for _, args := range [][]string{{"vet", dir}, {"sim", "broken", "--defs", dir}} {
		_, stderr, code := haven(t, "", args...)
		if code != 1 || stderr != want {
			t.Errorf("haven %s: exit %d, stderr:\n%s\nwant exit 1, stderr:\n%s", strings.Join(args, " "), code, stderr, want)
		}
	}
	writeFile(t, filepath.Join(dir, "broken", "game.cue"), "package haven\ngame: {\n")
	_, stderr, code := haven(t, "", "vet", dir)
	if want := dir + "/broken/game.cue:2:9: expected '}', found 'EOF'\n"; code != 1 || stderr != want {
		t.Errorf("malformed CUE: exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
}

func writeFile(t *testing.T, path, src string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGamesAndVet(t *testing.T) {
	out, _, code := haven(t, "", "games", "--defs", defs)
	want := "ID    NAME  PLAYERS  VARIANTS\nrace  Race  2-4      short\n"
	if code != 0 || out != want {
		t.Errorf("games: exit %d\n%s\nwant:\n%s", code, out, want)
	}
	out, _, code = haven(t, "", "vet", defs)
	if code != 0 || out != "ok: race, alone and with 1 shipped variant (in "+defs+")\n" {
		t.Errorf("vet: exit %d: %q", code, out)
	}
	// The embedded games are listed, loading or not.
	out, _, _ = haven(t, "", "games", "--json")
	var games []gameInfo
	if err := json.Unmarshal([]byte(out), &games); err != nil || len(games) == 0 {
		t.Errorf("games --json: %v\n%s", err, out)
	}
}

// TestRunJSON checks the shape of `run --json` and that flags may follow
// the game.
func TestRunJSON(t *testing.T) {
	out, stderr, code := haven(t, "step\njump 2\n", "run", "race", "--defs", defs, "--moves", "-", "--json", "--players", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		State struct {
			Players int            `json:"players"`
			Vars    map[string]int `json:"vars"`
			Moves   []string       `json:"moves"`
		} `json:"state"`
		Legal    []legalMove `json:"legal"`
		Finished *bool       `json:"finished"`
		Result   struct {
			Scores []int `json:"scores"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.State.Players != 2 || got.State.Vars["total"] != 3 || len(got.State.Moves) != 2 {
		t.Errorf("state: %+v", got.State)
	}
	want := []legalMove{{0, "step"}, {0, "jump 2"}, {0, "jump 3"}}
	if !reflect.DeepEqual(got.Legal, want) {
		t.Errorf("legal = %v, want %v", got.Legal, want)
	}
	if got.Finished == nil || *got.Finished || !reflect.DeepEqual(got.Result.Scores, []int{1, 2}) {
		t.Errorf("finished %v, scores %v", got.Finished, got.Result.Scores)
	}
}

type legalMove struct {
	Player int    `json:"player"`
	Move   string `json:"move"`
}
