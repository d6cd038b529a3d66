package interpreter

// This file gives read-only access to the board and goods of a compiled
// game, for programs that draw it (haven serve).

// BoardEdge is an edge as the definition declares it: an undirected edge
// is listed once, with Directed false.
type BoardEdge struct {
	*Edge
	Directed bool
}

// BoardNodes lists the nodes of the board in play, in definition order.
func (g *Game) BoardNodes() []*Node {
	out := make([]*Node, len(g.board.order))
	for i, id := range g.board.order {
		out[i] = g.board.Nodes[id]
	}
	return out
}

// BoardEdges lists the edges of the board in play, as declared.
func (g *Game) BoardEdges() []BoardEdge { return g.board.decl }

// Goods lists the goods, in definition order.
func (g *Game) Goods() []*Good { return g.goods }
