package tests

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// ScoreInto gives what Score gives, in a Result reused from state to
// state, and allocates nothing once its lists and maps have grown: a
// search bot judges every playout by it.
func TestScoreIntoReused(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			var r interpreter.Result
			for _, n := range []int{0, 40, 120, 300} {
				st := playRandom(t, g, 3, 7, n)
				want, err := g.Score(st)
				require.NoError(t, err)
				require.NoError(t, g.ScoreInto(st, &r))
				assert.Equal(t, *want, r, "after %d moves", n)
			}
			st := playRandom(t, g, 3, 7, 200)
			allocs := testing.AllocsPerRun(50, func() { _ = g.ScoreInto(st, &r) })
			assert.Zero(t, allocs)
		})
	}
}

// ScoresInto gives Score's scores, and nothing else, in a list reused
// from state to state: the simulator looks at who leads by it after every
// round of every game.
func TestScoresIntoReused(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			var scores []int
			for _, n := range []int{0, 40, 120, 300} {
				st := playRandom(t, g, 3, 7, n)
				want, err := g.Score(st)
				require.NoError(t, err)
				scores, err = g.ScoresInto(st, scores)
				require.NoError(t, err)
				assert.Equal(t, want.Scores, scores, "after %d moves", n)
			}
			st := playRandom(t, g, 3, 7, 200)
			assert.Zero(t, testing.AllocsPerRun(50, func() { scores, _ = g.ScoresInto(st, scores) }))
		})
	}
}

// A bot that samples every playout into the same state allocates
// nothing: the state is copied into (CloneInto), and the unseen cards
// shuffled and the hidden zones dealt, in the arrays of the state.
func TestSampleIntoReusesItsArrays(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g, st := quietMidGame(t, id)
			obs, err := g.Observe(st, st.Pending.Player)
			require.NoError(t, err)
			r := interpreter.NewRand(1)
			dst := obs.Sample(r)
			want := obs.Sample(interpreter.NewRand(3))
			assert.Zero(t, testing.AllocsPerRun(50, func() { obs.SampleInto(r, dst) }))
			// The moves a playout makes on it start in the array the
			// playouts before grew.
			assert.Zero(t, testing.AllocsPerRun(50, func() {
				obs.SampleInto(r, dst)
				for range 40 {
					dst.AppendMove("m")
				}
			}))
			// The reused arrays deal as fresh ones do.
			obs.SampleInto(interpreter.NewRand(3), dst)
			a, err := json.Marshal(want)
			require.NoError(t, err)
			b, err := json.Marshal(dst)
			require.NoError(t, err)
			assert.JSONEq(t, string(a), string(b))
		})
	}
}

// An observation's pools of unseen cards are sorted by id (the
// canonical order its samples shuffle from), whatever places the cards
// lie in: the compiler's ranks of the ids give the order.
func TestObservationPoolsSortedByID(t *testing.T) {
	pools := 0
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g, st := quietMidGame(t, id)
			obs, err := g.Observe(st, st.Pending.Player)
			require.NoError(t, err)
			b, err := json.Marshal(obs)
			require.NoError(t, err)
			var o struct{ Unseen [][]string }
			require.NoError(t, json.Unmarshal(b, &o))
			for k, pool := range o.Unseen {
				assert.True(t, slices.IsSorted(pool), "pool %d: %v", k, pool)
				pools++
			}
		})
	}
	assert.NotZero(t, pools, "no card was hidden in any game")
}

// A card that lies in two hidden places (a save edited by hand) is in
// its pool twice, and a sample deals as many cards as the hidden zones
// held: the pools are then listed where the cards lie and sorted,
// instead of read off the marks of the cards' ranks, one a rank.
func TestObservationPoolsWithACardTwice(t *testing.T) {
	g, st := quietMidGame(t, "rotterdam")
	seat := st.Pending.Player
	obs, err := g.Observe(st, seat)
	require.NoError(t, err)
	var ref string
	for z, n := range obs.Hidden() {
		if n > 1 && (ref == "" || z < ref) {
			ref = z
		}
	}
	require.NotEmpty(t, ref, "no hidden zone of two cards")
	cards := st.ZoneCards(ref)
	st.SetZone(ref, append(slices.Clone(cards), cards[0]))
	obs, err = g.Observe(st, seat)
	require.NoError(t, err)
	b, err := json.Marshal(obs)
	require.NoError(t, err)
	var o struct{ Unseen [][]string }
	require.NoError(t, json.Unmarshal(b, &o))
	total, twice := 0, 0
	for _, pool := range o.Unseen {
		assert.True(t, slices.IsSorted(pool))
		total += len(pool)
		for _, c := range pool {
			if c == cards[0] {
				twice++
			}
		}
	}
	hidden := 0
	for _, n := range obs.Hidden() {
		hidden += n
	}
	assert.Equal(t, hidden, total, "every hidden card in a pool")
	assert.Equal(t, 2, twice)
	sample := obs.Sample(interpreter.NewRand(1))
	assert.Len(t, sample.ZoneCards(ref), len(cards)+1)
}

// An observation made into one made before (ObserveSinceInto, as a game
// played by sim makes every decision's) is the observation made anew,
// and allocates nothing once its arrays have grown but where a local of
// an effect under way holds a card the seat may not see: its place, a
// HiddenCard, is boxed, and the local's list copied (in these states,
// Rotterdam's and Masters of Trade's).
func TestObserveIntoReused(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			g.SetLog(false)
			dst := new(interpreter.Observation)
			for _, n := range []int{0, 40, 120, 300, 40} {
				st := playRandom(t, g, 3, 7, n)
				if st.Finished {
					continue
				}
				seat := st.Pending.Player
				want, err := g.ObserveSince(st, seat, n/2)
				require.NoError(t, err)
				require.NoError(t, g.ObserveSinceInto(dst, st, seat, n/2))
				a, err := json.Marshal(want)
				require.NoError(t, err)
				b, err := json.Marshal(dst)
				require.NoError(t, err)
				assert.JSONEq(t, string(a), string(b), "after %d moves", n)
			}
			st := playRandom(t, g, 3, 7, 200)
			seat := st.Pending.Player
			allocs := testing.AllocsPerRun(20, func() { _ = g.ObserveSinceInto(dst, st, seat, -1) })
			hiddenLocals := map[string]float64{"rotterdam": 2, "masters-of-trade": 1}
			assert.LessOrEqual(t, allocs, hiddenLocals[id])
		})
	}
}
