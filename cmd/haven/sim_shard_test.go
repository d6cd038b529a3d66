package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// timeLine is the text report's line of time and speed: the one line a
// run and a merge of its shards may differ by.
var timeLine = regexp.MustCompile(`\ndecisions: \d+  time: [^\n]*\n`)

// TestSimShards plays a run at once and as three shards, one of them
// told its index as a Kubernetes Indexed Job tells it, and checks that
// the merge of the shards' files reports the run byte for byte.
func TestSimShards(t *testing.T) {
	dir := t.TempDir()
	run := []string{"sim", "race", "--defs", defs, "-n", "31", "--seed", "3", "--players", "2", "--bot", "greedy"}
	page := filepath.Join(dir, "one.html")
	one, stderr, code := haven(t, "", append(run, "--report", page)...)
	require.Equal(t, 0, code, stderr)

	out := filepath.Join(dir, "part-{shard}.jsonl")
	for _, i := range []string{"0", "1"} {
		_, stderr, code := haven(t, "", append(run, "--shard", i+"/3", "--out", out)...)
		require.Equal(t, 0, code, stderr)
	}
	t.Setenv(jobIndexVar, "2")
	_, stderr, code = haven(t, "", append(run, "--shard", "/3", "--out", out)...)
	require.Equal(t, 0, code, stderr)

	var parts []string
	for _, i := range []string{"2", "0", "1"} {
		parts = append(parts, filepath.Join(dir, "part-"+i+".jsonl"))
	}
	merged := filepath.Join(dir, "merged.html")
	db := filepath.Join(dir, "runs.db")
	text, stderr, code := haven(t, "", append([]string{"sim", "--merge", "--report", merged, "--db", db}, parts...)...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as run 1 in "+db+"\n", stderr)
	assert.Equal(t, timeLine.ReplaceAllString(one, ""), text)
	a, err := os.ReadFile(page)
	require.NoError(t, err)
	b, err := os.ReadFile(merged)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))

	// Two shards of three are not the run: the title says so.
	text, _, _ = haven(t, "", append([]string{"sim", "--merge"}, parts[:2]...)...)
	assert.Contains(t, text, "(merged from 2 files)")
}

func TestSimShardErrors(t *testing.T) {
	run := []string{"sim", "race", "--defs", defs, "-n", "10", "--out", filepath.Join(t.TempDir(), "x.jsonl")}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"--shard", "3/3"}, `--shard "3/3": shard "3": want 0 to 2`},
		{[]string{"--shard", "2"}, `--shard "2": want I/N (shard I, from 0, of N), or /N with I from $JOB_COMPLETION_INDEX`},
		{[]string{"--shard", "/3"}, `--shard "/3": no shard index: give I/N, or set $JOB_COMPLETION_INDEX (as a Kubernetes Indexed Job does)`},
		{[]string{"--shard", "0/11"}, `--shard "0/11": 11 shards of 10 games: some would be empty`},
		{[]string{"--runner", "flink"}, `--runner "flink": want local`},
	} {
		_, stderr, code := haven(t, "", append(run, tc.args...)...)
		assert.Equal(t, 2, code)
		assert.Equal(t, "haven: sim: "+tc.err+"; see 'haven help sim'\n", stderr)
	}
	_, stderr, _ := haven(t, "", "sim", "race", "--defs", defs, "--shard", "0/2")
	assert.Equal(t, "haven: sim: --shard writes its games to a file: give --out FILE; see 'haven help sim'\n", stderr)

	t.Setenv(jobIndexVar, "7")
	_, stderr, _ = haven(t, "", append(run, "--shard", "/3")...)
	assert.Equal(t, `haven: sim: --shard "/3": shard "7" (from $JOB_COMPLETION_INDEX): want 0 to 2; see 'haven help sim'`+"\n", stderr)
}

// TestSimShardsCells plays a comparison and a sweep at once and as three
// shards, each shard playing its part of every cell into one file: the
// merge of the files reports the run byte for byte, and keeps its cells
// as runs of one batch.
func TestSimShardsCells(t *testing.T) {
	for _, cells := range [][]string{{"--compare", "short"}, {"--sweep", "params.target=6,8,12"}} {
		t.Run(cells[0], func(t *testing.T) {
			dir := t.TempDir()
			run := append([]string{"sim", "race", "--defs", defs, "-n", "19", "--seed", "5", "--players", "3", "--bot", "greedy,random,random", "--rotate"}, cells...)
			page := filepath.Join(dir, "one.html")
			one, stderr, code := haven(t, "", append(run, "--report", page)...)
			require.Equal(t, 0, code, stderr)

			out := filepath.Join(dir, "part-{shard}.jsonl")
			for _, i := range []string{"1", "0", "2"} {
				_, stderr, code := haven(t, "", append(run, "--shard", i+"/3", "--out", out)...)
				require.Equal(t, 0, code, stderr)
			}
			var parts []string
			for _, i := range []string{"2", "0", "1"} {
				parts = append(parts, filepath.Join(dir, "part-"+i+".jsonl"))
			}
			merged := filepath.Join(dir, "merged.html")
			db := filepath.Join(dir, "runs.db")
			text, stderr, code := haven(t, "", append([]string{"sim", "--merge", "--report", merged, "--db", db}, parts...)...)
			require.Equal(t, 0, code, stderr)
			ids := map[string]string{"--compare": "1, 2", "--sweep": "1, 2, 3"}[cells[0]]
			assert.Equal(t, "sim: kept as runs "+ids+" in "+db+"\n", stderr)
			assert.Equal(t, timeLine.ReplaceAllString(one, ""), text)
			a, err := os.ReadFile(page)
			require.NoError(t, err)
			b, err := os.ReadFile(merged)
			require.NoError(t, err)
			assert.Equal(t, string(a), string(b))

			// A shard missing is not the run; a shard twice is refused.
			text, _, _ = haven(t, "", append([]string{"sim", "--merge"}, parts[:2]...)...)
			assert.Contains(t, text, "(merged from 2 files)")
			_, stderr, _ = haven(t, "", "sim", "--merge", parts[0], parts[1], parts[0])
			assert.Equal(t, "haven: "+parts[0]+": seed 17 is already in "+parts[0]+"\n", stderr)
		})
	}
}
