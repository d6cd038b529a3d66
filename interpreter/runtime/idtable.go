package runtime

// Ids found by identity. node(x) and card(x) are called for nearly every
// element an expression walks (`node(.at).kind`, `card(#).def`), and a
// map keyed by string hashes the id at every call. But the ids a state
// holds are nearly always strings of the game's own tables, shared, not
// copies: a piece's `at` is the `to` of a board edge or an entry of
// nodes(kind) it was moved to, a zone's cards are the ids of CardOrder
// dealt from the box, a value is boxed once (Game.Boxed). So the game
// keeps, for nodes and cards, a small open-addressed table keyed by the
// address of the bytes of every string of its tables that names one:
// the lookup compares one pointer and one length. A string made at run
// time (a join, a save read from JSON) is not in the table and is found
// by the map as before. The strings the table holds are the game's and
// never change, so an address in it cannot be reused for other bytes.

import (
	"math/bits"
	"unsafe"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/model"
)

// idEntry is one string of the game's tables and what it names.
type idEntry[T any] struct {
	p *byte // the string's bytes; nil: an empty slot
	n int   // its length
	v *T
}

// idTable finds what a string names by the address of its bytes.
type idTable[T any] struct {
	slots []idEntry[T]
	shift uint // 64 - log2(len(slots))
}

// newIDTable makes a table for about n strings.
func newIDTable[T any](n int) *idTable[T] {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &idTable[T]{slots: make([]idEntry[T], size), shift: uint(64 - bits.TrailingZeros(uint(size)))}
}

// home is the slot a string's bytes start their probe at.
func (t *idTable[T]) home(p *byte) int {
	return int((uint64(uintptr(unsafe.Pointer(p))) * 0x9e3779b97f4a7c15) >> t.shift)
}

// add registers s as naming v. An empty string is never registered.
func (t *idTable[T]) add(s string, v *T) {
	if s == "" || v == nil {
		return
	}
	p, mask := unsafe.StringData(s), len(t.slots)-1
	for i := t.home(p); ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.p == p && e.n == len(s) {
			return
		}
		if e.p == nil {
			*e = idEntry[T]{p, len(s), v}
			return
		}
	}
}

// find returns what s names if s is one of the strings registered (by
// address, not by content), else nil.
func (t *idTable[T]) find(s string) *T {
	if len(s) == 0 {
		return nil
	}
	p, mask := unsafe.StringData(s), len(t.slots)-1
	for i := t.home(p); ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.p == p && e.n == len(s) {
			return e.v
		}
		if e.p == nil {
			return nil
		}
	}
}

// addBoxed registers the string boxed once for s (Game.Boxed), if any.
func addBoxed[T any](t *idTable[T], boxed map[string]any, s string, v *T) {
	if b, ok := boxed[s].(string); ok {
		t.add(b, v)
	}
}

// ids are the identity tables of a game, made on first use (once the
// game is compiled and its names boxed).
type ids struct {
	nodes *idTable[board.Node]
	cards *idTable[model.Card]
}

// nodeIDs makes the table of every string of the board and of the boxed
// names that names a node.
func (g *Game) nodeIDs() *idTable[board.Node] {
	b := g.Board
	n := 3*len(b.Nodes) + len(b.Order) + len(b.Out) + len(b.In)
	for _, l := range b.Out {
		n += 4 * len(l) // listed again in In
	}
	for _, l := range b.Kinds {
		n += len(l)
	}
	t := newIDTable[board.Node](n)
	for id, nd := range b.Nodes {
		t.add(id, nd)
		t.add(nd.ID, nd)
		addBoxed(t, g.Boxed, id, nd)
	}
	for _, id := range b.Order {
		t.add(id, b.Nodes[id])
	}
	for _, l := range b.Kinds {
		for _, id := range l {
			t.add(id, b.Nodes[id])
		}
	}
	for _, m := range []map[string][]*board.Edge{b.Out, b.In} {
		for id, l := range m {
			t.add(id, b.Nodes[id])
			for _, e := range l {
				t.add(e.From, b.Nodes[e.From])
				t.add(e.To, b.Nodes[e.To])
			}
		}
	}
	return t
}

// cardIDs makes the table of every string of the game's card tables and
// of the boxed names that is a card's instance id.
func (g *Game) cardIDs() *idTable[model.Card] {
	t := newIDTable[model.Card](3*len(g.Cards) + len(g.CardOrder))
	for id, c := range g.Cards {
		t.add(id, c)
		t.add(c.ID, c)
		addBoxed(t, g.Boxed, id, c)
	}
	for _, id := range g.CardOrder {
		t.add(id, g.Cards[id])
	}
	return t
}
