package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gift: on its turn a player keeps its point, or lays it on the table
// for the other player, who accepts it, or declines it back with a
// point more. While the point lies on the table the score counts it
// twice for both: a state no reply leaves behind.
const gift = `package haven

game: {
	id: "race"
	name: "Gift"
	players: {min: 2, max: 2}
	vars: {round: 0, table: 0}
	playerVars: points: 1
	cap: {var: "round", max: 3}
	flow: [{
		while: "get('round') < 3"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{turn: {player: "p", actions: ["keep", "offer"]}},
		]}]
	}]
	actions: {
		keep: do: [{do: "padd(me, 'points', 0)"}]
		offer: do: [
			{do: "padd(me, 'points', -1); set('table', 1)"},
			{choose: {id: "answer", player: "seat(me, 1)", options: "['accept', 'decline']", as: "a"}},
			{do: "set('table', 0)"},
			{if: "a == 'accept'", then: [{do: "padd(seat(me, 1), 'points', 1)"}], else: [{do: "padd(me, 'points', 2)"}]},
		]
	}
	scoring: {score: "pget(me, 'points') + 2 * get('table')", tiebreak: [], show: {}}
}
`

// Judged as it stands, a point on the table is worth more than a point
// kept; the bot makes the other seat's reply first, as that seat values
// it (it accepts a gift rather than pay a point more), and keeps its
// point.
func TestLearnedSettlesTheReply(t *testing.T) {
	g := compileRace(t, gift)
	m := scoreModel(t, g)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	legal, err := g.Legal(st)
	require.NoError(t, err)
	b := newLearned(g, 1, m.copyFor(g))
	mv, err := Decide(g, st, b, legal)
	require.NoError(t, err)
	assert.Equal(t, "keep", mv.Text, "of %v", legal)
	// The seat asked accepts the gift: its points after it count.
	require.NoError(t, g.Apply(st, "offer"))
	legal, err = g.Legal(st)
	require.NoError(t, err)
	mv, err = Decide(g, st, b, legal)
	require.NoError(t, err)
	assert.Equal(t, "answer accept", mv.Text, "of %v", legal)
}
