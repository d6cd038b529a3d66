package runtime

// The lists of cards and units a move makes, without an allocation
// each. A zone's or a stock's list is shared by the state and its copies
// (model.State.Clone caps it at its length) and by the locals that read
// it, so a card moved makes new lists rather than changing one in place.
// Those lists are cut from an append-only chunk of the machine's, as the
// texts of a listing are (texts.go): a list is cut at the chunk's end,
// filled before anything sees it, and never written again, since the
// chunk is never handed out below its length; each list's capacity is
// its length, so appending to it copies it. A full chunk is left to the
// lists cut from it (the garbage collector frees it with the last of
// them) and a new one begun: a list kept keeps its chunk alive.

import (
	"unsafe"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// listChunk is the size of the chunks of lists, in strings.
const listChunk = 1 << 10

// idLists hands out lists of strings, and of values (anyList), cut
// from chunks of listChunk.
type idLists struct {
	buf  []string
	anys []any
	// pick is subsets' buffer (choose_many.go), reused.
	pick []int
	// boxes boxes the lists the state keeps.
	boxes eval.KeptBoxes
	// pieces holds the lists of pieces at gives.
	pieces []*model.Piece
}

// pieceList is a list of n pieces of the caller's own, capacity n, cut
// from a chunk as cut's lists are.
func (a *idLists) pieceList(n int) []*model.Piece {
	if n > listChunk/4 {
		return make([]*model.Piece, n)
	}
	if len(a.pieces)+n > cap(a.pieces) {
		a.pieces = make([]*model.Piece, 0, listChunk)
	}
	at := len(a.pieces)
	a.pieces = a.pieces[:at+n]
	return a.pieces[at : at+n : at+n]
}

// anyList is a copy of l of the caller's own, capacity len(l), for a
// value the state keeps (the options a choice of several picked).
func (a *idLists) anyList(l []any) []any {
	n := len(l)
	if n == 0 || n > listChunk/4 {
		return append(make([]any, 0, n), l...)
	}
	if len(a.anys)+n > cap(a.anys) {
		a.anys = make([]any, 0, listChunk)
	}
	at := len(a.anys)
	a.anys = append(a.anys, l...)
	return a.anys[at : at+n : at+n]
}

// cut is a list of n empty strings of the caller's own, capacity n.
func (a *idLists) cut(n int) []string {
	if n == 0 {
		return []string{}
	}
	if n > listChunk/4 {
		return make([]string, n)
	}
	if len(a.buf)+n > cap(a.buf) {
		a.buf = make([]string, 0, listChunk)
	}
	at := len(a.buf)
	a.buf = a.buf[:at+n]
	return a.buf[at : at+n : at+n]
}

// without is a new list: l without its k-th element. l is left as it
// is: locals and the state's copies may share it (model.State.Clone).
func (a *idLists) without(l []string, k int) []string {
	// Its first or last element dropped, l's elements are the new
	// list's: shared, capped at its length, as a copy of the state
	// shares them (a card drawn from the top of a deck).
	switch n := len(l); k {
	case 0:
		return l[1:n:n]
	case n - 1:
		return l[: n-1 : n-1]
	}
	out := a.cut(len(l) - 1)
	copy(out, l[:k])
	copy(out[k:], l[k+1:])
	return out
}

// appended is l with x after its last element. It writes past the end
// of l in place when l has room there, where no other list can see,
// since lists are never truncated in place: a list a local holds keeps
// its length and elements, and a copy of the state shares the list
// capped at its length (model.State.Clone). Otherwise it makes a new
// list.
func (a *idLists) appended(l []string, x string) []string {
	if len(l) < cap(l) {
		return append(l, x)
	}
	if out, ok := a.grown(l, x); ok {
		return out
	}
	out := a.cut(len(l) + 1)
	copy(out, l)
	out[len(l)] = x
	return out
}

// grown is l with x after its last element, written in place when l is
// the last list cut from the chunk and the chunk has room after it: the
// chunk is handed out above its length only, so no list can see that
// element, and the chunk's length moves past it, so no other list can
// claim it (a copy of the state that shares l and appends to it again
// finds l no longer at the chunk's end, and copies). A pile added to
// card by card (a discard pile, a hand) grows without a copy of it each
// time, while nothing else is cut in between.
func (a *idLists) grown(l []string, x string) ([]string, bool) {
	n, end := len(l), len(a.buf)
	if n == 0 || end == cap(a.buf) || n > end {
		return nil, false
	}
	start := end - n
	if unsafe.SliceData(l) != &a.buf[start] {
		return nil, false
	}
	a.buf = append(a.buf, x)
	return a.buf[start : end+1 : end+1], true
}

// prepended is a new list: x, then l.
func (a *idLists) prepended(l []string, x string) []string {
	out := a.cut(len(l) + 1)
	out[0] = x
	copy(out[1:], l)
	return out
}
