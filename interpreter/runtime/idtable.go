package runtime

// Ids found by identity. node(x) and card(x) are called for nearly every
// element an expression walks (`node(.at).kind`, `card(#).def`), and a
// map keyed by string hashes the id at every call. But the ids a state
// holds are nearly always strings of the game's own tables, shared, not
// copies: a piece's `at` is the `to` of a board edge or an entry of
// nodes(kind) it was moved to, a zone's cards are the ids of CardOrder
// dealt from the box, a value is boxed once (Game.Boxed). So the game
// keeps, for nodes and cards, a small open-addressed table
// (model.AddrTable) keyed by the address of the bytes of every string of its tables that names one:
// the lookup compares one pointer and one length. A string made at run
// time (a join, a save read from JSON) is not in the table and is found
// by the map as before. The strings the table holds are the game's and
// never change, so an address in it cannot be reused for other bytes.

import (
	"fmt"
	"unsafe"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/model"
)

// addID registers s as naming v, unless v is nil (an id a table names
// but the game lacks is left to the map, which reports it).
func addID[T any](t *model.AddrTable[*T], s string, v *T) {
	if v != nil {
		t.Add(s, v)
	}
}

// addBoxed registers the string boxed once for s (Game.Boxed), if any.
func addBoxed[T any](t *model.AddrTable[*T], boxed map[string]any, s string, v *T) {
	if b, ok := boxed[s].(string); ok {
		addID(t, b, v)
	}
}

// ids are the identity tables of a game, made on first use (once the
// game is compiled and its names boxed).
type ids struct {
	nodes *model.AddrTable[*board.Node]
	cards *model.AddrTable[*model.Card]
	// rules finds the rules of a card's type by the address of its
	// Def (nil for a type without rules); active is the player zone
	// number (model.Tables) of each of ActiveZones, -1 for none.
	rules  *model.AddrTable[*CardRules]
	active []int
	// defs are the pieces New makes, by kind, seat and number, made once
	// so that a piece's id has the same bytes in every game the game
	// starts; pieces finds each by the address of its id, by seat
	// count: its place in the state's pieces, the same in every game
	// of that count (setUp). piece(id) checks the place it is given.
	defs   map[pieceKey]*model.PieceDef
	pieces []*model.AddrTable[int]
}

// pieceKey names a piece New makes: its kind, seat and number.
type pieceKey struct {
	kind     string
	seat, nr int
}

// setUpPiece is the n-th piece of kind k of seat p, its PieceDef made
// once for the game (ids.defs).
func (g *Game) setUpPiece(k *PieceKind, p, n int) *model.Piece {
	m := g.M
	key := pieceKey{k.ID, p, n}
	d := m.ids.defs[key]
	if d == nil {
		d = model.NewPiece(fmt.Sprintf("%s-%d-%d", k.ID, p, n), k.ID, p).PieceDef
		if m.ids.defs == nil {
			m.ids.defs = map[pieceKey]*model.PieceDef{}
		}
		m.ids.defs[key] = d
	}
	pc := &model.Piece{PieceDef: d}
	g.initPiece(pc)
	return pc
}

// placePieces registers, the first time a game of st's seat count is
// set up, where each of its pieces stands in the state's pieces.
func (g *Game) placePieces(st *model.State) {
	m := g.M
	if st.Players >= len(m.ids.pieces) {
		m.ids.pieces = append(m.ids.pieces, make([]*model.AddrTable[int], st.Players+1-len(m.ids.pieces))...)
	}
	if m.ids.pieces[st.Players] != nil {
		return
	}
	t := model.NewAddrTable[int](len(st.Pieces))
	for i, p := range st.Pieces {
		t.Add(p.ID, i)
	}
	m.ids.pieces[st.Players] = t
}

// pieceOf is the piece of st whose id is id, nil for none.
func (g *Game) pieceOf(st *model.State, id string) *model.Piece {
	if n := st.Players; n >= 0 && n < len(g.M.ids.pieces) {
		if t := g.M.ids.pieces[n]; t != nil {
			if i, ok := t.Find(id); ok && i < len(st.Pieces) {
				// Most often the very string the table holds: its
				// address says so without comparing the bytes.
				if p := st.Pieces[i]; sameString(p.ID, id) || p.ID == id {
					return p
				}
			}
		}
	}
	for _, p := range st.Pieces {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// sameString tells whether a and b are the same bytes in memory.
func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// cardOf is the card an id names, nil for none.
func (g *Game) cardOf(id string) *model.Card {
	m := g.M
	if m.ids.cards == nil && g.Boxed != nil {
		m.ids.cards = g.cardIDs()
	}
	if m.ids.cards != nil {
		if c, ok := m.ids.cards.Find(id); ok {
			return c
		}
	}
	return g.Cards[id]
}

// rulesOf is the rules of a card's type, nil for a type without any.
func (g *Game) rulesOf(c *model.Card) *CardRules {
	m := g.M
	if m.ids.rules == nil && g.Boxed != nil {
		t := model.NewAddrTable[*CardRules](len(g.Cards) + len(g.CardRules))
		for _, c := range g.Cards {
			t.Add(c.Def, g.CardRules[c.Def])
		}
		for def, r := range g.CardRules {
			t.Add(def, r)
		}
		m.ids.rules = t
	}
	if m.ids.rules != nil {
		if r, ok := m.ids.rules.Find(c.Def); ok {
			return r
		}
	}
	return g.CardRules[c.Def]
}

// activeCards is the cards of seat p's zone of the zi-th of ActiveZones
// (whose cards are in force for p), read by number in a state of the
// game's tables.
func (g *Game) activeCards(st *model.State, zi, p int) []string {
	m := g.M
	if m.ids.active == nil {
		m.ids.active = make([]int, len(g.ActiveZones))
		for i, z := range g.ActiveZones {
			m.ids.active[i] = g.Tab.Players.Find(z)
		}
	}
	if j := m.ids.active[zi]; j >= 0 && st.Tables == g.Tab && p >= 0 && p < st.Players {
		return st.Zones[g.Tab.PlayerZone(j, p, st.Players)]
	}
	return st.ZoneCards(g.playerZone(g.ActiveZones[zi], p))
}

// nodeIDs makes the table of every string of the board and of the boxed
// names that names a node.
func (g *Game) nodeIDs() *model.AddrTable[*board.Node] {
	b := g.Board
	n := 3*len(b.Nodes) + len(b.Order) + len(b.Out) + len(b.In)
	for _, l := range b.Out {
		n += 4 * len(l) // listed again in In
	}
	for _, l := range b.Kinds {
		n += len(l)
	}
	t := model.NewAddrTable[*board.Node](n)
	for id, nd := range b.Nodes {
		addID(t, id, nd)
		addID(t, nd.ID, nd)
		addBoxed(t, g.Boxed, id, nd)
	}
	for _, id := range b.Order {
		addID(t, id, b.Nodes[id])
	}
	for _, l := range b.Kinds {
		for _, id := range l {
			addID(t, id, b.Nodes[id])
		}
	}
	for _, m := range []map[string][]*board.Edge{b.Out, b.In} {
		for id, l := range m {
			addID(t, id, b.Nodes[id])
			for _, e := range l {
				addID(t, e.From, b.Nodes[e.From])
				addID(t, e.To, b.Nodes[e.To])
			}
		}
	}
	return t
}

// boxedIDs makes the table of every string of the game's tables that has
// a box of the game's own (Game.Boxed), to that box: the key and the box
// of each boxed name, the board's node ids, the cards' ids and
// definitions. Made once, shared by the machine's frames.
func (g *Game) boxedIDs() *model.AddrTable[any] {
	if g.M.boxedAt != nil {
		return g.M.boxedAt
	}
	var all []string
	for k, b := range g.Boxed {
		all = append(all, k)
		if s, ok := b.(string); ok {
			all = append(all, s)
		}
	}
	if b := g.Board; b != nil {
		all = append(all, b.Order...)
		for id, nd := range b.Nodes {
			all = append(all, id, nd.ID, nd.Kind)
		}
		for _, m := range []map[string][]*board.Edge{b.Out, b.In} {
			for id, l := range m {
				all = append(all, id)
				for _, e := range l {
					all = append(all, e.From, e.To)
				}
			}
		}
		for _, l := range b.Kinds {
			all = append(all, l...)
		}
	}
	for id, c := range g.Cards {
		all = append(all, id, c.ID, c.Def, c.Kind)
	}
	all = append(all, g.CardOrder...)
	for _, l := range g.Defs {
		all = append(all, l...)
	}
	t := model.NewAddrTable[any](len(all))
	for _, s := range all {
		if b, ok := g.Boxed[s]; ok {
			t.Add(s, b)
		}
	}
	g.M.boxedAt = t
	return t
}

// cardIDs makes the table of every string of the game's card tables and
// of the boxed names that is a card's instance id.
func (g *Game) cardIDs() *model.AddrTable[*model.Card] {
	t := model.NewAddrTable[*model.Card](3*len(g.Cards) + len(g.CardOrder))
	for id, c := range g.Cards {
		addID(t, id, c)
		addID(t, c.ID, c)
		addBoxed(t, g.Boxed, id, c)
	}
	for _, id := range g.CardOrder {
		addID(t, id, g.Cards[id])
	}
	return t
}
