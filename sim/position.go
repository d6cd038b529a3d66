package sim

import "github.com/haven-engine/haven/interpreter"

// This file hashes the position a seat decides in (ismcts_repeat.go
// says what a position is and why the bots remember them). It runs at
// every decision of ismcts and learned, so it reads the seat's view by
// number (Observation.Seen, the state with the zones the seat may not
// see emptied) instead of building the view's maps, and writes numbers
// and strings straight into a 64-bit hash: no allocation, no sort.
//
// The counters, zones and pieces declared by the game are written by
// their index in the game's tables rather than by name: a bot's memory
// holds the positions of one compiled game, whose tables name every
// index alike. What a state keeps by name (a var the game does not
// declare, a piece's string vars, the stocks' holders) lies in maps or
// in an order its history chose; those parts are summed, each entry
// hashed on its own, so that the order they are met in is not part of
// the position (a good bought and sold back leaves the same position).
// position_oracle_test.go keeps the hash built from the view, and the
// tests check that both tell the same positions apart.

// positionOf returns the hash of the position of obs with moves legal,
// and the game's progress there (its cap var, 0 without one).
func positionOf(g *interpreter.Game, obs *interpreter.Observation, legal []interpreter.Move) (uint64, int) {
	st := obs.Seen()
	var p posHash
	p.str(st.Game)
	p.int(obs.Seat())
	p.int(st.Players)
	p.counters(st)
	p.zones(st, obs)
	p.stocks(st)
	p.pieces(st)
	if d := st.Pending; d != nil {
		p.int(1)
		p.int(d.Player)
		p.str(d.Kind)
		p.str(d.ID)
		p.str(d.Prompt)
	} else {
		p.int(0)
	}
	p.bool(st.Finished)
	p.int(len(legal))
	for _, m := range legal {
		p.str(m.Text)
	}
	return p.h, st.Var(g.CapVar())
}

// counters writes the vars, the player vars and the node vars set.
func (p *posHash) counters(st *interpreter.State) {
	seats := len(st.MorePlayerVars())
	if t := st.Tables; t != nil {
		seats = st.Players // the view's player vars: one map a seat
		p.ints(st.Counts[:st.NvarAt()])
		// A node var never set is not in the view (its start value is
		// the game's): the marks of the ones set, then their values.
		p.ints(st.Counts[st.NsetAt():])
		for i := range st.NsetAt() - st.NvarAt() {
			if st.NvarSet(i) {
				p.int(st.Counts[st.NvarAt()+i])
			}
		}
	}
	p.named(st.MoreVars())
	more := st.MorePlayerVars()
	p.int(seats)
	for seat := range seats {
		if seat < len(more) {
			p.named(more[seat])
		} else {
			p.named(nil)
		}
	}
	var sum uint64
	for node, vars := range st.MoreNodeVars() {
		var e posHash
		e.str(node)
		e.named(vars)
		sum += e.entry()
	}
	p.int(len(st.MoreNodeVars()))
	p.word(sum)
}

// zones writes every zone's cards in order (a zone the seat may not see
// is empty in Seen), then the zones the seat may not see with their
// counts: the visible zones' cards and the hidden ones' counts.
func (p *posHash) zones(st *interpreter.State, obs *interpreter.Observation) {
	p.int(len(st.Zones))
	for _, cards := range st.Zones {
		p.strs(cards)
	}
	// A zone the game does not declare is kept by name: rare, and
	// ranging over them costs an allocation, so only when there are.
	more := st.ZoneCount() - len(st.Zones)
	p.int(more)
	if more > 0 {
		var sum uint64
		for ref, cards := range st.MoreZones() {
			var e posHash
			e.str(ref)
			e.strs(cards)
			sum += e.entry()
		}
		p.word(sum)
	}
	var sum uint64
	for ref, count := range obs.Hidden() {
		var e posHash
		e.str(ref)
		e.int(count)
		sum += e.entry()
	}
	p.int(len(obs.Hidden()))
	p.word(sum)
}

// stocks writes each holder's goods as a count of units of each good:
// the order a stock lists its units in (a unit moved goes last), and
// the order holders were first given goods in, are not part of the
// position.
func (p *posHash) stocks(st *interpreter.State) {
	var sum uint64
	for k := range st.StockCount() {
		holder, units := st.StockAt(k)
		// A stock lists the units of a good mostly side by side: a
		// unit of the good before is not hashed again.
		var goods, unit uint64
		last := ""
		for i, u := range units {
			if i == 0 || u != last {
				var e posHash
				e.str(u)
				unit, last = e.entry(), u
			}
			goods += unit
		}
		var e posHash
		e.str(holder)
		e.int(len(units))
		e.word(goods)
		sum += e.entry()
	}
	p.int(st.StockCount())
	p.word(sum)
}

// pieces writes each piece, in order: what it is, where it stands, its
// counters and its string vars.
func (p *posHash) pieces(st *interpreter.State) {
	p.int(len(st.Pieces))
	for _, pc := range st.Pieces {
		p.str(pc.ID)
		p.str(pc.Kind)
		p.int(pc.Owner)
		p.str(pc.At)
		p.ints(pc.Vars)
		p.named(interpreter.MorePieceVars(pc))
		var sum uint64
		n := 0
		for name, v := range interpreter.PieceStrs(pc) {
			var e posHash
			e.str(name)
			e.str(v)
			sum += e.entry()
			n++
		}
		p.int(n)
		p.word(sum)
	}
}

// posHash folds words into a 64-bit hash. Each step is a bijection of
// the hash for a given word and of the word for a given hash, so two
// sequences of the same length that differ in one word never meet. Every part is written
// with its length first, so that two different positions do not write
// the same words.
type posHash struct{ h uint64 }

// word folds x in: xor, then SplitMix64's multiply and shift.
func (p *posHash) word(x uint64) {
	p.h ^= x
	p.h *= 0xbf58476d1ce4e5b9
	p.h ^= p.h >> 31
}

func (p *posHash) int(n int) { p.word(uint64(n)) }

func (p *posHash) bool(b bool) {
	if b {
		p.word(1)
	} else {
		p.word(0)
	}
}

// str writes s's length, then its bytes eight to a word, each read
// as one load: a card or a good id takes two or three steps, not one a
// byte. The last word overlaps the one before (a short string: its
// first and last bytes), which the length makes unambiguous.
func (p *posHash) str(s string) {
	n := len(s)
	p.int(n)
	switch {
	case n >= 8:
		for i := 0; i+8 < n; i += 8 {
			p.word(load64(s[i:]))
		}
		p.word(load64(s[n-8:]))
	case n >= 4:
		p.word(uint64(load32(s)) | uint64(load32(s[n-4:]))<<32)
	case n > 0:
		p.word(uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16)
	}
}

// load64 and load32 read the first bytes of s as one number (the
// compiler makes each one load).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

func (p *posHash) strs(l []string) {
	p.int(len(l))
	for _, s := range l {
		p.str(s)
	}
}

func (p *posHash) ints(l []int) {
	p.int(len(l))
	for _, n := range l {
		p.int(n)
	}
}

// named writes a map of numbers, whatever the order it is ranged in.
// Most are empty (the vars a game does not declare), and ranging over
// an empty map still costs a call: only a map with entries is ranged.
func (p *posHash) named(m map[string]int) {
	p.int(len(m))
	if len(m) == 0 {
		return
	}
	var sum uint64
	for k, v := range m {
		var e posHash
		e.str(k)
		e.int(v)
		sum += e.entry()
	}
	p.word(sum)
}

// entry is the hash of one entry of a part written in any order, to be
// summed with the others: spread once more (SplitMix64's finish) so
// that the sums of two different sets of entries differ.
func (p *posHash) entry() uint64 {
	x := p.h + 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
