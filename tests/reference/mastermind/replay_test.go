package mastermind

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// id is the definition the reference plays.
const id = "mainport-mastermind"

// defined loads and compiles the definition with --set overrides, and
// reads the reference's rules from it.
func defined(t testing.TB, sets ...string) (*interpreter.Game, *Rules) {
	t.Helper()
	v, err := load.Source{FS: definitions.Files, Prefix: "definitions"}.Game(id, load.Options{Sets: sets})
	require.NoError(t, err)
	g, err := interpreter.Compile(v)
	require.NoError(t, err)
	g.SetLog(false)
	r, err := Load(v)
	require.NoError(t, err)
	return g, r
}

// gamesFrom reads a number of games from the environment, or def.
func gamesFrom(t testing.TB, env string, def int) int {
	s := os.Getenv(env)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	require.NoError(t, err, env)
	return n
}

// decision is one decision of a Haven game: its moves and the one taken.
type decision struct {
	moves  []string
	picked int
}

// playHaven plays a game of Haven with uniformly random moves, as
// BenchmarkRandomPlay does, and lists its decisions.
func playHaven(t testing.TB, g *interpreter.Game, players int, seed uint64, r *rand.Rand) (*interpreter.State, []decision) {
	t.Helper()
	st, err := g.New(players, seed)
	require.NoError(t, err)
	var ds []decision
	var moves []interpreter.Move
	for !st.Finished {
		moves, err = g.LegalInto(st, moves)
		require.NoError(t, err)
		d := decision{picked: r.IntN(len(moves))}
		for _, m := range moves {
			d.moves = append(d.moves, m.Text)
		}
		ds = append(ds, d)
		require.NoError(t, g.ApplyIndex(st, d.picked))
	}
	return st, ds
}

// replay makes the decisions of a Haven game, checking that each offers
// as many moves as Haven's did.
type replay struct {
	t  testing.TB
	ds []decision
	k  int
}

func (r *replay) Choose(n int) int {
	r.t.Helper()
	require.Less(r.t, r.k, len(r.ds), "the reference decides more often than Haven")
	d := r.ds[r.k]
	require.Len(r.t, d.moves, n, "decision %d: Haven offers %q%s", r.k, d.moves, r.before())
	r.k++
	return d.picked
}

// before lists the moves Haven made before the current decision.
func (r *replay) before() string {
	s := "\nafter"
	for _, d := range r.ds[max(0, r.k-8):r.k] {
		s += " " + strconv.Quote(d.moves[d.picked])
	}
	return s
}

// TestReplaysHaven plays random games of Haven and replays each with the
// reference, making Haven's choices and throwing Haven's dice (the same
// generator on the same seed): every decision must offer as many moves,
// and the games must end alike, in the same state and with the same
// scores. Seats vary from 2 to 5; the overrides reach the rules random
// play with the defaults seldom or never does (a win, homes given in
// advance, ties in fights, a short kans + kans).
func TestReplaysHaven(t *testing.T) {
	games := gamesFrom(t, "HAVEN_REFERENCE_REPLAYS", 12)
	for _, sets := range [][]string{
		nil,
		{"params.products_to_win=2"},
		{"params.homes=qatar,quebec,rotterdam,dakar,kaapstad", "params.products_to_win=3"},
		{"params.attacker_handicap=0", "params.double_chance_steps=4", "params.products_to_win=4"},
	} {
		t.Run(fmt.Sprint(sets), func(t *testing.T) {
			g, rules := defined(t, sets...)
			ref := NewGame(rules, nil)
			decisions, won := 0, 0
			for seed := uint64(1); seed <= uint64(games); seed++ {
				players := 2 + int(seed)%4
				st, ds := playHaven(t, g, players, seed, rand.New(rand.NewPCG(seed, 7)))
				rp := &replay{t: t, ds: ds}
				ref.pick = rp
				ref.Play(players, seed)
				require.Equal(t, len(ds), rp.k, "seed %d: the reference made fewer decisions than Haven", seed)
				require.Equal(t, len(ds), ref.Decisions, "seed %d", seed)
				sameEnd(t, g, st, ref)
				decisions += ref.Decisions
				if ref.End == Won {
					won++
				}
			}
			t.Logf("%d games alike, %d decisions, %d won", games, decisions, won)
		})
	}
}

// sameEnd checks that a reference game ended as Haven's st did.
func sameEnd(t testing.TB, g *interpreter.Game, st *interpreter.State, ref *Game) {
	t.Helper()
	r := ref.rules
	msg := fmt.Sprintf("seed %d, %d players", st.Seed, st.Players)
	require.Equal(t, rollStream(st), ref.dice, "%s: the dice thrown", msg)
	require.Equal(t, st.Capped, ref.End == Capped, "%s: capped (%s)", msg, st.EndReason)
	require.Equal(t, st.Finished && !st.Capped, ref.End == Won, "%s: won (%s)", msg, st.EndReason)
	require.Equal(t, st.Var("round"), ref.round, msg)
	require.Equal(t, st.Var("starter"), ref.starter, msg)
	for p := 0; p < st.Players; p++ {
		require.Equal(t, st.PlayerVar(p, "home"), int(ref.home[p])+1, "%s: home of %d", msg, p)
		require.Equal(t, st.PlayerVar(p, "skip"), int(ref.skip[p]), "%s: skip of %d", msg, p)
	}
	require.Len(t, st.Pieces, 2*st.Players, msg)
	for k, pc := range st.Pieces {
		require.Equal(t, fmt.Sprintf("ship-%d-%d", k/2, k%2+1), pc.ID, msg)
		require.Equal(t, pc.At, r.Nodes[ref.at[k]], "%s: where %s is", msg, pc.ID)
		require.Equal(t, pc.Var("repair"), int(ref.repair[k]), "%s: repair of %s", msg, pc.ID)
		cargo := []string{}
		if c := ref.cargo[k]; c != none {
			cargo = []string{r.Goods[c]}
		}
		require.Equal(t, append([]string{}, st.Stock(pc.ID)...), cargo, "%s: cargo of %s", msg, pc.ID)
	}
	for p, n := range r.Ports {
		goods := []string{}
		for _, c := range ref.stock[p][:ref.held[p]] {
			goods = append(goods, r.Goods[c])
		}
		require.Equal(t, append([]string{}, st.Stock(r.Nodes[n])...), goods, "%s: goods of %s", msg, r.Nodes[n])
	}
	res, err := g.Score(st)
	require.NoError(t, err)
	var winners []int
	for p := 0; p < st.Players; p++ {
		require.Equal(t, res.Scores[p], ref.Score(p), "%s: score of %d", msg, p)
		require.Equal(t, res.Tiebreak[p], []int{ref.AtHome(p)}, "%s: tie-break of %d", msg, p)
	}
	winners = ref.Winners(winners)
	require.Equal(t, res.Winners, winners, msg)
	if ref.End == Won {
		require.Equal(t, []int{ref.Winner}, winners, msg)
	}
}

// rollStream is the state of Haven's stream of d6 rolls in st.
func rollStream(st *interpreter.State) uint64 {
	for _, s := range st.Streams {
		if s.Key == interpreter.RollStream(6) {
			return s.State
		}
	}
	return st.Seed ^ interpreter.RollStream(6) // no die thrown yet
}
