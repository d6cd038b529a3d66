package web

import (
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// history is what a page shows of the moves that led to the state: where
// each move's events start in the log, each move said in words for one
// seat, and the state before the last move, from which the page marks
// what that move changed. It is made by playing the moves again, once per
// position and seat: a table changes far less often than it is drawn.
type history struct {
	key string
	// marks[k] is the length of the log after k moves (marks[0]: after
	// setup).
	marks []int
	moves []pastMove
	// prev is the state before the last move; nil at the start.
	prev *interpreter.State
}

// pastMove is one move of the line as a seat may read it.
type pastMove struct {
	Seat int
	Desc string
	// Notation is the move's text; "" when it names a card the seat
	// may not see (the text would name it).
	Notation string
}

// historyKey names a position: the game, its setup and its moves.
func (t *table) historyKey() string {
	return t.id + "\x00" + strconv.Itoa(t.gen) + "\x00" + strings.Join(t.st.Moves, "\x00")
}

// history returns the history of the table's position for seat viewer.
// The table's lock is held.
func (t *table) history(viewer int) (*history, error) {
	key := t.historyKey()
	if h := t.hist[viewer]; h != nil && h.key == key {
		return h, nil
	}
	for _, h := range t.hist {
		if h.key != key {
			t.hist = nil // the position changed: every seat's history is old
		}
		break
	}
	st, err := t.g.New(t.players, t.seed)
	if err != nil {
		return nil, err
	}
	h := &history{key: key, marks: []int{len(st.Log)}}
	w := t.words(viewer)
	for k, m := range t.st.Moves {
		pm := pastMove{Seat: -1, Notation: m}
		if d := st.Pending; d != nil {
			pm.Seat = d.Player
		}
		desc, masked := t.g.DescribeMoveWith(st, m, viewer, w.name)
		pm.Desc = desc
		if masked {
			pm.Notation = ""
		}
		h.moves = append(h.moves, pm)
		if k == len(t.st.Moves)-1 {
			h.prev = st.Clone()
		}
		if err := t.g.Apply(st, m); err != nil {
			return nil, err
		}
		h.marks = append(h.marks, len(st.Log))
	}
	if t.hist == nil {
		t.hist = map[int]*history{}
	}
	t.hist[viewer] = h
	return h, nil
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
