package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// harbours: two home ports at either end of two squares of water, each
// named by its number; seat 0's ship lies a square from its home with a
// silk the home lacks, seat 1's in its home port, a square from silk
// adrift. Seat 0 holds an order
// worth 7 to be delivered at the far port. The scoring shows the home's
// number.
const harbours = `package haven

game: {
	id: "race"
	name: "Harbours"
	players: {min: 2, max: 2}
	playerVars: home: 0
	goods: silk: count: 2
	cards: order: {name: "Order", kind: "order", str: to: "h2", num: value: 7}
	playerZones: orders: visibility: "owner"
	pieces: ship: perPlayer: "1"
	boards: sea: {
		nodes: {h1: {kind: "port", num: nr: 1}, w1: {kind: "water"}, w2: {kind: "water"}, h2: {kind: "port", num: nr: 2}}
		edges: [{from: "h1", to: "w1", directed: false}, {from: "w1", to: "w2", directed: false}, {from: "w2", to: "h2", directed: false}]
	}
	setup: [
		{do: "pset(0, 'home', node('h1').num.nr); pset(1, 'home', node('h2').num.nr)"},
		{do: "place(pieces()[0].id, 'w1'); place(pieces()[1].id, 'h2')"},
		{do: "transfer('silk', 'supply', pieces()[0].id)"},
		{do: "moveCard('order', 'box', pz('orders', 0))"},
		{do: "transfer('silk', 'supply', 'w2')"},
	]
	flow: [{turn: {player: "0", actions: ["wait"]}}, {end: "done"}]
	actions: wait: do: []
	scoring: {score: "0", tiebreak: [], show: {number: "pget(me, 'home')"}}
}
`

// A seat's features tie its home port to the counter that names it:
// how near its ship is, the cargo it carries that home lacks and how
// close it is, on a straight scale (1 at the port, 0 as far as two
// nodes lie: three squares here); the nearness of its pieces to each
// kind of node; what its own cards are worth and how close its ship is
// to the node a card names; the scoring's figures, its own against the
// other seat's.
func TestLearnedBoardFeatures(t *testing.T) {
	x := startFeatures(t, harbours)
	link := "link:home→port.nr"
	assert.Equal(t, 0.5, x["mine:"+link+":near"], "ship one square from home")
	assert.Equal(t, 1.0, x["other:"+link+":near"], "the other's ship at its home")
	assert.Equal(t, 1.0, x["mine:"+link+":carry-new"])
	assert.InDelta(t, 2.0/3, x["mine:"+link+":carry-new-close"], 1e-9, "a square of three from home")
	assert.InDelta(t, 2.0/3, x["mine:"+link+":close"], 1e-9)
	assert.Equal(t, 1.0, x["other:"+link+":close"])
	assert.Equal(t, 0.0, x["other:"+link+":carry-new"])
	assert.Equal(t, 0.0, x["mine:"+link+":fetch-close"], "a ship bringing cargo fetches none")
	assert.InDelta(t, 2.0/3, x["other:"+link+":fetch-close"], 1e-9, "an empty ship a square from silk its home lacks")
	assert.Equal(t, 7.0, x["cardnum:orders/mine:value"])
	assert.InDelta(t, 1.0/3, x["cardnode:orders/mine:to:close"], 1e-9, "two squares of three from the order's port")
	assert.NotContains(t, x, "cardnum:orders/other:value", "another seat's cards are not read")
	assert.Equal(t, 0.5, x["mine:near:ship→port"])
	assert.Equal(t, 1.0, x["mine:near:ship→water"])
	assert.Equal(t, 1.0, x["show:number:mine"])
	assert.Equal(t, 2.0, x["show:number:other"])
	assert.Equal(t, -1.0, x["show:number:lead"])
}

// fleets: as harbours, but each seat has two ships: seat 0's both carry
// silk, which its home lacks, one a square from home, the other two;
// seat 1's carry wool, which its home holds already, and nothing.
const fleets = `package haven

game: {
	id: "race"
	name: "Fleets"
	players: {min: 2, max: 2}
	playerVars: home: 0
	goods: {silk: count: 2, wool: count: 2}
	pieces: ship: perPlayer: "2"
	boards: sea: {
		nodes: {h1: {kind: "port", num: nr: 1}, w1: {kind: "water"}, w2: {kind: "water"}, h2: {kind: "port", num: nr: 2}}
		edges: [{from: "h1", to: "w1", directed: false}, {from: "w1", to: "w2", directed: false}, {from: "w2", to: "h2", directed: false}]
	}
	setup: [
		{do: "pset(0, 'home', node('h1').num.nr); pset(1, 'home', node('h2').num.nr)"},
		{let: "mine", be: "map(filter(pieces(), .owner == 0), .id)"},
		{let: "theirs", be: "map(filter(pieces(), .owner == 1), .id)"},
		{do: "place(mine[0], 'w1'); place(mine[1], 'w2'); place(theirs[0], 'h2'); place(theirs[1], 'h2')"},
		{do: "transfer('silk', 'supply', mine[0]); transfer('silk', 'supply', mine[1])"},
		{do: "transfer('wool', 'supply', 'h2'); transfer('wool', 'supply', theirs[0])"},
	]
	flow: [{turn: {player: "0", actions: ["wait"]}}, {end: "done"}]
	actions: wait: do: []
	scoring: {score: "0", tiebreak: []}
}
`

// A good its home lacks counts once however many of a seat's pieces
// carry it, as close as the closest of them: one of them bringing it
// home leaves the other bringing nothing. A good its home holds already
// counts apart (carry-held). Which node a counter names is a feature of
// its own: a model values each home port, rather than one linear in
// the ports' numbers.
func TestLearnedLinkCountsGoodsOnce(t *testing.T) {
	x := startFeatures(t, fleets)
	link := "link:home→port.nr"
	assert.Equal(t, 1.0, x["mine:"+link+":carry-new"], "two ships, one silk home lacks")
	assert.InDelta(t, 2.0/3, x["mine:"+link+":carry-new-close"], 1e-9, "the closer ship, a square of three from home")
	assert.Equal(t, 0.0, x["mine:"+link+":carry-held"])
	assert.Equal(t, 0.0, x["other:"+link+":carry-new"])
	assert.Equal(t, 1.0, x["other:"+link+":carry-held"], "wool its home holds")
	assert.Equal(t, 1.0, x["mine:"+link+"=h1"])
	assert.Equal(t, 1.0, x["other:"+link+"=h2"])
	assert.NotContains(t, x, "mine:"+link+"=h2")
	assert.NotContains(t, x, "other:"+link+"=h1")
}

// startFeatures is seat 0's features, by name, at the start of a game of
// two players of src from seed 1.
func startFeatures(t *testing.T, src string) features {
	t.Helper()
	g := compileRace(t, src)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	obs, err := g.Observe(st, 0)
	require.NoError(t, err)
	set := newFeatureSet(g)
	vec, err := set.extract(obs, st, 0)
	require.NoError(t, err)
	return asMap(set, vec)
}

// ledger: as harbours, but each seat also keeps cash, set to a number
// that equals a port's (h2's 2, h1's 1) without the definition saying
// it names a port, and a var `berth` the definition adds a port's
// number to rather than sets.
const ledger = `package haven

game: {
	id: "race"
	name: "Ledger"
	players: {min: 2, max: 2}
	playerVars: {home: 0, cash: 0, berth: 0}
	pieces: ship: perPlayer: "1"
	boards: sea: {
		nodes: {h1: {kind: "port", num: nr: 1}, w1: {kind: "water"}, h2: {kind: "port", num: nr: 2}}
		edges: [{from: "h1", to: "w1", directed: false}, {from: "w1", to: "h2", directed: false}]
	}
	setup: [
		{do: "pset(0, 'home', node('h1').num.nr); pset(1, 'home', node('h2').num.nr)"},
		{do: "pset(0, 'cash', 2); pset(1, 'cash', 1)"},
		{do: "padd(0, 'berth', node('h2').num.nr); padd(1, 'berth', node('h1').num.nr)"},
		{do: "place(pieces()[0].id, 'w1'); place(pieces()[1].id, 'h2')"},
	]
	flow: [{turn: {player: "0", actions: ["wait"]}}, {end: "done"}]
	actions: wait: do: []
	scoring: {score: "0", tiebreak: []}
}
`

// A counter links a seat to a node only where the definition sets it
// to a node's number field (home), not where its value merely equals
// one (cash) nor where the field is added to it (berth).
func TestLearnedLinksOnlyCountersSetFromANode(t *testing.T) {
	g := compileRace(t, ledger)
	assert.Equal(t, []string{"nr"}, g.PlayerVarNodeFields("home"))
	assert.Empty(t, g.PlayerVarNodeFields("cash"))
	assert.Empty(t, g.PlayerVarNodeFields("berth"))
	x := startFeatures(t, ledger)
	assert.Equal(t, 1.0, x["mine:link:home→port.nr=h1"])
	assert.Equal(t, 1.0, x["other:link:home→port.nr=h2"])
	assert.Equal(t, 0.5, x["mine:link:home→port.nr:near"])
	for name := range x {
		assert.NotContains(t, name, "link:cash", "cash only equals a port's number")
		assert.NotContains(t, name, "link:berth", "berth adds a port's number")
	}
	assert.Equal(t, 2.0, x["mine:cash"])
}
