package model

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeyedNames checks a family of names by its keys: each found by an
// own string's address and by any string's content, the index of the
// whole name; a key the family lacks, -1; no family for a prefix no name
// has.
func TestKeyedNames(t *testing.T) {
	n := newNames([]string{"round", "price.gold", "price.ore", "dealt.gold", "price."})
	assert.Nil(t, n.Keyed("cost."))
	f := n.Keyed("price.")
	require.NotNil(t, f)
	own := strings.Clone("gold")
	f.Own(func(yield func(string)) {
		for _, s := range []string{own, "round", "tin"} {
			yield(s)
		}
	})
	for _, tc := range []struct {
		key   string
		index int
		byAdr bool
	}{
		{own, 1, true},
		{strings.Clone("gold"), 1, false},
		{"ore", 2, false},
		{"", 4, false},
		{"tin", -1, false},
		{"round", -1, false},
	} {
		assert.Equal(t, tc.index, f.Find(tc.key), tc.key)
		_, ok := f.byAddr.Find(tc.key)
		assert.Equal(t, tc.byAdr, ok, "%q by address", tc.key)
	}
}

// A family finds keys found by content again as they come round: more
// keys than it keeps, the same bytes again, other bytes of the same
// length at another address, and a key it lacks, each give the index
// of the whole name.
func TestKeyedNamesKeepHashedKeys(t *testing.T) {
	var list []string
	for i := range 12 {
		list = append(list, "price.k"+string(rune('a'+i)))
	}
	f := newNames(list).Keyed("price.")
	require.NotNil(t, f)
	f.Own(func(func(string)) {})
	keys := make([]string, len(list))
	for i, s := range list {
		keys[i] = strings.Clone(strings.TrimPrefix(s, "price."))
	}
	for round := range 3 {
		for i, k := range keys {
			assert.Equal(t, i, f.Find(k), "round %d, key %s", round, k)
			assert.Equal(t, 1, f.Find("kb"), "round %d, kb after %s", round, k)
			assert.Equal(t, -1, f.Find("zz"), "round %d", round)
		}
	}
}
