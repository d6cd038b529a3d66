package sim

import (
	"testing"

	"github.com/haven-engine/haven/interpreter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// venture: on its turn a player rests, or invests, which costs a point
// at each of two choices before it pays five at the third: a run of
// three decisions of its own whose gain shows only at its end.
const venture = `package haven

game: {
	id: "race"
	name: "Venture"
	players: {min: 2, max: 2}
	vars: round: 0
	playerVars: points: 0
	cap: {var: "round", max: 5}
	flow: [{
		while: "get('round') < 5"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{turn: {player: "p", actions: ["rest", "invest"]}},
		]}]
	}]
	actions: {
		rest: do: [{do: "padd(me, 'points', 0)"}]
		invest: do: [
			{do: "padd(me, 'points', -1)"},
			{choose: {id: "first", options: "['a', 'b']", as: "x"}},
			{do: "padd(me, 'points', -1)"},
			{choose: {id: "second", options: "['a', 'b']", as: "y"}},
			{do: "padd(me, 'points', 5)"},
		]
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

// Looking through two of its decisions, a bot valuing its score sees an
// investment only at its cost and rests; looking through its whole run
// (beam=B), it sees the investment pay and invests.
func TestLearnedLooksThroughItsRun(t *testing.T) {
	g := compileRace(t, venture)
	m := scoreModel(t, g)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	legal, err := g.Legal(st)
	require.NoError(t, err)
	for _, tc := range []struct {
		beam int
		want string
	}{{0, "rest"}, {1, "invest"}, {2, "invest"}} {
		b := newLearned(g, 1, m.copyFor(g))
		b.beam = tc.beam
		mv, err := Decide(g, st, b, legal)
		require.NoError(t, err)
		assert.Equal(t, tc.want, mv.Text, "beam %d, of %v", tc.beam, legal)
	}
	// Through the run it plays on the same way, and wins every game.
	r, err := Run(g, Options{Games: 4, Players: 2, Seed: 1, Bots: []string{"learned:beam=2", "random"}, Rotate: true})
	require.NoError(t, err)
	require.Equal(t, 4, r.Ended)
	wins := map[string]float64{}
	for _, b := range r.Bots {
		wins[b.Name] = b.Wins
	}
	assert.Equal(t, map[string]float64{"learned:beam=2": 4, "random": 0}, wins)
}

// scoreModel is a model of g's two-player games valuing a seat by its
// score alone.
func scoreModel(t *testing.T, g *interpreter.Game) *Model {
	t.Helper()
	m := &Model{Game: g.ID(), Hash: g.Hash(), Players: 2, Names: []string{"score:mine"}, Mean: []float64{0}, Scale: []float64{1}, Weights: []float64{1}}
	require.NoError(t, m.bind(g))
	return m
}
