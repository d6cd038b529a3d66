//go:build beam

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBeamEqualsPool runs a single run, a comparison and a sweep on
// Apache Beam's Prism runner, in this process and offline, and checks
// that the reports, text and HTML, are the local pool's byte for byte.
func TestBeamEqualsPool(t *testing.T) {
	dir := t.TempDir()
	for i, args := range [][]string{
		{"-n", "30", "--players", "2", "--bot", "greedy"},
		{"-n", "24", "--players", "3", "--compare", "short"},
		{"-n", "20", "--players", "2", "--bot", "greedy,random", "--rotate", "--sweep", "params.target=8,12", "--sweep", "cap.max=3,100"},
	} {
		run := append([]string{"sim", "race", "--defs", defs, "--seed", "11"}, args...)
		pages := [2]string{filepath.Join(dir, "local.html"), filepath.Join(dir, "beam.html")}
		local, stderr, code := haven(t, "", append(run, "--report", pages[0])...)
		require.Equal(t, 0, code, stderr)
		beam, stderr, code := haven(t, "", append(run, "--report", pages[1], "--runner", "beam", "--", "--haven_shards=7")...)
		require.Equal(t, 0, code, stderr)
		assert.Equal(t, timeLine.ReplaceAllString(local, ""), timeLine.ReplaceAllString(beam, ""), "run %d", i)
		a, err := os.ReadFile(pages[0])
		require.NoError(t, err)
		b, err := os.ReadFile(pages[1])
		require.NoError(t, err)
		assert.Equal(t, string(a), string(b), "run %d", i)
	}
}

// TestBeamShardFails: a shard whose game has no legal move fails the
// pipeline with the shard, the seed and the decision.
func TestBeamShardFails(t *testing.T) {
	// Stepping is allowed up to 3 only, and jumps take the 4 gems: the
	// total cannot reach 40. The variant file travels as its text.
	stuck := filepath.Join(t.TempDir(), "stuck.cue")
	require.NoError(t, os.WriteFile(stuck, []byte("package haven\n\ngame: actions: step: when: \"only early\": \"get('total') < 3\"\n"), 0o644))
	_, stderr, code := haven(t, "", "sim", "race", "--defs", defs, "--seed", "1", "-n", "6", "--players", "2",
		"--variant", stuck, "--set", "params.target=40", "--runner", "beam", "--", "--haven_shards=3")
	assert.Equal(t, 1, code)
	assert.Regexp(t, `^haven: sim: --runner beam: cell 0: shard \d of 3 \(seeds \d+-\d+\): seed \d+, decision \d+: player \d has no legal move\n$`, stderr)
}
