package model

import (
	"maps"
	"sync/atomic"
	"unsafe"
)

// This file copies states. A copy is a handful of flat arrays: the
// dense counters and the pieces' counters in one []int, the zones' and
// the stocks' lists in one [][]string (the cards and units they hold
// are shared, never changed in place), the pieces in one []Piece (their
// maps shared until written, piecestrs.go), and the frames, their
// locals and their cursors in one array each. Clone lays the copy and
// all of those arrays in one block, one allocation (cloneblock.go).
// CloneInto keeps the arrays in the state copied into and fills them
// again at its next copy, so that a bot copying per playout into the
// same few states allocates nothing once they have grown. So does
// NewList, the lists a sample deals hidden cards into: those are the
// lists that change in place, at the next copy into the state they were
// laid in, and the states that may hold one say so (LaidOver).
//
// The frames, their locals and their cursors are the exception: the
// machine keeps the frames a state ends (and their locals) for the
// next frame it starts, in whatever state that is, so they are filled
// again only when every one of them is still in the state's stack,
// where it was put; otherwise they are made anew.

// cloneBufs are the arrays a state was last copied into (CloneInto).
type cloneBufs struct {
	ints   []int
	lists  [][]string
	pieces []Piece
	pptrs  []*Piece
	frames []Frame
	fptrs  []*Frame
	vals   []any
	curs   []Cursor
	// strs holds the lists NewList lays out for the state after its copy.
	strs []string
	// moves is the array AppendMove last grew, for the moves of a copy
	// that starts with none.
	moves []string
}

// idents counts the copies made, for Ident.
var idents atomic.Uint64

// Ident tells apart the contents a State's memory has held: CloneInto
// gives the state it copies into a new one. A cache of what was
// computed from a state, kept by the state's pointer, must also keep
// its Ident: a state copied into is the same pointer with other
// contents. A state made any other way has 0.
func (s *State) Ident() uint64 { return s.ident }

// Clone returns a copy of the state that shares nothing it could change
// with the original: each may be played on without the other seeing it.
// It is one allocation (cloneblock.go), for a bot that copies the
// state for every playout (CloneInto allocates none). Moves and Log, which a game
// only ever appends to, share their elements up to now with the
// original, each capped at its length, so that an append to either
// never shows in the other; so do the lists of cards and units of its
// zones and stocks, and the lists the locals of its frames hold, which
// are never changed in place. An empty list stays empty and an absent
// one absent, so the copy marshals as the original does.
func (s *State) Clone() *State {
	sh := s.shapeOf()
	c, b := newBlock(sh)
	s.copyInto(c, &b, nil, sh)
	return c
}

// CloneInto makes dst a copy of the state, as Clone does, in the arrays
// of dst's last copy (none allocated once they are large enough).
// Whatever dst held is overwritten, its pieces and frames included: dst
// must be a State of its own (made by new, Clone or the game; not a
// value copy of another), nothing read from it before may be kept, and
// a state copied from dst since, whose locals may hold what dst's did
// (as any copy's do), must be done with.
func (s *State) CloneInto(dst *State) {
	if dst == s {
		return
	}
	b := dst.bufs
	if b == nil {
		b = new(cloneBufs)
	}
	s.copyInto(dst, b, dst.Stack, s.shapeOf())
	b.strs = b.strs[:0]
	dst.laid.add(b.strs[:cap(b.strs)]) // where NewList lays its lists
	dst.bufs = b
}

// Renew empties the state for a new game in its own memory: the new
// game's moves are listed in the array the old game's were when the
// state made that array itself (so that a simulation playing game after
// game on one state does not make that list anew, and grow it, for every
// game; a copy's moves are the array of the state it was copied from,
// never written over), and the arrays of its copies (CloneInto) stay for
// its next copy. It gets a new Ident, as a state copied into does. Under
// the terms of CloneInto: nothing read from the state before may be
// kept, and every state copied from it must be done with (a copy shares
// the array of its moves).
func (s *State) Renew() {
	moves, own, bufs := s.Moves[:0], s.movesOwn, s.bufs
	if own == nil || unsafe.SliceData(moves) != own {
		// A copy's moves are its original's: not to be written over.
		moves, own = nil, nil
	}
	*s = State{Moves: moves, movesOwn: own, bufs: bufs, ident: idents.Add(1)}
	if bufs != nil {
		s.laid.add(bufs.strs[:cap(bufs.strs)])
	}
}

// StartMoves gives the state an empty list of moves of its own, with
// room for n.
func (s *State) StartMoves(n int) {
	s.Moves = make([]string, 0, n)
	s.movesOwn = unsafe.SliceData(s.Moves)
	if n == 0 {
		s.movesOwn = nil
	}
}

// AppendMove appends the text of a move made to Moves. A state copied
// into (CloneInto) from one with no moves, as a search bot's sample is,
// starts them in an array its earlier copies grew, under the terms of
// CloneInto: a bot playing every playout on it allocates nothing for
// them once the array is long enough.
func (s *State) AppendMove(text string) {
	b := s.bufs
	if s.Moves == nil && b != nil {
		s.Moves = b.moves[:0]
		if cap(s.Moves) > 0 {
			s.movesOwn = unsafe.SliceData(s.Moves)
		}
	}
	n := cap(s.Moves)
	s.Moves = append(s.Moves, text)
	if cap(s.Moves) != n {
		// A new array, the state's own: its next copies may reuse it,
		// and so may its next game (Renew).
		s.movesOwn = unsafe.SliceData(s.Moves)
		if b != nil {
			b.moves = s.Moves[:0]
		}
	}
}

// NewList returns a list of n empty strings to put in the state, laid in
// the arrays of its copies when it was copied into (CloneInto): the
// state's next CloneInto lays others over it, under the terms of
// CloneInto, so that a bot that deals hidden cards into the state it
// copies into for every playout (view's SampleInto) allocates nothing
// once the arrays have grown. Such a list is changed in place when
// another is laid over it, unlike every other list of a state: the
// state, and its copies after it, know its array (LaidOver). The list
// is capped at n: an append to it makes a new one.
func (s *State) NewList(n int) []string {
	b := s.bufs
	if b == nil {
		return make([]string, n)
	}
	at := len(b.strs)
	if cap(b.strs)-at < n {
		// A new array: the old one stays with the lists cut from it.
		// Until the state's next copy notes the new one, any list of
		// the state may be laid over.
		b.strs, at = make([]string, 0, max(2*cap(b.strs), n, 64)), 0
		s.laid.n = -1
	}
	b.strs = b.strs[:at+n]
	l := b.strs[at : at+n : at+n]
	clear(l)
	return l
}

// laidArray is the array of NewList a state's lists may lie in, if
// any: one, the state's own or that of the state it was copied from
// (SampleInto lays a sample's lists in one, and its copies have no
// lists of their own); a second makes it any array.
type laidArray struct {
	p *string // its first element
	n int     // its capacity; 0: none; -1: any array
}

// add notes the array a, whole (its length its capacity); an empty one
// holds no list.
func (l *laidArray) add(a []string) {
	switch p := unsafe.SliceData(a); {
	case len(a) == 0 || l.n < 0:
	case l.n == 0:
		l.p, l.n = p, len(a)
	case l.p != p:
		l.n = -1
	}
}

// LaidOver reports whether the list l may lie in an array that the next
// CloneInto of the state, or of a state it was copied from (Clone,
// CloneInto), lays other lists over (NewList): a list whose elements may
// change in place, where every other list of a state, once made, never
// does. A cache that keeps a value by the address of a list it was
// computed from must not keep one for such a list. An empty list has no
// elements to change.
func (s *State) LaidOver(l []string) bool {
	return s.MayLayOver() && len(l) > 0 && s.laid.holds(l)
}

// MayLayOver reports whether any list of the state may lie in an array
// laid over (LaidOver), for a caller that would check many.
func (s *State) MayLayOver() bool { return s != nil && s.laid.n != 0 }

// holds tells whether l lies in the array.
func (l *laidArray) holds(list []string) bool {
	at := uintptr(unsafe.Pointer(unsafe.SliceData(list))) - uintptr(unsafe.Pointer(l.p))
	return l.n < 0 || at < uintptr(l.n)*unsafe.Sizeof("")
}

// copyInto makes dst a copy of the state in the arrays of b, old being
// the stack dst had and sh the state's shape.
func (s *State) copyInto(dst *State, b *cloneBufs, old []*Frame, sh shape) {
	*dst = *s
	dst.bufs, dst.Stack, dst.movesOwn = nil, nil, nil
	dst.ident = idents.Add(1)
	s.copyCounters(dst, b, sh.ints)
	s.copyLists(dst, b)
	s.copyPieces(dst, b)
	s.copyStack(dst, b, old, sh)
	dst.Fired = clip(s.Fired)
	if s.Pending != nil {
		// The copy's decision lies in the copy itself.
		dst.pending = *s.Pending
		dst.Pending = &dst.pending
	}
	dst.Moves = clip(s.Moves)
	dst.Log = clip(s.Log)
}

// room is buf emptied, or a new array when buf cannot hold n elements;
// never nil, so that an empty list copied stays empty.
func room[E any](buf []E, n int) []E {
	if buf == nil || cap(buf) < n {
		return make([]E, 0, n)
	}
	return buf[:0]
}

// copyCounters copies the dense counters, and the pieces' (which
// copyPieces places), into b.ints, room for n; the counters by name
// into new maps.
func (s *State) copyCounters(dst *State, b *cloneBufs, n int) {
	b.ints = room(b.ints, n)
	dst.Counts = nil
	if s.Counts != nil {
		b.ints = append(b.ints, s.Counts...)
		dst.Counts = clip(b.ints)
	}
	dst.moreVars = CloneMap(s.moreVars)
	dst.morePvars = ClonePlayerVars(s.morePvars)
	dst.moreNvars = CloneNodeVars(s.moreNvars)
}

// copyLists copies the zones' and the stocks' lists into b.lists, and
// the zones kept by reference into a new map. The cards and units
// themselves are shared: lists are never changed in place (a change
// makes a new list, ZoneList), and each list of the copy is capped at
// its length, so that an append to it never writes where the
// original's next append would.
func (s *State) copyLists(dst *State, b *cloneBufs) {
	nz, ns := len(s.Zones), len(s.stocks)
	b.lists = room(b.lists, nz+ns)[:nz+ns]
	dst.Zones, dst.stocks = nil, nil
	if s.Zones != nil {
		dst.Zones = b.lists[:nz:nz]
		clipEach(dst.Zones, s.Zones)
	}
	if s.stocks != nil {
		dst.stocks = b.lists[nz : nz+ns : nz+ns]
		clipEach(dst.stocks, s.stocks)
	}
	dst.moreZones = nil
	if s.moreZones != nil {
		dst.moreZones = make(map[string][]string, len(s.moreZones))
		for ref, l := range s.moreZones {
			dst.moreZones[ref] = clip(l)
		}
	}
}

// clipEach makes to the lists of from, each capped at its length (nil
// staying nil).
func clipEach(to, from [][]string) {
	for i, l := range from {
		to[i] = clip(l)
	}
}

// copyPieces copies the pieces into b.pieces and their counters after
// the state's in b.ints; their maps (string vars, counters by name) are
// shared, marked so, and copied by the first piece that writes to one
// (piecestrs.go).
func (s *State) copyPieces(dst *State, b *cloneBufs) {
	dst.Pieces = nil
	if s.Pieces == nil {
		return
	}
	n := len(s.Pieces)
	if cap(b.pieces) < n {
		b.pieces = make([]Piece, n)
	}
	b.pieces = b.pieces[:n]
	b.pptrs = room(b.pptrs, n)[:n]
	for i, p := range s.Pieces {
		q := &b.pieces[i]
		*q = *p
		if p.Vars != nil {
			at := len(b.ints)
			b.ints = append(b.ints, p.Vars...)
			q.Vars = b.ints[at:len(b.ints):len(b.ints)]
		}
		sharePiece(p)
		b.pptrs[i] = q
	}
	dst.Pieces = b.pptrs[:n:n]
}

// copyStack copies the frames, their locals and their cursors, each
// kind into one array: those of b when old, the stack dst had, still
// holds every frame b's arrays were last given to and each still holds
// its locals and cursors there (the machine keeps a frame that ends, and
// its locals, for the next frame it starts); else new ones. A loop
// cursor's items are shared: lists a local or a cursor holds are never
// changed in place.
func (s *State) copyStack(dst *State, b *cloneBufs, old []*Frame, sh shape) {
	if s.Stack == nil {
		// The frames of the last copy may have gone back to the machine.
		b.frames, b.fptrs, b.vals, b.curs = nil, nil, nil, nil
		return
	}
	n := len(s.Stack)
	if !b.stackHeld(old) {
		b.frames, b.vals, b.curs = nil, nil, nil
	}
	b.frames = room(b.frames, n)[:n]
	b.fptrs = room(b.fptrs, n)[:n]
	b.vals = room(b.vals, sh.vals)
	b.curs = room(b.curs, sh.curs)
	for i, f := range s.Stack {
		c := &b.frames[i]
		*c = *f
		if f.Scope.Vals != nil {
			at := len(b.vals)
			b.vals = append(b.vals, f.Scope.Vals...)
			c.Scope.Vals = b.vals[at:len(b.vals):len(b.vals)]
		}
		c.Scope.named = maps.Clone(f.Scope.named)
		if f.Cursors != nil {
			at := len(b.curs)
			b.curs = append(b.curs, f.Cursors...)
			c.Cursors = b.curs[at:len(b.curs):len(b.curs)]
		}
		b.fptrs[i] = c
	}
	dst.Stack = b.fptrs[:n:n]
}

// stackHeld tells whether stack holds, at their places, every frame of
// b's last copy, each with the locals and cursors it was given there
// (each list capped at its length, laid one after the other): then
// nothing else can (a frame that ended went back to the machine, and
// with it its locals and cursors), and b's arrays may be filled again.
func (b *cloneBufs) stackHeld(stack []*Frame) bool {
	n := len(b.fptrs)
	if len(stack) < n {
		return false
	}
	vals, curs := 0, 0
	for i := range n {
		f := &b.frames[i]
		if stack[i] != f || !holds(f.Scope.Vals, b.vals, vals) || !holds(f.Cursors, b.curs, curs) {
			return false
		}
		vals += cap(f.Scope.Vals)
		curs += cap(f.Cursors)
	}
	return vals == len(b.vals) && curs == len(b.curs)
}

// holds tells whether l is still the part of buf from at on that it was
// given: an empty part, or the same first element.
func holds[E any](l, buf []E, at int) bool {
	if cap(l) == 0 {
		return true
	}
	return at < len(buf) && &l[:1][0] == &buf[at]
}
