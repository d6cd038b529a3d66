package tests

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

// The four shipped games, for the bot tests and benchmarks.
var botGames = []string{"rotterdam", "mainport-mastermind", "masters-of-trade", "mainports"}

// midGame plays seed's game at random for n decisions (or to a decision
// with a choice) and returns it.
func midGame(t testing.TB, g *interpreter.Game, players int, seed uint64, n int) *interpreter.State {
	st, err := g.New(players, seed)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; !st.Finished; i++ {
		legal, err := g.Legal(st)
		require.NoError(t, err)
		if i >= n && len(legal) > 1 {
			break
		}
		require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
	}
	return st
}

// quietMidGame is game id compiled without a log, and the state of
// three players after 60 random decisions of seed 1 (midGame).
func quietMidGame(t testing.TB, id string) (*interpreter.Game, *interpreter.State) {
	g := compiled(t, id)
	g.SetLog(false)
	return g, midGame(t, g, 3, 1, 60)
}

// BenchmarkISMCTS measures the search on one core: each op is one
// decision of 100 iterations (playouts cut at 10 decisions) from a mid-game state of
// three players, by a new bot; playouts/s is iterations per second.
func BenchmarkISMCTS(b *testing.B) {
	benchISMCTS(b, 3, sim.ISMCTSOptions{Iterations: 100, Depth: 10})
}

// BenchmarkISMCTSDefault measures the bot as `--bot ismcts` plays, on
// one core: each op is one decision of 100 iterations with the default
// settings (playouts cut once the other seats have made 2 decisions;
// the policy as a prior and in the playouts where the game declares
// one) from the same mid-game states, two players; playouts/s is
// iterations per second.
func BenchmarkISMCTSDefault(b *testing.B) {
	benchISMCTS(b, 2, sim.ISMCTSOptions{Iterations: 100})
}

// benchISMCTS times one decision of a new ismcts bot with opt, from a
// mid-game state of each game for players.
func benchISMCTS(b *testing.B, players int, opt sim.ISMCTSOptions) {
	for _, id := range botGames {
		b.Run(id, func(b *testing.B) {
			g := compiled(b, id)
			g.SetLog(false)
			st := midGame(b, g, players, 1, 60)
			legal, err := g.Legal(st)
			require.NoError(b, err)
			playouts := 0
			for b.Loop() {
				// A new bot each time: a kept bot would follow its
				// tree at the same state, and search a bigger tree.
				bot := sim.NewISMCTS(g, 1, opt)
				if _, err := sim.Decide(g, st, bot, legal); err != nil {
					b.Fatal(err)
				}
				playouts += bot.Playouts
			}
			b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkObserve measures what a bot's decision costs before it
// thinks: the observation of the deciding seat, and one sample of it.
func BenchmarkObserve(b *testing.B) {
	for _, id := range botGames {
		b.Run(id, func(b *testing.B) {
			g, st := quietMidGame(b, id)
			r := interpreter.NewRand(1)
			for b.Loop() {
				o, err := g.Observe(st, st.Pending.Player)
				if err != nil {
					b.Fatal(err)
				}
				o.Sample(r)
			}
		})
	}
}

// BenchmarkObserveInto is the observation a bot makes at each decision
// of a simulation: into the one of its last decision, with no moves
// since (ObserveSinceInto), and one sample into the state of the last
// (SampleInto).
func BenchmarkObserveInto(b *testing.B) {
	for _, id := range botGames {
		b.Run(id, func(b *testing.B) {
			g, st := quietMidGame(b, id)
			r := interpreter.NewRand(1)
			o, s := new(interpreter.Observation), new(interpreter.State)
			for b.Loop() {
				if err := g.ObserveSinceInto(o, st, st.Pending.Player, -1); err != nil {
					b.Fatal(err)
				}
				o.SampleInto(r, s)
			}
		})
	}
}

// strengthEnv runs TestBotStrength: HAVEN_STRENGTH=GAMES plays that many
// two-player games of each pairing in each game (seats alternate).
// HAVEN_STRENGTH_BOT sets the ismcts spec (default ismcts:iters=50:depth=4),
// HAVEN_STRENGTH_GAMES the games (comma list), HAVEN_STRENGTH_MAX the
// decision cap of a game (default 1500), HAVEN_STRENGTH_VS the bots
// ismcts meets (comma list; default random and greedy, and greedy meets
// random).
const strengthEnv = "HAVEN_STRENGTH"

// wilson is the 95% Wilson score interval of a proportion of wins w
// (ties counted as halves) over n games.
func wilson(w float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, fn := w/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return c - h, c + h
}

func TestWilson(t *testing.T) {
	lo, hi := wilson(8, 10)
	require.InDelta(t, 0.4902, lo, 1e-4)
	require.InDelta(t, 0.9433, hi, 1e-4)
	lo, hi = wilson(0, 10)
	require.InDelta(t, 0, lo, 1e-9)
	require.InDelta(t, 0.2775, hi, 1e-4)
}

// duel plays one game between bots, seat i played by bots[i], and returns
// the final state and the number of decisions.
func duel(t *testing.T, g *interpreter.Game, seed uint64, bots []sim.Bot, maxDecisions int) (*interpreter.State, int) {
	st, err := g.New(len(bots), seed)
	require.NoError(t, err)
	n := 0
	for ; !st.Finished && n < maxDecisions; n++ {
		legal, err := g.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, legal)
		m, err := sim.Decide(g, st, bots[legal[0].Player], legal)
		require.NoError(t, err)
		require.NoError(t, g.Apply(st, m.Text), "seed %d", seed)
	}
	return st, n
}

// TestBotStrength pits the bots against each other in every game; it
// runs only when HAVEN_STRENGTH is set and prints a table: wins of the
// first bot of each pairing (ties split; a capped game is judged by the
// scoring, as a tie when scores tie), with the 95% Wilson interval,
// and how many games ended by the game's own rule.
func TestBotStrength(t *testing.T) {
	games, err := strconv.Atoi(os.Getenv(strengthEnv))
	if err != nil || games < 1 {
		t.Skip("set " + strengthEnv + "=GAMES to measure the bots' strength")
	}
	ismcts := "ismcts:iters=50:depth=4"
	if s := os.Getenv(strengthEnv + "_BOT"); s != "" {
		ismcts = s
	}
	ids := botGames
	if s := os.Getenv(strengthEnv + "_GAMES"); s != "" {
		ids = strings.Split(s, ",")
	}
	maxDecisions := 1500
	if s, err := strconv.Atoi(os.Getenv(strengthEnv + "_MAX")); err == nil && s > 0 {
		maxDecisions = s
	}
	pairs := [][2]string{{ismcts, "random"}, {ismcts, "greedy"}, {"greedy", "random"}}
	if s := os.Getenv(strengthEnv + "_VS"); s != "" {
		pairs = nil
		for _, vs := range strings.Split(s, ",") {
			pairs = append(pairs, [2]string{ismcts, vs})
		}
	}
	for _, id := range ids {
		g := compiled(t, id)
		g.SetLog(false)
		for _, pair := range pairs {
			start := time.Now()
			wins, ended, decisions := 0.0, 0, 0
			for i := 0; i < games; i++ {
				seed := uint64(1000 + i)
				a, err := sim.NewBot(pair[0], g, seed)
				require.NoError(t, err)
				b, err := sim.NewBot(pair[1], g, seed+1)
				require.NoError(t, err)
				bots, first := []sim.Bot{a, b}, 0
				if i%2 == 1 {
					bots, first = []sim.Bot{b, a}, 1
				}
				st, n := duel(t, g, seed, bots, maxDecisions)
				decisions += n
				if st.Finished && !st.Capped {
					ended++
				}
				res, err := g.Score(st)
				require.NoError(t, err)
				for _, w := range res.Winners {
					if w == first {
						wins += 1 / float64(len(res.Winners))
					}
				}
			}
			lo, hi := wilson(wins, games)
			line := fmt.Sprintf("%-20s %-26s vs %-7s: %5.1f / %d wins (%.0f%%, 95%% CI %.0f–%.0f%%), %d ended by the rules, %d decisions a game, %.0f s",
				id, pair[0], pair[1], wins, games, 100*wins/float64(games), 100*lo, 100*hi, ended, decisions/games, time.Since(start).Seconds())
			t.Log(line)
			fmt.Println(line)
		}
	}
}

// TestISMCTSKeepsItsTree plays the start of a game of each shipped game
// with one ismcts bot at every seat, twice: the bot searches on from the
// tree of the seat's last decision, reusing its counts, whenever the same
// seat decides twice in a row after a search (a choice right after its
// own move), and two runs with one seed play the same moves with the
// same reuse.
func TestISMCTSKeepsItsTree(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			g.SetLog(false)
			play := func() ([]string, int, int) {
				st, err := g.New(3, 7)
				require.NoError(t, err)
				bot := sim.NewISMCTS(g, 7, sim.ISMCTSOptions{Iterations: 30, Depth: 4})
				again, reusedAgain, prev := 0, 0, []interpreter.Move(nil)
				for n := 0; n < 80 && !st.Finished; n++ {
					legal, err := g.Legal(st)
					require.NoError(t, err)
					before := bot.Reused
					m, err := sim.Decide(g, st, bot, legal)
					require.NoError(t, err)
					if len(prev) > 1 && prev[0].Player == legal[0].Player {
						again++
						require.Greater(t, bot.Reused, before, "decision %d: seat %d decides again after its own move %q, and searches a new tree", n, legal[0].Player, st.Moves[len(st.Moves)-1])
						reusedAgain++
					}
					require.NoError(t, g.ApplyIndex(st, slices.Index(legal, m)))
					prev = legal
				}
				t.Logf("%d decisions, %d second decisions of a seat in a row (all reused), %d visits reused in all", len(st.Moves), again, bot.Reused)
				return st.Moves, again, bot.Reused
			}
			m1, again, r1 := play()
			require.Positive(t, again, "second decisions of a seat in a row")
			m2, _, r2 := play()
			require.Equal(t, m1, m2, "one seed, one game")
			require.Equal(t, r1, r2, "one seed, one reuse")
		})
	}
}

// TestISMCTSChoicesArePinned plays the first decisions of a two-player
// game of each shipped game with one default ismcts bot at both seats
// (40 iterations a decision: the tree kept from decision to decision,
// the policy as prior and in playouts where the game declares one) and
// pins a digest of the moves made and the visits reused: a change to
// how the search is carried out (its nodes, its buffers, how moves are
// made) must leave every choice of a seed as it was. Reasons to change
// what the bot chooses change these on purpose, and say so.
func TestISMCTSChoicesArePinned(t *testing.T) {
	want := map[string]string{
		"rotterdam":           "40 moves 8f31257088652754, 381 reused, 1160 playouts",
		"mainport-mastermind": "40 moves 55c9801a2183ba6d, 1469 reused, 1600 playouts",
		"masters-of-trade":    "40 moves 6fbb76e5fabd9a90, 334 reused, 1200 playouts",
		"mainports":           "40 moves 337c69f54ab81040, 1890 reused, 1480 playouts",
	}
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			g.SetLog(false)
			st, err := g.New(2, 3)
			require.NoError(t, err)
			bot := sim.NewISMCTS(g, 3, sim.ISMCTSOptions{Iterations: 40})
			for n := 0; n < 40 && !st.Finished; n++ {
				legal, err := g.Legal(st)
				require.NoError(t, err)
				m, err := sim.Decide(g, st, bot, legal)
				require.NoError(t, err)
				require.NoError(t, g.ApplyIndex(st, slices.Index(legal, m)))
			}
			h := fnv.New64a()
			for _, m := range st.Moves {
				h.Write([]byte(m))
				h.Write([]byte{0})
			}
			got := fmt.Sprintf("%d moves %x, %d reused, %d playouts", len(st.Moves), h.Sum64(), bot.Reused, bot.Playouts)
			assert.Equal(t, want[id], got)
		})
	}
}
