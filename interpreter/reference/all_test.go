package reference_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/reference"
)

// TestFunctionExamples evaluates every function's example on a new
// game of reference.Example and checks the value its entry gives.
func TestFunctionExamples(t *testing.T) {
	g, err := interpretertest.Load(t, "example", map[string]string{"game.cue": reference.Example})
	require.NoError(t, err)
	for _, e := range reference.Of(reference.Function) {
		st, err := g.New(2, 1)
		require.NoError(t, err)
		x, err := g.CompileExpr(e.Example, diag.Pos{})
		if !assert.NoError(t, err, "%s: %s", e.Name, e.Example) {
			continue
		}
		v, err := g.Eval(st, x)
		if assert.NoError(t, err, "%s: %s", e.Name, e.Example) {
			assert.Equal(t, e.Value, fmt.Sprint(v), "%s: %s", e.Name, e.Example)
		}
	}
}
