package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// chooser is a small game: on his turn a player picks how many coins to
// take with a choice in the middle of the action, and may at any of his
// own decisions, that choice included, play the free action "bonus".
const chooser = `package haven

game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 2}
	vars: active: 0
	playerVars: {coins: 0, bonus: 0}
	free: [{actions: ["bonus"], when: "me == get('active')"}]
	flow: [{each: "seats(0)", as: "p", loop: [
		{do: "set('active', p)"},
		{turn: {player: "p", actions: ["take"]}},
	]}]
	actions: {
		take: do: [
			{choose: {id: "n", options: "[1, 2]", as: "n", player: "1 - me"}},
			{choose: {id: "m", options: "[1, 2]", as: "m"}},
			{do: "padd(me, 'coins', n + m)"},
		]
		bonus: {
			when: "one bonus a game": "pget(me, 'bonus') == 0"
			do: [{do: "pset(me, 'bonus', 1); padd(me, 'coins', 10)"}]
		}
	}
	scoring: {score: "pget(me, 'coins')", tiebreak: []}
}
`

func TestFreeActionAtAnyDecision(t *testing.T) {
	g, err := compileSrc(t, chooser)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, _ := g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take"}, {Player: 0, Text: "bonus"}}, moves)
	require.NoError(t, g.Apply(st, "take"))

	// The other player answers n: the free action is not his.
	moves, _ = g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 1, Text: "n 1"}, {Player: 1, Text: "n 2"}}, moves)
	err = g.Apply(st, "bonus")
	assert.EqualError(t, err, `illegal move "bonus": player 1 must answer n: n VALUE`)
	require.NoError(t, g.Apply(st, "n 2"))

	// In the middle of his own action's choice, the active player plays it;
	// the same choice is asked again afterwards.
	moves, _ = g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "m 1"}, {Player: 0, Text: "m 2"}, {Player: 0, Text: "bonus"}}, moves)
	require.NoError(t, g.Apply(st, "bonus"))
	assert.Equal(t, 10, st.PlayerVar(0, "coins"))
	moves, _ = g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "m 1"}, {Player: 0, Text: "m 2"}}, moves, "its own condition still holds")
	err = g.Apply(st, "bonus")
	assert.EqualError(t, err, `illegal move "bonus": one bonus a game`)
	require.NoError(t, g.Apply(st, "m 1"))
	assert.Equal(t, 13, st.PlayerVar(0, "coins"))
}

// A list param takes a list as one word; the declared types of params
// and of a call's arguments are checked at load.
func TestListParamAndTypes(t *testing.T) {
	src := replaceOnce(t, tiny, `params: n: {type: "int", from: "[1, 2]"}`,
		`params: n: {type: "list", from: "[[1], [1, 1]]"}`)
	src = replaceOnce(t, src, `"n == 1 || pget(me, 'coins') == 0"`, `"len(n) == 1 || pget(me, 'coins') == 0"`)
	src = replaceOnce(t, src, `"padd(me, 'coins', n)"`, `"padd(me, 'coins', sum(n))"`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, _ := g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take [1]"}, {Player: 0, Text: "take [1,1]"}, {Player: 0, Text: "pass"}}, moves)
	require.NoError(t, g.Apply(st, "take [1,1]"))
	assert.Equal(t, 2, st.PlayerVar(0, "coins"))

	_, err = compileSrc(t, replaceOnce(t, tiny, `{type: "int", from: "[1, 2]"}`, `{type: "string", from: "seats(0)"}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tiny/game.cue:17:38: take.n: a candidate is a int, but the param is declared "string"`)

	g, err = compileSrc(t, replaceOnce(t, tiny, `from: "[1, 2]"`, `from: "[1, 'b']"`))
	require.NoError(t, err, "the element type of a literal list is known only when it runs")
	st, err = g.New(2, 1)
	require.NoError(t, err)
	_, err = g.Legal(st)
	assert.EqualError(t, err, `tiny/game.cue:17:35: take.n: candidate b is not of the declared type "int"`)
}

// An action offered by a turn reads the locals of the offering frame it
// declares in `sees`.
func TestActionSeesOfferingFrame(t *testing.T) {
	src := replaceOnce(t, tiny, `{turn: {player: "p", actions: ["take", "pass"]}}`,
		`{let: "left", be: "p == 0 ? 1 : 2"}, {turn: {player: "p", actions: ["take", "pass"]}}`)
	src = replaceOnce(t, src, `take: {`, `take: {
			sees: ["left"]`)
	src = replaceOnce(t, src, `from: "[1, 2]"`, `from: "1..left"`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, _ := g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take 1"}, {Player: 0, Text: "pass"}}, moves)
	err = g.Apply(st, "take 2")
	assert.EqualError(t, err, `illegal move "take 2": take n: 2 is not one of 1`)
	require.NoError(t, g.Apply(st, "take 1"))
	moves, _ = g.Legal(st)
	assert.Equal(t, []interpreter.Move{{Player: 1, Text: "take 1"}, {Player: 1, Text: "take 2"}, {Player: 1, Text: "pass"}}, moves)
}

// A free action the turn offers itself is listed once, among the turn's
// actions; the rule's others follow in their order, and all of them at a
// choice.
func TestFreeActionOfferedByTheTurn(t *testing.T) {
	src := replaceOnce(t, chooser, `free: [{actions: ["bonus"]`, `free: [{actions: ["gift", "bonus", "tip"]`)
	src = replaceOnce(t, src, `actions: ["take"]`, `actions: ["take", "bonus"]`)
	src = replaceOnce(t, src, `bonus: {`, `gift: do: [{do: "padd(me, 'coins', 1)"}]
		tip: do: [{do: "padd(me, 'coins', 2)"}]
		bonus: {`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, err := g.Legal(st)
	require.NoError(t, err)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "take"}, {Player: 0, Text: "bonus"}, {Player: 0, Text: "gift"}, {Player: 0, Text: "tip"}}, moves)
	require.NoError(t, g.Apply(st, "take"))
	require.NoError(t, g.Apply(st, "n 1"))
	moves, err = g.Legal(st)
	require.NoError(t, err)
	assert.Equal(t, []interpreter.Move{{Player: 0, Text: "m 1"}, {Player: 0, Text: "m 2"}, {Player: 0, Text: "gift"}, {Player: 0, Text: "bonus"}, {Player: 0, Text: "tip"}}, moves)
}
