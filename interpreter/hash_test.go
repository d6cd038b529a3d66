package interpreter_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// TestHashCoversRulesOnly checks that a game's hash, which a trained
// model records, moves with what the rules read and not with what only
// people read: the game's name, a step's quoted rule, a note.
func TestHashCoversRulesOnly(t *testing.T) {
	hash := func(sets ...string) string {
		t.Helper()
		v, err := load.Source{FS: definitions.Files}.Game("rotterdam", load.Options{Sets: sets})
		require.NoError(t, err)
		g, err := interpreter.Compile(v)
		require.NoError(t, err)
		return g.Hash()
	}
	base := hash()
	require.Len(t, base, 64)
	for _, set := range []string{
		`name="Rotterdam, renamed"`,
		`setup[0].rule="a quote of another book"`,
		`zones.products-merwehaven.note="a designer's note"`,
	} {
		require.Equal(t, base, hash(set), "%s changes no rule", set)
	}
	for _, set := range []string{
		`params.mission_points_to_win=6`,
		`cards.la-chance-tourne.count=2`,
	} {
		require.NotEqual(t, base, hash(set), "%s changes the rules", set)
	}
}
