package runtime_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBoardAccessors checks that a board is listed as declared: nodes in
// definition order, an undirected edge once and marked so, goods in order.
func TestBoardAccessors(t *testing.T) {
	src := strings.Replace(tiny, `playerVars: coins: 0`, `playerVars: coins: 0
	goods: {gem: count: 2, ore: count: 1}
	boards: b: {
		nodes: {x: kind: "k", y: kind: "k", z: kind: "j"}
		edges: [{from: "x", to: "y"}, {from: "y", to: "z", directed: false}]
	}`, 1)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	var ids []string
	for _, n := range g.BoardNodes() {
		ids = append(ids, n.ID+":"+n.Kind)
	}
	assert.Equal(t, []string{"x:k", "y:k", "z:j"}, ids)
	edges := g.BoardEdges()
	require.Len(t, edges, 2)
	assert.Equal(t, "x", edges[0].From)
	assert.True(t, edges[0].Directed)
	assert.Equal(t, "z", edges[1].To)
	assert.False(t, edges[1].Directed)
	require.Len(t, g.Goods(), 2)
	assert.Equal(t, "gem", g.Goods()[0].ID)
}
