package mastermind

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMovesFrom checks the moves of a ship next to a dead end: from
// square 19, two steps reach squares 24 and 22 past square 21, and Quebec,
// one step away, is a dead end a move may stop in ("where the ship cannot
// sail on, the move may end in that port"), offered after the exact ones.
func TestMovesFrom(t *testing.T) {
	_, r := defined(t)
	ends := func(from string, steps int) (got [][]string) {
		for _, e := range r.routes[r.node(t, from)][steps].ends {
			for _, w := range e.routes {
				var route []string
				for _, n := range w {
					route = append(route, r.Nodes[n])
				}
				got = append(got, route)
			}
		}
		return got
	}
	assert.Equal(t, [][]string{{"s21", "s24"}, {"s21", "s22"}, {"quebec"}}, ends("s19", 2))
	assert.Equal(t, [][]string{{"s19", "s21", "s24"}, {"s19", "s21", "s22"}}, ends("quebec", 3))
	// Qatar is entered from square 104 only: three steps from square 106
	// reach squares 97, 103 and 109, or stop in Qatar, one step short.
	assert.Equal(t, [][]string{{"s102", "s100", "s97"}, {"s107", "s105", "s103"}, {"s104", "s108", "s109"}, {"s104", "qatar"}}, ends("s106", 3))
}

// node is the number of a node id.
func (r *Rules) node(t *testing.T, id string) uint8 {
	for n, x := range r.Nodes {
		if x == id {
			return uint8(n)
		}
	}
	t.Fatalf("no node %s", id)
	return 0
}
