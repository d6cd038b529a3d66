package tests

import (
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario/scenariotest"
)

// TestScenarios runs every rule scenario under tests/scenarios against
// the embedded game definitions.
func TestScenarios(t *testing.T) {
	scenariotest.Run(t, load.Source{FS: definitions.Files}, "scenarios")
}
