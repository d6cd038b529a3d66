package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestMemoKeepsBoardExpressions checks which expressions are kept by
// their inputs (memo.go): one that walks the board and reads only locals
// is, one that reads the state is not; a value found is the value
// computed, for each value of the locals read, and costs the same work.
func TestMemoKeepsBoardExpressions(t *testing.T) {
	g, st := smallGame(t)
	g.M.St = st
	eval := func(src string, me int) (any, *runtime.Code, int) {
		c, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		g.M.Budget.Decision = g.Limits.Decision
		v, err := g.M.Eval(c, g.Scope(g.Base, me, 2))
		require.NoError(t, err)
		return v, c, g.Limits.Decision - g.M.Budget.Decision
	}
	again := func(c *runtime.Code, me int) (any, int) {
		g.M.Budget.Decision = g.Limits.Decision
		v, err := g.M.Eval(c, g.Scope(g.Base, me, 2))
		require.NoError(t, err)
		return v, g.Limits.Decision - g.M.Budget.Decision
	}

	src := `map(filter(nodes(''), # != ['x', 'y'][me] && all(walks(#, 1), node(last(#)).kind == 'sea')), node(#).kind)`
	v, c, work := eval(src, 0)
	require.Equal(t, []any{"sea"}, v)
	kept, n := runtime.MemoEntries(c)
	require.True(t, kept, "a walk of the board that reads only me is kept")
	require.Equal(t, 1, n)
	v2, work2 := again(c, 0)
	require.Equal(t, v, v2)
	require.Equal(t, work, work2, "a value found costs the work it cost")
	_, n = runtime.MemoEntries(c)
	require.Equal(t, 1, n, "found, not computed again")
	v3, _ := again(c, 1)
	require.Equal(t, []any{"port"}, v3, "another me, another value")
	_, n = runtime.MemoEntries(c)
	require.Equal(t, 2, n)

	for _, src := range []string{
		`filter(nodes(''), len(at(#)) == 0)`,             // reads the pieces
		`map(filter(nodes(''), # != 'x'), get('v'))`,     // reads a var
		`map(filter(nodes(''), # != 'x'), node(#).kind)`, // walks nothing: not worth it
		`walks('x', 1)`, // kept by the board already
	} {
		_, c, _ := eval(src, 0)
		kept, _ := runtime.MemoEntries(c)
		require.False(t, kept, "%s is not kept", src)
	}
}
