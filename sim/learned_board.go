package sim

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/haven-engine/haven/interpreter"
)

// This file gives the learned bot's features the board: how far a
// seat's pieces are from nodes of each kind, and what a node the seat is
// linked to holds and how far its pieces are from it. A seat is linked
// to a node by a counter the definition sets to a node's number field
// (pset(p, 'home', node(x).num.nr): a home port kept as its number),
// when no two nodes of a kind share that field's value. A counter whose
// value merely equals such a number (cash, a count) links nothing: what
// a counter names is read from the definition, not from one state's
// values. Nothing here names a game: the kinds, fields and counters are
// the definition's.

// boardInfo is what the features need of g's board, found once per
// compiled game.
type boardInfo struct {
	index map[string]int // a node id → its place in nodes
	nodes []string
	kinds []string // each node's kind
	kind  []string // the node kinds, sorted
	// kindOf is each node's kind's index in kind, and nearKind[i][k]
	// the fewest edges from node i to a node of kind k (-1: none).
	kindOf   []int
	nearKind [][]int
	dist     [][]int // fewest edges from node i to node j, -1: none
	span     int     // the greatest of dist: how far apart two nodes can be
	// links are the number fields that name a node of a kind: by kind
	// and field, the node each value names.
	links []nodeLink
}

type nodeLink struct {
	name  string         // "KIND.FIELD"
	field string         // FIELD
	nodes map[int]string // a value → the node it names
}

// linksOf are the indexes in b.links of the links of a counter the
// definition sets to fields (interpreter.Game.PlayerVarNodeFields).
func (b *boardInfo) linksOf(fields []string) []int {
	var out []int
	for l, link := range b.links {
		if slices.Contains(fields, link.field) {
			out = append(out, l)
		}
	}
	return out
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
			_, field, _ := strings.Cut(key, ".")
			b.links = append(b.links, nodeLink{key, field, values})
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
	for i := range b.nodes {
		b.kindOf = append(b.kindOf, slices.Index(b.kind, b.kinds[i]))
	}
	for i := range b.nodes {
		near := make([]int, len(b.kind))
		for k := range near {
			near[k] = -1
		}
		for j, d := range b.dist[i] {
			if k := b.kindOf[j]; d >= 0 && (near[k] < 0 || d < near[k]) {
				near[k] = d
			}
		}
		b.nearKind = append(b.nearKind, near)
	}
	return b
}

// boardFeatures writes seat's board features of the state st it sees:
// for each kind of piece of a seat and kind of node, how near its
// nearest piece is to such a node; for each node a seat's counter links
// it to, the goods it holds, how near and how close its pieces are, the
// goods its pieces carry that the node lacks and how close they are to
// it, and how close each piece carrying none of them is to a node
// holding such a good. A feature of another seat is the best other
// seat's.
func (f *featureSet) boardFeatures(st *interpreter.State, seat int) {
	b := f.board
	if len(b.nodes) == 0 {
		return
	}
	// A distance d is read as nearness 1/(1+d): the nearest piece is the
	// greatest feature, of the seat's pieces and the other seats', and
	// a seat with no piece on the board has nearness 0, as far as can be
	// (a feature absent is 0 to the model).
	for i, pc := range st.Pieces {
		at := f.placed.node[i]
		if at < 0 || pc.Owner < 0 {
			continue
		}
		k := f.pieceKind(pc.Kind)
		mine := ofMine - 1
		if pc.Owner != seat {
			mine = ofOther - 1
		}
		for kind, d := range b.nearKind[at] {
			if d >= 0 {
				i := f.slotAt(&k.near[mine], kind, func() string {
					return [2]string{"mine:", "other:"}[mine] + "near:" + k.name + "→" + b.kind[kind]
				})
				f.x.best(i, nearness(d))
			}
		}
	}
	if len(b.links) == 0 {
		return
	}
	if t := st.Tables; t != nil {
		npv := len(t.PlayerVars.List)
		for p := range st.Players {
			for k := range npv {
				f.links(st, f.declaredPvar(st, k), p, seat, st.Counts[st.PvarAt()+p*npv+k])
			}
		}
	}
	for p, vars := range st.MorePlayerVars() {
		if st.Tables != nil && p >= st.Players {
			break
		}
		for name, v := range vars {
			f.links(st, f.pvar(name), p, seat, v)
		}
	}
}

// links writes the features of each node that seat p's counter k, at
// value v, links it to.
func (f *featureSet) links(st *interpreter.State, k *pvarKeys, p, seat, v int) {
	b := f.board
	for _, l := range k.links {
		if node, ok := b.links[l].nodes[v]; ok {
			f.linkFeatures(st, k, l, p, seat, b.index[node])
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

// closenessSum is the sum of the closeness of n distances of edges
// edges in all, summed as integers: the same whatever their order.
func (b *boardInfo) closenessSum(n, edges int) float64 {
	if b.span == 0 {
		return float64(n)
	}
	return float64(n) - float64(edges)/float64(b.span)
}

// linkFeatures writes the features of node L, linked to seat p by its
// counter k through link l ("mine:link:COUNTER→KIND.FIELD:STAT", or
// "other:…" for the best other seat's).
func (f *featureSet) linkFeatures(st *interpreter.State, k *pvarKeys, l, p, seat, L int) {
	b := f.board
	mine := 0
	if p != seat {
		mine = 1
	}
	set := func(stat int, x float64) {
		i := f.slotAt(&k.link[mine], l*linkStats+stat, func() string {
			return [2]string{"mine:", "other:"}[mine] + "link:" + k.name + "→" + b.links[l].name + linkStatNames[stat]
		})
		if mine == 0 {
			f.x.put(i, x)
		} else {
			f.x.best(i, x)
		}
	}
	// Which node it is ("…=NODE", 1): the counter's number names the
	// node and measures nothing, so that a model linear in it could
	// only rank the nodes by their numbers (a home port chosen for
	// being the first or the last); a feature of each node values each
	// for what the games show it is worth.
	f.x.best(f.slotAt(&k.linkNode[mine], l*len(b.nodes)+L, func() string {
		return [2]string{"mine:", "other:"}[mine] + "link:" + k.name + "→" + b.links[l].name + "=" + b.nodes[L]
	}), 1)
	// held marks the goods the node holds, by number (place numbered
	// every good of the state).
	pl := &f.placed
	goods := pl.goodsOf(pl.nodeStock[L])
	held := zeroed(f.held, len(f.goodNames))
	kinds := 0
	for _, g := range goods {
		if !held[g] {
			held[g] = true
			kinds++
		}
	}
	f.held = held
	lacks := func(goods []int) bool {
		for _, g := range goods {
			if !held[g] {
				return true
			}
		}
		return false
	}
	set(lGoods, float64(len(goods)))
	set(lKinds, float64(kinds))
	// A good the node lacks counts once however many pieces carry it,
	// by the closest of them: once one brings it, the others' bring
	// nothing, so that two pieces carrying one good are worth one (a
	// model that counted both valued the pair above bringing it, and
	// kept them circling short of the node).
	nearest, carried, carriedClose, carriedHeld := -1, 0, 0.0, 0
	closest := zeroed(f.carried, len(f.goodNames))
	for i, pc := range st.Pieces {
		at := pl.node[i]
		if at < 0 || pc.Owner != p {
			continue
		}
		d := b.dist[at][L]
		if d < 0 {
			continue
		}
		if nearest < 0 || d < nearest {
			nearest = d
		}
		for _, g := range pl.goodsOf(pl.stock[i]) {
			switch {
			case held[g]:
				carriedHeld++
			case closest[g] == 0 || d+1 < closest[g]:
				closest[g] = d + 1 // 0: carried by none
			}
		}
	}
	f.carried = closest
	edges := 0
	for _, d := range closest {
		if d > 0 {
			carried, edges = carried+1, edges+d-1
		}
	}
	carriedClose = b.closenessSum(carried, edges)
	if nearest >= 0 {
		set(lNear, nearness(nearest))
		set(lClose, b.closeness(nearest))
	}
	set(lCarryNew, float64(carried))
	set(lCarryNewClose, carriedClose)
	// The goods its pieces carry that the node holds already: a load
	// that brings the node nothing and, where a piece carries one good,
	// keeps it from loading another.
	set(lCarryHeld, float64(carriedHeld))
	// How close each piece bringing nothing the node lacks is to the
	// nearest node holding such a good: a piece on its way there, summed
	// over the pieces (a loaded one is valued by carry-new-close).
	free := 0.0
	for i, pc := range st.Pieces {
		at := pl.node[i]
		if at < 0 || pc.Owner != p || lacks(pl.goodsOf(pl.stock[i])) {
			continue
		}
		best := -1
		for h, j := range pl.at {
			if j < 0 || j == L || !lacks(pl.goodsOf(h)) {
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
	set(lFetchClose, free)
}

// cardFeatures writes, for the cards of a zone of seat's own (its hand,
// its contracts), the sum of each number field ("cardnum:ZONE/mine:FIELD":
// what the cards are worth) and, for each text field naming a node, how
// close the seat's nearest piece is to it, summed over the cards
// ("cardnode:ZONE/mine:FIELD:close"): how near a card's place is to
// being reached, which the score shows only once it is.
func (f *featureSet) cardFeatures(st *interpreter.State, z *zoneKeys, seat int, cards []string) {
	b := f.board
	mine := f.mine[:0]
	found := false // mine lists the nodes the seat's pieces stand on
	for _, c := range cards {
		cf := f.cardOf(c)
		for _, n := range cf.nums {
			f.x.add(f.slotAt(&z.cardNum, n.field, func() string { return "cardnum:" + z.name + "/mine:" + f.numFieldNames[n.field] }), n.value)
		}
		if len(cf.nodes) == 0 {
			continue
		}
		if !found {
			found = true
			for i, pc := range st.Pieces {
				if at := f.placed.node[i]; at >= 0 && pc.Owner == seat {
					mine = append(mine, at)
				}
			}
			f.mine = mine
		}
		for _, n := range cf.nodes {
			best := -1
			for _, at := range mine {
				if d := b.dist[at][n.node]; d >= 0 && (best < 0 || d < best) {
					best = d
				}
			}
			if best >= 0 {
				f.x.add(f.slotAt(&z.cardNode, n.field, func() string { return "cardnode:" + z.name + "/mine:" + f.strFieldNames[n.field] + ":close" }), b.closeness(best))
			}
		}
	}
}
