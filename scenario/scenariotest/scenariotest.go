// Package scenariotest runs scenario files as Go tests, so that
// `go test ./...` checks every rule scenario of the repository.
package scenariotest

import (
	"os"
	"testing"

	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario"
)

// Run runs every scenario file below dir against the games of src, one
// subtest per scenario named after it. A failure is reported with its
// position in the scenario file, and the rule the scenario checks. A
// missing dir skips the test.
func Run(t *testing.T, src load.Source, dir string) {
	t.Helper()
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		t.Skipf("no scenarios: %s does not exist", dir)
	}
	scs, err := scenario.LoadDir(dir)
	if err != nil {
		t.Fatalf("loading scenarios:\n%v", err)
	}
	if len(scs) == 0 {
		t.Skipf("no scenarios in %s", dir)
	}
	for _, r := range scenario.Run(src, scs) {
		t.Run(r.Scenario.Name, func(t *testing.T) {
			for _, f := range r.Failures {
				t.Error(f)
			}
			if !r.Passed() {
				t.Logf("rule: %s", r.Scenario.Rule)
			}
		})
	}
}
