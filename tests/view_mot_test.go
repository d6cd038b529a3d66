package tests

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// A factory owner's product card is given face down: only he sees it, in
// his hand and in the log ("Die Produktkarte für den Fabrikbesitzer wird
// verdeckt übergeben!"), while the ship owner's card, the open top card,
// was seen by all.
func TestFactoryCardFaceDown(t *testing.T) {
	g := compiled(t, "masters-of-trade")
	g.SetLog(true)
	// The moves below were written for seed 1 dealt by one generator.
	st, err := g.NewOneStream(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "set('master', 0)")
	apply(t, g, st, "first-ship start1 grain", "first-ship start2 oil", "first-ship start3 grain")
	patch(t, g, st, "place('factory-2-1', 'botlek'); place('ship-1-1', 'botlek'); transfer('grain', 'ship-1-1', 'supply'); transfer('oil', 'supply', 'ship-1-1')")
	apply(t, g, st, "loader")
	drawn := zoneCards(st, "products/2")
	require.Len(t, drawn, 1)
	card := drawn[0]
	for seat := -1; seat < 3; seat++ {
		v, err := g.View(st, seat)
		require.NoError(t, err)
		if seat == 2 {
			assert.Equal(t, []string{card}, v.Zones["products/2"])
		} else {
			assert.NotContains(t, v.Zones, "products/2", "seat %d", seat)
			b, _ := json.Marshal(v)
			assert.NotContains(t, string(b), `"`+card+`"`, "seat %d sees the face-down card somewhere", seat)
		}
	}
}

// Sealed bids for the harbour master's office: until every bid is in, no
// view shows a bid made, and no move listed to the next bidder depends
// on it.
func TestSealedBidsStayHidden(t *testing.T) {
	v, err := load.Source{FS: definitions.Files, Prefix: "definitions"}.Game("masters-of-trade", load.Options{Variants: []string{"harbour-master-bidding"}})
	require.NoError(t, err)
	g, err := interpreter.Compile(v)
	require.NoError(t, err)
	g.SetLog(true)
	// The moves below were written for seed 1 dealt by one generator.
	st, err := g.NewOneStream(3, 1)
	require.NoError(t, err)
	patch(t, g, st, "set('master', 0)")
	apply(t, g, st, "first-ship start1 grain", "first-ship start2 oil", "first-ship start3 grain")
	// Round 1 opens with an auction too: nobody bids, seat 0 keeps the
	// office; round 2's auction is the one checked, when the seats' cash
	// differs.
	apply(t, g, st, "bid 0", "bid 0", "bid 0")
	apply(t, g, st, "cashier 3", "end-turn", "cashier 2", "end-turn", "cashier 1", "end-turn")
	// Fill the round with traders, shipowners and loaders.
	for st.Var("round") == 1 {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		var mv string
		for _, m := range moves {
			if m.Text == "trader" || m.Text == "stop-dealing" || m.Text == "end-turn" || m.Text == "loader" || m.Text == "shipowner" || m.Text == "shipowner done" {
				mv = m.Text
				break
			}
		}
		require.NotEmpty(t, mv, "moves %v", moves)
		apply(t, g, st, mv)
	}
	require.Equal(t, "bid", st.Pending.ID)
	before := map[int]string{}
	for seat := 0; seat < 3; seat++ {
		b, _ := json.Marshal(mustView(t, g, st, seat))
		before[seat] = string(b)
	}
	legal1, _ := g.Legal(st)
	apply(t, g, st, "bid 7")
	require.Equal(t, 1, st.Pending.Player)
	for seat := 1; seat < 3; seat++ {
		b, _ := json.Marshal(mustView(t, g, st, seat))
		assert.NotContains(t, string(b), "bids", "seat %d", seat)
		var a, c map[string]any
		require.NoError(t, json.Unmarshal([]byte(before[seat]), &a))
		require.NoError(t, json.Unmarshal(b, &c))
		delete(a, "pending")
		delete(c, "pending")
		assert.Equal(t, a, c, "seat %d: the view changed with seat 0's sealed bid", seat)
	}
	legal2, _ := g.Legal(st)
	assert.Equal(t, len(legal1), len(legal2)+1, "seat 1 bids from 0 to his cash (17), whatever seat 0 bid")
}

func mustView(t *testing.T, g *interpreter.Game, st *interpreter.State, seat int) *interpreter.View {
	v, err := g.View(st, seat)
	require.NoError(t, err)
	return v
}
