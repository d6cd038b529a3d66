package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The coverage package's own tiny game, book and scenarios.
const (
	tallyDefs      = "../../coverage/testdata/defs"
	tallyRules     = "../../coverage/testdata"
	tallyScenarios = "../../coverage/testdata/scenarios"
)

// TestCoverage checks the command's report, its --sentence and --json
// forms, and the exit status --min gives.
func TestCoverage(t *testing.T) {
	args := []string{"coverage", "tally", "--defs", tallyDefs, "--rules-dir", tallyRules, "--scenarios", tallyScenarios}
	out, stderr, code := haven(t, "", args...)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "7 sentences: 1 both, 1 definition only, 3 scenario only, 0 through a translation, 2 not a rule, 0 not covered: 100.0% of 5 rules covered\n")

	out, _, code = haven(t, "", append(args, "--sentence", "4")...)
	assert.Equal(t, 0, code)
	assert.Equal(t, "#4 line 11 (Playing): You may instead pay a gem to add 2 or 3.\nstatus: definition\n"+
		"definition ../../coverage/testdata/defs/tally/game.cue:27:10: game.actions.jump.text\n", out)

	out, _, code = haven(t, "", append(args, "--json")...)
	assert.Equal(t, 0, code)
	assert.Contains(t, out, `"percent": 100,`)

	// Without its scenarios the book is 2 rules of 5 covered.
	_, stderr, code = haven(t, "", "coverage", "tally", "--defs", tallyDefs, "--rules-dir", tallyRules, "--scenarios", t.TempDir(), "--min", "50")
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: coverage 40.0% is below --min 50%\n", stderr)
	_, _, code = haven(t, "", "coverage", "tally", "--defs", tallyDefs, "--rules-dir", tallyRules, "--scenarios", t.TempDir(), "--min", "40")
	assert.Equal(t, 0, code)

	_, stderr, code = haven(t, "", "coverage", "tally", "--defs", tallyDefs, "--rules-dir", t.TempDir())
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "haven: coverage: the rule book tally.en.txt is not in ")
	_, stderr, code = haven(t, "", "coverage", "tally", "--defs", tallyDefs, "--rules-dir", tallyRules, "--scenarios", "no-such-folder")
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: coverage: --scenarios no-such-folder: no such folder\n", stderr)
	_, stderr, code = haven(t, "", "coverage", "--defs", tallyDefs)
	assert.Equal(t, 2, code, stderr)
}
