package compile_test

import (
	"testing"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
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

// loadSmall loads the game small with one more file.
func loadSmall(t *testing.T, extra string) (*interpreter.Game, error) {
	t.Helper()
	return interpretertest.Load(t, "small", map[string]string{"game.cue": small, "extra.cue": "package haven\n" + extra})
}

func replaceOnce(t *testing.T, s, from, to string) string {
	t.Helper()
	return interpretertest.ReplaceOnce(t, s, from, to)
}
