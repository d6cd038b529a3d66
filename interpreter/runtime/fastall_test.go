package runtime_test

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/load"
)

// TestShippedOnFastPath requires every expression of every shipped game
// to run on the fast path: one left to the VM boxes its locals into a
// map and its arguments into slices at each evaluation.
func TestShippedOnFastPath(t *testing.T) {
	dirs, err := fs.ReadDir(definitions.Files, ".")
	require.NoError(t, err)
	n := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		if _, err := fs.Stat(definitions.Files, d.Name()+"/rules.cue"); err != nil {
			continue
		}
		v, err := load.Source{FS: definitions.Files}.Game(d.Name(), load.Options{})
		require.NoError(t, err, d.Name())
		g, err := compile.Compile(v)
		require.NoError(t, err, d.Name())
		n++
		for _, c := range g.Codes {
			if c.Fast == nil && !c.IsConst && !c.IsIdent {
				assert.Fail(t, "left to the VM", "%s: %s", c.Pos, c.Src)
			}
		}
	}
	assert.Greater(t, n, 1)
}
