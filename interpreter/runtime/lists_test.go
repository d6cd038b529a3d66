package runtime

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The lists a card moved makes are cut from the machine's chunks: no
// allocation each, no list changed once made (a local and the state's
// copies share them), and appending to one copies it.
func TestMovedListsAllocateNothing(t *testing.T) {
	var a idLists
	zone := []string{"a", "b", "c"}
	held := zone // a local bound to the zone
	var made [][]string
	for i := range 2000 { // past several chunks
		zone = a.without(zone, i%len(zone))
		zone = a.appended(zone, "d")
		zone = a.prepended(zone, "e")[1:]
		made = append(made, zone)
	}
	assert.Equal(t, []string{"a", "b", "c"}, held)
	for _, l := range made {
		assert.Equal(t, 3, len(l))
	}
	snap := slices.Clone(made[0])
	assert.Equal(t, 0.0, testing.AllocsPerRun(200, func() {
		zone = a.appended(a.without(zone, 0), "f")
	}))
	assert.Equal(t, snap, made[0], "a list once made never changes")
	assert.Equal(t, len(zone), cap(zone), "appending to a made list copies it")
}

// A pile that is the last list cut from the chunk grows in place, one
// card at a time; a list that shares it (a copy of the state, a local)
// keeps its cards, and appending to that one copies it.
func TestPileGrowsInPlace(t *testing.T) {
	var a idLists
	pile := a.appended(a.cut(0), "a") // a new list of its own
	first := pile
	for _, c := range []string{"b", "c", "d"} {
		pile = a.appended(pile, c)
	}
	assert.Equal(t, []string{"a", "b", "c", "d"}, pile)
	assert.Equal(t, len(pile), cap(pile), "no list sees past its end")
	assert.Same(t, &first[0], &pile[0], "grown in place, not copied")
	assert.Equal(t, []string{"a"}, first, "the list before keeps its card")

	copied := first // another holder of the first list
	other := a.appended(copied, "x")
	assert.Equal(t, []string{"a", "x"}, other)
	assert.NotSame(t, &first[0], &other[0], "no longer at the chunk's end: copied")
	assert.Equal(t, []string{"a", "b", "c", "d"}, pile, "the grown pile is untouched")

	a.cut(1) // something else cut after the pile
	grown := a.appended(pile, "e")
	assert.NotSame(t, &pile[0], &grown[0], "not the last list cut: copied")
	assert.Equal(t, []string{"a", "b", "c", "d", "e"}, grown)
}
