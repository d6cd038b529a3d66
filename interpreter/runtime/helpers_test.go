package runtime_test

import (
	"testing"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// The games and helpers these tests share with those of package runtime
// live in package interpretertest; these names keep the tests short.

const tiny = interpretertest.Tiny

// compileSrc loads and compiles src as the game "tiny".
func compileSrc(t *testing.T, src string) (*interpreter.Game, error) {
	t.Helper()
	return interpretertest.Load(t, "tiny", map[string]string{"game.cue": src})
}

func replaceOnce(t *testing.T, s, from, to string) string {
	t.Helper()
	return interpretertest.ReplaceOnce(t, s, from, to)
}
