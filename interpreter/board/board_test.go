package board

import (
	"slices"
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

// ring is a board with cycles, an undirected edge listed from both ends,
// a one-way edge and two edges between the same nodes.
func ring() *Board {
	b := &Board{Nodes: map[string]*Node{}, Out: map[string][]*Edge{}, In: map[string][]*Edge{}}
	for _, id := range []string{"a", "b", "c", "d", "e", "f"} {
		b.Nodes[id] = &Node{ID: id}
		b.Order = append(b.Order, id)
	}
	add := func(from, to string) {
		e := &Edge{From: from, To: to}
		b.Out[from] = append(b.Out[from], e)
		b.In[to] = append(b.In[to], e)
	}
	for _, e := range [][2]string{{"a", "b"}, {"b", "c"}, {"c", "a"}, {"c", "d"}, {"d", "e"}, {"e", "b"}} {
		add(e[0], e[1])
		add(e[1], e[0])
	}
	add("f", "d")
	add("a", "b")
	return b
}

// walksByIDs is Walks as a search over the nodes' ids: what the table of
// hops must give.
func walksByIDs(b *Board, from string, n int, back bool) [][]string {
	var out [][]string
	var rec func(at string, path []string)
	rec = func(at string, path []string) {
		if len(path) == n {
			out = append(out, append([]string(nil), path...))
			return
		}
		edges := b.Out[at]
		if back {
			edges = b.In[at]
		}
		for _, e := range edges {
			to := e.To
			if back {
				to = e.From
			}
			if to == from || slices.Contains(path, to) {
				continue
			}
			rec(to, append(path, to))
		}
	}
	rec(from, nil)
	return out
}

// Walks by the nodes' places give every path a search by ids gives, in
// the same order, both ways, with the limit counted alike; a board with
// an edge to a node it does not have walks by ids.
func TestWalksByNumber(t *testing.T) {
	b := ring()
	for _, back := range []bool{false, true} {
		for _, from := range b.Order {
			for n := 1; n < len(b.Order); n++ {
				got, ok := b.Walks(from, n, back, 1000)
				assert.True(t, ok)
				want := walksByIDs(b, from, n, back)
				if len(want) == 0 {
					want = nil
				}
				assert.Equal(t, want, got, "%s %d %v", from, n, back)
				if len(want) > 0 {
					_, ok := b.Walks(from, n, back, len(want)-1)
					assert.False(t, ok, "over the limit: %s %d %v", from, n, back)
					_, ok = b.Walks(from, n, back, len(want))
					assert.True(t, ok, "at the limit: %s %d %v", from, n, back)
				}
			}
		}
	}
	assert.NotNil(t, b.hops[0], "walked by the table")
	odd := ring()
	odd.Out["f"] = append(odd.Out["f"], &Edge{From: "f", To: "nowhere"})
	got, ok := odd.Walks("f", 1, false, 10)
	assert.True(t, ok)
	assert.Equal(t, [][]string{{"d"}, {"nowhere"}}, got)
	assert.Nil(t, odd.hops[0])
}
