package board

// This file holds the graph walks of the board.

import (
	"slices"
)

// Board is the graph in play.
type Board struct {
	// Nodes are the nodes by id; Order lists their ids as declared.
	Nodes map[string]*Node
	Order []string
	// Out and In list the edges leaving and entering each node.
	Out, In map[string][]*Edge
	// Kinds lists the node ids of each kind ("": every node).
	Kinds map[string][]string
	// reach keeps the lists costWalks made (walkcost.go).
	reach map[reachKey][][]string
	// walked keeps the lists walks made, forward and back, by the
	// node's place in Order and the number of edges (board.go).
	walked [2][][]keptWalks
	// dists keeps the tables costDist made, by key (costdist.go);
	// lastKey and lastRows are the last key asked and its table.
	dists    map[string][][]int
	lastKey  string
	lastRows [][]int
	// numbered says each node knows its place in Order (index).
	numbered bool
	// hops are the edges out of each node, forward and back, by the
	// node's place in Order (hopsOf); hopsMade says the table was made,
	// or found impossible (an edge names a node the board does not have).
	hops     [2][][]hop
	hopsMade [2]bool
	Decl     []DeclaredEdge // the edges as declared, for drawing
}

// Node is a space of the board.
type Node struct {
	ID   string            `expr:"id" json:"id"`
	Kind string            `expr:"kind" json:"kind"`
	Name string            `expr:"name" json:"name"`
	Num  map[string]int    `expr:"num" json:"num,omitempty"`
	Str  map[string]string `expr:"str" json:"str,omitempty"`
	// NumAt and StrAt hold Num and Str by the numbers the compiler gives
	// their keys, as a card's do (model.Card); nil when not filled.
	NumAt []int    `expr:"-" json:"-"`
	StrAt []string `expr:"-" json:"-"`
	// index is the node's place in its board's Order (Board.number).
	index int
}

// Edge joins two nodes. An undirected edge is listed from both ends, with
// From always the end it is listed from.
type Edge struct {
	From string            `expr:"from"`
	To   string            `expr:"to"`
	Num  map[string]int    `expr:"num"`
	Str  map[string]string `expr:"str"`
	// NumAt and StrAt: as a node's.
	NumAt []int    `expr:"-"`
	StrAt []string `expr:"-"`
}

// DeclaredEdge is an edge as the definition declares it: an undirected edge
// is listed once, with Directed false.
type DeclaredEdge struct {
	*Edge
	Directed bool
}

// Dist is the fewest edges from a to b, or -1.
func (b *Board) Dist(from, to string) int {
	if from == to {
		return 0
	}
	seen := map[string]bool{from: true}
	frontier := []string{from}
	for d := 1; len(frontier) > 0; d++ {
		var next []string
		for _, n := range frontier {
			for _, e := range b.Out[n] {
				if e.To == to {
					return d
				}
				if !seen[e.To] {
					seen[e.To] = true
					next = append(next, e.To)
				}
			}
		}
		frontier = next
	}
	return -1
}

// walkKey names one list of walks.
// keptWalks is one list of walks kept (WalksKeptOf): done once made.
type keptWalks struct {
	paths [][]string
	done  bool
}

// WalksKept is walks, each list computed once and kept: the board does
// not change, and a list is never changed in place. A kept list counts
// against limit as a new one would, so a budget runs out alike whether
// the list was kept or not.
func (b *Board) WalksKept(from string, n int, back bool, limit int) ([][]string, bool) {
	if f := b.Nodes[from]; f != nil {
		return b.WalksKeptOf(f, n, back, limit)
	}
	return b.Walks(from, n, back, limit)
}

// WalksKeptOf is WalksKept from a node of the board found already (the
// machine finds a node by the address of its id): the lists are kept
// by the node's place in Order, the direction and the number of edges,
// with no map keyed by its id.
func (b *Board) WalksKeptOf(from *Node, n int, back bool, limit int) ([][]string, bool) {
	if n < 0 || n >= len(b.Nodes) {
		return b.Walks(from.ID, n, back, limit)
	}
	b.number()
	d := 0
	if back {
		d = 1
	}
	if b.walked[d] == nil {
		b.walked[d] = make([][]keptWalks, len(b.Order))
	}
	row := b.walked[d][from.index]
	if n < len(row) && row[n].done {
		l := row[n].paths
		return l, len(l) <= limit
	}
	l, ok := b.Walks(from.ID, n, back, limit)
	if !ok {
		return l, ok
	}
	if n >= len(row) {
		row = append(row, make([]keptWalks, n+1-len(row))...)
		b.walked[d][from.index] = row
	}
	row[n] = keptWalks{l, true}
	return l, ok
}

// hop is an edge followed by a walk: the place in Order of the node it
// enters, and that node's id as the edge names it.
type hop struct {
	to int
	id string
}

// hopsOf is the table of hops forward (d 0) or back (d 1), made once;
// nil when some edge names a node the board does not have.
func (b *Board) hopsOf(d int) [][]hop {
	if b.hops[d] != nil || b.hopsMade[d] {
		return b.hops[d]
	}
	b.number()
	b.hopsMade[d] = true
	t := make([][]hop, len(b.Order))
	for i, id := range b.Order {
		edges := b.Out[id]
		if d == 1 {
			edges = b.In[id]
		}
		for _, e := range edges {
			to := e.To
			if d == 1 {
				to = e.From
			}
			n := b.Nodes[to]
			if n == nil {
				return nil
			}
			t[i] = append(t[i], hop{n.index, to})
		}
	}
	b.hops[d] = t
	return t
}

// Walks lists every path of exactly n edges from a node that visits no node
// twice; each path lists the nodes entered, the last being where it ends.
// back walks the edges against their direction. The paths share one
// backing array, each capped at its length. At most limit paths are
// listed: ok is false when there are more.
func (b *Board) Walks(from string, n int, back bool, limit int) (paths [][]string, ok bool) {
	if n >= len(b.Nodes) {
		return nil, true // a path of n edges enters n other nodes
	}
	d := 0
	if back {
		d = 1
	}
	if f := b.Nodes[from]; f != nil && n > 0 {
		if hops := b.hopsOf(d); hops != nil {
			return b.walksByNumber(hops, f.index, n, limit)
		}
	}
	var flat []string
	path := make([]string, 0, max(n, 0))
	var rec func(at string, left int)
	rec = func(at string, left int) {
		if left == 0 {
			if limit--; limit < 0 {
				return
			}
			flat = append(flat, path...)
			return
		}
		if limit < 0 {
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
			path = append(path, to)
			rec(to, left-1)
			path = path[:len(path)-1]
		}
	}
	if n < 0 {
		return nil, true
	}
	if n == 0 {
		return [][]string{nil}, true
	}
	rec(from, n)
	return walkRows(flat, n, limit)
}

// walksByNumber is Walks from the node at place from of Order, n > 0,
// following the table of hops: the nodes seen are marked by their
// place, not searched for in the path by their ids.
func (b *Board) walksByNumber(hops [][]hop, from, n, limit int) ([][]string, bool) {
	var flat []string
	path := make([]string, 0, n)
	seen := make([]bool, len(hops))
	seen[from] = true
	var rec func(at, left int)
	rec = func(at, left int) {
		if left == 0 {
			if limit--; limit < 0 {
				return
			}
			flat = append(flat, path...)
			return
		}
		if limit < 0 {
			return
		}
		for _, h := range hops[at] {
			if seen[h.to] {
				continue
			}
			seen[h.to] = true
			path = append(path, h.id)
			rec(h.to, left-1)
			path = path[:len(path)-1]
			seen[h.to] = false
		}
	}
	rec(from, n)
	return walkRows(flat, n, limit)
}

// walkRows cuts the walks of n nodes laid end to end in flat into one
// list each; false when the walks ran past their limit.
func walkRows(flat []string, n, limit int) ([][]string, bool) {
	if limit < 0 {
		return nil, false
	}
	if len(flat) == 0 {
		return nil, true
	}
	out := make([][]string, len(flat)/n)
	for i := range out {
		out[i] = flat[i*n : (i+1)*n : (i+1)*n]
	}
	return out, true
}
