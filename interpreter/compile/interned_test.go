package compile_test

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// A constant expression's value, kept whole rather than run (a param's
// single candidate, a let of a name), is the game's own string for a
// name the game declares, as its tables find it by address.
func TestConstantExpressionsAreTheGamesStrings(t *testing.T) {
	g, err := interpretertest.LoadRuntime(t, "tiny", map[string]string{"game.cue": tiny})
	require.NoError(t, err)
	own := g.Tab.PlayerVars.List[0]
	require.Equal(t, "coins", own)
	for _, src := range []string{`'coins'`, `"coins"`} {
		cd, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		require.True(t, cd.IsConst, src)
		v := cd.Konst
		assert.True(t, unsafe.StringData(v.(string)) == unsafe.StringData(own), src)
	}
}
