package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// cards is a small game for the constructs cards add rules with: a deck
// of three card types, one player zone in force, a board with costed
// edges, a watch, a function and a choice of several.
const cards = `package haven

game: {
	id: "tiny"
	name: "Cards"
	players: {min: 2, max: 2}
	params: {}
	vars: {fired: 0, aliased: 0, price: 0}
	playerVars: {cash: 0}
	nodeVars: till: 5
	pieceStrs: came: "none"
	pieces: ship: perPlayer: "1"
	zones: deck: {}
	playerZones: {
		tech: {active: true}
		hand: {}
	}
	cards: {
		cheap: {name: "Cheap", kind: "tech", count: 2
			mods: half: {target: "fee", be: "value / 2", stack: false}
		}
		free: {name: "Free", kind: "tech"
			mods: fee: {target: "fee", be: "0"}
		}
		bonus: {name: "Bonus", kind: "tech", count: 2
			mods: pay: {target: "pay", be: "value + 10"}
			triggers: paid: {on: "paid", when: "event.to != me", do: [{do: "padd(me, 'cash', 1)"}]}
		}
	}
	boards: map: {
		nodes: {a: {kind: "port"}, b: {kind: "port", num: cost: -1}, c: {kind: "space"}, d: {kind: "port"}}
		edges: [
			{from: "a", to: "b", directed: false},
			{from: "b", to: "c", directed: false},
			{from: "c", to: "d", directed: false, num: cost: 2},
			// A sea edge: closed to walks by cost, one step by sea.
			{from: "a", to: "d", directed: false, num: {cost: -1, sea: 1}},
		]
	}
	functions: fee: {params: {p: "int", base: "int"}, returns: "int", be: "modified('fee', p, base)"}
	watches: rich: {when: "pget(0, 'cash') >= 3", do: [{do: "add('fired', 1)"}]}
	setup: [
		{let: "all", be: "zone('box')"},
		{do: "moveCard(all[0], 'box', 'deck')"},
		{if: "all[0] != 'cheap#1' || len(all) != 5", then: [{do: "set('aliased', 1)"}]},
	]
	flow: [{while: "true", loop: [
		{turn: {player: "0", actions: ["pick", "pay", "gain", "build", "calc", "ask"]}},
	]}]
	effects: {
		double: {
			params: n: "int"
			returns: "int"
			do: [{if: "n > 2", then: [{return: "n * 2"}]}, {return: "n"}]
		}
		tens: {
			returns: "int"
			do: [
				{choose: {id: "num", options: "[1, 2]", as: "x"}},
				{return: "x * 10"},
				{do: "set('price', -1)"},
			]
		}
	}
	actions: {
		pick: do: [
			{choose: {id: "cards", options: "zone('box')", min: "1", max: "2", as: "got"}},
			{each: "got", as: "c", loop: [{do: "moveCard(c, 'box', pz('tech', me))"}]},
		]
		pay: do: [
			{do: "set('price', fee(me, 40))"},
			{emit: "paid", with: to: "me"},
		]
		gain: do: [{do: "padd(0, 'cash', 1)"}]
		calc: do: [
			{call: "double", with: n: "3", as: "a"},
			{call: "double", with: n: "1", as: "b"},
			{do: "set('price', a * 100 + b)"},
		]
		ask: do: [{call: "tens", as: "r"}, {do: "set('price', r + 1)"}]
		build: do: [
			{let: "id", be: "newPiece('ship', me)"},
			{do: "place(id, 'a') && qsetstr(id, 'came', 'b') && nadd('a', 'till', 10)"},
		]
	}
	scoring: {score: "0", tiebreak: []}
}
`

func newCards(t *testing.T) (*interpreter.Game, *interpreter.State) {
	t.Helper()
	g, err := compileSrc(t, cards)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	return g, st
}

// eval runs a pure expression against a state, through a scenario-style
// patch: the definition's own library reads it.
func value(t *testing.T, g *interpreter.Game, st *interpreter.State, src string) any {
	t.Helper()
	e, err := g.CompileExpr(src, diag.Pos{})
	require.NoError(t, err)
	v, err := g.Eval(st, e)
	require.NoError(t, err)
	return v
}

// A local bound to a zone's list keeps what it held when the zone
// changes: moveCard builds a new list instead of deleting in place.
func TestZoneListIsACopy(t *testing.T) {
	_, st := newCards(t)
	assert.Equal(t, 0, st.Var("aliased"))
}

func TestChooseSeveral(t *testing.T) {
	g, st := newCards(t)
	require.NoError(t, g.Apply(st, "pick"))
	moves, err := g.Legal(st)
	require.NoError(t, err)
	// 4 cards in the box: 4 sets of one, 6 of two.
	assert.Len(t, moves, 10)
	assert.Equal(t, "cards bonus#1", moves[2].Text)
	err = g.Apply(st, "cards")
	assert.EqualError(t, err, `illegal move "cards": choose from 1 to 2 of cheap#2, free, bonus#1, bonus#2, not 0`)
	err = g.Apply(st, "cards free free")
	assert.EqualError(t, err, `illegal move "cards free free": free is chosen more times than it is offered`)
	err = g.Apply(st, "cards free cheap#2 bonus#1")
	assert.Error(t, err)
	require.NoError(t, g.Apply(st, "cards free cheap#2"))
	assert.Equal(t, []string{"cheap#2", "free"}, zoneOf(st, "tech/0"))
}

func TestModifiersStackOrNot(t *testing.T) {
	g, st := newCards(t)
	assert.Equal(t, 40, value(t, g, st, "fee(0, 40)"))
	runtime.SetZone(st, "tech/0", []string{"cheap#2"})
	runtime.SetZone(st, "deck", []string{"cheap#1"})
	assert.Equal(t, 20, value(t, g, st, "fee(0, 40)"))
	// A second copy of a card that does not stack changes nothing.
	runtime.SetZone(st, "tech/0", []string{"cheap#1", "cheap#2"})
	assert.Equal(t, 20, value(t, g, st, "fee(0, 40)"))
	// Bonus stacks: two copies add 10 twice.
	runtime.SetZone(st, "tech/1", []string{"bonus#1", "bonus#2"})
	assert.Equal(t, 21, value(t, g, st, "modified('pay', 1, 1)"))
	assert.Equal(t, true, value(t, g, st, "owns(1, 'bonus') && !owns(0, 'bonus')"))
	// Cards in a zone that is not active are not in force.
	runtime.SetZone(st, "tech/1", nil)
	runtime.SetZone(st, "hand/1", []string{"bonus#1"})
	assert.Equal(t, 1, value(t, g, st, "modified('pay', 1, 1)"))
}

func TestCardTriggersAndWatches(t *testing.T) {
	g, st := newCards(t)
	runtime.SetZone(st, "box", []string{"cheap#2", "free"})
	runtime.SetZone(st, "tech/1", []string{"bonus#1", "bonus#2"})
	require.NoError(t, g.Apply(st, "pay"))
	assert.Equal(t, 40, st.Var("price"))
	// Each bonus card of player 1 fires when player 0 is paid.
	assert.Equal(t, 2, st.PlayerVar(1, "cash"))
	runtime.SetZone(st, "tech/0", []string{"bonus#1"})
	runtime.SetZone(st, "tech/1", []string{"bonus#2"})
	require.NoError(t, g.Apply(st, "pay"))
	assert.Equal(t, 0, st.PlayerVar(0, "cash"))
	assert.Equal(t, 3, st.PlayerVar(1, "cash"))

	// The watch fires once when player 0 reaches 3, not again while it holds.
	for range 3 {
		require.NoError(t, g.Apply(st, "gain"))
	}
	assert.Equal(t, 1, st.Var("fired"))
	require.NoError(t, g.Apply(st, "gain"))
	assert.Equal(t, 1, st.Var("fired"))
	assert.Equal(t, []string{"rich"}, st.Fired)
}

func TestNewPieceNodeVarsPieceStrings(t *testing.T) {
	g, st := newCards(t)
	assert.Equal(t, 5, value(t, g, st, "nget('a', 'till')"))
	held := value(t, g, st, "len(pieces())")
	require.NoError(t, g.Apply(st, "build"))
	assert.Equal(t, 2, held)
	assert.Equal(t, 15, value(t, g, st, "nget('a', 'till')"))
	assert.Equal(t, "ship-0-2", value(t, g, st, "at('a')[0].id"))
	assert.Equal(t, "b", value(t, g, st, "qstr('ship-0-2', 'came')"))
	assert.Equal(t, "none", value(t, g, st, "qstr('ship-0-1', 'came')"))

	// All of it survives JSON and Clone.
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var back interpreter.State
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, 15, value(t, g, &back, "nget('a', 'till')"))
	c := st.Clone()
	require.NoError(t, g.Apply(st, "build"))
	assert.Equal(t, 15, value(t, g, c, "nget('a', 'till')"))
	assert.Equal(t, 3, value(t, g, c, "len(pieces())"))
}

func TestCostWalks(t *testing.T) {
	g, st := newCards(t)
	// a-b costs 1, b-c 1 and c-d 2; passing b refunds 1, as a port
	// costs a step to enter or leave but none to pass.
	assert.Equal(t, []any{[]string{"b"}, []string{"b", "c"}}, toAny(value(t, g, st, "costWalks('a', 2, 'cost')")))
	assert.Equal(t, 3, value(t, g, st, "pathCost('a', ['b', 'c', 'd'], 'cost')"))
	assert.Equal(t, 1, value(t, g, st, "pathCost('c', ['b'], 'cost')"))
	assert.Equal(t, 1, value(t, g, st, "pathCost('a', ['b', 'c'], 'cost')"))
	assert.Equal(t, -1, value(t, g, st, "pathCost('a', ['c'], 'cost')"))
	assert.Equal(t, 3, value(t, g, st, "len(costWalks('a', 3, 'cost'))"))
	assert.Equal(t, 2, value(t, g, st, "len(costWalks('c', 1, 'cost'))")) // b, and a through b
	assert.Equal(t, 3, value(t, g, st, "len(costWalks('c', 2, 'cost'))"))
	// A negative cost closes an edge to that key only.
	assert.Equal(t, -1, value(t, g, st, "pathCost('a', ['d'], 'cost')"))
	assert.Equal(t, 1, value(t, g, st, "pathCost('a', ['d'], 'sea')"))
	assert.Equal(t, false, value(t, g, st, "any(costWalks('a', 9, 'cost'), #[0] == 'd')"))
	assert.Equal(t, []any{[]string{"b"}, []string{"d"}}, toAny(value(t, g, st, "costWalks('a', 1, 'sea')")))
}

func toAny(v any) []any {
	var out []any
	for _, x := range v.([][]string) {
		out = append(out, x)
	}
	return out
}

func TestRuleErrors(t *testing.T) {
	for _, tc := range []struct{ from, to, want string }{
		{`"nget('a', 'till')"`, `"nget('a', 'tll')"`, ""},
		{`nadd('a', 'till', 10)`, `nadd('a', 'tll', 10)`, `nadd: unknown node var "tll" (did you mean "till"?)`},
		{`qsetstr(id, 'came', 'b')`, `qsetstr(id, 'cme', 'b')`, `qsetstr: unknown piece string var "cme" (did you mean "came"?)`},
		{`newPiece('ship', me)`, `newPiece('shp', me)`, `newPiece: unknown kind of piece "shp" (did you mean "ship"?)`},
		{`tech: {active: true}`, `tech: {}`, `card "cheap" has mods or triggers but no player zone is active`},
		{`min: "1", max: "2",`, `min: "1",`, `a choice of several needs both min and max`},
		{`"value / 2"`, `"value / 'x'"`, `invalid operation`},
	} {
		if tc.want == "" {
			continue
		}
		_, err := compileSrc(t, replaceOnce(t, cards, tc.from, tc.to))
		require.Error(t, err, tc.to)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// An effect gives a value back with return; the caller binds it with as,
// also when the effect paused for a choice and the game was saved.
func TestEffectReturns(t *testing.T) {
	g, st := newCards(t)
	require.NoError(t, g.Apply(st, "calc"))
	assert.Equal(t, 601, st.Var("price"))

	require.NoError(t, g.Apply(st, "ask"))
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var back interpreter.State
	require.NoError(t, json.Unmarshal(b, &back))
	require.NoError(t, g.Apply(&back, "num 2"))
	assert.Equal(t, 21, back.Var("price"))
}
