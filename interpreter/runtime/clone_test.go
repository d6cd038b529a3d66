package runtime_test

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// TestCloneKeepsEmptyLists is the regression test of Clone turning an
// empty list into null: a copy must marshal exactly as the original, or
// the state's hash differs.
func TestCloneKeepsEmptyLists(t *testing.T) {
	g, st := smallGame(t)
	st.SetZone("empty", []string{})
	st.SetStock("none", []string{})
	st.Fired = []string{}
	st.Moves = []string{}
	g2, mid := shippedGame(t, "mainport-mastermind")
	for _, s := range []*model.State{st, mustPlay(t, g, st.Clone(), 3), mid, mustPlay(t, g2, mid.Clone(), 40)} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		got, err := json.Marshal(s.Clone())
		require.NoError(t, err)
		require.JSONEq(t, string(want), string(got))
		require.Equal(t, string(want), string(got))
	}
}

// TestCloneSharesNothing plays on a copy and checks the original is as
// it was, then plays on the original and checks the copy is.
func TestCloneSharesNothing(t *testing.T) {
	g, st := shippedGame(t, "rotterdam")
	mustPlay(t, g, st, 40)
	before, err := json.Marshal(st)
	require.NoError(t, err)
	c := st.Clone()
	mustPlay(t, g, c, 4)
	c.SetVarOf("v", c.VarOf("v")+1)
	c.SetPvarOf(0, "pv", c.PvarOf(0, "pv")+1)
	for k := range c.Counts {
		c.Counts[k]++
	}
	z, h := someKey(t, st.ZoneMap()), someKey(t, st.StockMap())
	c.ZoneCards(z)[0] = "changed"
	c.SetZone(z, append(c.ZoneCards(z), "more"))
	c.StockList(h)[0] = "changed"
	c.Pieces[0].At = "x"
	model.SetPieceVar(c.Pieces[0], "x", 1)
	for _, p := range c.Pieces {
		for k := range p.Vars {
			p.Vars[k]++
		}
	}
	require.NotEmpty(t, c.Stack)
	f := c.Stack[len(c.Stack)-1]
	f.Cursors[len(f.Cursors)-1].PC++
	f.Scope.Vals[model.SlotMe] = 99
	after, err := json.Marshal(st)
	require.NoError(t, err)
	require.Equal(t, string(before), string(after), "playing on the copy changed the original")

	c = st.Clone()
	copied, err := json.Marshal(c)
	require.NoError(t, err)
	mustPlay(t, g, st, 4)
	st.ZoneCards(z)[0] = "changed"
	st.Moves = append(st.Moves, "more")
	again, err := json.Marshal(c)
	require.NoError(t, err)
	require.Equal(t, string(copied), string(again), "playing on the original changed the copy")
}

// mustPlay applies the first legal move n times.
func mustPlay(t *testing.T, g *runtime.Game, st *model.State, n int) *model.State {
	t.Helper()
	for i := 0; i < n && !st.Finished; i++ {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, moves)
		require.NoError(t, g.Apply(st, moves[0].Text))
	}
	return st
}

// shippedGame compiles a shipped game and starts it with 3 players.
func shippedGame(t *testing.T, id string) (*runtime.Game, *model.State) {
	t.Helper()
	v, err := load.Source{FS: definitions.Files}.Game(id, load.Options{})
	require.NoError(t, err)
	g, err := compile.Compile(v)
	require.NoError(t, err)
	st, err := g.New(3, 1)
	require.NoError(t, err)
	return g, st
}

// someKey is the first key, in order, of a non-empty list.
func someKey(t *testing.T, m map[string][]string) string {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if len(m[k]) > 0 {
			return k
		}
	}
	t.Fatal("every list is empty")
	return ""
}
