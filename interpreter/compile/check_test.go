package compile_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deck is a small game with every kind of name a designer types: cards
// of two kinds, zones, a board, pieces, a group of actions, an event.
const deck = `package haven

game: {
	id: "tiny"
	name: "Deck"
	players: {min: 2, max: 3}
	params: hand: *2 | int
	vars: round: 0
	zones: {pile: visibility: "hidden", discard: {}}
	playerZones: hand: visibility: "owner"
	cards: {
		bread: {name: "Bread", kind: "product", count: 2}
		cheese: {name: "Cheese", kind: "product"}
		gale: {name: "Gale", kind: "weather"}
	}
	pieces: ship: perPlayer: "1"
	boards: sea: {
		nodes: {port: {kind: "harbour"}, bay: {kind: "water"}}
		edges: [{from: "port", to: "bay"}]
	}
	setup: [{do: "shuffle('pile')"}]
	flow: [{while: "get('round') < 3", loop: [
		{do: "add('round', 1)"},
		{emit: "dawn"},
		{each: "seats(0)", as: "p", loop: [{turn: {player: "p", actions: ["draw", "cards"]}}]},
	]}]
	actions: {
		draw: {do: [{do: "draw('pile', pz('hand', me))"}]}
		gale: {
			group: "cards"
			when: {
				"you hold a gale":       "any(pzone('hand', me), card(#).def == 'gale')"
				"no ship is in harbour": "all(pieces(), .at == '' || node(.at).kind != 'harbour')"
			}
			do: [{do: "place('ship-0-1', 'bay')"}]
		}
		calm: {group: "cards", do: []}
	}
	triggers: [{on: "dawn", do: [{do: "note('dawn')"}]}]
	scoring: {score: "len(filter(pzone('hand', me), card(#).kind == 'product'))", tiebreak: []}
}
`

// TestTypos checks each class of misspelt name: the error names the
// closest declared name, at the line and column of the typo.
func TestTypos(t *testing.T) {
	_, err := compileSrc(t, deck)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"var", `get('round') < 3`, `get('rond') < 3`,
			`tiny/game.cue:22:22: get: unknown var "rond" (did you mean "round"?)`},
		{"zone", `shuffle('pile')`, `shuffle('piel')`,
			`tiny/game.cue:21:24: shuffle: unknown zone "piel" (did you mean "pile"?)`},
		{"player zone", `pz('hand', me)`, `pz('hadn', me)`,
			`tiny/game.cue:28:37: pz: unknown player zone "hadn" (did you mean "hand"?)`},
		{"card in a comparison", `card(#).def == 'gale'`, `card(#).def == 'gael'`,
			`tiny/game.cue:32:69: unknown card "gael" (did you mean "gale"?)`},
		{"card kind in a comparison", `card(#).kind == 'product'`, `card(#).kind == 'prodcut'`,
			`tiny/game.cue:40:66: unknown card kind "prodcut" (did you mean "product"?)`},
		{"node kind in a comparison", `node(.at).kind != 'harbour'`, `node(.at).kind != 'habrour'`,
			`tiny/game.cue:33:76: unknown node kind "habrour" (did you mean "harbour"?)`},
		{"node of a piece in a comparison", `.at == '' ||`, `.at == 'by' ||`,
			`tiny/game.cue:33:52: unknown node "by" (did you mean "bay"?)`},
		{"piece", `place('ship-0-1', 'bay')`, `place('shp-0-1', 'bay')`,
			`tiny/game.cue:35:21: place: unknown piece "shp-0-1" (did you mean "ship-0-1"?)`},
		{"node", `place('ship-0-1', 'bay')`, `place('ship-0-1', 'bya')`,
			`tiny/game.cue:35:33: place: unknown node "bya" (did you mean "bay"?)`},
		{"node in an edge", `{from: "port", to: "bay"}`, `{from: "port", to: "bey"}`,
			`tiny/game.cue:19:30: edge port→bey: unknown node "bey" (did you mean "bay"?)`},
		{"action in a turn", `actions: ["draw", "cards"]`, `actions: ["drow", "cards"]`,
			`tiny/game.cue:25:69: turn: unknown action or group of actions "drow" (did you mean "draw"?)`},
		{"group in a turn", `actions: ["draw", "cards"]`, `actions: ["draw", "crads"]`,
			`tiny/game.cue:25:77: turn: unknown action or group of actions "crads" (did you mean "cards"?)`},
		{"group of an action", `group: "cards"`, `group: "card"`,
			`tiny/game.cue:30:11: action "gale": no turn offers group "card" (did you mean "cards"?)`},
		{"event of a trigger", `on: "dawn"`, `on: "down"`,
			`tiny/game.cue:39:18: trigger: unknown event (no emit step raises it) "down" (did you mean "dawn"?)`},
		{"kind of a card", `kind: "weather"}`, `kind: "produc"}`,
			`tiny/game.cue:14:30: card "gale": kind "produc" is named nowhere else (did you mean "product"?)`},
		{"effect nobody calls", `triggers: [{on: "dawn", do: [{do: "note('dawn')"}]}]`, `triggers: [{on: "dawn", do: [{call: "gust"}]}]
	effects: {gust: {do: []}, gsut: {do: []}}`,
			`tiny/game.cue:40:28: effect "gsut": no step calls it (did you mean "gust"?)`},
		{"param in an expression", `get('round') < 3`, `get('round') < params.hnad`,
			"tiny/game.cue:22:40: unknown field hnad (did you mean \"hand\"?)\n\t| get('round') < params.hnad\n\t| ......................^"},
		{"field of a card", `card(#).def == 'gale'`, `card(#).dfe == 'gale'`,
			"tiny/game.cue:32:62: a card has no field dfe (did you mean \"def\"?)"},
		{"field of a piece", `card(#).def == 'gale'`, `len(filter(pieces(), .kynd == 'x')) == 0`,
			"tiny/game.cue:32:76: a piece has no field kynd (did you mean \"kind\"?)"},
		{"type of a card", `card(#).def == 'gale'`, `card(#) == 1`,
			"tiny/game.cue:32:62: invalid operation: == (mismatched types card and int)"},
		{"name in scope", `get('round') < 3`, `get('round') < numPlayrs`,
			"tiny/game.cue:22:33: unknown name numPlayrs (did you mean \"numPlayers\"?)"},
		{"refill zone", `discard: {}`, `discard: {}, deck: refill: "discrad"`,
			`tiny/game.cue:9:65: refill: unknown zone "discrad" (did you mean "discard"?)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileSrc(t, replaceOnce(t, deck, tc.from, tc.to))
			require.Error(t, err)
			// The first error, with expr's caret snippet when the want has it.
			got := err.Error()
			n := strings.Count(tc.want, "\n")
			lines := strings.SplitN(got, "\n", n+2)
			got = strings.Join(lines[:min(n+1, len(lines))], "\n")
			assert.Equal(t, tc.want, got)
		})
	}
}

// An expression the translator does not cover is refused at load, at
// the construct: Haven has no second evaluator to run it on.
func TestUnsupportedConstruct(t *testing.T) {
	src := strings.Replace(deck, `get('round') < 3`, `get('round') < len(groupBy(1..3, #))`, 1)
	_, err := compileSrc(t, src)
	assert.EqualError(t, err, `tiny/game.cue:22:37: groupBy() is not supported in Haven's expressions: its map is keyed by values of any type, which a state cannot hold; filter the list by each key instead`)
}
