package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestApplyIndex plays the same moves by index and by text, listing the
// moves of another state in between (so that what was kept is stale),
// and checks both states end alike.
func TestApplyIndex(t *testing.T) {
	g, st := shippedGame(t, "masters-of-trade")
	byText := st.Clone()
	var buf []runtime.Move
	for k := 0; k < 300 && !st.Finished; k++ {
		moves, err := g.LegalInto(st, buf)
		require.NoError(t, err)
		buf = moves
		i := (k * 7) % len(moves)
		text := moves[i].Text
		if k%3 == 0 {
			_, err := g.Legal(byText) // what st's list kept is now stale
			require.NoError(t, err)
		}
		require.NoError(t, g.ApplyIndex(st, i))
		require.NoError(t, g.Apply(byText, text))
		require.Equal(t, byText.Moves, st.Moves)
	}
	a, err := json.Marshal(st)
	require.NoError(t, err)
	b, err := json.Marshal(byText)
	require.NoError(t, err)
	require.Equal(t, string(b), string(a))

	var ill *runtime.IllegalMove
	require.ErrorAs(t, g.ApplyIndex(st, -1), &ill)
	require.ErrorAs(t, g.ApplyIndex(st, 1<<20), &ill)
	require.Contains(t, ill.Reason, "legal moves")
}
