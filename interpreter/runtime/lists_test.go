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
