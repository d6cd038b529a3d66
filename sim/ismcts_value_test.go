package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// pointsModel is a model of the race game that values a seat's own
// points by weight, and nothing else.
func pointsModel(g *interpreter.Game, weight float64) *Model {
	names := []string{"mine:points"}
	return &Model{Names: names, Mean: []float64{0}, Scale: []float64{1}, Weights: []float64{weight}, set: withNames(g, names)}
}

// A guided playout makes the move the model values most for the seat
// that makes it: jump 3 where points are worth having, step where they
// are not; unguided, the playout's first moves are at random.
func TestISMCTSGuidedPlayoutFollowsTheModel(t *testing.T) {
	g := compile(t)
	first := func(weight float64, guided bool) map[string]int {
		b := NewISMCTS(g, 1, ISMCTSOptions{Value: pointsModel(g, weight), Guide: 1})
		seen := map[string]int{}
		for range 30 {
			st, err := g.New(2, 1)
			require.NoError(t, err)
			at, who, ok := b.playoutMove(st, guided)
			require.True(t, ok)
			assert.Equal(t, 0, who)
			seen[b.buf[at].Text]++
		}
		return seen
	}
	assert.Equal(t, map[string]int{"jump 3": 30}, first(1, true))
	assert.Equal(t, map[string]int{"step": 30}, first(-1, true))
	assert.Len(t, first(1, false), 3, "at random: step, jump 2 and jump 3")
}

// With rescale, the model's judge places a seat's lead among the leads
// the search has judged: a point more than the others is a clear gain
// even where the model's own value of a point is small.
func TestISMCTSRescalesTheModelsLead(t *testing.T) {
	g := compile(t)
	judge := func(rescale bool) []float64 {
		b := NewISMCTS(g, 1, ISMCTSOptions{Value: pointsModel(g, 0.01), Rescale: rescale})
		var firsts []float64
		for _, moves := range [][]string{{"step"}, {"jump 2"}, {"jump 3"}, {"step"}} {
			st, err := g.New(2, 1)
			require.NoError(t, err)
			for _, m := range moves {
				require.NoError(t, g.Apply(st, m))
			}
			b.values = append(b.values[:0], 0, 0)
			require.True(t, b.judgeByModel(st))
			firsts = append(firsts, b.values[0])
		}
		return firsts
	}
	plain := judge(false)
	assert.InDelta(t, 0.5025, plain[0], 1e-4, "logistic of a lead of 0.01")
	assert.InDelta(t, 0.5075, plain[2], 1e-4)
	scaled := judge(true)
	assert.InDelta(t, 0.5, scaled[0], 1e-9, "the first lead has none to stand against")
	// Leads 0.01, 0.02, 0.03: the last 1.22 deviations above their
	// mean; then 0.01 again, 0.90 below the mean of the four.
	assert.InDelta(t, 0.7729, scaled[2], 1e-3)
	assert.InDelta(t, 0.2881, scaled[3], 1e-3)
}

// A search with guide plays its playouts' first moves by the model: in
// the race, where points are worth having, every guided move is the
// longest jump the gems allow, never the short one; unguided, the
// playouts make short jumps too.
func TestISMCTSSearchPlaysGuidedPlayouts(t *testing.T) {
	g := compile(t)
	playouts := func(guide int) map[string]int {
		b := NewISMCTS(g, 1, ISMCTSOptions{Value: pointsModel(g, 1), Guide: guide, Depth: 3, Eps: -1})
		st, err := g.New(2, 1)
		require.NoError(t, err)
		legal, err := g.Legal(st)
		require.NoError(t, err)
		obs := new(interpreter.Observation)
		require.NoError(t, g.ObserveSinceInto(obs, st, 0, -1))
		made := map[string]int{}
		for range 20 {
			b.iterate(&node{player: -1}, obs, legal)
			for _, m := range b.sample.Moves[1:] { // after the root's move
				made[m]++
			}
		}
		return made
	}
	guided := playouts(100)
	assert.Zero(t, guided["jump 2"], "%v", guided)
	assert.Positive(t, guided["jump 3"], "%v", guided)
	assert.Positive(t, playouts(0)["jump 2"])
}
