package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// A named function whose body loops has its calls kept by their
// arguments while the state stays the same (fnmemo.go): a call found
// gives the value computed and is charged the work it cost; once the
// state changes, the call is computed again. A body without a loop is
// not worth keeping.
func TestFunctionCallsKept(t *testing.T) {
	src := replaceOnce(t, chooser, `scoring: {`, `functions: {
		richer: {params: {p: "int"}, returns: "int", be: "count(0..numPlayers - 1, pget(#, 'coins') > pget(p, 'coins'))"}
		plus: {params: {p: "int"}, returns: "int", be: "pget(p, 'coins') + 1"}
		dear: {params: {p: "int"}, returns: "int", be: "count(1..100, # > p + pget(p, 'coins'))"}
	}
	scoring: {`)
	rt, err := compileRuntime(t, src)
	require.NoError(t, err)
	kept, _, _ := runtime.FnKept(rt, "richer")
	assert.True(t, kept, "a body that loops is kept")
	kept, _, _ = runtime.FnKept(rt, "plus")
	assert.False(t, kept, "a body without a loop is not")

	st, err := rt.New(2, 1)
	require.NoError(t, err)
	rt.M.St = st
	eval := func(src string) (any, int) {
		c, err := compile.Expr(rt, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		rt.M.Budget.Decision = rt.Limits.Decision
		v, err := rt.M.Eval(c, rt.Scope(rt.Base, 0, 2))
		require.NoError(t, err)
		return v, rt.Limits.Decision - rt.M.Budget.Decision
	}
	v, once := eval("richer(1)")
	assert.Equal(t, 0, v)
	v, thrice := eval("richer(1) + richer(1) + richer(0)")
	assert.Equal(t, 0, v)
	assert.Equal(t, 3*once, thrice, "a call found is charged the work it cost")
	_, n, hits := runtime.FnKept(rt, "richer")
	assert.Equal(t, 2, n, "one value per argument")
	assert.Equal(t, 1, hits, "richer(1) found the second time")

	// Seat 0 takes 3 coins: seat 1 is poorer than one seat now.
	require.NoError(t, rt.Apply(st, "take"))
	require.NoError(t, rt.Apply(st, "n 2"))
	require.NoError(t, rt.Apply(st, "m 1"))
	rt.M.St = st
	v, _ = eval("richer(1) + 10 * richer(0)")
	assert.Equal(t, 1, v, "the state changed: computed again")
	_, _, hits = runtime.FnKept(rt, "richer")
	assert.Equal(t, 1, hits, "nothing found once the state changed")

	// Calls that cost less, on average, than looking them up are not kept
	// once a trial of them has shown it; dearer ones are.
	for range 64 {
		eval("richer(1) + dear(1)")
	}
	kept, _, _ = runtime.FnKept(rt, "richer")
	assert.False(t, kept, "a loop over two seats is cheaper than its lookup")
	kept, _, _ = runtime.FnKept(rt, "dear")
	assert.True(t, kept, "a loop over a hundred numbers is not")
}
