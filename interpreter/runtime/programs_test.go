package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// TestCompiledGameDropsPrograms checks that a compiled game keeps no
// expr program (the closures run every expression; a program was a third
// to a half of a game's memory) unless compiled to keep them for the VM,
// and that the expressions kept by their inputs (memo.go) were planned
// while the programs were there: they keep values in play.
func TestCompiledGameDropsPrograms(t *testing.T) {
	v, err := load.Source{FS: definitions.Files}.Game("mainport-mastermind", load.Options{})
	require.NoError(t, err)
	g, err := compile.Compile(v)
	require.NoError(t, err)
	var kept []*runtime.Code
	for _, c := range g.Codes {
		require.Nil(t, c.Prog, "%s: %s", c.Pos, c.Src)
		if ok, _ := runtime.MemoEntries(c); ok {
			kept = append(kept, c)
		}
	}
	require.NotEmpty(t, kept, "the walks of the board are kept by their inputs")

	st, err := g.New(2, 1)
	require.NoError(t, err)
	for n := 0; n < 200 && !st.Finished; n++ {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NoError(t, g.ApplyIndex(st, n%len(moves)))
	}
	found := 0
	for _, c := range kept {
		_, n := runtime.MemoEntries(c)
		found += n
	}
	require.Positive(t, found, "the plans made at compile time keep values in play")

	// The VM needs the program: without it, an error, not a crash.
	g.M.NoFast = true
	_, err = g.New(2, 1)
	g.M.NoFast = false
	require.ErrorContains(t, err, "no expr program kept for the VM")

	keep, err := compile.Compile(v, compile.KeepPrograms())
	require.NoError(t, err)
	for _, c := range keep.Codes {
		require.NotNil(t, c.Prog, "%s: %s", c.Pos, c.Src)
	}
}
