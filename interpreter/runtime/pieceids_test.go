package runtime_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestPieceFoundByItsID: a piece is found by its id whichever string
// holds it (the game's own, found by address, or a copy, found by
// content), in states of every seat count the game started, with the
// pieces in another order than the game made them, and a piece made
// during play.
func TestPieceFoundByItsID(t *testing.T) {
	g, err := interpretertest.LoadRuntime(t, "tiny", map[string]string{"game.cue": tiny, "extra.cue": "package haven\ngame: pieces: ship: perPlayer: \"2\"\n"})
	require.NoError(t, err)
	for _, players := range []int{2, 3, 2} {
		st, err := g.New(players, 1)
		require.NoError(t, err)
		require.Len(t, st.Pieces, 2*players)
		for _, p := range st.Pieces {
			assert.Same(t, p, runtime.PieceOf(g, st, p.ID), "%d players: %s", players, p.ID)
			assert.Same(t, p, runtime.PieceOf(g, st, strings.Clone(p.ID)), "%d players: a copy of %s", players, p.ID)
		}
		// Another order: a save's, or a state another game's tables
		// laid out.
		turned := st.Clone()
		slices.Reverse(turned.Pieces)
		for _, p := range turned.Pieces {
			assert.Same(t, p, runtime.PieceOf(g, turned, p.ID), "%d players, reversed: %s", players, p.ID)
		}
		assert.Nil(t, runtime.PieceOf(g, st, "ship-9-9"))
	}
	// A piece made during play (newPiece) is not in the table.
	st, err := g.New(2, 1)
	require.NoError(t, err)
	made := model.NewPiece("ship-1-3", "ship", 1)
	st.Pieces = append(st.Pieces, made)
	assert.Same(t, made, runtime.PieceOf(g, st, made.ID))
}
