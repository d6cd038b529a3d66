package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A list boxed by KeptBoxes is the list any(l) is, and boxing allocates
// nothing but a chunk now and then.
func TestKeptBoxes(t *testing.T) {
	var k KeptBoxes
	strs, anys := []string{"a", "b"}, []any{1, "x"}
	var boxed []any
	for range 3 * boxChunk {
		boxed = append(boxed, k.Strings(strs), k.Anys(anys))
	}
	for i := 0; i < len(boxed); i += 2 {
		assert.Equal(t, any(strs), boxed[i])
		assert.Equal(t, any(anys), boxed[i+1])
	}
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { _ = k.Strings(strs); _ = k.Anys(anys) }))
}
