package runtime

import "github.com/haven-engine/haven/interpreter/board"

// This file gives read-only access to the board and goods of a compiled
// game, for programs that draw it (haven serve).

// Node is a space of the board.
type Node = board.Node

// Edge joins two nodes of the board.
type Edge = board.Edge

// BoardEdge is an edge as the definition declares it.
type BoardEdge = board.DeclaredEdge

// BoardNodes lists the nodes of the board in play, in definition order.
func (g *Game) BoardNodes() []*board.Node {
	out := make([]*board.Node, len(g.Board.Order))
	for i, id := range g.Board.Order {
		out[i] = g.Board.Nodes[id]
	}
	return out
}

// BoardEdges lists the edges of the board in play, as declared.
func (g *Game) BoardEdges() []board.DeclaredEdge { return g.Board.Decl }

// Goods lists the goods, in definition order.
func (g *Game) Goods() []*Good { return g.GoodList }
