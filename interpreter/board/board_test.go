package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// line is a board of two nodes and one edge, x → y.
func line() *Board {
	e := &Edge{From: "x", To: "y"}
	return &Board{
		Nodes: map[string]*Node{"x": {ID: "x"}, "y": {ID: "y"}},
		Order: []string{"x", "y"},
		Out:   map[string][]*Edge{"x": {e}},
		In:    map[string][]*Edge{"y": {e}},
	}
}

func TestWalks(t *testing.T) {
	b := line()
	walks := func(from string, n int, back bool) [][]string {
		paths, ok := b.Walks(from, n, back, 100)
		assert.True(t, ok)
		return paths
	}
	assert.Equal(t, [][]string{{"y"}}, walks("x", 1, false))
	assert.Equal(t, [][]string{nil}, walks("x", 0, false))
	assert.Nil(t, walks("x", 2, false))
	assert.Nil(t, walks("x", -1, false))
	assert.Nil(t, walks("y", 1, false))
	assert.Equal(t, [][]string{{"x"}}, walks("y", 1, true))
	assert.Nil(t, walks("x", 1_000_000_000_000, false))
	_, ok := b.Walks("x", 1, false, 0)
	assert.False(t, ok, "over the limit")
}

// A kept list is the one made first, and still counts against the limit.
func TestWalksKept(t *testing.T) {
	b := line()
	l, ok := b.WalksKept("x", 1, false, 10)
	assert.True(t, ok)
	again, ok := b.WalksKept("x", 1, false, 10)
	assert.True(t, ok)
	assert.Same(t, &l[0], &again[0])
	_, ok = b.WalksKept("x", 1, false, 0)
	assert.False(t, ok, "over the limit")
}

func TestDistAndCosts(t *testing.T) {
	b := line()
	assert.Equal(t, 1, b.Dist("x", "y"))
	assert.Equal(t, -1, b.Dist("y", "x"))
	d, err := b.CostDist("x", "y", "cost")
	assert.NoError(t, err)
	assert.Equal(t, 1, d)
	_, err = b.CostDist("x", "z", "cost")
	assert.EqualError(t, err, `costDist("z"): no such node`)
}
