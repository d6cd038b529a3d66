package sim

import (
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// This file turns what one seat may know of a state into numbers a value
// model reads: features named from the definition (its counters, zones,
// card types, goods, piece kinds and node kinds), each relative to the
// seat ("mine", "other": the best of the other seats), read off the
// seat's view and nothing else.
//
// A feature has a name (what a model file lists) and an index in its
// featureSet (where the extraction writes it). The extraction runs for
// every state a learned bot judges, so it reads the seat's view by
// number (Observation.Seen; for a state the bot made itself, the state
// but for the zones Game.HiddenZonesInto says the seat may not see) and
// finds each feature's index through the tables of learned_keys.go,
// from small numbers: it builds no name and no map, and writes into one
// vector reused state after state (learned_vec.go). A model's features
// are the first indexes of its set, in the model's order, so that its
// vector is the first of the set's. The features were first gathered
// by name into a map; learned_oracle_test.go keeps that extraction, and
// the tests check this one against it.

// featureSet names the features of one compiled game and finds them.
// It keeps scratch: one per bot.
type featureSet struct {
	g     *interpreter.Game
	names []string
	index map[string]int
	board *boardInfo
	x     featureVec

	fixed [fixedCount]int32 // by fixedFeature, -1 until named
	vars  []int32           // "var:NAME" by declared var
	more  map[string]int32  // "var:NAME" by a name the game does not declare
	pvars map[string]*pvarKeys
	// pvarAt are the declared player vars' keys, by index.
	pvarAt []*pvarKeys

	zoneNames   map[string]int32
	zoneKeys    []*zoneKeys
	refs        map[string]zoneOf // a zone reference → where it lies
	zoneTables  *interpreter.Tables
	zonePlayers int
	zoneAt      []zoneOf // by zone number of zoneTables, zonePlayers
	// hidden are the zones the seat may not see, and hiddenAt marks
	// them by number: scratch.
	hidden   []interpreter.HiddenZone
	hiddenAt []bool

	cards                        map[string]*cardInfo
	defs, numFields, strFields   map[string]int32
	defNames                     []string
	numFieldNames, strFieldNames []string

	pieceKinds map[string]int32
	pieceKeys  []*pieceKeys

	goods            map[string]int32
	goodNames        []string
	holders          map[string]*holderInfo
	holderAt         []*holderInfo // by index in the last state's stocks
	holderNames      map[string]int32
	holderNameList   []string
	goodsPiece       [3][]int32   // by whose, then good
	goodsNode        [][]int32    // by node kind, then good
	goodsHeld        [][3][]int32 // by holder name, whose, then good
	placed           placed       // scratch: the state's pieces and stocks by number
	held             []bool       // scratch: by good, held by a linked node
	carried          []int        // scratch: by good, 1 + the edges from a linked node to its closest carrier
	mine             []int        // scratch: the nodes the seat's pieces stand on
	tiebreaks, shows map[string]*figureKeys
	result           interpreter.Result // scratch of ScoreInto
}

// newFeatureSet names the features of g: every name a view of g's states
// can give, found from the definition's lists and from the views of
// states, added as they are met.
func newFeatureSet(g *interpreter.Game) *featureSet {
	f := &featureSet{
		g: g, index: map[string]int{}, board: boardOf(g),
		more: map[string]int32{}, pvars: map[string]*pvarKeys{},
		zoneNames: map[string]int32{}, refs: map[string]zoneOf{},
		cards: map[string]*cardInfo{}, defs: map[string]int32{}, numFields: map[string]int32{}, strFields: map[string]int32{},
		pieceKinds: map[string]int32{}, goods: map[string]int32{}, holders: map[string]*holderInfo{}, holderNames: map[string]int32{},
		tiebreaks: map[string]*figureKeys{}, shows: map[string]*figureKeys{},
	}
	for i := range f.fixed {
		f.fixed[i] = -1
	}
	for _, good := range g.Goods() {
		number(f.goods, &f.goodNames, good.ID)
	}
	return f
}

// withNames is a feature set of g with the names given, in their order
// (a saved model's): a model's features are its set's first.
func withNames(g *interpreter.Game, names []string) *featureSet {
	f := newFeatureSet(g)
	for _, n := range names {
		f.add(n)
	}
	return f
}

func (f *featureSet) add(name string) int {
	if i, ok := f.index[name]; ok {
		return i
	}
	f.index[name] = len(f.names)
	f.names = append(f.names, name)
	return len(f.names) - 1
}

// fixedAt is the index of a feature every state has.
func (f *featureSet) fixedAt(k int) int {
	if f.fixed[k] < 0 {
		f.fixed[k] = int32(f.add(fixedNames[k]))
	}
	return int(f.fixed[k])
}

// extract writes seat's features of what obs shows, and the scores of
// sample, a state consistent with obs (its hidden cards dealt at
// random), into the set's vector: nothing the seat may not know. made
// is how many moves the game has made (a sample made from an
// observation has no moves of its own). The vector is the set's own,
// written again by the next extract.
func (f *featureSet) extract(obs *interpreter.Observation, sample *interpreter.State, made int) (*featureVec, error) {
	f.hidden = obs.HiddenZonesInto(f.hidden)
	return f.extractSeen(obs.Seen(), obs.Seat(), sample, made)
}

// extractState is extract of seat's observation of st with st as its
// sample, for a state a bot made itself (a move made on its sample, a
// playout's): the same features, read off st but for the cards of the
// zones seat may not see, which are only counted, without the
// observation made (a copy of the state).
func (f *featureSet) extractState(st *interpreter.State, seat, made int) (*featureVec, error) {
	var err error
	if f.hidden, err = f.g.HiddenZonesInto(st, seat, f.hidden); err != nil {
		return nil, err
	}
	return f.extractSeen(st, seat, st, made)
}

// extractSeen writes seat's features of st, whose zones f.hidden lists
// the seat may not see, and of the scores of sample.
func (f *featureSet) extractSeen(st *interpreter.State, seat int, sample *interpreter.State, made int) (*featureVec, error) {
	x := &f.x
	x.reset()
	f.place(st)
	x.put(f.fixedAt(fBias), 1)
	x.put(f.fixedAt(fMade), float64(made)/100)
	f.counters(st, seat)
	f.zones(st, seat)
	f.pieces(st, seat)
	f.boardFeatures(st, seat)
	f.stocks(st, seat)
	if err := f.scoring(sample, seat, made); err != nil {
		return nil, err
	}
	x.put(f.fixedAt(fFinished), boolFloat(st.Finished))
	return x, nil
}

// counters writes the vars ("var:NAME") and the player vars, the seat's
// ("mine:NAME") and the best other seat's ("other:NAME").
func (f *featureSet) counters(st *interpreter.State, seat int) {
	x := &f.x
	seats := len(st.MorePlayerVars())
	if t := st.Tables; t != nil {
		for k, name := range t.Vars.List {
			x.put(f.slotAt(&f.vars, k, func() string { return "var:" + name }), float64(st.Counts[k]))
		}
		seats = st.Players
		npv := len(t.PlayerVars.List)
		for p := range seats {
			for k := range npv {
				f.pvarFeature(f.declaredPvar(st, k), p, seat, st.Counts[st.PvarAt()+p*npv+k])
			}
		}
	}
	for name, v := range st.MoreVars() {
		i, ok := f.more[name]
		if !ok {
			i = int32(f.add("var:" + name))
			f.more[name] = i
		}
		x.put(int(i), float64(v))
	}
	for p, vars := range st.MorePlayerVars() {
		if p >= seats {
			break
		}
		for name, v := range vars {
			f.pvarFeature(f.pvar(name), p, seat, v)
		}
	}
}

func (f *featureSet) pvarFeature(k *pvarKeys, p, seat, v int) {
	if p == seat {
		f.x.put(k.mine, float64(v))
	} else {
		f.x.best(k.other, float64(v))
	}
}

// zones writes each zone's size ("zone:NAME/WHOSE", another seat's the
// best other seat's) and, for a zone shared or the seat's own, how many
// cards of each definition it holds ("cards:NAME/WHOSE:DEF"), and for
// its own the cards' worth (cardFeatures).
func (f *featureSet) zones(st *interpreter.State, seat int) {
	at := f.zonesOf(st)
	hidden := zeroed(f.hiddenAt, len(at))
	f.hiddenAt = hidden
	for _, z := range f.hidden {
		if z.At >= 0 && z.At < len(hidden) {
			hidden[z.At] = true
		}
	}
	for i, cards := range st.Zones {
		if i < len(at) && !hidden[i] {
			f.zone(st, at[i], seat, cards)
		}
	}
	if st.ZoneCount() > len(st.Zones) { // zones the game does not declare
		for ref, cards := range st.MoreZones() {
			if !slices.ContainsFunc(f.hidden, func(z interpreter.HiddenZone) bool { return z.Ref == ref }) {
				f.zone(st, f.zoneRef(ref), seat, cards)
			}
		}
	}
	for _, h := range f.hidden {
		var z zoneOf
		if h.At >= 0 && h.At < len(at) {
			z = at[h.At]
		} else {
			z = f.zoneRef(h.Ref)
		}
		f.zoneSize(z, whoseOf(z.owner, seat), float64(h.N))
	}
}

// zoneSize writes the size of zone z, another seat's the best other
// seat's.
func (f *featureSet) zoneSize(z zoneOf, whose int, n float64) {
	k := f.zoneKeys[z.name]
	i := f.slotAt(&k.size[whose], 0, func() string { return "zone:" + k.name + whoseText[whose] })
	if whose == ofOther {
		f.x.best(i, n)
	} else {
		f.x.put(i, n)
	}
}

// zone writes the features of the cards of zone z the seat sees.
func (f *featureSet) zone(st *interpreter.State, z zoneOf, seat int, cards []string) {
	whose := whoseOf(z.owner, seat)
	f.zoneSize(z, whose, float64(len(cards)))
	if whose == ofOther {
		return // another seat's cards count in its score and zone size
	}
	k := f.zoneKeys[z.name]
	if whose == ofMine {
		f.cardFeatures(st, k, seat, cards)
	}
	for _, c := range cards {
		def := f.cardOf(c).def
		f.x.add(f.slotAt(&k.cards[whose], def, func() string { return "cards:" + k.name + whoseText[whose] + ":" + f.defNames[def] }), 1)
	}
}

// pieces writes how many pieces of each kind each seat has on each
// kind of node ("pieces:KIND/WHOSE@NODEKIND"), off the board ("@off"),
// or on a place no node names ("@").
func (f *featureSet) pieces(st *interpreter.State, seat int) {
	b := f.board
	for i, pc := range st.Pieces {
		k := f.pieceKind(pc.Kind)
		where := len(b.kind) // off the board
		switch node := f.placed.node[i]; {
		case node >= 0:
			where = b.kindOf[node]
		case pc.At != "":
			where++ // on no node
		}
		whose := whoseOf(pc.Owner, seat)
		f.x.add(f.slotAt(&k.count[whose], where, func() string {
			at := "off"
			switch {
			case where < len(b.kind):
				at = b.kind[where]
			case where > len(b.kind):
				at = ""
			}
			return "pieces:" + k.name + whoseText[whose] + "@" + at
		}), 1)
	}
}

// stocks writes how many units of each good holders of each kind hold
// ("goods:KIND:GOOD"): a holder's kind is "piece/WHOSE" for a piece,
// "node:NODEKIND" for a board node, else its name and whose.
func (f *featureSet) stocks(st *interpreter.State, seat int) {
	p := &f.placed
	for k := range p.span {
		goods := p.goodsOf(k)
		if len(goods) == 0 {
			continue
		}
		var row *[]int32
		var kind func() string
		switch h := f.holderAt[k]; {
		case p.piece[k] >= 0:
			whose := whoseOf(st.Pieces[p.piece[k]].Owner, seat)
			row, kind = &f.goodsPiece[whose], func() string { return "piece" + whoseText[whose] }
		case h.node >= 0:
			for len(f.goodsNode) <= h.nodeKind {
				f.goodsNode = append(f.goodsNode, nil)
			}
			row, kind = &f.goodsNode[h.nodeKind], func() string { return "node:" + f.board.kind[h.nodeKind] }
		default:
			for len(f.goodsHeld) <= h.name {
				f.goodsHeld = append(f.goodsHeld, [3][]int32{})
			}
			whose := whoseOf(h.owner, seat)
			row, kind = &f.goodsHeld[h.name][whose], func() string { return f.holderNameList[h.name] + whoseText[whose] }
		}
		for _, good := range goods {
			f.x.add(f.goodsSlot(row, good, kind), 1)
		}
	}
}

// good is the number of a good.
func (f *featureSet) good(name string) int { return number(f.goods, &f.goodNames, name) }

// scoring writes the seat's score, its lead and rank; each tie-break
// and each figure the scoring shows, the seat's, the best other seat's
// and its lead over it (a figure that ends the game when it reaches a
// mark, or one that tells a position the score cannot).
func (f *featureSet) scoring(sample *interpreter.State, seat, made int) error {
	if err := f.g.ScoreInto(sample, &f.result); err != nil {
		return err
	}
	r := &f.result
	scores := r.Scores
	if seat < 0 || seat >= len(scores) {
		return nil
	}
	for k, name := range r.TiebreakNames {
		if seat >= len(r.Tiebreak) || k >= len(r.Tiebreak[seat]) {
			continue
		}
		fig := f.figure(f.tiebreaks, "tiebreak:", name)
		mine, best, any := float64(r.Tiebreak[seat][k]), 0.0, false
		for p := range scores {
			if p != seat && p < len(r.Tiebreak) && k < len(r.Tiebreak[p]) {
				if x := float64(r.Tiebreak[p][k]); !any || x > best {
					best, any = x, true
				}
			}
		}
		f.putFigure(fig, mine, best, any)
	}
	if seat < len(r.Show) {
		for name, v := range r.Show[seat] {
			fig := f.figure(f.shows, "show:", name)
			best, any := 0.0, false
			for p := range scores {
				if p == seat || p >= len(r.Show) {
					continue
				}
				if y, ok := r.Show[p][name]; ok && (!any || float64(y) > best) {
					best, any = float64(y), true
				}
			}
			f.putFigure(fig, float64(v), best, any)
		}
	}
	lead := float64(lead(scores, seat))
	rank := 0
	for q, s := range scores {
		if q != seat && s > scores[seat] {
			rank++
		}
	}
	x := &f.x
	x.put(f.fixedAt(fScoreMine), float64(scores[seat]))
	x.put(f.fixedAt(fScoreLead), lead)
	x.put(f.fixedAt(fScoreRank), float64(rank))
	x.put(f.fixedAt(fScoreLeadMade), lead*float64(made)/100)
	x.put(f.fixedAt(fScoreAhead), boolFloat(lead > 0))
	return nil
}

// putFigure writes a figure: the seat's, and when another seat has it
// the best other seat's and the lead over it.
func (f *featureSet) putFigure(k *figureKeys, mine, best float64, any bool) {
	f.x.put(k.mine, mine)
	if any {
		f.x.put(k.other, best)
		f.x.put(k.lead, mine-best)
	}
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// vector writes the features of row that the set names into dst, by
// index; features it does not name are left out.
func (f *featureSet) vector(row []namedFeature, dst []float64) []float64 {
	dst = zeroed(dst, len(f.names))
	for _, x := range row {
		if i, ok := f.index[x.name]; ok && x.x == x.x { // not NaN
			dst[i] = x.x
		}
	}
	return dst
}
