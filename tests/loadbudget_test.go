package tests

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// maxLoadAllocs bounds the allocations of loading, validating and
// compiling a shipped game with one of its options. The counts do not
// move with the machine, as times do: the heaviest load made about
// 257,000 (BENCHMARKS, "Loads"), where a comprehension over pairs of
// ports in a presentation once made 719,000 unnoticed.
const maxLoadAllocs = 400_000

// TestLoadsStayCheap: every shipped game loads within maxLoadAllocs. A
// game over it has grown a costly CUE construct (a comprehension over
// pairs, a disjunction) or the loader or compiler regressed: measure
// with BenchmarkLoadCompile and its CPU profile.
func TestLoadsStayCheap(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every game and option")
	}
	for _, run := range benchRuns(t) {
		var opt load.Options
		if run.set != "" {
			opt.Sets = []string{run.set}
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v, err := load.Source{FS: definitions.Files}.Game(run.id, opt)
		require.NoError(t, err, run.name)
		_, err = interpreter.Compile(v)
		require.NoError(t, err, run.name)
		runtime.ReadMemStats(&after)
		allocs := after.Mallocs - before.Mallocs
		t.Logf("%s: %d allocations", run.name, allocs)
		assert.LessOrEqual(t, allocs, uint64(maxLoadAllocs), "%s: loading made %d allocations, over %d", run.name, allocs, maxLoadAllocs)
	}
}
