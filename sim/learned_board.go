package sim

import (
	"slices"
	"sort"
	"sync"

	"github.com/haven-engine/haven/interpreter"
)

// This file gives the learned bot's features the board: how far a
// seat's pieces are from nodes of each kind, and what a node the seat is
// linked to holds and how far its pieces are from it. A seat is linked
// to a node when one of its counters holds a number that names one node
// of a kind: the value of a number field that no two nodes of that kind
// share (a home port kept as its number). Nothing here names a game:
// the kinds, fields and counters are the definition's.

// boardInfo is what the features need of g's board, found once per
// compiled game.
type boardInfo struct {
	index map[string]int // a node id → its place in nodes
	nodes []string
	kinds []string // each node's kind
	kind  []string // the node kinds, sorted
	dist  [][]int  // fewest edges from node i to node j, -1: none
	span  int      // the greatest of dist: how far apart two nodes can be
	// links are the number fields that name a node of a kind: by kind
	// and field, the node each value names.
	links []nodeLink
}

type nodeLink struct {
	name  string         // "KIND.FIELD"
	nodes map[int]string // a value → the node it names
}

var boards sync.Map // *interpreter.Game → *boardInfo

// boardOf is g's boardInfo, found on first use.
func boardOf(g *interpreter.Game) *boardInfo {
	if b, ok := boards.Load(g); ok {
		return b.(*boardInfo)
	}
	b := newBoardInfo(g)
	boards.Store(g, b)
	return b
}

func newBoardInfo(g *interpreter.Game) *boardInfo {
	b := &boardInfo{index: map[string]int{}}
	kinds := map[string]bool{}
	fields := map[string]map[int]string{} // "KIND.FIELD" → value → node, "" once shared
	dup := map[string]bool{}
	for _, n := range g.BoardNodes() {
		b.index[n.ID] = len(b.nodes)
		b.nodes = append(b.nodes, n.ID)
		b.kinds = append(b.kinds, n.Kind)
		kinds[n.Kind] = true
		for f, v := range n.Num {
			key := n.Kind + "." + f
			if fields[key] == nil {
				fields[key] = map[int]string{}
			}
			if _, ok := fields[key][v]; ok {
				dup[key] = true
			}
			fields[key][v] = n.ID
		}
	}
	for k := range kinds {
		b.kind = append(b.kind, k)
	}
	sort.Strings(b.kind)
	for key, values := range fields {
		if !dup[key] && len(values) > 1 {
			b.links = append(b.links, nodeLink{key, values})
		}
	}
	sort.Slice(b.links, func(i, j int) bool { return b.links[i].name < b.links[j].name })
	adj := make([][]int, len(b.nodes))
	for _, e := range g.BoardEdges() {
		from, ok1 := b.index[e.From]
		to, ok2 := b.index[e.To]
		if !ok1 || !ok2 {
			continue
		}
		adj[from] = append(adj[from], to)
		if !e.Directed {
			adj[to] = append(adj[to], from)
		}
	}
	b.dist = make([][]int, len(b.nodes))
	queue := make([]int, 0, len(b.nodes))
	for s := range b.nodes {
		d := make([]int, len(b.nodes))
		for i := range d {
			d[i] = -1
		}
		d[s] = 0
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, w := range adj[u] {
				if d[w] < 0 {
					d[w] = d[u] + 1
					queue = append(queue, w)
				}
			}
		}
		b.dist[s] = d
		b.span = max(b.span, slices.Max(d))
	}
	return b
}

// boardFeatures adds seat's board features of view v to out: for each
// kind of piece of a seat and kind of node, how near its nearest piece
// is to such a node; for each node a seat's counter links it to, the
// goods it holds, how near and how close its pieces are, the goods its
// pieces carry that the node lacks and how close they are to it, and
// how close each piece carrying none of them is to a node holding such
// a good. A feature of another seat is the best other seat's (other).
func (f *featureSet) boardFeatures(v *interpreter.View, seat int, out features, other func(string, float64)) {
	b := f.board
	if len(b.nodes) == 0 {
		return
	}
	near := func(at int, target func(j int) bool) int {
		best := -1
		for j, d := range b.dist[at] {
			if d >= 0 && (best < 0 || d < best) && target(j) {
				best = d
			}
		}
		return best
	}
	// A distance d is read as nearness 1/(1+d): the nearest piece is the
	// greatest feature, of the seat's pieces and the other seats', and
	// a seat with no piece on the board has nearness 0, as far as can be
	// (a feature absent is 0 to the model).
	put := func(p int, name string, x float64) {
		if p == seat {
			name = "mine:" + name
		} else {
			name = "other:" + name
		}
		other(name, x)
	}
	for _, pc := range v.Pieces {
		at, ok := b.index[pc.At]
		if !ok || pc.Owner < 0 {
			continue
		}
		for _, k := range b.kind {
			if d := near(at, func(j int) bool { return b.kinds[j] == k }); d >= 0 {
				put(pc.Owner, "near:"+pc.Kind+"→"+k, nearness(d))
			}
		}
	}
	if len(b.links) == 0 {
		return
	}
	for p, vars := range v.PlayerVars {
		for k, x := range vars {
			for _, l := range b.links {
				node, ok := l.nodes[x]
				if !ok {
					continue
				}
				f.linkFeatures(v, p, seat, "link:"+k+"→"+l.name, b.index[node], out, other)
			}
		}
	}
}

// nearness is how near a distance of d edges is: 1 on the node, less
// the farther, 0 at no distance at all.
func nearness(d int) float64 { return 1 / (1 + float64(d)) }

// closeness is how near a distance of d edges is on a straight scale: 1
// on the node, 0 as far as two nodes can be. Nearness flattens out far
// from a node, where a step closer changes it little; a step closer
// changes closeness as much anywhere, so that a model linear in it
// values every step of a long voyage.
func (b *boardInfo) closeness(d int) float64 {
	if b.span == 0 {
		return 1
	}
	return 1 - float64(d)/float64(b.span)
}

// linkFeatures adds the features of node L, linked to seat p by name.
func (f *featureSet) linkFeatures(v *interpreter.View, p, seat int, name string, L int, out features, other func(string, float64)) {
	b := f.board
	held := map[string]bool{}
	for _, good := range v.Stocks[b.nodes[L]] {
		held[good] = true
	}
	set := func(k string, x float64) {
		if p == seat {
			out["mine:"+k] = x
		} else {
			other("other:"+k, x)
		}
	}
	set(name+":goods", float64(len(v.Stocks[b.nodes[L]])))
	set(name+":kinds", float64(len(held)))
	nearest, carried, carriedClose := -1, 0, 0.0
	for _, pc := range v.Pieces {
		at, ok := b.index[pc.At]
		if !ok || pc.Owner != p {
			continue
		}
		d := b.dist[at][L]
		if d < 0 {
			continue
		}
		if nearest < 0 || d < nearest {
			nearest = d
		}
		for _, good := range v.Stocks[pc.ID] {
			if !held[good] {
				carried++
				carriedClose += b.closeness(d)
			}
		}
	}
	if nearest >= 0 {
		set(name+":near", nearness(nearest))
		set(name+":close", b.closeness(nearest))
	}
	set(name+":carry-new", float64(carried))
	set(name+":carry-new-close", carriedClose)
	// How close each piece bringing nothing the node lacks is to the
	// nearest node holding such a good: a piece on its way there, summed
	// over the pieces (a loaded one is valued by carry-new-close).
	free := 0.0
	for _, pc := range v.Pieces {
		at, ok := b.index[pc.At]
		if !ok || pc.Owner != p || slices.ContainsFunc(v.Stocks[pc.ID], func(g string) bool { return !held[g] }) {
			continue
		}
		best := -1
		for node, goods := range v.Stocks {
			j, ok := b.index[node]
			if !ok || j == L || !slices.ContainsFunc(goods, func(g string) bool { return !held[g] }) {
				continue
			}
			if d := b.dist[at][j]; d >= 0 && (best < 0 || d < best) {
				best = d
			}
		}
		if best >= 0 {
			free += b.closeness(best)
		}
	}
	set(name+":fetch-close", free)
}

// cardFacts is what the features read of a card: its number fields, and
// its text fields that name a board node (a contract's port of loading
// and of delivery), each sorted by field.
type cardFacts struct {
	nums  []cardNum
	nodes []cardNode
}

type cardNum struct {
	field string
	value float64
}

type cardNode struct {
	field string
	node  int // index into boardInfo.nodes
}

// factsOf is card c's cardFacts, found on first use.
func (f *featureSet) factsOf(g *interpreter.Game, c string) *cardFacts {
	if cf, ok := f.facts[c]; ok {
		return cf
	}
	cf := new(cardFacts)
	if card := g.Card(c); card != nil {
		for k, v := range card.Num {
			cf.nums = append(cf.nums, cardNum{k, float64(v)})
		}
		for k, v := range card.Str {
			if j, ok := f.board.index[v]; ok {
				cf.nodes = append(cf.nodes, cardNode{k, j})
			}
		}
		sort.Slice(cf.nums, func(i, j int) bool { return cf.nums[i].field < cf.nums[j].field })
		sort.Slice(cf.nodes, func(i, j int) bool { return cf.nodes[i].field < cf.nodes[j].field })
	}
	f.facts[c] = cf
	return cf
}

// cardFeatures adds, for the cards of a zone of seat's own (its hand, its
// contracts), the sum of each number field ("cardnum:ZONE:FIELD": what
// the cards are worth) and, for each text field naming a node, how close
// the seat's nearest piece is to it, summed over the cards
// ("cardnode:ZONE:FIELD:close"): how near a card's place is to being
// reached, which the score shows only once it is.
func (f *featureSet) cardFeatures(g *interpreter.Game, v *interpreter.View, seat int, zone string, cards []string, out features) {
	b := f.board
	var mine []int // the board nodes the seat's pieces stand on
	for _, c := range cards {
		cf := f.factsOf(g, c)
		for _, n := range cf.nums {
			out["cardnum:"+zone+":"+n.field] += n.value
		}
		if len(cf.nodes) == 0 {
			continue
		}
		if mine == nil {
			mine = []int{}
			for _, pc := range v.Pieces {
				if at, ok := b.index[pc.At]; ok && pc.Owner == seat {
					mine = append(mine, at)
				}
			}
		}
		for _, n := range cf.nodes {
			best := -1
			for _, at := range mine {
				if d := b.dist[at][n.node]; d >= 0 && (best < 0 || d < best) {
					best = d
				}
			}
			if best >= 0 {
				out["cardnode:"+zone+":"+n.field+":close"] += b.closeness(best)
			}
		}
	}
}
