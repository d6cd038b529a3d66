package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimDB keeps a run and a comparison in a database, lists them, and
// compares two runs kept apart as --compare compares them in one command.
func TestSimDB(t *testing.T) {
	db := filepath.Join(t.TempDir(), "runs.db")
	run := []string{"sim", "race", "--defs", defs, "-n", "20", "--seed", "4", "--players", "2", "--bot", "greedy", "--db", db}
	_, stderr, code := haven(t, "", run...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as run 1 in "+db+"\n", stderr)
	cmp, stderr, code := haven(t, "", append(run, "--compare", "short")...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as runs 2, 3 in "+db+"\n", stderr)

	list, stderr, code := haven(t, "", "runs", "--db", db)
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(list), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^id +kept \(UTC\) +game +rules +players +bots +games +seed +definition$`, lines[0])
	assert.Regexp(t, `^1 +\d{4}-\d\d-\d\d \d\d:\d\d +race +base +2 +greedy +20 +4 +[0-9a-f]{12}$`, lines[1])
	assert.Regexp(t, `^3 +.* +race +variant short +2 +greedy +20 +4 +[0-9a-f]{12}$`, lines[3])
	hash := func(l string) string { f := strings.Fields(l); return f[len(f)-1] }
	assert.Equal(t, hash(lines[1]), hash(lines[2]), "the same definition, the same hash")
	assert.NotEqual(t, hash(lines[1]), hash(lines[3]), "a variant changes the hash")

	// Run 3 (the variant) against run 1 (the base of another command):
	// the same differences as the comparison made in one command.
	out, stderr, code := haven(t, "", "runs", "compare", "1", "3", "--db", db)
	require.Equal(t, 0, code, stderr)
	_, diff, ok := strings.Cut(out, "\n\n")
	require.True(t, ok)
	_, want, ok := strings.Cut(cmp, "\n\nvariant short")
	require.True(t, ok, cmp)
	_, got, ok := strings.Cut(diff, "\n")
	require.True(t, ok)
	_, want, _ = strings.Cut(want, "\n")
	assert.Equal(t, want, got)

	_, stderr, code = haven(t, "", "runs", "compare", "1", "9", "--db", db)
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: "+db+": no run 9 (haven runs lists them)\n", stderr)
}

func TestRunsRefuseFiles(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.db")
	require.NoError(t, os.WriteFile(junk, []byte(strings.Repeat("x", 5000)), 0o644))
	for _, args := range [][]string{{"runs", "--db", junk}, {"sim", "race", "--defs", defs, "-n", "2", "--db", junk}} {
		_, stderr, code := haven(t, "", args...)
		assert.Equal(t, 1, code)
		assert.Regexp(t, `^haven: `+junk+`: not a SQLite database, or a damaged one: [^\n]*\n$`, stderr)
	}
	_, stderr, code := haven(t, "", "runs", "compare", "1")
	assert.Equal(t, 2, code)
	assert.Equal(t, "haven: runs: compare: give two runs, A and B (their ids in haven runs); see 'haven help runs'\n", stderr)
}
