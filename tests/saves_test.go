package tests

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/record"
)

// TestOldSaves replays saves written by `haven play --save` before the
// engine's rewrite (testdata/saves): every move must still be legal and
// the final state must hash as it did when the save was written. A save
// is a player's file: a change of the core must keep it playable.
func TestOldSaves(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "saves", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	src := load.Source{FS: definitions.Files}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			l, err := record.Read(f)
			require.NoError(t, err)
			g, err := l.Compile(src)
			require.NoError(t, err)
			st, err := l.Replay(g)
			require.NoError(t, err)
			require.True(t, st.Finished, "the saved game was played to its end")
		})
	}
}
