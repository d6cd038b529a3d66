package web

import (
	"slices"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// history is what a page shows of the moves that led to the state: where
// each move's events start in the log, each move said in words for one
// seat, and the state before the last move, from which the page marks
// what that move changed. It is made by playing the moves again, once per
// seat, and then extended move by move as the game goes on: a page drawn
// again after a move costs one move, not the game.
type history struct {
	gen   int      // the table's gen it was made for
	texts []string // the moves it covers
	// marks[k] is the length of the log after k moves (marks[0]: after
	// setup).
	marks []int
	moves []pastMove
	// prev is the state before the last move (nil at the start), end
	// the state after it.
	prev, end *interpreter.State
}

// pastMove is one move of the line as a seat may read it.
type pastMove struct {
	Seat int
	Desc string
	// Notation is the move's text; "" when it names a card the seat
	// may not see (the text would name it).
	Notation string
}

// history returns the history of the table's position for seat viewer.
// The table's lock is held.
func (t *table) history(viewer int) (*history, error) {
	moves := t.st.Moves
	old := t.hist[viewer]
	if old != nil && old.gen == t.gen && len(old.texts) <= len(moves) && slices.Equal(old.texts, moves[:len(old.texts)]) {
		if len(old.texts) == len(moves) {
			return old, nil
		}
	} else {
		old = nil
	}
	h := &history{gen: t.gen}
	var st *interpreter.State
	switch {
	case old != nil:
		// The game went on from the position the history covers.
		h.marks, h.moves = slices.Clone(old.marks), slices.Clone(old.moves)
		st = old.end.Clone()
	case len(moves) == 0:
		h.marks, h.end = []int{len(t.st.Log)}, t.st.Clone()
		t.keepHistory(viewer, h)
		return h, nil
	default:
		var err error
		if st, err = t.g.New(t.players, t.seed); err != nil {
			return nil, err
		}
		h.marks = []int{len(st.Log)}
	}
	w := t.words(viewer)
	for k := len(h.moves); k < len(moves); k++ {
		m := moves[k]
		pm := pastMove{Seat: -1, Notation: m}
		if d := st.Pending; d != nil {
			pm.Seat = d.Player
		}
		desc, masked, _ := w.describe(st, m)
		pm.Desc = desc
		if masked {
			pm.Notation = ""
		}
		h.moves = append(h.moves, pm)
		if k == len(moves)-1 {
			h.prev = st.Clone()
		}
		if err := t.g.Apply(st, m); err != nil {
			return nil, err
		}
		h.marks = append(h.marks, len(st.Log))
	}
	h.texts, h.end = slices.Clone(moves), st
	t.keepHistory(viewer, h)
	return h, nil
}

func (t *table) keepHistory(viewer int, h *history) {
	if t.hist == nil {
		t.hist = map[int]*history{}
	}
	t.hist[viewer] = h
}

// changes are what the last move changed, as one seat sees it: the page
// marks them.
type changes struct {
	vars   map[string]bool   // a var, and its family
	pvars  []map[string]bool // by seat
	zones  map[string]bool   // by reference
	cards  map[string]bool   // cards now in a zone they were not in
	pieces map[string]bool   // pieces that moved or whose goods changed
	nodes  map[string]bool   // nodes whose goods, counters or pieces changed
	stocks map[string]bool   // holders whose goods changed
}

// diff compares the views before and after the last move.
func diff(before, after *interpreter.View) *changes {
	c := &changes{vars: map[string]bool{}, zones: map[string]bool{}, cards: map[string]bool{},
		pieces: map[string]bool{}, nodes: map[string]bool{}, stocks: map[string]bool{}}
	if before == nil {
		return c
	}
	mark := func(to map[string]bool, a, b map[string]int) {
		for k, x := range b {
			if y, ok := a[k]; !ok || x != y {
				to[k] = true
				fam, _, _ := strings.Cut(k, ".")
				to[fam] = true
			}
		}
	}
	mark(c.vars, before.Vars, after.Vars)
	c.pvars = make([]map[string]bool, len(after.PlayerVars))
	for p := range after.PlayerVars {
		c.pvars[p] = map[string]bool{}
		if p < len(before.PlayerVars) {
			mark(c.pvars[p], before.PlayerVars[p], after.PlayerVars[p])
		}
	}
	for ref, cards := range after.Zones {
		was := map[string]bool{}
		for _, id := range before.Zones[ref] {
			was[id] = true
		}
		if len(cards) != len(before.Zones[ref]) {
			c.zones[ref] = true
		}
		for _, id := range cards {
			if !was[id] {
				c.cards[id], c.zones[ref] = true, true
			}
		}
	}
	for ref, n := range after.Hidden {
		if before.Hidden[ref] != n {
			c.zones[ref] = true
		}
	}
	at := map[string]string{}
	for _, p := range before.Pieces {
		at[p.ID] = p.At
	}
	for _, p := range after.Pieces {
		if was, ok := at[p.ID]; !ok || was != p.At {
			c.pieces[p.ID] = true
			c.nodes[p.At], c.nodes[was] = true, true
		}
	}
	for h, units := range after.Stocks {
		if strings.Join(units, " ") != strings.Join(before.Stocks[h], " ") {
			c.stocks[h], c.pieces[h], c.nodes[h] = true, true, true
		}
	}
	for h := range before.Stocks {
		if _, ok := after.Stocks[h]; !ok {
			c.stocks[h], c.pieces[h], c.nodes[h] = true, true, true
		}
	}
	for n, vars := range after.NodeVars {
		for k, x := range vars {
			if before.NodeVars[n][k] != x {
				c.nodes[n] = true
			}
		}
	}
	delete(c.nodes, "")
	return c
}
