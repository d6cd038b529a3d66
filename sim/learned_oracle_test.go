package sim

import (
	"math"
	"slices"
	"sort"

	"github.com/haven-engine/haven/interpreter"
)

// This file keeps the learned bot's features as they were first
// gathered, by name into a map for every state, as the oracle the
// numbered extraction (learned_features.go) is checked against: the
// same features, present alike, of the same values.

// oracleSet gathers the features of one compiled game by name.
type oracleSet struct {
	names    []string
	index    map[string]int
	nodeKind map[string]string // a node id → its kind
	cardDef  map[string]string // a card id → its definition
	facts    map[string]*oracleFacts
	result   interpreter.Result // scratch of ScoreInto
	board    *boardInfo
	g        *interpreter.Game
}

// newOracleSet is the oracle of g's features, naming those of names (a
// model's) in their order.
func newOracleSet(g *interpreter.Game, names []string) *oracleSet {
	f := &oracleSet{index: map[string]int{}, nodeKind: map[string]string{}, cardDef: map[string]string{}, facts: map[string]*oracleFacts{}, board: boardOf(g), g: g}
	for _, n := range g.BoardNodes() {
		f.nodeKind[n.ID] = n.Kind
	}
	for _, n := range names {
		if _, ok := f.index[n]; !ok {
			f.index[n] = len(f.names)
			f.names = append(f.names, n)
		}
	}
	return f
}

// features is one seat's features of a state, sparse while they are
// gathered: by name.
type features map[string]float64

// extract gathers seat's features of what obs shows, and the scores of
// sample, a state consistent with obs (its hidden cards dealt at
// random): nothing the seat may not know.
// made is how many moves the game has made (a sample made from an
// observation has no moves of its own).
func (f *oracleSet) extract(g *interpreter.Game, obs *interpreter.Observation, sample *interpreter.State, made int, out features) error {
	clear(out)
	seat := obs.Seat()
	v := obs.View()
	out["bias"] = 1
	out["made"] = float64(made) / 100
	for k, x := range v.Vars {
		out["var:"+k] = float64(x)
	}
	other := func(name string, x float64) {
		if y, ok := out[name]; !ok || x > y {
			out[name] = x
		}
	}
	for p, vars := range v.PlayerVars {
		for k, x := range vars {
			if p == seat {
				out["mine:"+k] = float64(x)
			} else {
				other("other:"+k, float64(x))
			}
		}
	}
	whose := func(owner int) string {
		switch {
		case owner < 0:
			return ""
		case owner == seat:
			return "/mine"
		}
		return "/other"
	}
	// Zones: sizes, and the cards of each definition in the zones seen.
	for ref, cards := range v.Zones {
		name, owner := interpreter.SplitZoneRef(ref)
		z := "zone:" + name + whose(owner)
		if owner >= 0 && owner != seat {
			other(z, float64(len(cards)))
		} else {
			out[z] = float64(len(cards))
		}
		if owner >= 0 && owner != seat {
			continue // another seat's cards count in its score and zone size
		}
		if owner == seat {
			f.cardFeatures(g, v, seat, name+"/mine", cards, out)
		}
		for _, c := range cards {
			def, ok := f.cardDef[c]
			if !ok {
				def = c
				if card := g.Card(c); card != nil {
					def = card.Def
				}
				f.cardDef[c] = def
			}
			out["cards:"+name+whose(owner)+":"+def]++
		}
	}
	for ref, n := range v.Hidden {
		name, owner := interpreter.SplitZoneRef(ref)
		z := "zone:" + name + whose(owner)
		if owner >= 0 && owner != seat {
			other(z, float64(n))
		} else {
			out[z] = float64(n)
		}
	}
	// Goods by holder kind: a piece's owner, a node's kind, a zone-like
	// holder's name and owner.
	owners := map[string]int{}
	for _, pc := range v.Pieces {
		owners[pc.ID] = pc.Owner
		at := "off"
		if pc.At != "" {
			at = f.nodeKind[pc.At]
		}
		out["pieces:"+pc.Kind+whose(pc.Owner)+"@"+at]++
	}
	f.boardFeatures(v, seat, out, other)
	for holder, goods := range v.Stocks {
		var kind string
		if o, ok := owners[holder]; ok {
			kind = "piece" + whose(o)
		} else if nk, ok := f.nodeKind[holder]; ok {
			kind = "node:" + nk
		} else {
			name, owner := interpreter.SplitZoneRef(holder)
			kind = name + whose(owner)
		}
		for _, good := range goods {
			out["goods:"+kind+":"+good]++
		}
	}
	// The scoring: the seat's score, its lead and rank; each tie-break
	// and each figure the scoring shows, the seat's, the best other
	// seat's and its lead over it (a figure that ends the game when it
	// reaches a mark, or one that tells a position the score cannot).
	if err := g.ScoreInto(sample, &f.result); err != nil {
		return err
	}
	scores := f.result.Scores
	if seat >= 0 && seat < len(scores) {
		figure := func(name string, of func(p int) (float64, bool)) {
			mine, ok := of(seat)
			if !ok {
				return
			}
			best, any := 0.0, false
			for p := range scores {
				if x, ok := of(p); ok && p != seat && (!any || x > best) {
					best, any = x, true
				}
			}
			out[name+":mine"] = mine
			if any {
				out[name+":other"] = best
				out[name+":lead"] = mine - best
			}
		}
		for k, name := range f.result.TiebreakNames {
			figure("tiebreak:"+name, func(p int) (float64, bool) {
				if p >= len(f.result.Tiebreak) || k >= len(f.result.Tiebreak[p]) {
					return 0, false
				}
				return float64(f.result.Tiebreak[p][k]), true
			})
		}
		if seat < len(f.result.Show) {
			for name := range f.result.Show[seat] {
				figure("show:"+name, func(p int) (float64, bool) {
					if p >= len(f.result.Show) {
						return 0, false
					}
					x, ok := f.result.Show[p][name]
					return float64(x), ok
				})
			}
		}
		lead := float64(lead(scores, seat))
		rank := 0
		for q, s := range scores {
			if q != seat && s > scores[seat] {
				rank++
			}
		}
		out["score:mine"] = float64(scores[seat])
		out["score:lead"] = lead
		out["score:rank"] = float64(rank)
		out["score:lead×made"] = lead * float64(made) / 100
		out["score:ahead"] = boolFloat(lead > 0)
	}
	out["finished"] = boolFloat(v.Finished)
	return nil
}

// boardFeatures adds seat's board features of view v to out: for each
// kind of piece of a seat and kind of node, how near its nearest piece
// is to such a node; for each node a seat's counter links it to, the
// goods it holds, how near and how close its pieces are, the goods its
// pieces carry that the node lacks and how close they are to it, and
// how close each piece carrying none of them is to a node holding such
// a good. A feature of another seat is the best other seat's (other).
func (f *oracleSet) boardFeatures(v *interpreter.View, seat int, out features, other func(string, float64)) {
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
			fields := f.g.PlayerVarNodeFields(k)
			for _, l := range b.links {
				node, ok := l.nodes[x]
				if !ok || !slices.Contains(fields, l.field) {
					continue
				}
				f.linkFeatures(v, p, seat, "link:"+k+"→"+l.name, b.index[node], out, other)
			}
		}
	}
}

// linkFeatures adds the features of node L, linked to seat p by name.
func (f *oracleSet) linkFeatures(v *interpreter.View, p, seat int, name string, L int, out features, other func(string, float64)) {
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
	if p == seat {
		out["mine:"+name+"="+b.nodes[L]] = 1
	} else {
		other("other:"+name+"="+b.nodes[L], 1)
	}
	set(name+":goods", float64(len(v.Stocks[b.nodes[L]])))
	set(name+":kinds", float64(len(held)))
	nearest, carried, carriedClose, carriedHeld := -1, 0, 0.0, 0
	closest := map[string]int{} // a good the node lacks → the edges to its closest carrier
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
			if held[good] {
				carriedHeld++
			} else if c, ok := closest[good]; !ok || d < c {
				closest[good] = d
			}
		}
	}
	edges := 0
	for _, d := range closest {
		carried, edges = carried+1, edges+d
	}
	carriedClose = b.closenessSum(carried, edges)
	if nearest >= 0 {
		set(name+":near", nearness(nearest))
		set(name+":close", b.closeness(nearest))
	}
	set(name+":carry-new", float64(carried))
	set(name+":carry-new-close", carriedClose)
	set(name+":carry-held", float64(carriedHeld))
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

// oracleFacts is what the features read of a card: its number fields, and
// its text fields that name a board node (a contract's port of loading
// and of delivery), each sorted by field.
type oracleFacts struct {
	nums  []oracleNum
	nodes []oracleNode
}

type oracleNum struct {
	field string
	value float64
}

type oracleNode struct {
	field string
	node  int // index into boardInfo.nodes
}

// factsOf is card c's oracleFacts, found on first use.
func (f *oracleSet) factsOf(g *interpreter.Game, c string) *oracleFacts {
	if cf, ok := f.facts[c]; ok {
		return cf
	}
	cf := new(oracleFacts)
	if card := g.Card(c); card != nil {
		for k, v := range card.Num {
			cf.nums = append(cf.nums, oracleNum{k, float64(v)})
		}
		for k, v := range card.Str {
			if j, ok := f.board.index[v]; ok {
				cf.nodes = append(cf.nodes, oracleNode{k, j})
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
func (f *oracleSet) cardFeatures(g *interpreter.Game, v *interpreter.View, seat int, zone string, cards []string, out features) {
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

// vector writes the features of x that the set names into dst, by index;
// features it does not name are left out.
func (f *oracleSet) vector(x features, dst []float64) []float64 {
	dst = slices.Grow(dst[:0], len(f.names))[:len(f.names)]
	clear(dst)
	for k, v := range x {
		if i, ok := f.index[k]; ok && !math.IsNaN(v) {
			dst[i] = v
		}
	}
	return dst
}

// vecOf is a vector of set holding the features of row.
func vecOf(set *featureSet, row []namedFeature) *featureVec {
	var x featureVec
	x.reset()
	for _, f := range row {
		x.put(set.add(f.name), f.x)
	}
	return &x
}

// asMap is the features present in x, by their names in set.
func asMap(set *featureSet, x *featureVec) features {
	out := features{}
	for _, f := range x.row(set) {
		out[f.name] = f.x
	}
	return out
}
