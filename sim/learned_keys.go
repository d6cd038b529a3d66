package sim

import (
	"sort"

	"github.com/haven-engine/haven/interpreter"
)

// This file finds the index of each feature from small numbers: a zone
// name and whose it is, a card definition, a piece kind, a node kind, a
// holder kind, a good, a counter. Each table holds, by those numbers,
// the feature's index in the featureSet, found by its name the first
// time a state gives it: after the first states, a feature's index is
// a read of a slice, and no name is built. The strings a state holds
// (card ids, zone references, holders, goods, piece kinds) are numbered
// by maps, read without building a string.

// whose numbers a feature's owner seat as the seat judging sees it: no
// one, the seat itself, another seat.
const (
	ofNone = iota
	ofMine
	ofOther
)

var whoseText = [3]string{"", "/mine", "/other"}

// whoseOf is the whose of a thing owned by owner (-1: no one) to seat.
func whoseOf(owner, seat int) int {
	switch {
	case owner < 0:
		return ofNone
	case owner == seat:
		return ofMine
	}
	return ofOther
}

// slotAt is the feature index kept in (*s)[i], found by the name name
// gives (f.add) the first time.
func (f *featureSet) slotAt(s *[]int32, i int, name func() string) int {
	if i < len(*s) {
		if j := (*s)[i]; j >= 0 {
			return int(j)
		}
	}
	for len(*s) <= i {
		*s = append(*s, -1)
	}
	j := f.add(name())
	(*s)[i] = int32(j)
	return j
}

// number is the number of name in a numbering by map, given the next
// number when new; names keeps them in order.
func number(m map[string]int32, names *[]string, name string) int {
	if k, ok := m[name]; ok {
		return int(k)
	}
	m[name] = int32(len(*names))
	*names = append(*names, name)
	return len(*names) - 1
}

// fixedFeature numbers the features every state has.
const (
	fBias = iota
	fMade
	fFinished
	fScoreMine
	fScoreLead
	fScoreRank
	fScoreLeadMade
	fScoreAhead
	fixedCount
)

var fixedNames = [fixedCount]string{"bias", "made", "finished", "score:mine", "score:lead", "score:rank", "score:lead×made", "score:ahead"}

// zoneKeys are the features of one zone name: its size by whose, and
// for the seat's own or a shared zone the count of each card definition
// in it; for the seat's own, the sums of the cards' number fields and
// the closeness of the nodes their text fields name.
type zoneKeys struct {
	name     string
	size     [3][]int32 // by whose (one index each)
	cards    [2][]int32 // by whose (none, mine) then card definition
	cardNum  []int32    // by number field
	cardNode []int32    // by text field naming a node
}

// zoneOf is where a zone of a state lies: its name's number and its
// owner (-1: none).
type zoneOf struct {
	name, owner int
}

// cardInfo is what the features read of a card: its definition's
// number, its number fields (field number, value) and its text fields
// that name a board node (field number, node), each sorted by field.
type cardInfo struct {
	def   int
	nums  []cardNum
	nodes []cardNode
}

type cardNum struct {
	field int
	value float64
}

type cardNode struct {
	field int
	node  int // index into boardInfo.nodes
}

// pieceKeys are the features of one piece kind: pieces by whose and
// where (a node kind of boardInfo.kind, then off the board, then a
// place no node names), and how near the nearest piece of the seat's
// and of the other seats' is to each node kind.
type pieceKeys struct {
	name  string
	count [3][]int32
	near  [2][]int32 // mine, other; by node kind
}

// pvarKeys are the features of one player var: the seat's, the best
// other seat's, and those of the node each board link names.
type pvarKeys struct {
	name        string
	mine, other int
	links       []int      // the board's links the counter names a node by
	link        [2][]int32 // mine, other; by link × linkStat
	// linkNode are the features naming the node a link gives: mine,
	// other; by link × node.
	linkNode [2][]int32
}

// linkStat numbers the features of a node a seat's counter links it
// to (linkFeatures).
const (
	lGoods = iota
	lKinds
	lNear
	lClose
	lCarryNew
	lCarryNewClose
	lFetchClose
	lCarryHeld
	linkStats
)

var linkStatNames = [linkStats]string{":goods", ":kinds", ":near", ":close", ":carry-new", ":carry-new-close", ":fetch-close", ":carry-held"}

// holderInfo is what kind of holder a stock's holder is, apart from
// being one of the state's pieces (which changes as pieces come and
// go): a board node (its index and its kind's) or a zone-like holder
// (its name's number among holder names, and owner).
type holderInfo struct {
	id       string
	node     int // index into boardInfo.nodes, -1: no node
	nodeKind int // index into boardInfo.kind
	name     int // number of the name before "/seat"
	owner    int
}

// figureKeys are the features of one figure of the scoring: the seat's,
// the best other seat's, its lead.
type figureKeys struct {
	name              string
	mine, other, lead int
}

// cardOf is card id's cardInfo, found on first use.
func (f *featureSet) cardOf(id string) *cardInfo {
	if c, ok := f.cards[id]; ok {
		return c
	}
	def := id
	c := new(cardInfo)
	if card := f.g.Card(id); card != nil {
		def = card.Def
		for k, v := range card.Num {
			c.nums = append(c.nums, cardNum{number(f.numFields, &f.numFieldNames, k), float64(v)})
		}
		for k, v := range card.Str {
			if j, ok := f.board.index[v]; ok {
				c.nodes = append(c.nodes, cardNode{number(f.strFields, &f.strFieldNames, k), j})
			}
		}
		sort.Slice(c.nums, func(i, j int) bool { return f.numFieldNames[c.nums[i].field] < f.numFieldNames[c.nums[j].field] })
		sort.Slice(c.nodes, func(i, j int) bool { return f.strFieldNames[c.nodes[i].field] < f.strFieldNames[c.nodes[j].field] })
	}
	c.def = number(f.defs, &f.defNames, def)
	f.cards[id] = c
	return c
}

// zoneName is the zoneKeys of a zone name.
func (f *featureSet) zoneName(name string) int {
	k, ok := f.zoneNames[name]
	if !ok {
		k = int32(len(f.zoneKeys))
		f.zoneNames[name] = k
		f.zoneKeys = append(f.zoneKeys, &zoneKeys{name: name})
	}
	return int(k)
}

// zoneRef is where zone ref lies (a zone kept by reference, or hidden).
func (f *featureSet) zoneRef(ref string) zoneOf {
	if z, ok := f.refs[ref]; ok {
		return z
	}
	name, owner := interpreter.SplitZoneRef(ref)
	z := zoneOf{f.zoneName(name), owner}
	f.refs[ref] = z
	return z
}

// zonesOf is where each zone a state of st's tables and players keeps
// by number lies, found once for them.
func (f *featureSet) zonesOf(st *interpreter.State) []zoneOf {
	if st.Tables == nil {
		return nil
	}
	if st.Tables != f.zoneTables || st.Players != f.zonePlayers {
		f.zoneTables, f.zonePlayers = st.Tables, st.Players
		f.zoneAt = f.zoneAt[:0]
		for i := range st.Tables.ZoneCount(st.Players) {
			f.zoneAt = append(f.zoneAt, f.zoneRef(st.Tables.ZoneRef(i, st.Players)))
		}
	}
	return f.zoneAt
}

// pieceKind is the pieceKeys of a piece kind.
func (f *featureSet) pieceKind(kind string) *pieceKeys {
	k, ok := f.pieceKinds[kind]
	if !ok {
		k = int32(len(f.pieceKeys))
		f.pieceKinds[kind] = k
		f.pieceKeys = append(f.pieceKeys, &pieceKeys{name: kind})
	}
	return f.pieceKeys[k]
}

// pvar is the pvarKeys of a player var by name.
func (f *featureSet) pvar(name string) *pvarKeys {
	p, ok := f.pvars[name]
	if !ok {
		p = &pvarKeys{name: name, mine: f.add("mine:" + name), other: f.add("other:" + name),
			links: f.board.linksOf(f.g.PlayerVarNodeFields(name))}
		f.pvars[name] = p
	}
	return p
}

// declaredPvar is the pvarKeys of the k-th player var st's tables
// declare.
func (f *featureSet) declaredPvar(st *interpreter.State, k int) *pvarKeys {
	if k < len(f.pvarAt) && f.pvarAt[k] != nil {
		return f.pvarAt[k]
	}
	for len(f.pvarAt) <= k {
		f.pvarAt = append(f.pvarAt, nil)
	}
	f.pvarAt[k] = f.pvar(st.Tables.PlayerVars.List[k])
	return f.pvarAt[k]
}

// holder is the holderInfo of the k-th holder of st's stocks, kept by
// k while the state names the same holder there (as its copies do).
func (f *featureSet) holder(k int, id string) *holderInfo {
	if k < len(f.holderAt) && f.holderAt[k] != nil && f.holderAt[k].id == id {
		return f.holderAt[k]
	}
	for len(f.holderAt) <= k {
		f.holderAt = append(f.holderAt, nil)
	}
	h, ok := f.holders[id]
	if !ok {
		h = &holderInfo{id: id, node: -1}
		if j, ok := f.board.index[id]; ok {
			h.node, h.nodeKind = j, f.board.kindOf[j]
		}
		name, owner := interpreter.SplitZoneRef(id)
		h.name, h.owner = number(f.holderNames, &f.holderNameList, name), owner
		f.holders[id] = h
	}
	f.holderAt[k] = h
	return h
}

// goodsSlot is the feature index of the count of good good held by a
// holder of kind kind ("piece/mine", "node:port", "store/other"), kept
// in row by good.
func (f *featureSet) goodsSlot(row *[]int32, good int, kind func() string) int {
	return f.slotAt(row, good, func() string { return "goods:" + kind() + ":" + f.goodNames[good] })
}

// figure is the figureKeys of the scoring's figure name, kept in m by
// name ("tiebreak:" or "show:" its prefix).
func (f *featureSet) figure(m map[string]*figureKeys, prefix, name string) *figureKeys {
	if k, ok := m[name]; ok {
		return k
	}
	k := &figureKeys{name: name, mine: f.add(prefix + name + ":mine"), other: f.add(prefix + name + ":other"), lead: f.add(prefix + name + ":lead")}
	m[name] = k
	return k
}
