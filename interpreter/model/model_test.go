package model

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitZoneRef(t *testing.T) {
	for ref, want := range map[string]struct {
		name  string
		owner int
	}{"deck": {"deck", -1}, "hand/2": {"hand", 2}, "a/b": {"a/b", -1}} {
		name, owner := SplitZoneRef(ref)
		assert.Equal(t, want.name, name, ref)
		assert.Equal(t, want.owner, owner, ref)
	}
	assert.Equal(t, "hand/3", PlayerZone("hand", 3))
}

// The generator is the state's alone: the same seed draws the same.
func TestRandomIsTheState(t *testing.T) {
	a, b := &State{RNG: 7}, &State{RNG: 7}
	for range 20 {
		assert.Equal(t, a.Intn(6), b.Intn(6))
	}
	l, m := []string{"a", "b", "c", "d"}, []string{"a", "b", "c", "d"}
	a.Shuffle(l)
	b.Shuffle(m)
	assert.Equal(t, l, m)
	assert.ElementsMatch(t, []string{"a", "b", "c", "d"}, l)
}

// A state bound to tables keeps its counters by index and saves them by
// name; read back, it binds again to the same values.
func TestTablesBindAndJSON(t *testing.T) {
	tab := NewTables(TableDecl{
		Vars: []string{"round"}, PlayerVars: []string{"coins"},
		VarInit: map[string]int{"round": 1}, PvarInit: map[string]int{"coins": 5},
		GlobalZones: []string{"deck", "box"}, PlayerZones: []string{"hand"},
		PlayerZoneRefs: [][]string{{"hand/0", "hand/1"}},
	})
	st := &State{Players: 2, Moves: []string{}}
	st.NoHolders()
	tab.NewCounters(st, true)
	st.BindZones(nil)
	st.SetZone("hand/1", []string{"c1"})
	st.SetPvarOf(1, "coins", 9)
	assert.Equal(t, 1, st.Var("round"))
	assert.Equal(t, 9, st.PlayerVar(1, "coins"))
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(b, &back))
	require.NoError(t, tab.Bind(&back))
	assert.Equal(t, 9, back.PlayerVar(1, "coins"))
	cards, ok := back.Zone("hand/1")
	assert.True(t, ok)
	assert.Equal(t, []string{"c1"}, cards)
	again, err := json.Marshal(&back)
	require.NoError(t, err)
	assert.JSONEq(t, string(b), string(again))
	// A copy marshals as the original.
	c, err := json.Marshal(back.Clone())
	require.NoError(t, err)
	assert.Equal(t, string(again), string(c))
}

// A node var is saved once set, 0 included, and only then: each var of
// each node has its mark, the marks 64 to a counter, so a board of more
// than 64 node vars puts some in a second one.
func TestNodeVarMarks(t *testing.T) {
	var nodes []string
	for i := range 40 {
		nodes = append(nodes, "n"+strconv.Itoa(i))
	}
	tab := NewTables(TableDecl{Vars: []string{"round"}, Nodes: nodes, NodeVars: []string{"cash", "load"}, GlobalZones: []string{"box"}})
	st := &State{Players: 2, Moves: []string{}}
	st.NoHolders()
	tab.NewCounters(st, true)
	st.BindZones(nil)
	set := map[string]map[string]int{"n0": {"cash": 3}, "n31": {"load": 0}, "n32": {"cash": 7}, "n39": {"load": 5}}
	for node, m := range set {
		for name, v := range m {
			st.SetNvarOf(node, name, v)
		}
	}
	assert.Equal(t, set, st.NvarMaps())
	v, ok := st.NvarOf("n32", "load")
	assert.False(t, ok, "a var of a node whose other var is set")
	assert.Zero(t, v)
	v, ok = st.NvarOf("n31", "load")
	assert.True(t, ok, "a var set to 0 is set")
	assert.Zero(t, v)
	assert.Equal(t, 1+80+2, len(st.Counts), "one var, 40 nodes × 2 vars, two counters of marks")
	assert.Equal(t, set, st.Clone().NvarMaps())
}
