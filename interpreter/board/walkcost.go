package board

// This file holds walks whose steps have costs.

import "slices"

// reachKey names one list of costWalks.
type reachKey struct {
	from   string
	budget int
	key    string
}

// EdgeCost is what taking an edge costs: its num named key, 1 without.
// A negative cost closes the edge to walks by that key: a board with
// two ways of moving (rivers and seas) gives each kind of edge a cost
// under its own key and closes it under the other.
func EdgeCost(e *Edge, key string) int {
	if c, ok := e.Num[key]; ok {
		return c
	}
	return 1
}

// EdgeTo is the edge from a to b, or nil.
func (b *Board) EdgeTo(from, to string) *Edge {
	for _, e := range b.Out[from] {
		if e.To == to {
			return e
		}
	}
	return nil
}

// PassCost is what passing through a node costs, added to the edges
// into and out of it: its num named key, 0 without. A port that costs a
// step to enter or to leave, but none to pass, has edges of cost 1 and
// a pass cost of -1.
func (b *Board) PassCost(node, key string) int { return b.Nodes[node].Num[key] }

// CostWalks lists every path from a node that visits no node twice and
// costs at most budget, shortest first by number of nodes, then in the
// order of the edges. The empty path is not listed. A path's cost is
// the cost of its edges plus the pass cost of the nodes it goes through
// (neither the first nor the last); an edge of negative cost is not
// taken. At most limit paths are listed: ok
// is false when there are more (package budget).
func (b *Board) CostWalks(from string, budget int, key string, limit int) (paths [][]string, ok bool) {
	var out [][]string
	path := []string{}
	var rec func(at string, left int)
	rec = func(at string, left int) {
		if len(out) > limit {
			return
		}
		pass := 0
		if at != from {
			pass = b.PassCost(at, key)
		}
		for _, e := range b.Out[at] {
			ec := EdgeCost(e, key)
			c := ec + pass
			if ec < 0 || c > left || e.To == from || slices.Contains(path, e.To) {
				continue
			}
			path = append(path, e.To)
			out = append(out, slices.Clip(slices.Clone(path)))
			rec(e.To, left-c)
			path = path[:len(path)-1]
		}
	}
	if budget >= 0 {
		rec(from, budget)
	}
	if len(out) > limit {
		return nil, false
	}
	slices.SortStableFunc(out, func(a, b []string) int { return len(a) - len(b) })
	return out, true
}

// KeptCostWalks is the list costWalks made for (from, budget, key), if
// it was kept.
func (b *Board) KeptCostWalks(from string, budget int, key string) ([][]string, bool) {
	l, ok := b.reach[reachKey{from, budget, key}]
	return l, ok
}

// KeepCostWalks keeps a list costWalks made: the board does not change,
// and the list is never changed in place.
func (b *Board) KeepCostWalks(from string, budget int, key string, l [][]string) {
	if b.reach == nil {
		b.reach = map[reachKey][][]string{}
	}
	b.reach[reachKey{from, budget, key}] = l
}
