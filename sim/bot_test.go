package sim

import (
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/haven-engine/haven/interpreter"
)

func TestBotSpecs(t *testing.T) {
	for _, tt := range []struct{ spec, err string }{
		{"", ""},
		{"random", ""},
		{"greedy", ""},
		{"ismcts", ""},
		{"ismcts:iters=500", ""},
		{"ismcts:ms=200:depth=10:c=140", ""},
		{"ismcts:iters=20,depth=3", ""},
		{"ismct", `unknown bot "ismct" (did you mean "ismcts"? bots: random, policy, greedy, ismcts, learned)`},
		{"clever", `unknown bot "clever" (bots: random, policy, greedy, ismcts, learned)`},
		{"ismcts:iter=5", `bot ismcts: unknown option "iter" (did you mean "iters"? options: iters, ms, depth, c, eps, spread, prior, rescale, guide, value)`},
		{"ismcts:speed=5", `bot ismcts: unknown option "speed" (options: iters, ms, depth, c, eps, spread, prior, rescale, guide, value)`},
		{"ismcts:iters=lots", `bot ismcts: iters=lots: want a whole number, 0 or more`},
		{"ismcts:iters", `bot ismcts: iters=: want a whole number, 0 or more`},
		{"ismcts:iters=-1", `bot ismcts: iters=-1: want a whole number, 0 or more`},
		{"ismcts:iters=1:iters=2", `bot ismcts: iters given twice`},
		{"ismcts:guide=2", `bot ismcts: guide= works on a learned model's judgement: give value=FILE too`},
		{"ismcts:rescale=1", `bot ismcts: rescale= works on a learned model's judgement: give value=FILE too`},
		{"greedy:iters=5", `bot greedy: unknown option "iters" (options: depth)`},
		{"greedy:depth=3", ""},
		{"random:iters=5", `bot random takes no options, not "iters=5"`},
		{"learned:games=5", ""},
		{"learned:model=", `bot learned: model=: give a value`},
		{"learned:modl=x.json", `bot learned: unknown option "modl" (did you mean "model"? options: games, depth, beam, model)`},
		{"learned:model=none.json", `open none.json: no such file or directory`},
	} {
		_, err := NewBot(tt.spec, compile(t), 1)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("%q: got error %q, want %q", tt.spec, got, tt.err)
		}
	}
}

// moves plays one game of race with every seat played by the bot of a
// spec, seeded with seed, and returns its moves.
func moves(t *testing.T, g *interpreter.Game, spec string, seed uint64) []string {
	t.Helper()
	bot, err := NewBot(spec, g, seed)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Play(g, 3, 1, bot, 0)
	if err != nil {
		t.Fatal(err)
	}
	return out.State.Moves
}

// Every bot, given the same seed, plays the same game; another seed
// plays another one where the bot draws at random.
func TestBotsAreReproducible(t *testing.T) {
	g := compile(t)
	for _, spec := range []string{"random", "greedy", "ismcts:iters=40"} {
		a, b := moves(t, g, spec, 5), moves(t, g, spec, 5)
		if !slices.Equal(a, b) {
			t.Errorf("%s: seed 5 played %v then %v", spec, a, b)
		}
		if spec == "greedy" {
			continue // race leaves greedy no tie to break at random
		}
		differ := false
		for seed := uint64(6); seed < 12 && !differ; seed++ {
			differ = !slices.Equal(a, moves(t, g, spec, seed))
		}
		if !differ {
			t.Errorf("%s: seeds 5 to 11 all played %v", spec, a)
		}
	}
}

// In race the seat with the most points wins: a searching bot takes the
// jumps (more points a turn) that random play takes a third of the time.
func TestISMCTSPrefersPoints(t *testing.T) {
	g := compile(t)
	st, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	legal, err := g.Legal(st)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decide(g, st, NewISMCTS(g, 1, ISMCTSOptions{Iterations: 300}), legal)
	if err != nil {
		t.Fatal(err)
	}
	if m.Text != "jump 3" {
		t.Errorf("ismcts chose %q of %v, want jump 3", m.Text, legal)
	}
}

// A time budget stops the search: a decision of 20 ms returns a legal
// move after at least one iteration.
func TestISMCTSTimeBudget(t *testing.T) {
	g := compile(t)
	st, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	legal, err := g.Legal(st)
	if err != nil {
		t.Fatal(err)
	}
	bot := NewISMCTS(g, 1, ISMCTSOptions{Millis: 20})
	m, err := Decide(g, st, bot, legal)
	if err != nil || !slices.Contains(legal, m) || bot.Playouts < 1 {
		t.Errorf("got %v, %v after %d playouts", m, err, bot.Playouts)
	}
}

// seer records what Decide shows it.
type seer struct{ obs *interpreter.Observation }

func (s *seer) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	s.obs = obs
	return legal[0]
}

// Decide shows a bot the deciding seat's observation, and a blind bot
// nothing.
func TestDecideShowsTheDecidingSeat(t *testing.T) {
	g := compile(t)
	st, err := g.New(3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(st, "step"); err != nil {
		t.Fatal(err)
	}
	legal, err := g.Legal(st)
	if err != nil {
		t.Fatal(err)
	}
	s := &seer{}
	if _, err := Decide(g, st, s, legal); err != nil || s.obs == nil || s.obs.Seat() != 1 || s.obs.Pending().Player != 1 {
		t.Errorf("err %v, observation %+v, want seat 1's", err, s.obs)
	}
	if _, blind := Bot(Random(1)).(Blind); !blind {
		t.Error("the random bot is not blind")
	}
}

// A bot's draws for a seed are the engine's generator's (interpreter.Rand),
// on a stream of their own: pinned here, so that a change of the
// generator, of the salt or of how a bot draws, which changes every
// simulation's report for a seed, is seen. The stream is not the game's
// for the same seed.
func TestBotStreamIsPinned(t *testing.T) {
	legal := make([]interpreter.Move, 10)
	for i := range legal {
		legal[i] = interpreter.Move{Text: strconv.Itoa(i)}
	}
	b := Random(5)
	var got []string
	for range 12 {
		got = append(got, b.Choose(nil, legal).Text)
	}
	assert.Equal(t, []string{"2", "0", "9", "9", "1", "1", "3", "8", "9", "6", "1", "7"}, got)
	game, bot := interpreter.NewRand(5), newRand(5)
	for range 4 {
		assert.NotEqual(t, game.Uint64(), bot.Uint64())
	}
}
