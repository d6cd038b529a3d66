package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// BenchmarkEvalFixed measures the fixed cost of one evaluation on the
// fast path (the frame, the budget, the recovery of a panic), with an
// expression that costs little itself: a decision makes 12 to 26 of
// them in the shipped games.
func BenchmarkEvalFixed(b *testing.B) {
	g, err := interpretertest.LoadRuntime(b, "small", map[string]string{"game.cue": interpretertest.Small})
	require.NoError(b, err)
	st, err := g.New(2, 1)
	require.NoError(b, err)
	c, err := compile.Expr(g, `me < numPlayers`, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(b, err)
	require.NotNil(b, c.Fast)
	g.M.St = st
	sc := g.Scope(g.Base, 1, 2)
	for b.Loop() {
		if _, err := g.M.Eval(c, sc); err != nil {
			b.Fatal(err)
		}
	}
}
