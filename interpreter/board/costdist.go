package board

// This file holds the least cost between two nodes, as costed walks
// count it: the distance an estimate of progress reads.

import "fmt"

// CostDist is the least cost of a walk from one node to another, its
// steps costed as costWalks costs them (an edge its num named key, 1
// without, a negative cost closing it; a node passed through its num
// named key, 0 without); 0 from a node to itself, -1 when no walk
// leads there. A key no edge or node declares counts the edges. The
// costs from a node are computed once per (from, key), for every node
// at once, and kept: the board does not change.
func (b *Board) CostDist(from, to, key string) (int, error) {
	f, t := b.Nodes[from], b.Nodes[to]
	if f == nil {
		return 0, fmt.Errorf("costDist(%q): no such node", from)
	}
	if t == nil {
		return 0, fmt.Errorf("costDist(%q): no such node", to)
	}
	return b.CostDistOf(f, t, key), nil
}

// CostDistOf is CostDist between two nodes of the board found already
// (the machine finds a node by the address of its id): the costs are
// kept in a table per key, a row per node from which they were asked,
// read by the nodes' places in Order, with no map keyed by their ids.
func (b *Board) CostDistOf(from, to *Node, key string) int {
	rows := b.lastRows
	if key != b.lastKey || rows == nil {
		b.number()
		rows = b.dists[key]
		if rows == nil {
			rows = make([][]int, len(b.Order))
			if b.dists == nil {
				b.dists = map[string][][]int{}
			}
			b.dists[key] = rows
		}
		b.lastKey, b.lastRows = key, rows
	}
	row := rows[from.index]
	if row == nil {
		costs := b.costsFrom(from.ID, key)
		row = make([]int, len(b.Order))
		for i, id := range b.Order {
			c, ok := costs[id]
			if !ok {
				c = -1
			}
			row[i] = c
		}
		rows[from.index] = row
	}
	return row[to.index]
}

// number gives each node its place in Order, once.
func (b *Board) number() {
	if b.numbered {
		return
	}
	for i, id := range b.Order {
		b.Nodes[id].index = i
	}
	b.numbered = true
}

// costsFrom is the least cost from a node to every node it reaches, by
// relaxing the edges until nothing changes (a node's pass cost may be
// negative, so the cheapest node first would not do); a round per node
// at most, so that a cycle of negative cost cannot loop.
func (b *Board) costsFrom(from, key string) map[string]int {
	d := map[string]int{from: 0}
	for range len(b.Order) {
		changed := false
		for _, u := range b.Order {
			du, ok := d[u]
			if !ok {
				continue
			}
			pass := 0
			if u != from {
				pass = b.PassCost(u, key)
			}
			for _, e := range b.Out[u] {
				ec := EdgeCost(e, key)
				if ec < 0 || e.To == from {
					continue
				}
				if old, ok := d[e.To]; !ok || du+pass+ec < old {
					d[e.To] = du + pass + ec
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	return d
}
