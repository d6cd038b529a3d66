package sim

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// race: players in turn add 1 to a total, or pay a gem to jump 2 or 3;
// the game ends when the total reaches the target. `stuck` may never be
// taken, so a turn offering only it has no legal move.
const race = `package haven

game: {
	id: "race"
	name: "Race"
	players: {min: 2, max: 4}
	params: target: *10 | int
	vars: {total: 0, round: 0}
	playerVars: points: 0
	cap: {var: "round", max: *1000 | int}
	goods: gem: count: 3
	flow: [{
		while: "get('total') < params.target"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{if: "get('total') < params.target", then: [{turn: {player: "p", actions: ["step", "jump"]}}]},
			{if: "get('total') >= 7 && params.target == 99", then: [{turn: {player: "p", actions: ["stuck"]}}]},
		]}]
	}]
	actions: {
		step: do: [{do: "add('total', 1)"}, {do: "padd(me, 'points', 1)"}]
		jump: {
			params: n: {type: "int", from: "[2, 3]"}
			when: "no gems left": "has('supply', 'gem') > 0"
			do: [{do: "add('total', n)"}, {do: "padd(me, 'points', n)"}, {do: "transfer('gem', 'supply', 'bank')"}]
		}
		stuck: {when: "never": "false", do: []}
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

func compile(t testing.TB, sets ...string) *interpreter.Game {
	t.Helper()
	return compileRace(t, race, sets...)
}

// compileRace compiles the text of a game called race, with sets.
func compileRace(t testing.TB, text string, sets ...string) *interpreter.Game {
	t.Helper()
	src := load.Source{FS: fstest.MapFS{"race/game.cue": {Data: []byte(text)}}}
	v, err := src.Game("race", load.Options{Sets: sets})
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRun(t *testing.T) {
	g := compile(t)
	var progress []int
	opt := Options{Games: 20, Players: 3, Seed: 7, Progress: func(n int) { progress = append(progress, n) }}
	r, err := Run(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != 20 || r.Ended != 20 || r.Capped != 0 {
		t.Errorf("games %d ended %d capped %d, want 20 20 0", r.Games, r.Ended, r.Capped)
	}
	wins := 0.0
	for _, s := range r.Seats {
		wins += s.Wins
	}
	if math.Abs(wins-20) > 1e-9 {
		t.Errorf("wins %v: every ended game shares one win among its winners", wins)
	}
	// Ten points need between 4 (3+3+3+1) and 10 decisions.
	if m := r.Length.Mean; m < 4 || m > 10 || float64(r.Decisions) != m*20 {
		t.Errorf("decisions %d, mean length %v", r.Decisions, m)
	}
	if len(progress) != 20 || progress[19] != 20 {
		t.Errorf("progress calls %v", progress)
	}

	// The same seed plays the same games; another seed others.
	again, err := Run(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	again.Seconds, again.PerSecond = r.Seconds, r.PerSecond
	if !reflect.DeepEqual(again, r) {
		t.Errorf("same seed, different reports:\n%+v\n%+v", r, again)
	}
}

func TestCapped(t *testing.T) {
	for _, tt := range []struct {
		name string
		g    *interpreter.Game
		max  int
	}{
		{"decision budget", compile(t), 2},
		{"the definition's cap", compile(t, "cap.max=1"), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Run(tt.g, Options{Games: 5, Players: 2, Seed: 1, MaxDecisions: tt.max})
			if err != nil {
				t.Fatal(err)
			}
			if r.Ended != 0 || r.Capped != 5 || r.Seats[0].Wins+r.Seats[1].Wins != 0 {
				t.Errorf("ended %d capped %d seats %+v, want 0 5 no wins", r.Ended, r.Capped, r.Seats)
			}
		})
	}
}

func TestNoLegalMove(t *testing.T) {
	_, err := Run(compile(t, "params.target=99"), Options{Games: 3, Players: 2, Seed: 1})
	if err == nil || !strings.HasPrefix(err.Error(), "seed 1, decision ") || !strings.HasSuffix(err.Error(), "has no legal move") {
		t.Fatalf("err = %v, want seed 1, decision N: player P has no legal move", err)
	}
}

func TestRandomIsReproducible(t *testing.T) {
	legal := make([]interpreter.Move, 10)
	for i := range legal {
		legal[i].Text = string(rune('a' + i))
	}
	a, b := Random(3), Random(3)
	for i := 0; i < 50; i++ {
		if x, y := a.Choose(nil, legal), b.Choose(nil, legal); x != y {
			t.Fatalf("choice %d: %v != %v", i, x, y)
		}
	}
}

// BenchmarkPlay plays one random game per iteration.
func BenchmarkPlay(b *testing.B) {
	g := compile(b)
	g.SetLog(false)
	decisions := 0
	for i := 0; b.Loop(); i++ {
		out, err := Play(g, 3, uint64(i), Random(uint64(i)), 0)
		if err != nil {
			b.Fatal(err)
		}
		decisions += out.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// Games shared among workers give the same report as one worker, and the
// greedy bot plays as reproducibly as the random one.
func TestWorkersAndBotsAreReproducible(t *testing.T) {
	for _, bot := range []string{"random", "greedy"} {
		one, err := Run(compile(t), Options{Games: 12, Players: 2, Seed: 5, Bot: bot})
		if err != nil {
			t.Fatal(err)
		}
		two, err := Run(compile(t), Options{Games: 12, Players: 2, Seed: 5, Bot: bot, Workers: 2,
			Compile: func() (*interpreter.Game, error) { return compile(t), nil }})
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Seats) != 2 || one.Seats[0].Score.Mean+one.Seats[1].Score.Mean == 0 {
			t.Errorf("%s: seats %+v, want two, with scores", bot, one.Seats)
		}
		one.Seconds, one.PerSecond, two.Seconds, two.PerSecond = 0, 0, 0, 0
		if !reflect.DeepEqual(one, two) {
			t.Errorf("%s: one worker %+v, two workers %+v", bot, one, two)
		}
	}
	if _, err := Run(compile(t), Options{Games: 1, Players: 2, Bot: "clever"}); err == nil || err.Error() != `unknown bot "clever" (bots: random, policy, greedy, ismcts, learned)` {
		t.Errorf("unknown bot: got %v", err)
	}
}
