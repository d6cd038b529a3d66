package tests

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// The zones a shipped game names — as constants of its expressions
// (moveCard(c, 'deck', 'market')), from its tables or joined at run time
// from its own names ('top-' + port) — are found by the address of the
// game's own string, not by hashing their names: at most one lookup in
// twenty decisions hashes one (a name built that the game does not
// declare).
func TestZonesFoundByAddress(t *testing.T) {
	for _, run := range benchRuns(t) {
		t.Run(run.name, func(t *testing.T) {
			var sets []string
			if run.set != "" {
				sets = []string{run.set}
			}
			g := compiled(t, run.id, sets...)
			g.SetLog(false)
			r := rand.New(rand.NewPCG(1, 2))
			st, err := g.New(3, 1)
			require.NoError(t, err)
			start := st.Tables.Hashed()
			var moves []interpreter.Move
			const decisions = 3000
			for i := range decisions {
				if st.Finished {
					require.NoError(t, g.NewInto(st, 3, uint64(i)))
				}
				moves, err = g.LegalInto(st, moves)
				require.NoError(t, err)
				require.NoError(t, g.ApplyIndex(st, r.IntN(len(moves))))
			}
			assert.LessOrEqual(t, st.Tables.Hashed()-start, int64(decisions/20))
		})
	}
}
