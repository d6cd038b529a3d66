package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/model"
)

// TestViewIsItsOwnValue changes a view and checks the state is as it
// was, then plays on the state and changes it in place and checks the
// view is as it was: a view shares no memory with the state.
func TestViewIsItsOwnValue(t *testing.T) {
	g, st := shippedGame(t, "rotterdam")
	mustPlay(t, g, st, 40)
	before, err := json.Marshal(st)
	require.NoError(t, err)
	v, err := g.View(st, 0)
	require.NoError(t, err)
	seen, err := json.Marshal(v)
	require.NoError(t, err)

	v.Vars[someInt(t, v.Vars)]++
	v.PlayerVars[0][someInt(t, v.PlayerVars[0])]++
	z, h := someKey(t, v.Zones), someKey(t, v.Stocks)
	v.Zones[z][0] = "changed"
	v.Zones[z] = append(v.Zones[z], "more")
	v.Stocks[h][0] = "changed"
	v.Pieces[0].At = "changed"
	v.Pieces[0].Kind, v.Pieces[0].Owner = "changed", 99
	model.SetPieceVar(v.Pieces[0], "x", 1)
	for _, p := range v.Pieces {
		for k := range p.Vars {
			p.Vars[k]++
		}
	}
	v.Pending.Player = 99
	after, err := json.Marshal(st)
	require.NoError(t, err)
	require.Equal(t, string(before), string(after), "changing the view changed the state")

	v, err = g.View(st, 0)
	require.NoError(t, err)
	for k := range st.Counts {
		st.Counts[k]++
	}
	st.ZoneCards(z)[0] = "changed"
	st.StockList(h)[0] = "changed"
	st.Pieces[0].At = "changed"
	st.Pieces[0].ID = "changed"
	st.Pending.Player = 99
	again, err := json.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, string(seen), string(again), "changing the state changed the view")
}

// someInt is the first key of a map of counters, in order.
func someInt(t *testing.T, m map[string]int) string {
	require.NotEmpty(t, m)
	k := ""
	for x := range m {
		if k == "" || x < k {
			k = x
		}
	}
	return k
}
