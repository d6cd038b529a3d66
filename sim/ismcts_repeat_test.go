package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// market: a seat's turn opens a market where it may buy a good, sell
// one back, or close; the next seat's turn starts with a point for it.
// Judged as it stands (no playout), closing hands the other seat a
// point and buying or selling changes nothing, so the search prefers
// the market for ever: buy, sell, buy... back to the same positions.
const market = `package haven

game: {
	id: "race"
	name: "Market"
	players: {min: 2, max: 2}
	vars: round: 0
	playerVars: {cash: 2, goods: 0, points: 0, open: 0}
	flow: [{
		while: "get('round') < 6"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{do: "padd(p, 'points', 1)"},
			{do: "pset(p, 'open', 1)"},
			{while: "pget(p, 'open') == 1", max: 100000, loop: [
				{turn: {player: "p", actions: ["buy", "sell", "close"]}},
			]},
		]}]
	}, {end: "rounds"}]
	actions: {
		buy: {
			when: "no cash": "pget(me, 'cash') > 0"
			do: [{do: "padd(me, 'cash', -1)"}, {do: "padd(me, 'goods', 1)"}]
		}
		sell: {
			when: "no goods": "pget(me, 'goods') > 0"
			do: [{do: "padd(me, 'cash', 1)"}, {do: "padd(me, 'goods', -1)"}]
		}
		close: do: [{do: "pset(me, 'open', 0)"}]
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

// A search that values staying in its own turn above ending it would
// cycle through the same positions until the decision cap; remembering
// the moves chosen at each position it comes back to, ismcts leaves by
// the move it has not tried there, and the game ends by its rule.
func TestISMCTSLeavesACycle(t *testing.T) {
	g := compileRace(t, market)
	bot := NewISMCTS(g, 1, ISMCTSOptions{Iterations: 30, Depth: -1})
	out, err := Play(g, 2, 1, bot, 2000)
	if err != nil {
		t.Fatal(err)
	}
	// 12 turns; a turn comes back to each of its three positions (cash
	// 2, 1, 0) at most once for each of their moves.
	if out.Capped || !out.State.Finished || out.Decisions > 12*3*3 {
		t.Errorf("finished %v, capped %v after %d decisions, want the rule's end within %d", out.State.Finished, out.Capped, out.Decisions, 12*3*3)
	}
}

// The learned bot keeps the same memory: a model that values staying
// in the market would cycle until the cap, and the bot leaves once the
// moves it chose at a position it comes back to are worth less than
// closing.
func TestLearnedLeavesACycle(t *testing.T) {
	g := compileRace(t, market)
	m := (&Model{Names: []string{"mine:open"}, Mean: []float64{0}, Scale: []float64{1}, Weights: []float64{1}}).copyFor(g)
	out, err := Play(g, 2, 1, Learned(g, 1, m, 0), 2000)
	require.NoError(t, err)
	assert.True(t, out.State.Finished && !out.Capped, "finished %v, capped %v after %d decisions", out.State.Finished, out.Capped, out.Decisions)
}

// A position is what the seat sees and may do: buying and selling back
// returns the market to the position it left (the same hash), and a
// position differs from the one after a buy (cash and goods changed).
func TestPositionOfComesBack(t *testing.T) {
	g := compileRace(t, market)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	position := func() uint64 { return positionAt(t, g, st) }
	start := position()
	require.NoError(t, g.Apply(st, "buy"))
	bought := position()
	require.NoError(t, g.Apply(st, "sell"))
	assert.NotEqual(t, start, bought, "a buy moves cash and goods")
	assert.Equal(t, start, position(), "sold back: the position the market left")
}
