package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
)

func apply(t *testing.T, g *interpreter.Game, st *interpreter.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		require.NoError(t, g.Apply(st, m), m)
	}
}

func patch(t *testing.T, g *interpreter.Game, st *interpreter.State, src string) {
	t.Helper()
	e, err := g.CompileExpr(src, diag.Pos{File: "patch"})
	require.NoError(t, err)
	_, err = g.Eval(st, e)
	require.NoError(t, err)
}

// Players see only what they may see: their own secret missions and hand,
// never the others' nor the order of a deck; a face-down trade only
// between the two traders.
func TestViews(t *testing.T) {
	g := compiled(t, "rotterdam")
	g.SetLog(true)
	st, err := g.New(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "moveCard('bread#1', 'products-vulcaanhaven', pz('products', 0)); moveCard('jam#1', 'products-merwehaven', pz('products', 1))")

	v, err := g.View(st, 0)
	require.NoError(t, err)
	assert.Len(t, v.Zones["missions/0"], 3, "own missions")
	assert.NotContains(t, v.Zones, "missions/1", "another player's missions")
	assert.Equal(t, 3, v.Hidden["missions/1"])
	assert.NotContains(t, v.Zones, "missions", "deck order")
	assert.Equal(t, 37, v.Hidden["missions"])
	assert.Equal(t, []string{"bread#1"}, v.Zones["products/0"])
	assert.NotContains(t, v.Zones, "products/1")
	assert.Contains(t, v.Zones, "done/1", "fulfilled missions are public")
	for _, e := range v.Log {
		if e.To == "missions/1" {
			assert.Equal(t, "?", e.Card, "a card dealt to another player is hidden in the log")
		}
		if e.To == "missions/0" {
			assert.NotEqual(t, "?", e.Card, "a card dealt to the viewer is shown")
		}
	}

	spectator, err := g.View(st, -1)
	require.NoError(t, err)
	assert.NotContains(t, spectator.Zones, "missions/0")

	// Phase 1 and 2, then player 0 offers player 1 a face-down trade.
	apply(t, g, st, "pass", "pass", "pass", "colour red", "colour red", "colour red")
	require.Equal(t, 5, st.Var("phase"))
	apply(t, g, st, "offer 1", "face hidden", "give bread#1")
	for seat, sees := range map[int]bool{0: true, 1: true, 2: false} {
		v, err := g.View(st, seat)
		require.NoError(t, err)
		if sees {
			assert.Equal(t, []string{"bread#1"}, v.Zones["offer"], "seat %d trades", seat)
		} else {
			assert.NotContains(t, v.Zones, "offer", "seat %d is not in the face-down trade", seat)
			assert.Equal(t, 1, v.Hidden["offer"])
		}
	}
}

// An open trade is seen by everyone.
func TestOpenTradeIsPublic(t *testing.T) {
	g := compiled(t, "rotterdam")
	st, err := g.New(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "moveCard('bread#1', 'products-vulcaanhaven', pz('products', 0))")
	apply(t, g, st, "pass", "pass", "pass", "colour red", "colour red", "colour red", "offer 1", "face open", "give bread#1")
	v, err := g.View(st, 2)
	require.NoError(t, err)
	assert.Equal(t, []string{"bread#1"}, v.Zones["offer"])
}

// A face-down trade stays hidden from a third player, even once he takes
// part in a later trade (regression: visibility was judged on the state at
// view time, when the parties of the trade had changed).
func TestFaceDownTradeStaysHidden(t *testing.T) {
	g := compiled(t, "rotterdam")
	g.SetLog(true)
	st, err := g.New(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "moveCard('bread#1', 'products-vulcaanhaven', pz('products', 0)); moveCard('jam#1', 'products-merwehaven', pz('products', 1))")
	apply(t, g, st, "pass", "pass", "pass", "colour red", "colour red", "colour red")
	apply(t, g, st, "offer 1", "face hidden", "give bread#1", "ask jam", "answer accept")
	require.Contains(t, zoneCards(st, "products/1"), "bread#1")
	apply(t, g, st, "offer 2", "face open", "give bread#1")
	require.Equal(t, 2, st.Pending.Player)
	v, err := g.View(st, 2)
	require.NoError(t, err)
	for _, e := range v.Log {
		if e.Card == "bread#1" {
			assert.Equal(t, "products/1", e.From, "seat 2 saw bread#1 go %s → %s", e.From, e.To)
		}
	}
}

// "Les joueurs choisissent de révéler quelles cartes Produit ils ont"
// (phase 5): shown cards are seen by all until phase 6.
func TestShowProducts(t *testing.T) {
	g := compiled(t, "rotterdam")
	st, err := g.New(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "moveCard('bread#1', 'products-vulcaanhaven', pz('products', 0))")
	apply(t, g, st, "pass", "pass", "pass", "colour red", "colour red", "colour red")
	seen := func() bool {
		v, err := g.View(st, 2)
		require.NoError(t, err)
		_, ok := v.Zones["products/0"]
		return ok
	}
	assert.False(t, seen())
	apply(t, g, st, "show-products")
	assert.True(t, seen())
	assert.Error(t, g.Apply(st, "show-products"), "already shown")
	apply(t, g, st, "stop-trading", "stop-trading", "stop-trading")
	require.Equal(t, 6, st.Var("phase"))
	assert.False(t, seen())
}

// zoneCards is the cards of a zone of a state.
func zoneCards(st *interpreter.State, ref string) []string {
	cards, _ := st.Zone(ref)
	return cards
}
