package main

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// allBots plays the embedded game id with bots in every seat for at most
// max decisions, and returns the session, the events the setup logged
// and the bytes allocated while playing.
func allBots(t *testing.T, id string, max int) (*session, int, uint64) {
	t.Helper()
	v, err := load.Source{FS: definitions.Files}.Game(id, load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	g.SetLog(true)
	st, err := g.New(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := sim.NewBot("random", g, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := newSession(g, st, &out, strings.NewReader(""), map[int]bool{0: true, 1: true, 2: true}, bot)
	s.seen, s.max = len(st.Log), max
	setup := s.seen
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := s.play(); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if printed := strings.Count(out.String(), "\n  · "); printed > len(st.Log)-setup {
		t.Errorf("%d event lines printed for %d events", printed, len(st.Log)-setup)
	}
	return s, setup, after.TotalAlloc - before.TotalAlloc
}

// TestPlayIsLinear plays 300 decisions with bots in every seat and checks
// that following the game costs in proportion to its length: each event
// of the log is read once (a copy of the whole log at every move, as
// before, reads about n²/2 events), and twice the decisions allocate
// about twice the bytes (1.7 times here; a copy of the log at every
// move makes it 3).
func TestPlayIsLinear(t *testing.T) {
	s, setup, bytes300 := allBots(t, "rotterdam", 300)
	if s.decisions != 300 {
		t.Fatalf("%d decisions played, want 300 (the game ended first?)", s.decisions)
	}
	events := len(s.st.Log) - setup
	if s.logRead != events {
		t.Errorf("%d events read from the log for %d events: want each read once", s.logRead, events)
	}
	_, _, bytes150 := allBots(t, "rotterdam", 150)
	// The least of three runs each: a goroutine an earlier test left (a
	// server, CUE's abandoned evaluation) allocates on a loaded machine
	// too, and TotalAlloc counts it.
	for range 2 {
		_, _, again300 := allBots(t, "rotterdam", 300)
		_, _, again150 := allBots(t, "rotterdam", 150)
		bytes300, bytes150 = min(bytes300, again300), min(bytes150, again150)
	}
	if ratio := float64(bytes300) / float64(bytes150); ratio > 2.5 {
		t.Errorf("300 decisions allocated %d bytes, 150 decisions %d: ratio %.1f, want about 2", bytes300, bytes150, ratio)
	}
}

// secret is a game where a player gives cards from a hidden hand to a
// hidden pile: no card a player does not hold may show on their screen.
const secret = `package haven

game: {
	id: "secret"
	name: "Secret"
	players: {min: 2, max: 2}
	vars: round: 0
	zones: {deck: visibility: "hidden", pile: visibility: "hidden"}
	playerZones: hand: visibility: "owner"
	cards: {
		ace: {name: "Ace", kind: "c"}
		bee: {name: "Bee", kind: "c"}
		cat: {name: "Cat", kind: "c"}
		dog: {name: "Dog", kind: "c"}
	}
	setup: [
		{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]},
		{do: "shuffle('deck')"},
		{each: "seats(0)", as: "p", loop: [{do: "draw('deck', pz('hand', p)); draw('deck', pz('hand', p))"}]},
	]
	flow: [{while: "get('round') < 2", loop: [
		{do: "add('round', 1)"},
		{each: "seats(0)", as: "p", loop: [{turn: {player: "p", actions: ["give"]}}]},
	]}]
	actions: give: {
		name: "Give"
		params: c: from: "pzone('hand', me)"
		do: [{do: "moveCard(c, pz('hand', me), 'pile')"}]
	}
	scoring: {score: "0", tiebreak: []}
}
`

// TestPlayHidesCards: a bot's move and its events show a card the human
// may not see as "?", and the human never reads a card they did not hold.
func TestPlayHidesCards(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "secret", "game.cue"), secret)
	out, stderr, code := haven(t, "1\n1\n", "play", "secret", "--defs", dir, "--bots", "1", "--players", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "player 1 (bot): Give: ?\n") {
		t.Errorf("the bot's move should read \"Give: ?\":\n%s", out)
	}
	// The human's hand is the two names on its first "hand:" lines.
	held := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		if name, ok := strings.CutPrefix(l, "  hand: "); ok && !strings.Contains(name, "hidden") {
			held[name] = true
		}
	}
	if len(held) != 2 {
		t.Fatalf("the human should see their 2 cards, saw %v:\n%s", held, out)
	}
	for _, name := range []string{"Ace", "Bee", "Cat", "Dog", "ace", "bee", "cat", "dog"} {
		if !held[name] && !held[strings.ToUpper(name[:1])+name[1:]] && strings.Contains(out, name) {
			t.Errorf("the human's screen names %s, a card they never held:\n%s", name, out)
		}
	}
}

// TestPlayArguments: bad arguments fail before the game starts.
func TestPlayArguments(t *testing.T) {
	folder := t.TempDir()
	missing := filepath.Join(folder, "no", "such", "folder", "game.json")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play", "race", "--defs", defs, "--save", missing}, 1, "haven: --save: open " + missing + ": no such file or directory\n"},
		{[]string{"play", "race", "--defs", defs, "--save", folder}, 1, "haven: --save " + folder + ": is a folder\n"},
		{[]string{"play", "race", "--defs", defs, "--players", "0"}, 2, "haven: play: invalid value \"0\" for flag --players: a game needs at least 1 player; see 'haven help play'\n"},
	} {
		out, stderr, code := haven(t, "1\n", tc.args...)
		if code != tc.code || !strings.HasPrefix(stderr, tc.want) || out != "" {
			t.Errorf("haven %s: exit %d, stdout %q, stderr %q; want exit %d, nothing played, stderr %q",
				strings.Join(tc.args, " "), code, out, stderr, tc.code, tc.want)
		}
	}
}

func TestVersion(t *testing.T) {
	out, _, code := haven(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "haven "+version) {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}
