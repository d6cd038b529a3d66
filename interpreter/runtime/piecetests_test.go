package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A loop over pieces whose predicate begins with tests of the piece's
// own fields runs them on the piece before binding it
// (translate/piecetests.go): every builtin that may pass an element by
// gives what expr's VM gives, all and none included, and a test that
// reads no field stops the leading ones.
func TestFastPieceTests(t *testing.T) {
	g, st := smallGame(t)
	for _, tc := range []struct {
		src  string
		want any
	}{
		{`map(filter(pieces(), .kind == 'pawn' && .owner == 1), .id)`, []any{"pawn-1-1"}},
		{`map(filter(pieces(), .owner != me), .id)`, []any{"pawn-1-1"}},
		{`map(filter(pieces(), me == .owner && .at == ''), .id)`, []any{"pawn-0-1"}},
		{`filter(pieces(), .kind == 'pawn' && .at != '')`, []any{}},
		{`all(pieces(), .kind == 'pawn')`, true},
		{`all(pieces(), .kind == 'pawn' && .owner == 0)`, false},
		{`all(pieces(), .owner == 1 && qget(.id, 'hp') >= 0)`, false},
		{`none(pieces(), .kind == 'pawn' && .owner == 2)`, true},
		{`none(pieces(), .owner == 1)`, false},
		{`any(pieces(), .kind == 'pawn' && .owner == me + 1 && qget(.id, 'hp') >= 0)`, true},
		{`any(pieces(), .kind != 'pawn')`, false},
		{`count(pieces(), .kind == 'pawn' && .at == '')`, 2},
		{`count(pieces(), .owner == 0 && qget(.id, 'hp') < 0)`, 0},
		{`one(pieces(), .owner == 1)`, true},
		{`find(pieces(), .kind == 'pawn' && .owner == 1).id`, "pawn-1-1"},
		{`find(pieces(), .id == 'pawn-0-1' && .owner == 0).owner`, 0},
		{`let o = 1; find(pieces(), .owner == o && .kind == 'pawn').id`, "pawn-1-1"},
	} {
		fast, slow, ferr, serr := both(t, g, st, tc.src)
		require.NoError(t, serr, tc.src)
		require.NoError(t, ferr, tc.src)
		assert.Equal(t, slow, fast, tc.src)
		assert.EqualValues(t, tc.want, fast, tc.src)
	}
}
