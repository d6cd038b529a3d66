package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The arena's lists do not overlap, cannot be appended over one another,
// and are handed out again, emptied, after a reset: no allocation once
// the arena has grown to what an evaluation needs.
func TestScratch(t *testing.T) {
	fr := &Frame{}
	a, b := fr.Scratch(3), fr.Scratch(2)
	assert.Len(t, a, 3)
	assert.Equal(t, 3, cap(a), "appending to a allocates rather than overwrite b")
	a[0], b[0] = "a", "b"
	a = append(a, "x")
	assert.Equal(t, "b", b[0])
	assert.NotNil(t, fr.Scratch(0), "an empty list is not nil, as make gives it")
	fr.ResetScratch()
	c := fr.Scratch(2)
	assert.Nil(t, c[0], "reset empties the lists it hands out again")
	assert.Zero(t, testing.AllocsPerRun(10, func() {
		fr.ResetScratch()
		_, _ = fr.Scratch(3), fr.Scratch(2)
	}))
	big := fr.Scratch(1000)
	assert.Len(t, big, 1000, "a list larger than the arena gets a chunk of its own")
	assert.Equal(t, 3, len(a)-1)
	assert.Len(t, Fresh(fr, 2), 2)
}
