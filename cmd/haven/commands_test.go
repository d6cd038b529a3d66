package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSim(t *testing.T) {
	out, stderr, code := haven(t, "", "sim", "--defs", defs, "race", "-n", "20", "--seed", "5", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Meta struct {
			Game, Version string
			Seed          uint64
			Players       int
			Bots          []string
		}
		Report struct {
			Games, Players, Ended, Capped, Decisions int
			Seats                                    []struct{ Wins float64 }
			Seconds                                  *float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Report.Games != 20 || r.Report.Players != 3 || r.Report.Ended != 20 || r.Report.Capped != 0 || len(r.Report.Seats) != 3 || r.Report.Seconds == nil {
		t.Errorf("report: %s", out)
	}
	if r.Meta.Game != "race" || r.Meta.Seed != 5 || r.Meta.Players != 3 || len(r.Meta.Bots) != 1 || !strings.HasPrefix(r.Meta.Version, "haven ") {
		t.Errorf("meta: %+v", r.Meta)
	}
	// The same seed gives the same games.
	again, _, _ := haven(t, "", "sim", "race", "--defs", defs, "-n", "20", "--seed", "5", "--json")
	var r2 = r
	if err := json.Unmarshal([]byte(again), &r2); err != nil || r2.Report.Decisions != r.Report.Decisions {
		t.Errorf("seed 5 played %d then %d decisions", r.Report.Decisions, r2.Report.Decisions)
	}
	// A cap of one round stops every game of two players (6 points at most).
	out, _, _ = haven(t, "", "sim", "race", "--defs", defs, "-n", "3", "--players", "2", "--set", "cap.max=1", "--seed", "1")
	if !strings.Contains(out, "ended by the rules: 0 (0.0% [0.0, 56.1])  capped: 3\n") || !strings.HasPrefix(out, "Race: 2 players, bots random, --set cap.max=1\ngames: 3, seeds 1-3\n") {
		t.Errorf("capped sim:\n%s", out)
	}
}

// A run written with --out, stopped half-way and resumed, then merged
// from two files, reports as the run played at once.
func TestSimOutResumeMerge(t *testing.T) {
	dir := t.TempDir()
	whole, half, rest := filepath.Join(dir, "whole.jsonl"), filepath.Join(dir, "half.jsonl"), filepath.Join(dir, "rest.jsonl")
	run := func(args ...string) string {
		t.Helper()
		out, stderr, code := haven(t, "", append([]string{"sim", "race", "--defs", defs, "--players", "2", "--bot", "random,greedy", "--rotate", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return out
	}
	report := func(out string) string {
		t.Helper()
		var r struct{ Report map[string]any }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		delete(r.Report, "seconds")
		delete(r.Report, "decisionsPerSecond")
		b, _ := json.Marshal(r.Report)
		return string(b)
	}
	one := report(run("-n", "30", "--seed", "1", "--out", whole))
	// A run stopped after 12 games (its meta and their lines kept), resumed,
	// plays the 18 others.
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(half, []byte(strings.Join(lines[:13], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	resumed := report(run("-n", "30", "--seed", "1", "--out", half, "--resume"))
	if resumed != one {
		t.Errorf("resumed:\n%s\nat once:\n%s", resumed, one)
	}
	// Resumed with another -n, it is refused: it would report a run
	// nobody asked for.
	_, stderr, code := haven(t, "", "sim", "race", "--defs", defs, "--players", "2", "--bot", "random,greedy", "--rotate", "-n", "40", "--seed", "1", "--out", half, "--resume")
	if want := "haven: --resume " + half + ": the file is a run of 30 games from seed 1: resume it with -n 30 --seed 1\n"; code != 1 || stderr != want {
		t.Errorf("resumed with another -n: exit %d: %s", code, stderr)
	}
	// Two files of halves merge into the whole.
	var out string
	run("-n", "12", "--seed", "1", "--out", half)
	run("-n", "18", "--seed", "13", "--out", rest)
	out, stderr, code = haven(t, "", "sim", "--merge", rest, half, "--json")
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	if merged := report(out); merged != one {
		t.Errorf("merged:\n%s\nat once:\n%s", merged, one)
	}
	// A file of another run is refused.
	haven(t, "", "sim", "race", "--defs", defs, "-n", "5", "--players", "3", "--out", rest)
	_, stderr, code = haven(t, "", "sim", "--merge", half, rest)
	if want := "haven: " + rest + ": cannot merge with " + half + ": 3 players, not 2\n"; code != 1 || stderr != want {
		t.Errorf("merging another run: exit %d: %s", code, stderr)
	}
	// The HTML report is written beside the text one.
	page := filepath.Join(dir, "r.html")
	if _, stderr, code := haven(t, "", "sim", "--merge", half, "--report", page); code != 0 {
		t.Fatalf("--report: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("--report: %v", err)
	}
}

// --compare and --sweep play the same seeds under each change.
func TestSimCompare(t *testing.T) {
	out, stderr, code := haven(t, "", "sim", "race", "--defs", defs, "-n", "40", "--seed", "1", "--players", "2", "--compare", "short")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "variant short against the base, over 40 seeds played under both") {
		t.Errorf("compare:\n%s", out)
	}
	out, stderr, code = haven(t, "", "sim", "race", "--defs", defs, "-n", "40", "--seed", "1", "--players", "2", "--sweep", "params.target=10,20", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Meta        struct{ Sets []string }
		Comparisons []struct {
			Name   string
			Length struct{ Significant bool }
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Meta.Sets) != 1 || r.Meta.Sets[0] != "params.target=10" || len(r.Comparisons) != 1 ||
		r.Comparisons[0].Name != "--set params.target=20" || !r.Comparisons[0].Length.Significant {
		t.Errorf("sweep: %+v", r)
	}
}

func TestTest(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "race.cue"), `package scenario

scenarios: {
	step: {
		game: "race"
		rule: "Add 1 to the total."
		moves: ["step", {expect: "get('total') == 1"}]
	}
	gems: {
		game: "race"
		rule: "Pay a gem to add 2 or 3."
		variants: ["short"]
		moves: ["jump 3", {move: "jump 2", fails: "no gems"}]
	}
}
`)
	out, stderr, code := haven(t, "", "test", dir, "--defs", defs, "-v")
	want := "ok   " + dir + "/race.cue:4:2: scenario step\n" +
		dir + `/race.cue:13:29: scenario gems: move "jump 2" was accepted, want it rejected with "no gems"` + "\n" +
		"1 passed, 1 failed\n"
	if code != 1 || out != want || stderr != "" {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit 1, stdout:\n%s", code, out, stderr, want)
	}
}

// TestReplay saves a game, replays it, then damages the log three ways.
func TestReplay(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "game.json")
	_, stderr, code := haven(t, "jump 2\nstep\n", "run", "race", "--defs", defs, "--variant", "short", "--moves", "-", "--save", log, "--seed", "1")
	if code != 0 {
		t.Fatalf("run --save: exit %d: %s", code, stderr)
	}
	out, stderr, code := haven(t, "", "replay", log, "--defs", defs)
	if want := "ok: race, 3 players, seed 1, 2 moves, unfinished: the final state matches\n"; code != 0 || out != want {
		t.Fatalf("replay: exit %d: %s%s", code, out, stderr)
	}
	src, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, old, new, want string }{
		{"illegal move", `"step"`, `"jump 9"`, `haven: ` + log + `: move 2: illegal move "jump 9": jump n: 9 is not one of 2, 3`},
		{"hash mismatch", `"seed": 1`, `"seed": 2`, `haven: ` + log + `: the final state differs from the log: hash `},
		{"not a hash", `"final": "`, `"final": "0`, `haven: ` + log + `: not a game log: final "0`},
		{"unknown game", `"game": "race"`, `"game": "chess"`, `haven: ` + log + `: unknown game "chess" (games: race)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			writeFile(t, log, strings.Replace(string(src), tt.old, tt.new, 1))
			_, stderr, code := haven(t, "", "replay", "--defs", defs, log)
			if code != 1 || !strings.HasPrefix(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and one line starting:\n%s", code, stderr, tt.want)
			}
		})
	}
}

// TestPlay plays a hot-seat session from a script: a number, a move
// text, an illegal move, the commands, then end of input.
func TestPlay(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "game.json")
	script := "help\n1\njump 9\n9\njump 3\nwhy 2\nlog\nview\nmoves\n"
	out, stderr, code := haven(t, script, "play", "race", "--defs", defs, "--players", "2", "--save", log, "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"Race: 2 players, seed 1, definitions from " + defs + ". Type a move's number, or help.\n",
		"── Race · player 0 to move: Add to the total. ──\nround 1 · total 0\ntable: deck: 4 hidden cards · supply: gem ×4\n",
		"board:\n  start: pawn-0-1 (player 0), pawn-1-1 (player 1)\n",
		"player 0: points 0\n  hand: Coin\nplayer 1: points 0\n  hand: 1 hidden card\n",
		"moves:\n   1. Step  [step]\n   2. Jump: 2  [jump 2]\n   3. Jump: 3  [jump 3]\nplayer 0> ",
		"  why N  the rule behind move N",
		"player 1> illegal move: jump n: 9 is not one of 2, 3\n",
		"player 1> no move 9: pick 1 to 3\n",
		"last events:\n  · total = 1  [Step]\n  · player 0 points = 1  [Step]\n  · total = 4  [Jump]\n",
		"  · moved gem from supply to table  [Jump]\n  · round = 2  [flow]\n",
		"  table: gem\n",
		"player 0> 2. Jump: 2\n  rule: Pay a gem to add 2 or 3.\n",
		"  · moved gem from supply to table  [Jump]\n    because: action jump\n",
		"game not finished; scores so far:\n  1. player 1: 3  (tie-breaks: seat=-1)\n  2. player 0: 1  (tie-breaks: seat=0)\n",
		"saved to " + log + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	out, _, code = haven(t, "", "replay", log, "--defs", defs)
	if code != 0 || !strings.Contains(out, "2 moves, unfinished") {
		t.Errorf("replay of the saved session: exit %d %s", code, out)
	}

	// Bots in every seat play the game out.
	out, stderr, code = haven(t, "", "play", "race", "--defs", defs, "--bots", "all", "--seed", "3")
	if code != 0 || !strings.Contains(out, "game over: the flow ran out\n") || !strings.Contains(out, "\nwinner: player ") {
		t.Errorf("bots: exit %d\n%s%s", code, out, stderr)
	}
}

// TestPanic: a panic becomes one line, not a stack trace.
func TestPanic(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Main([]string{"play", "race", "--defs", defs}, IO{In: nil, Out: &out, Err: &errOut})
	if code != 1 || !strings.HasPrefix(errOut.String(), "haven: internal error: ") || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr: %s", code, errOut.String())
	}
}

// TestRunFunction calls a command's run function directly, as another
// tool would.
func TestRunFunction(t *testing.T) {
	var out bytes.Buffer
	moves := filepath.Join(t.TempDir(), "moves.txt")
	writeFile(t, moves, "# two steps\nstep\nstep\n")
	opts := &runOptions{IO: IO{Out: &out}, gameFlags: gameFlags{Defs: defs}, Game: "race", tableFlags: tableFlags{Players: 2, Seed: 1}, Moves: moves}
	if err := runRun(opts); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Race, 2 players, seed 1, after 2 moves\n", "vars: round=2 total=2\n", "legal moves:\n   1. step\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}

// haven train writes a model that --bot learned:model= plays by, and
// that a changed definition refuses in one line saying to retrain.
func TestTrain(t *testing.T) {
	model := filepath.Join(t.TempDir(), "race.json")
	out, stderr, code := haven(t, "", "train", "--defs", defs, "race", "-n", "30", "--players", "2", "--seed", "1", "--keep", "0.5", "--out", model)
	// By default three rounds, each judged by 20 games against greedy.
	if !strings.Contains(out, "2 players, 90 games from seed 1 (90 ended by the rules)") {
		t.Errorf("train printed %q, want three rounds of 30 games, all ended", out)
	}
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(stderr, "warning") {
		t.Errorf("train warned of games that ended: %q", stderr)
	}
	if !strings.HasSuffix(out, "wrote "+model+"\n") {
		t.Errorf("train printed %q", out)
	}
	// A game the cap stops every time is said to teach nothing of its end.
	capped := filepath.Join(t.TempDir(), "capped.json")
	out, stderr, code = haven(t, "", "train", "--defs", defs, "race", "--set", "cap.max=1", "-n", "10", "--rounds", "1", "--eval", "4", "--players", "2", "--seed", "1", "--keep", "0.5", "--out", capped)
	if code != 0 || !strings.Contains(out, "10 games from seed 1 (0 ended by the rules)") {
		t.Errorf("train of capped games: exit %d, printed %q", code, out)
	}
	for _, want := range []string{
		"train: warning: none of the 10 self-play games ended by the rules (all reached the definition's cap): the model learnt leads at the cap, nothing of how the game ends or is won\n",
		"train: warning: none of the 4 evaluation games against greedy ended by the rules: no round's model won one, and the last was kept\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("train of capped games: missing %q in %q", want, stderr)
		}
	}
	again := filepath.Join(t.TempDir(), "again.json")
	haven(t, "", "train", "--defs", defs, "race", "-n", "30", "--players", "2", "--seed", "1", "--keep", "0.5", "--out", again)
	a, _ := os.ReadFile(model)
	b, _ := os.ReadFile(again)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the same seed wrote another model")
	}
	_, stderr, code = haven(t, "", "sim", "--defs", defs, "race", "-n", "4", "--players", "2", "--seed", "1", "--bot", "learned:model="+model+",random")
	if code != 0 {
		t.Fatalf("sim with the model: exit %d: %s", code, stderr)
	}
	_, stderr, code = haven(t, "", "sim", "--defs", defs, "race", "-n", "4", "--players", "2", "--seed", "1", "--set", "params.target=12", "--bot", "learned:model="+model)
	if code != 1 || stderr != "haven: "+model+": the model was trained on another definition of race (or other variants or options): retrain it with haven train\n" {
		t.Errorf("sim with another definition: exit %d: %q", code, stderr)
	}
	// --against names the opponent, checked before any game.
	out, stderr, code = haven(t, "", "train", "--defs", defs, "race", "--set", "cap.max=1", "-n", "4", "--rounds", "1", "--eval", "2", "--against", "random", "--players", "2", "--seed", "1", "--keep", "0.5", "--out", capped)
	if code != 0 || !strings.Contains(stderr, "none of the 2 evaluation games against random ended") {
		t.Errorf("train --against random: exit %d, printed %q, %q", code, out, stderr)
	}
	// --from plays the first round by a model of another definition of
	// the game; the test games ship none.
	out, stderr, code = haven(t, "", "train", "--defs", defs, "race", "--set", "params.target=12", "--from", model, "-n", "10", "--rounds", "1", "--eval", "0", "--players", "2", "--seed", "1", "--keep", "0.5", "--out", again)
	if code != 0 || !strings.Contains(out, "wrote "+again) {
		t.Errorf("train --from FILE: exit %d, printed %q, %q", code, out, stderr)
	}
	// From a model, --boot defaults to 1: the model's own values, not
	// the outcomes, unless --boot says otherwise.
	fromModel := func(extra ...string) string {
		out := filepath.Join(t.TempDir(), "from.json")
		args := append([]string{"train", "--defs", defs, "race", "--set", "params.target=12", "--from", model, "-n", "10", "--rounds", "1", "--eval", "0", "--players", "2", "--seed", "1", "--keep", "0.5", "--ahead", "2", "--out", out}, extra...)
		if _, stderr, code := haven(t, "", args...); code != 0 {
			t.Fatalf("train %v: exit %d: %q", extra, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if byDefault := fromModel(); byDefault != fromModel("--boot", "1") || byDefault == fromModel("--boot", "0.8") {
		t.Error("train --from: --boot is not 1 by default")
	}
	_, stderr, code = haven(t, "", "train", "--defs", defs, "race", "--from", "shipped", "--out", again)
	if code != 1 || stderr != "haven: --from shipped: race ships no model\n" {
		t.Errorf("train --from shipped: exit %d: %q", code, stderr)
	}
	_, stderr, code = haven(t, "", "train", "--defs", defs, "race", "--against", "greedyy", "--out", capped)
	if code != 2 || !strings.Contains(stderr, `--against greedyy: unknown bot "greedyy" (did you mean "greedy"?`) {
		t.Errorf("train --against greedyy: exit %d: %q", code, stderr)
	}
}
