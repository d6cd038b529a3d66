package web

import (
	"sort"

	"github.com/haven-engine/haven/interpreter"
)

// Spacing of the automatic layout, in layout units.
const (
	autoColumn = 150.0
	autoRow    = 90.0
	autoMargin = 70.0
)

// autoLayout places the nodes the layout leaves out. The nodes are put in
// layers by their distance (in edges, either way) from the sources of the
// graph — the nodes nothing leads into, or the first node when every node
// has a way in — and ordered in each layer by the mean row of their
// neighbours in the layer before, so that chains stay straight. It is
// deterministic: the same definition is always drawn the same way.
//
// Without a layout the space is sized to fit; with one, the nodes left
// out are placed in a strip below it.
func autoLayout(lay *Layout, nodes []*interpreter.Node, edges []interpreter.BoardEdge) {
	var missing []*interpreter.Node
	for _, n := range nodes {
		if _, ok := lay.Pos[n.ID]; !ok {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 {
		return
	}
	index := map[string]int{}
	for i, n := range missing {
		index[n.ID] = i
	}
	adj := make([][]int, len(missing))
	into := make([]bool, len(missing))
	for _, e := range edges {
		a, ok1 := index[e.From]
		b, ok2 := index[e.To]
		if !ok1 || !ok2 || a == b {
			continue
		}
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
		if e.Directed {
			into[b] = true
		}
	}
	layer := make([]int, len(missing))
	for i := range layer {
		layer[i] = -1
	}
	var queue []int
	start := func(i, base int) {
		layer[i] = base
		queue = append(queue, i)
	}
	for i := range missing {
		if !into[i] && hasDirected(edges) {
			start(i, 0)
		}
	}
	base := 0
	for {
		if len(queue) == 0 {
			next := -1
			for i := range missing {
				if layer[i] < 0 {
					next = i
					break
				}
			}
			if next < 0 {
				break
			}
			start(next, base)
		}
		for len(queue) > 0 {
			i := queue[0]
			queue = queue[1:]
			for _, j := range adj[i] {
				if layer[j] < 0 {
					layer[j] = layer[i] + 1
					queue = append(queue, j)
				}
			}
			base = max(base, layer[i]+1)
		}
	}
	// Rows: each layer in order of the mean row of its neighbours in the
	// layer before (definition order for the first).
	layers := map[int][]int{}
	deepest := 0
	for i, l := range layer {
		layers[l] = append(layers[l], i)
		deepest = max(deepest, l)
	}
	row := make([]float64, len(missing))
	widest := 0
	for l := 0; l <= deepest; l++ {
		ids := layers[l]
		key := make([]float64, len(missing))
		for _, i := range ids {
			sum, k := 0.0, 0
			for _, j := range adj[i] {
				if layer[j] == l-1 {
					sum += row[j]
					k++
				}
			}
			key[i] = float64(i) / 1e6
			if k > 0 {
				key[i] += sum / float64(k)
			}
		}
		sort.SliceStable(ids, func(a, b int) bool { return key[ids[a]] < key[ids[b]] })
		for r, i := range ids {
			row[i] = float64(r) - float64(len(ids)-1)/2
		}
		widest = max(widest, len(ids))
	}
	top := autoMargin + float64(widest-1)/2*autoRow
	if lay.Width > 0 {
		top += lay.Height
	}
	for i, n := range missing {
		lay.Pos[n.ID] = Point{autoMargin + float64(layer[i])*autoColumn, top + row[i]*autoRow}
	}
	w := 2*autoMargin + float64(deepest)*autoColumn
	h := 2*autoMargin + float64(widest-1)*autoRow
	if lay.Width == 0 {
		lay.Width, lay.Height = w, h
		return
	}
	lay.Width = max(lay.Width, w)
	lay.Height += h
}

func hasDirected(edges []interpreter.BoardEdge) bool {
	for _, e := range edges {
		if e.Directed {
			return true
		}
	}
	return false
}
