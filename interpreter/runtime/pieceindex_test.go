package runtime_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// A loop over pieces() keyed by kind and owner keeps where their pieces
// stand from one run to the next (translate/pieceindex.go): run again and
// again, the same compiled loops find a piece made in play (newPiece) in
// its state and in that state's copies, never in the state it was copied
// from, nor a piece the original made since; a state read back from its
// save and a list in another order are looked at anew. Each answer is
// the VM's.
func TestPieceIndexFollowsItsState(t *testing.T) {
	g, st := smallGame(t)
	loops := []string{
		`map(filter(pieces(), .kind == 'pawn' && .owner == 1), .id)`,
		`map(filter(pieces(), .owner == 1 && .id != 'pawn-1-1'), .id)`,
		`count(pieces(), .kind == 'pawn')`,
		`any(pieces(), .kind == 'pawn' && .owner == 0 && .id != 'pawn-0-1')`,
		`find(pieces(), .owner == 1 && .id != 'pawn-1-1')?.id`,
	}
	var codes []compiledCode
	for _, src := range loops {
		codes = append(codes, compiledCode{src, mustExpr(t, g, src)})
	}
	check := func(name string, st *model.State, want ...any) {
		t.Helper()
		for i, c := range codes {
			fast, err := g.EvalPatch(st, c.code)
			require.NoError(t, err, c.src)
			g.M.NoFast = true
			slow, err := g.EvalPatch(st, c.code)
			g.M.NoFast = false
			require.NoError(t, err, c.src)
			assert.Equal(t, slow, fast, "%s: %s", name, c.src)
			assert.EqualValues(t, want[i], fast, "%s: %s", name, c.src)
		}
	}
	none := []any{}
	check("set up", st, []any{"pawn-1-1"}, none, 2, false, nil)

	// A copy makes a piece of seat 1: its copies see it, the original
	// does not.
	cp := st.Clone()
	_, err := g.EvalPatch(cp, mustExpr(t, g, `newPiece('pawn', 1)`))
	require.NoError(t, err)
	check("the copy", cp, []any{"pawn-1-1", "pawn-1-2"}, []any{"pawn-1-2"}, 3, false, "pawn-1-2")
	check("the original", st, []any{"pawn-1-1"}, none, 2, false, nil)
	into := st.Clone()
	cp.CloneInto(into)
	check("a copy of the copy", into, []any{"pawn-1-1", "pawn-1-2"}, []any{"pawn-1-2"}, 3, false, "pawn-1-2")

	// The original makes one of seat 0 at the same place: the copy's
	// is not its.
	_, err = g.EvalPatch(st, mustExpr(t, g, `newPiece('pawn', 0)`))
	require.NoError(t, err)
	check("the original's own", st, []any{"pawn-1-1"}, none, 3, true, nil)
	check("the copy again", cp, []any{"pawn-1-1", "pawn-1-2"}, []any{"pawn-1-2"}, 3, false, "pawn-1-2")

	// The copy saved and read back: pieces of their own.
	b, err := json.Marshal(cp)
	require.NoError(t, err)
	var back model.State
	require.NoError(t, json.Unmarshal(b, &back))
	check("read back", &back, []any{"pawn-1-1", "pawn-1-2"}, []any{"pawn-1-2"}, 3, false, "pawn-1-2")
	check("the original after", st, []any{"pawn-1-1"}, none, 3, true, nil)

	// The same pieces in another order.
	turned := cp.Clone()
	slices.Reverse(turned.Pieces)
	check("reversed", turned, []any{"pawn-1-2", "pawn-1-1"}, []any{"pawn-1-2"}, 3, false, "pawn-1-2")
}

// compiledCode is an expression compiled once, run on many states.
type compiledCode struct {
	src  string
	code *runtime.Code
}

// mustExpr compiles src on the fast path.
func mustExpr(t *testing.T, g *runtime.Game, src string) *runtime.Code {
	t.Helper()
	e, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err, src)
	require.NotNil(t, e.Fast, "%s: not translated", src)
	return e
}

// TestPieceIndexCharges: a keyed loop charges the whole list, not its
// candidates, as the plain loop does: five loops over the two pieces fit
// a work budget of 10, six do not (six over their one candidate would).
// (expr's VM counts its own way: no oracle here.)
func TestPieceIndexCharges(t *testing.T) {
	g, err := loadSmall(t, `game: limits: work: 10`)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	// Six loops, none the same (a pure part read twice is evaluated
	// once), each with one candidate.
	loops := []string{
		`count(pieces(), .kind == 'pawn' && .owner == 1)`, `count(pieces(), .kind == 'pawn' && .owner == 0)`,
		`count(pieces(), .owner == 1)`, `count(pieces(), .owner == 0)`,
		`count(pieces(), .owner == me)`, `count(pieces(), .kind == 'pawn' && .owner == me)`,
	}
	n, err := g.EvalPatch(st, mustExpr(t, g, strings.Join(loops[:5], " + ")))
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	_, err = g.EvalPatch(st, mustExpr(t, g, strings.Join(loops, " + ")))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 10 list elements")
}
