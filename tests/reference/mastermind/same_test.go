package mastermind

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// figures are what one random game measured: its length in decisions
// and rounds, the mean number of legal moves at its decisions, and how it
// ended.
type figures struct {
	decisions, rounds, moves float64
	won                      float64 // 1 when a home port won, 0 capped
	atHome                   float64 // the tie-break, averaged over the seats
	winners                  float64 // seats ranked first
	starterFirst             float64 // 1 when the starter is among them
}

var figureNames = []string{"decisions", "rounds", "moves a decision", "won", "products at home", "winners", "starter first"}

func (f figures) list() []float64 {
	return []float64{f.decisions, f.rounds, f.moves, f.won, f.atHome, f.winners, f.starterFirst}
}

// counting is a random player that counts the moves it chooses among.
type counting struct {
	*Random
	moves int
	sizes map[int]int // decisions by their number of moves
}

func (c *counting) Choose(n int) int {
	c.moves += n
	c.sizes[n]++
	return c.Random.Choose(n)
}

// TestSameGameAsHaven plays random games of Haven and of the reference,
// with seeds of their own (the reference's dice and choices are not
// Haven's), and checks that the means of every figure agree: the
// difference of two means of independent games is within four of its
// standard errors (sqrt(s1²/n1 + s2²/n2)), which two samples of one game
// exceed about once in 16,000 a figure. A game is the unit (the
// decisions of one game are not independent). HAVEN_REFERENCE_GAMES sets
// the games played of each (a few thousand for a close look).
func TestSameGameAsHaven(t *testing.T) {
	games := gamesFrom(t, "HAVEN_REFERENCE_GAMES", 60)
	for _, sets := range [][]string{nil, {"params.products_to_win=2"}} {
		t.Run(fmt.Sprint(sets), func(t *testing.T) {
			g, rules := defined(t, sets...)
			const players = 3 // as BenchmarkRandomPlay
			var haven, ref []figures
			havenSizes, refSizes := map[int]int{}, map[int]int{}
			var moves []interpreter.Move
			for seed := uint64(1); seed <= uint64(games); seed++ {
				st, err := g.New(players, seed)
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(seed, 11))
				n, sum := 0, 0
				for !st.Finished {
					moves, err = g.LegalInto(st, moves)
					require.NoError(t, err)
					n, sum = n+1, sum+len(moves)
					havenSizes[len(moves)]++
					require.NoError(t, g.ApplyIndex(st, r.IntN(len(moves))))
				}
				res, err := g.Score(st)
				require.NoError(t, err)
				f := figures{
					decisions: float64(n), rounds: float64(st.Var("round")), moves: float64(sum) / float64(n),
					winners: float64(len(res.Winners)), starterFirst: b2f(slices.Contains(res.Winners, st.Var("starter"))),
					won: b2f(st.Finished && !st.Capped),
				}
				for p := range players {
					f.atHome += float64(res.Tiebreak[p][0]) / players
				}
				haven = append(haven, f)
			}
			pick := &counting{sizes: refSizes}
			game := NewGame(rules, pick)
			var winners []int
			for seed := uint64(1); seed <= uint64(games); seed++ {
				// Seeds of its own, far from Haven's.
				pick.Random, pick.moves = NewRandom(seed, 12), 0
				game.Play(players, seed+1<<32)
				winners = game.Winners(winners[:0])
				f := figures{
					decisions: float64(game.Decisions), rounds: float64(game.Round()),
					moves:   float64(pick.moves) / float64(game.Decisions),
					winners: float64(len(winners)), starterFirst: b2f(slices.Contains(winners, game.starter)),
					won: b2f(game.End == Won),
				}
				for p := range players {
					f.atHome += float64(game.AtHome(p)) / players
				}
				ref = append(ref, f)
			}
			t.Logf("%d games of each, 3 players; figure: Haven mean ± sd, reference mean ± sd (difference / its standard error)", games)
			for k, name := range figureNames {
				mh, sh := meanSD(haven, k)
				mr, sr := meanSD(ref, k)
				se := math.Sqrt(sh*sh/float64(len(haven)) + sr*sr/float64(len(ref)))
				z := 0.0
				if se > 0 {
					z = (mr - mh) / se
				}
				t.Logf("  %-17s %10.3f ± %-9.3f %10.3f ± %-9.3f (%+.2f)", name, mh, sh, mr, sr, z)
				assert.LessOrEqual(t, math.Abs(mr-mh), 4*se, "%s: Haven %.4f, reference %.4f", name, mh, mr)
			}
			t.Logf("decisions by legal moves, Haven: %s", shares(havenSizes))
			t.Logf("decisions by legal moves, reference: %s", shares(refSizes))
		})
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// meanSD is the mean and the sample standard deviation of figure k.
func meanSD(fs []figures, k int) (mean, sd float64) {
	for _, f := range fs {
		mean += f.list()[k]
	}
	mean /= float64(len(fs))
	for _, f := range fs {
		d := f.list()[k] - mean
		sd += d * d
	}
	return mean, math.Sqrt(sd / float64(len(fs)-1))
}

// shares writes the share of decisions of each number of moves.
func shares(sizes map[int]int) string {
	total := 0
	var ns []int
	for n, c := range sizes {
		total += c
		ns = append(ns, n)
	}
	sort.Ints(ns)
	var b strings.Builder
	for _, n := range ns {
		fmt.Fprintf(&b, " %d:%.4f", n, float64(sizes[n])/float64(total))
	}
	return b.String()
}
