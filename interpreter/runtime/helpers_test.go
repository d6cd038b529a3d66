package runtime_test

import (
	"testing"

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
	g, st := interpretertest.SmallGame(t)
	return g.Game, st
}

// loadSmall loads the game small with one more file.
func loadSmall(t *testing.T, extra string) (*runtime.Game, error) {
	t.Helper()
	g, err := interpretertest.Load(t, "small", map[string]string{"game.cue": small, "extra.cue": "package haven\n" + extra})
	if err != nil {
		return nil, err
	}
	return g.Game, nil
}
