package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// The games and helpers these tests share with those of other packages
// live in package interpretertest; these names keep the tests short.

const (
	tiny  = interpretertest.Tiny
	small = interpretertest.Small
)

// compileRuntime is compileSrc for the tests that read the machine's
// fields.
func compileRuntime(t *testing.T, src string) (*runtime.Game, error) {
	t.Helper()
	return interpretertest.LoadRuntime(t, "tiny", map[string]string{"game.cue": src})
}

// compileSrc loads and compiles src as the game "tiny".
func compileSrc(t *testing.T, src string) (*interpreter.Game, error) {
	t.Helper()
	return interpretertest.Load(t, "tiny", map[string]string{"game.cue": src})
}

func replaceOnce(t *testing.T, s, from, to string) string {
	t.Helper()
	return interpretertest.ReplaceOnce(t, s, from, to)
}

// smallGame is the game small, started for two players: the machine
// under the public entry, whose fields the tests of the fast path read.
func smallGame(t *testing.T) (*runtime.Game, *model.State) {
	t.Helper()
	g, err := interpretertest.LoadRuntime(t, "small", map[string]string{"game.cue": small})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	return g, st
}

// loadSmall loads the game small with one more file.
func loadSmall(t *testing.T, extra string) (*runtime.Game, error) {
	t.Helper()
	return interpretertest.LoadRuntime(t, "small", map[string]string{"game.cue": small, "extra.cue": "package haven\n" + extra})
}
