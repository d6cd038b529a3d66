package view

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/haven-engine/haven/interpreter/model"
)

// This file gives a bot what one seat may know of a state, and full
// states consistent with it (determinizations), so that a bot that plans
// never reads a card it could not see.

// Observation is what one seat may know of a state: the state with the
// cards of the zones the seat may not see taken out (their counts kept),
// without the random generator's state, the moves made or the log (a
// copy of the log at every decision would make a game quadratic; LogView
// gives it as the seat saw it), and with every local of an effect under way that
// holds a card the seat does not see replaced by where that card lies (a
// HiddenCard). It is built by the interpreter's Game.Observe (ObserveInto here)
// and read only by its methods;
// Sample makes full states from it.
//
// A card's kind is taken to show on its back: the observation keeps the
// kind of every hidden card, in its place (a deck of missions stays a
// deck of missions), and only cards of one kind are dealt in each
// other's places. The seat's memory is not used: a card it saw earlier and that has since
// gone into a zone it may not see (its hand shuffled into a deck) is dealt
// at random like any other unseen card.
type Observation struct {
	card func(id string) *model.Card // the game's card of an id, or nil
	seat int
	// known is the state without the hidden cards: a zone the seat may not
	// see is empty, and its count is in hidden. It is never played.
	known  *model.State
	hidden map[string]int
	zones  []string // the keys of hidden, sorted: the order Sample deals in
	zoneAt []int    // each one's number in the state (-1: kept by reference)
	// unseen are the cards the seat does not see, by kind: kinds are
	// sorted, and unseen[k] holds the cards of kinds[k] sorted by id. backs is the kind (its index) of each card of the hidden
	// zones, zone after zone in the order of zones.
	kinds  []string
	unseen [][]string
	backs  []int
	// refs says whether a local of the stack refers to a hidden card.
	refs bool
	// made is how many moves the game has made; moves are the last of
	// them, from made-len(moves) on, as the seat may know them (see
	// ObserveSince).
	made  int
	moves []string
	// buf holds the arrays ObserveInto fills again.
	buf observeBufs
}

// observeBufs are the arrays of an observation that ObserveInto fills
// again: the pools' cards and the marks of the ranks.
type observeBufs struct {
	cards []string
	ranks []uint8
}

// pool is an empty array for the n cards of the pools; the pools of an
// observation made before in it are overwritten.
func (b *observeBufs) pool(n int) []string {
	if cap(b.cards) < n {
		b.cards = make([]string, 0, n)
	}
	return b.cards[:0]
}

// marks is a cleared array of n marks.
func (b *observeBufs) marks(n int) []uint8 {
	if cap(b.ranks) < n {
		b.ranks = make([]uint8, n)
	}
	m := b.ranks[:n]
	clear(m)
	return m
}

// HiddenCard stands, in an observation, for a card a local of an effect
// under way holds but the observing seat does not see: the zone it lies
// in and its index there. Obj says the local held the card itself rather
// than its id.
type HiddenCard struct {
	Zone string `json:"zone"`
	At   int    `json:"at"`
	Obj  bool   `json:"obj,omitempty"`
}

// HiddenZone is a zone a seat may not see: its reference, its number in
// the state (model.State.Zones; -1 for a zone the state keeps by
// reference) and how many cards it holds.
type HiddenZone struct {
	Ref   string
	At, N int
}

// ObserveInto makes o what seat may know of st, the cards of the zones
// taken out (hidden counts them by reference; zones are the same, sorted
// by reference); card finds the game's card of an id, and ranks are the
// game's card ids sorted, each at its card's Rank - 1. It works in the
// arrays o was made in before, if any (the known state among them,
// copied into: model.State.CloneInto), so that a bot that observes at
// every decision allocates little. Whatever o held is overwritten: nothing read from
// it before may be kept, and the states sampled from it before must be
// done with (a sample shares its lists, as a copy does).
func ObserveInto(o *Observation, st *model.State, seat int, zones []HiddenZone, hidden map[string]int, card func(string) *model.Card, ranks []string) {
	*o = Observation{
		card: card, seat: seat, hidden: hidden, known: o.known,
		zones: o.zones[:0], zoneAt: o.zoneAt[:0], backs: o.backs[:0], kinds: o.kinds[:0],
		unseen: o.unseen[:0], moves: o.moves[:0], buf: o.buf,
	}
	n := 0 // hidden cards
	for _, z := range zones {
		o.zones, o.zoneAt = append(o.zones, z.Ref), append(o.zoneAt, z.At)
		n += z.N
	}
	// One pass over the hidden cards, each looked up once: the kinds,
	// numbered as they come (few: no allocation but the kept list of
	// their names), how many cards of each, each card's kind in its place
	// (backs), and each card's place among the game's ids sorted (its
	// rank) marked with its kind. The kinds are then sorted by name and
	// renumbered, and each kind's pool of unseen cards read off the marks
	// in the order of the ranks: sorted by id, canonical whatever the
	// places the cards lie in, without a sort. The pools are cut from
	// one array, each at its size.
	var kindBuf [8]string
	var countBuf [8]int
	kinds, counts := kindBuf[:0], countBuf[:0]
	if o.backs == nil {
		o.backs = make([]int, 0, n) // [] in JSON, not null
	} else {
		o.backs = slices.Grow(o.backs, n)
	}
	var marks []uint8 // 1 + the kind of the card of each rank, 0 for none
	twice := false    // a card in two places, or too many kinds to mark
	last := -1        // the kind of the card before
	for j := range o.zones {
		for _, c := range o.cardsOf(st, j) {
			x := card(c)
			if x == nil {
				o.backs = append(o.backs, -1)
				continue
			}
			// A zone's cards are mostly of one kind: the last card's is
			// tried first.
			k := last
			if k < 0 || kinds[k] != x.Kind {
				if k = slices.Index(kinds, x.Kind); k < 0 {
					k = len(kinds)
					kinds, counts = append(kinds, x.Kind), append(counts, 0)
				}
				last = k
			}
			counts[k]++
			o.backs = append(o.backs, k)
			if marks == nil {
				marks = o.buf.marks(len(ranks))
			}
			if k >= 255 || marks[x.Rank-1] != 0 {
				twice = true
			} else {
				marks[x.Rank-1] = uint8(k + 1)
			}
		}
	}
	if len(kinds) > 0 {
		// Sorted by name, each kind's count with it (insertion: few
		// kinds); renum[k] is the new number of kind k.
		var orderBuf, renumBuf [8]int
		order, renum := orderBuf[:0], renumBuf[:0]
		if len(kinds) > len(renumBuf) {
			renum = make([]int, 0, len(kinds))
		}
		renum = renum[:len(kinds)]
		for i := range kinds {
			order = append(order, i)
		}
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && kinds[order[j]] < kinds[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		all := o.buf.pool(n)
		for i, k := range order {
			renum[k] = i
			o.kinds = append(o.kinds, kinds[k])
			c := counts[k]
			o.unseen = append(o.unseen, all[len(all):len(all):len(all)+c])
			all = all[:len(all)+c]
		}
		for i, k := range o.backs {
			if k >= 0 {
				o.backs[i] = renum[k]
			}
		}
		if twice {
			// The marks cannot stand for the cards: each is listed
			// where it lies, and the pools sorted.
			at := 0
			for j := range o.zones {
				for _, c := range o.cardsOf(st, j) {
					if k := o.backs[at]; k >= 0 {
						o.unseen[k] = append(o.unseen[k], c)
					}
					at++
				}
			}
			for _, pool := range o.unseen {
				slices.Sort(pool)
			}
		} else {
			for r, k := range marks {
				if k != 0 {
					i := renum[k-1]
					o.unseen[i] = append(o.unseen[i], ranks[r])
				}
			}
		}
	}
	log, moves := st.Log, st.Moves
	st.Log, st.Moves = nil, nil
	k := o.known
	if k == nil {
		k = st.Clone()
	} else {
		st.CloneInto(k)
	}
	st.Log, st.Moves = log, moves
	k.RNG, k.Moves, k.Log = 0, nil, nil
	for j, ref := range o.zones {
		if at := o.zoneAt[j]; at >= 0 {
			k.Zones[at] = []string{}
		} else {
			k.SetZone(ref, []string{})
		}
	}
	if n > 0 {
		h := hider{o: o, st: st}
		for _, f := range k.Stack {
			f.Scope.Vals = h.list(f.Scope.Vals)
			f.Result, _ = h.value(f.Result)
			for i := range f.Cursors {
				f.Cursors[i].Items = h.list(f.Cursors[i].Items)
			}
		}
		for _, p := range k.Pieces {
			for key, v := range model.PieceStrs(p) {
				if w, ok := h.where(v); ok {
					// A string var holding a hidden card is rare. The ref
					// is written as text; the piece's map, shared with
					// st's piece, is copied first (SetPieceStr).
					b, _ := json.Marshal(w)
					model.SetPieceStr(p, key, hiddenPrefix+string(b))
					h.found = true
				}
			}
		}
		o.refs = h.found
	}
	o.known = k
	o.made = len(st.Moves)
}

// cardsOf is the cards of the j-th hidden zone in st (the state observed,
// or one of the same game and seats).
func (o *Observation) cardsOf(st *model.State, j int) []string {
	if at := o.zoneAt[j]; at >= 0 {
		return st.Zones[at]
	}
	return st.ZoneCards(o.zones[j])
}

// Since keeps the moves of st from the from-th on, as the seat may know
// them (ObserveSince).
func (o *Observation) Since(st *model.State, from int) {
	o.moves = slices.Grow(o.moves[:0], len(st.Moves)-from)
	for _, m := range st.Moves[from:] {
		if !o.moveSeen(st, m) {
			m = ""
		}
		o.moves = append(o.moves, m)
	}
}

// moveSeen tells whether a move's text names no card that lies now in a
// hidden zone or in the box: its words, and the items of a list word
// ([a,b]), are looked up as card ids.
func (o *Observation) moveSeen(st *model.State, text string) bool {
	hidden := o.hidden
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '[' || r == ']' || r == ',' }) {
		if o.card(w) == nil {
			continue
		}
		seen := false
		for ref, cards := range st.AllZones() {
			if slices.Contains(cards, w) {
				_, hid := hidden[ref]
				seen = !hid // the box is hidden too
				break
			}
		}
		if !seen {
			return false
		}
	}
	return true
}

// Made is how many moves the game had made when it was observed.
func (o *Observation) Made() int { return o.made }

// Moves are the moves ObserveSince was asked for, as the seat may know
// them ("" for one it may not): the moves from Made()-len(Moves()) on.
// Observe gives none. Read them, do not change them.
func (o *Observation) Moves() []string { return o.moves }

// hiddenPrefix marks a piece's string var that held a hidden card.
const hiddenPrefix = "\x00hidden"

// Seat is the seat observing (-1: a spectator).
func (o *Observation) Seat() int { return o.seat }

// Pending is the decision the state waits for, or nil.
func (o *Observation) Pending() *model.Decision { return o.known.Pending }

// Known is a copy of the state as the seat may know it: each zone it may
// not see is empty. A scenario judges a rule about who sees what on it.
func (o *Observation) Known() *model.State { return o.known.Clone() }

// Hidden counts the cards of each zone the seat may not see.
func (o *Observation) Hidden() map[string]int { return o.hidden }

// Seen is the state as the seat may know it, the one View reads: each
// zone the seat may not see is empty (Hidden counts its cards). It lets
// a bot read the view by number (counters, zones, stocks, pieces)
// without the maps View builds. It is the observation's own,
// overwritten by the next ObserveInto: read it, do not change or keep
// it.
func (o *Observation) Seen() *model.State { return o.known }

// HiddenZonesInto lists into buf the zones the seat may not see, sorted
// by reference, each with its number among Seen's zones (-1: a zone
// Seen keeps by reference) and how many cards it holds.
func (o *Observation) HiddenZonesInto(buf []HiddenZone) []HiddenZone {
	buf = buf[:0]
	for k, ref := range o.zones {
		buf = append(buf, HiddenZone{Ref: ref, At: o.zoneAt[k], N: o.hidden[ref]})
	}
	return buf
}

// View is the observation as a View, without the log. It shares the
// observation's data: read it, do not change it.
func (o *Observation) View() *View {
	k := o.known
	v := &View{
		Game: k.Game, Viewer: o.seat, Players: k.Players, Vars: k.VarMap(), PlayerVars: k.PvarMaps(),
		Zones: map[string][]string{}, Hidden: o.hidden, Stocks: k.StockMap(), Pieces: k.Pieces,
		NodeVars: k.NvarMaps(), Pending: k.Pending, Finished: k.Finished, Log: k.Log,
	}
	for ref, cards := range k.AllZones() {
		if _, ok := o.hidden[ref]; !ok {
			v.Zones[ref] = cards
		}
	}
	return v
}

// Hides tells whether the seat does not see some card: when it sees
// every one, every sample of the observation is the same state but for
// its generator.
func (o *Observation) Hides() bool {
	for _, n := range o.hidden {
		if n > 0 {
			return true
		}
	}
	return false
}

// MarshalJSON writes the seat, the known state, the hidden counts and the
// unseen cards: two observations that marshal alike are the same.
func (o *Observation) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Seat   int            `json:"seat"`
		Known  *model.State   `json:"known"`
		Hidden map[string]int `json:"hidden"`
		Kinds  []string       `json:"kinds"`
		Unseen [][]string     `json:"unseen"`
		Backs  []int          `json:"backs"`
		Made   int            `json:"made"`
		Moves  []string       `json:"moves,omitempty"`
	}{o.seat, o.known, o.hidden, o.kinds, o.unseen, o.backs, o.made, o.moves})
}

// Sample returns a full state consistent with the observation: the unseen
// cards of each kind, sorted by id, shuffled by r and dealt into
// the places of the hidden zones that show that kind (zone after zone in
// the order of their names), the locals that held a hidden card given
// the card now at its place, and a random generator drawn from r. The
// real places of the hidden cards are never read, so the sample depends
// only on the observation and r. The state has no log and no moves; play
// it with the Game that observed it.
func (o *Observation) Sample(r *model.Rand) *model.State {
	s := new(model.State)
	o.SampleInto(r, s)
	return s
}

// SampleInto makes dst a sample of the observation, as Sample does, in
// the arrays of dst (model.State.CloneInto, whose terms hold here): a
// bot that samples for every playout allocates little. A cache a game
// keeps of a state by its pointer must keep its Ident too.
func (o *Observation) SampleInto(r *model.Rand, dst *model.State) {
	s := dst
	o.known.CloneInto(s)
	s.Log = nil
	// The pools and the dealt zones are laid in the arrays of s.
	var few [8][]string
	pools := few[:0]
	if len(o.unseen) > len(few) {
		pools = make([][]string, 0, len(o.unseen))
	}
	for _, cards := range o.unseen {
		p := s.NewList(len(cards))
		copy(p, cards)
		r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		pools = append(pools, p)
	}
	at := 0
	for j, ref := range o.zones {
		n := o.hidden[ref]
		z := s.NewList(n)
		for i := range z {
			if k := o.backs[at+i]; k >= 0 && len(pools[k]) > 0 {
				z[i], pools[k] = pools[k][0], pools[k][1:]
			}
		}
		if zi := o.zoneAt[j]; zi >= 0 {
			s.Zones[zi] = z
		} else {
			s.SetZone(ref, z)
		}
		at += n
	}
	s.RNG = r.Uint64()
	if o.refs {
		d := dealer{o: o, st: s}
		for _, f := range s.Stack {
			f.Scope.Vals = d.list(f.Scope.Vals)
			f.Result, _ = d.value(f.Result)
			for i := range f.Cursors {
				f.Cursors[i].Items = d.list(f.Cursors[i].Items)
			}
		}
		for _, p := range s.Pieces {
			for key, v := range model.PieceStrs(p) {
				var w HiddenCard
				if len(v) > len(hiddenPrefix) && v[:len(hiddenPrefix)] == hiddenPrefix && json.Unmarshal([]byte(v[len(hiddenPrefix):]), &w) == nil {
					model.SetPieceStr(p, key, d.card(w))
				}
			}
		}
	}
}

// hider replaces the hidden cards of locals by HiddenCards. Lists and
// maps are copied when they change, never changed in place: the real
// state shares them.
type hider struct {
	o     *Observation // its hidden zones
	st    *model.State // the real state
	found bool
}

// where finds the place of a card of a hidden zone.
func (h *hider) where(id string) (HiddenCard, bool) {
	if h.o.card(id) == nil {
		return HiddenCard{}, false
	}
	for j, ref := range h.o.zones {
		if i := slices.Index(h.o.cardsOf(h.st, j), id); i >= 0 {
			return HiddenCard{Zone: ref, At: i}, true
		}
	}
	return HiddenCard{}, false
}

// stringList is a list of card ids ([]string) that held a hidden card:
// Sample makes it a []string again.
type stringList []any

// value returns v with its hidden cards replaced, and whether it changed.
func (h *hider) value(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		if w, ok := h.where(x); ok {
			h.found = true
			return w, true
		}
	case *model.Card:
		if x != nil {
			if w, ok := h.where(x.ID); ok {
				h.found = true
				w.Obj = true
				return w, true
			}
		}
	case []any:
		out := h.list(x)
		return out, len(x) > 0 && &out[0] != &x[0]
	case []string:
		for _, s := range x {
			if _, ok := h.where(s); ok {
				out := make(stringList, len(x))
				for i, t := range x {
					out[i], _ = h.value(t)
				}
				return out, true
			}
		}
	case map[string]any:
		for _, e := range x {
			if _, changed := h.value(e); changed {
				out := make(map[string]any, len(x))
				for k2, e2 := range x {
					out[k2], _ = h.value(e2)
				}
				return out, true
			}
		}
	}
	return v, false
}

// list returns l with its hidden cards replaced: l itself if it holds
// none, else a copy.
func (h *hider) list(l []any) []any {
	for i, e := range l {
		if _, changed := h.value(e); changed {
			out := slices.Clone(l)
			for j := i; j < len(l); j++ {
				out[j], _ = h.value(l[j])
			}
			return out
		}
	}
	return l
}

// dealer puts back, in a sample, the cards the locals of an observation
// held: the card dealt where each HiddenCard points.
type dealer struct {
	o  *Observation
	st *model.State // the sample
}

func (d *dealer) card(w HiddenCard) string {
	if z := d.st.ZoneCards(w.Zone); w.At >= 0 && w.At < len(z) {
		return z[w.At]
	}
	return ""
}

// value returns v with its HiddenCards dealt, and whether it changed.
// The observation's lists are shared by every sample: one that changes
// is copied.
func (d *dealer) value(v any) (any, bool) {
	switch x := v.(type) {
	case HiddenCard:
		id := d.card(x)
		if x.Obj {
			return d.o.card(id), true
		}
		return id, true
	case stringList:
		out := make([]string, len(x))
		for i, e := range x {
			n, _ := d.value(e)
			out[i], _ = n.(string)
		}
		return out, true
	case []any:
		out := d.list(x)
		return out, len(x) > 0 && &out[0] != &x[0]
	case map[string]any:
		for _, e := range x {
			if _, changed := d.value(e); changed {
				out := make(map[string]any, len(x))
				for k, e2 := range x {
					out[k], _ = d.value(e2)
				}
				return out, true
			}
		}
	}
	return v, false
}

func (d *dealer) list(l []any) []any {
	for i, e := range l {
		if _, changed := d.value(e); changed {
			out := slices.Clone(l)
			for j := i; j < len(l); j++ {
				out[j], _ = d.value(l[j])
			}
			return out
		}
	}
	return l
}
