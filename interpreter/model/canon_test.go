package model

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// same tells whether two strings are one: the same bytes at the same
// address.
func same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

func TestInternKeepsTheFirstString(t *testing.T) {
	tab := NewTables(TableDecl{GlobalZones: []string{"box"}})
	first := strings.Clone("supply")
	assert.Equal(t, "other", tab.Canon("other"), "a name never interned is itself")
	require.True(t, same(first, tab.Intern(first)))
	again := strings.Clone("supply")
	assert.True(t, same(first, tab.Intern(again)), "the same bytes elsewhere are the first string")
	assert.True(t, same(first, tab.Canon(again)))
	assert.False(t, same(again, tab.Canon(again)))
}

// zoneTestTables are the tables of a game with two global zones, the
// box and two player zones; unindexed, zones are found by their names'
// contents only.
func zoneTestTables(indexed bool) *Tables {
	tab := NewTables(TableDecl{
		GlobalZones: []string{"deck", "market", "box"}, PlayerZones: []string{"hand", "market"},
		PlayerZoneRefs: [][]string{{"hand/0", "hand/1", "hand/2", "hand/3"}, {"market/0", "market/1", "market/2", "market/3"}},
	})
	// The game's own strings are other copies than the tables' (as a
	// definition's constants would be).
	for _, s := range tab.Globals.List {
		tab.Intern(strings.Clone(s))
	}
	for _, l := range tab.refs {
		for _, s := range l {
			tab.Intern(strings.Clone(s))
		}
	}
	if indexed {
		tab.IndexZones()
	}
	return tab
}

// A zone found by the address of its name is the zone found by its
// contents, for every seat count, its own strings or copies of them; a
// name that is both a global zone and a player zone's is the global one.
func TestZonesByAddressAsByName(t *testing.T) {
	byAddr, byName := zoneTestTables(true), zoneTestTables(false)
	require.Nil(t, byName.byAddr)
	var refs []string
	refs = append(refs, byAddr.Globals.List...)
	for _, l := range byAddr.refs {
		refs = append(refs, l...)
	}
	for _, s := range refs {
		_, ok := byAddr.byAddr.Find(s)
		assert.True(t, ok, "%s is found by address", s)
		_, ok = byAddr.byAddr.Find(byAddr.Canon(strings.Clone(s)))
		assert.True(t, ok, "the game's own string of %s is found by address", s)
		_, ok = byAddr.byAddr.Find(strings.Clone(s))
		assert.False(t, ok, "a copy of %s is not", s)
	}
	for _, s := range append(refs, "hand/4", "nowhere", "hand") {
		for players := 1; players <= 4; players++ {
			want := byName.zoneNum(s, players)
			assert.Equal(t, want, byAddr.zoneNum(s, players), "%s with %d players", s, players)
			assert.Equal(t, want, byAddr.zoneNum(strings.Clone(s), players), "a copy of %s with %d players", s, players)
		}
	}
	assert.Equal(t, 1, byAddr.zoneNum("market", 2))
	assert.Equal(t, -1, byAddr.zoneNum(byAddr.refs[0][3], 3), "a seat past the players")
}

// A holder first named by another string than the game's own (a setup's,
// a save's) is kept under the game's own, which the expressions'
// constants hold.
func TestHolderKeptUnderTheGamesString(t *testing.T) {
	tab := zoneTestTables(true)
	own := tab.Intern(strings.Clone("supply"))
	st := &State{Players: 2, Tables: tab}
	st.NoHolders()
	st.SetStock(strings.Clone("supply"), []string{"grain"})
	require.Len(t, st.holders.List, 1)
	assert.True(t, same(own, st.holders.List[0]))
	k, ok := st.holders.byAddr.Find(own)
	assert.True(t, ok)
	assert.Equal(t, 0, k)
	st.SetStockMap(map[string][]string{strings.Clone("supply"): {"fish"}})
	assert.True(t, same(own, st.holders.List[0]), "and so when read back")
	assert.Equal(t, []string{"fish"}, st.StockList(own))
}
