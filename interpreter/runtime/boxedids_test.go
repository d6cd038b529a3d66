package runtime_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestBoxedByAddress checks that a string of the game's own tables (a
// card's id as dealt, a node's id) is boxed as the game's one box of its
// name, found by the address of its bytes, and that an equal string made
// at run time gets the same box through the map: either way, no new box.
func TestBoxedByAddress(t *testing.T) {
	g, st := smallGame(t)
	c, err := compile.Expr(g, `zone('deck')`, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err)
	_, err = g.EvalPatch(st, c) // an evaluation readies the machine's frame
	require.NoError(t, err)
	fr := runtime.MachineFrame(g.M)
	require.NotNil(t, fr.BoxedAt)
	for _, id := range []string{g.CardOrder[0], g.Board.Order[0]} {
		box, ok := fr.BoxedAt.Find(id)
		require.True(t, ok, id)
		require.Equal(t, g.Boxed[id], box, id)
		require.Equal(t, g.Boxed[id], fr.BoxStr(strings.Clone(id)), "a copy of %s", id)
		require.Zero(t, testing.AllocsPerRun(100, func() { _ = fr.BoxStr(id) }), id)
	}
	_, ok := fr.BoxedAt.Find(strings.Clone(g.CardOrder[0]))
	require.False(t, ok, "found by address, not by content")
}
