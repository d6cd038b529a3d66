package tests

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario/scenariotest"
)

// The example games (definitions/examples) are written in the designer
// tutorial. They are no shipped game: the binary does not embed them and
// `haven games` does not list them; they are a definitions folder of
// their own, played with --defs definitions/examples.
var examples = load.Dir(filepath.Join("..", "definitions", "examples"))

// TestExamplesLoad loads and compiles every example game, alone and with
// each variant it ships.
func TestExamplesLoad(t *testing.T) {
	games, err := examples.Games()
	require.NoError(t, err)
	assert.Contains(t, games, "race")
	for _, g := range games {
		opts := []load.Options{{}}
		for _, f := range examples.VariantFiles(g) {
			opts = append(opts, load.Options{Variants: []string{filepath.Base(f[:len(f)-len(".cue")])}})
		}
		for _, o := range opts {
			v, err := examples.Game(g, o)
			require.NoError(t, err, "%s %v", g, o.Variants)
			_, err = interpreter.Compile(v)
			require.NoError(t, err, "%s %v", g, o.Variants)
		}
	}
}

// TestExampleScenarios runs the scenarios of the example games.
func TestExampleScenarios(t *testing.T) {
	scenariotest.Run(t, examples, "examples")
}
