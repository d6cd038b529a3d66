package sim

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/net/html"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// bonus is race with a bonus its scoring gives seat 0: a change of the
// scoring alone, which plays the same games and moves the scores by
// exactly the bonus.
var bonus = strings.Replace(strings.Replace(race, `params: target: *10 | int`, `params: {target: *10 | int, bonus: *0 | int}`, 1),
	`score: "pget(me, 'points')"`, `score: "pget(me, 'points') + (me == 0 ? params.bonus : 0)"`, 1)

func compileBonus(t testing.TB, sets ...string) *interpreter.Game {
	t.Helper()
	return compileRace(t, bonus, sets...)
}

// A bonus to seat 0 shows as a significant rise of its score and win
// rate; no change shows nothing significant.
func TestCompare(t *testing.T) {
	opt := Options{Games: 200, Players: 2, Seed: 1}
	base, err := Run(compileBonus(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	same, err := Run(compileBonus(t, "params.bonus=0"), opt)
	if err != nil {
		t.Fatal(err)
	}
	more, err := Run(compileBonus(t, "params.bonus=3"), opt)
	if err != nil {
		t.Fatal(err)
	}
	c := Compare("bonus 3", base, more)
	if c.Paired != 200 || c.Seats[0].Score.Delta != (Interval{3, 3, 3}) || !c.Seats[0].Score.Significant {
		t.Errorf("seat 0 score: %+v over %d seeds, want exactly +3, significant", c.Seats[0].Score, c.Paired)
	}
	if w := c.Seats[0].WinRate; !w.Significant || w.Delta.Low <= 0 {
		t.Errorf("seat 0 win rate: %+v, want a significant rise", w)
	}
	if s := c.Seats[1].Score; s.Significant || s.Delta.Value != 0 {
		t.Errorf("seat 1 score: %+v, want no change", s)
	}
	if c.Length.Significant || c.EndRate.Significant {
		t.Errorf("length %+v, end rate %+v: the play is the same", c.Length, c.EndRate)
	}
	none := Compare("bonus 0", base, same)
	for _, d := range []Diff{none.Seats[0].WinRate, none.Seats[0].Score, none.Seats[1].WinRate, none.Length, none.EndRate} {
		if d.Significant || d.Delta.Value != 0 {
			t.Errorf("no change, yet %+v", d)
		}
	}
}

// Rotation gives each bot each seat in turn.
func TestSeatBots(t *testing.T) {
	o := Options{Players: 3, Bots: []string{"a", "b", "c"}, Rotate: true}
	if got := o.SeatBots(1); !reflect.DeepEqual(got, []string{"b", "c", "a"}) {
		t.Errorf("game 1: %v", got)
	}
	o.Rotate = false
	if got := o.SeatBots(1); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("no rotation: %v", got)
	}
	o.Bots = nil
	if got := o.SeatBots(0); !reflect.DeepEqual(got, []string{"random", "random", "random"}) {
		t.Errorf("default: %v", got)
	}
	if _, err := Run(compile(t), Options{Games: 1, Players: 3, Bots: []string{"random", "greedy"}}); err == nil ||
		err.Error() != "2 bots for 3 seats: give one bot, or one per seat" {
		t.Errorf("2 bots for 3 seats: %v", err)
	}
}

// runTo plays games [from, from+n) and writes them to a results file.
func runTo(t *testing.T, from uint64, n int) (*Report, []byte) {
	t.Helper()
	var buf bytes.Buffer
	m := &Meta{Game: "race", Players: 3, Bots: []string{"random", "greedy"}, Rotate: true, MaxDecisions: 100, LeadPer: "step of round"}
	w, err := NewResultsWriter(&buf, m, true)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(compile(t), Options{Games: n, Players: 3, Seed: from, Bots: []string{"random", "greedy", "random"}, Rotate: true,
		MaxDecisions: 100, OnGame: w.Write})
	if err != nil {
		t.Fatal(err)
	}
	return r, buf.Bytes()
}

// Two halves of a run, written to files and merged, report exactly as the
// whole run.
func TestMergeEqualsOneRun(t *testing.T) {
	whole, _ := runTo(t, 1, 30)
	_, a := runTo(t, 1, 12)
	_, b := runTo(t, 13, 18)
	var metas []*Meta
	var games [][]GameRecord
	for i, f := range [][]byte{b, a} {
		m, recs, err := ReadResults(bytes.NewReader(f), []string{"b", "a"}[i])
		if err != nil {
			t.Fatal(err)
		}
		metas, games = append(metas, m), append(games, recs)
	}
	m, recs, err := Merge([]string{"b", "a"}, metas, games)
	if err != nil {
		t.Fatal(err)
	}
	merged := Summarize(3, recs)
	merged.LeadPer = m.LeadPer
	whole.Seconds, whole.PerSecond = 0, 0
	if !reflect.DeepEqual(merged, whole) {
		a, _ := json.Marshal(merged)
		b, _ := json.Marshal(whole)
		t.Errorf("merged:\n%s\nwhole:\n%s", a, b)
	}
	if m.Seed != 1 || m.Games != 30 {
		t.Errorf("merged meta: seed %d, %d games; want 1, 30", m.Seed, m.Games)
	}
	// A seed twice, or another run, is refused.
	if _, _, err := Merge([]string{"a", "a2"}, []*Meta{metas[1], metas[1]}, [][]GameRecord{games[1], games[1]}); err == nil ||
		err.Error() != "a2: seed 1 is already in a" {
		t.Errorf("a seed twice: %v", err)
	}
	other := *metas[1]
	other.Players = 2
	if _, _, err := Merge([]string{"b", "c"}, []*Meta{metas[0], &other}, [][]GameRecord{games[0], nil}); err == nil ||
		err.Error() != "c: cannot merge with b: 2 players, not 3" {
		t.Errorf("another run: %v", err)
	}
}

func TestReadResultsErrors(t *testing.T) {
	for _, tt := range []struct{ text, err string }{
		{"", "f: empty: not a file of haven sim --out"},
		{`{"seed": 1}`, "f:1: no meta line first: not a file of haven sim --out"},
		{"{\"meta\": {\"players\": 2}}\n{\"seed\": 3, \"scores\": [1]}", "f:2: seed 3: 1 scores and 0 bots for 2 players"},
		{"{\"meta\": {\"players\": 2}}\nnot json", "f:2: not a line of haven sim --out: invalid character 'o' in literal null (expecting 'u')"},
		{"{\"meta\": {\"players\": 2}}\n{\"sed\": 3}", `f:2: not a line of haven sim --out: json: unknown field "sed"`},
	} {
		_, _, err := ReadResults(strings.NewReader(tt.text), "f")
		if err == nil || err.Error() != tt.err {
			t.Errorf("%q: got %v, want %s", tt.text, err, tt.err)
		}
	}
}

// A closed Stop starts no game, and the report says so.
func TestStop(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	r, err := Run(compile(t), Options{Games: 50, Players: 2, Seed: 1, Stop: stop, Workers: 2,
		Compile: func() (*interpreter.Game, error) { return compile(t), nil }})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Interrupted || r.Games != 0 {
		t.Errorf("interrupted %v after %d games, want true after 0", r.Interrupted, r.Games)
	}
	// Skip leaves out the seeds already played.
	r, err = Run(compile(t), Options{Games: 10, Players: 2, Seed: 1, Skip: func(s uint64) bool { return s%2 == 0 }})
	if err != nil || r.Games != 5 || r.Seeds[0] != [2]uint64{1, 1} {
		t.Errorf("skipping even seeds: %v, %d games, seeds %v", err, r.Games, r.Seeds)
	}
}

// Every move is counted once, under its action; the cards held at the
// end are counted too.
func TestAttribution(t *testing.T) {
	r, err := Run(compile(t), Options{Games: 40, Players: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	times := 0
	for _, a := range r.Actions {
		times += a.Times
		if a.Took.Games+a.Not.Games != 80 {
			t.Errorf("%s: %d + %d seat-games, want 80", a.Name, a.Took.Games, a.Not.Games)
		}
	}
	if len(r.Actions) != 2 || r.Actions[0].Name != "jump" || r.Actions[1].Name != "step" || times != r.Decisions {
		t.Errorf("actions %+v: want jump and step, %d moves in all", r.Actions, r.Decisions)
	}
	if r.LeadPer != "step of round" || r.LeadChanges.Value < 0 {
		t.Errorf("lead changes %+v per %q", r.LeadChanges, r.LeadPer)
	}
	for _, rec := range r.Records {
		if rec.Checkpoints == 0 {
			t.Fatalf("seed %d: the lead was never looked at", rec.Seed)
		}
	}
}

// The HTML page is well formed, and needs nothing beside it: no script,
// no style sheet, image or font fetched, no address at all.
func TestHTML(t *testing.T) {
	base, err := Run(compileBonus(t), Options{Games: 60, Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	more, err := Run(compileBonus(t, "params.bonus=3"), Options{Games: 60, Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	m := &Meta{Game: "race <&>", Players: 2, Bots: []string{"random"}}
	if err := WriteHTML(&b, "Race <&> report", m, base, []*Comparison{Compare("--set params.bonus=3", base, more)}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"http:", "https:", "//", "<script", "<link", "<img", "src=", "@import", "url("} {
		if strings.Contains(strings.ReplaceAll(page, "</", ""), bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	for _, want := range []string{"<svg", "Win rate per seat", "Game length", "Actions: win rate difference", "--set params.bonus=3", "Race &lt;&amp;&gt; report"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Every element opened is closed, in order (void elements aside).
	void := map[string]bool{"meta": true, "br": true}
	var open []string
	z := html.NewTokenizer(strings.NewReader(page))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				t.Fatal(z.Err())
			}
			break
		}
		name, _ := z.TagName()
		switch tt {
		case html.StartTagToken:
			if !void[string(name)] {
				open = append(open, string(name))
			}
		case html.EndTagToken:
			if len(open) == 0 || open[len(open)-1] != string(name) {
				t.Fatalf("</%s> closes %v", name, open)
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		t.Errorf("left open: %v", open)
	}
}

// hold deals each player a card no move names: it counts once a game, as
// held by the seat's own zones.
const hold = `package haven

game: {
	id: "hold"
	name: "Hold"
	players: {min: 2, max: 2}
	vars: round: 0
	zones: deck: visibility: "hidden"
	playerZones: hand: visibility: "owner"
	cards: coin: {name: "Coin", kind: "coin", count: 2}
	setup: [
		{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]},
		{each: "seats(0)", as: "p", loop: [{do: "draw('deck', pz('hand', p))"}]},
	]
	flow: [{while: "get('round') < 3", loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
		{turn: {player: "p", actions: ["pass"]}},
	]}]}]
	actions: pass: do: []
	scoring: {score: "0", tiebreak: [], show: {}}
}
`

func TestHeldCards(t *testing.T) {
	src := load.Source{FS: fstest.MapFS{"hold/game.cue": {Data: []byte(hold)}}}
	v, err := src.Game("hold", load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(g, Options{Games: 4, Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Cards) != 1 || r.Cards[0].Name != "coin" || r.Cards[0].Times != 8 || r.Cards[0].Took.Games != 8 {
		t.Errorf("cards %+v, want coin held by each seat of 4 games, once a game", r.Cards)
	}
	if got := r.Records[0].Played; len(got) != 1 || got[0] != "coin" {
		t.Errorf("cards in play %v, want the coins dealt out of the box", got)
	}
	if len(r.Actions) != 1 || r.Actions[0].Times != 24 || r.LeadPer != "20 decisions" {
		t.Errorf("actions %+v, lead per %q: want 24 passes, lead looked at every 20 decisions", r.Actions, r.LeadPer)
	}
}

// A change's new actions and cards are listed apart.
func TestAdded(t *testing.T) {
	got := added([]Attribution{{Name: "a"}, {Name: "b"}}, []Attribution{{Name: "a"}, {Name: "c"}, {Name: "b"}})
	if len(got) != 1 || got[0].Name != "c" {
		t.Errorf("got %+v, want c alone", got)
	}
}
