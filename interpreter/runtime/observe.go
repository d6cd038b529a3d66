package runtime

import (
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/view"
)

// This file gives a bot what one seat may know of a state (Observation,
// package view), by the visibility rules of View.

// Observe returns what seat may know of st (-1: a spectator), by the
// visibility rules of View (public, owner, seenBy).
func (g *Game) Observe(st *model.State, seat int) (*view.Observation, error) {
	o := new(view.Observation)
	if err := g.ObserveInto(o, st, seat); err != nil {
		return nil, err
	}
	return o, nil
}

// ObserveInto makes dst what seat may know of st, as Observe does, in
// the arrays and the map dst was made in before (view.ObserveInto, whose
// terms hold): a bot that observes at every decision allocates little.
func (g *Game) ObserveInto(dst *view.Observation, st *model.State, seat int) error {
	if err := g.resume(st); err != nil {
		return err
	}
	// The hidden zones are gathered first, so that their map is made at
	// its size rather than grown.
	type zone struct {
		ref string
		n   int
	}
	var few [64]zone
	zones := few[:0]
	for ref, cards := range st.AllZones() {
		ok, err := g.visible(st, ref, seat)
		if err != nil {
			return err
		}
		if !ok {
			zones = append(zones, zone{ref, len(cards)})
		}
	}
	hidden := dst.Hidden()
	if hidden == nil {
		hidden = make(map[string]int, len(zones))
	} else {
		clear(hidden)
	}
	for _, z := range zones {
		hidden[z.ref] = z.n
	}
	view.ObserveInto(dst, st, seat, hidden, g.Cards, g.CardRanks)
	return nil
}

// ObserveSince is Observe with the moves made from the from-th on (a
// count of moves, as Made gives it), as seat may know them: the text of
// a move, or "" when it names a card the seat does not see where that
// card lies now (in a zone it may not see, or the box). A move's text
// names its action and what it binds (cards, nodes, goods, numbers, a
// choice's option): the move is made at the table, in the open, but
// for the cards it names, and a card the seat sees now tells no more
// than the table does. A from out of range gives no moves. A bot
// that keeps a tree between decisions follows the game down it by
// these moves; only the moves since its last decision are copied, so
// following a game stays linear in its length.
func (g *Game) ObserveSince(st *model.State, seat, from int) (*view.Observation, error) {
	o := new(view.Observation)
	if err := g.ObserveSinceInto(o, st, seat, from); err != nil {
		return nil, err
	}
	return o, nil
}

// ObserveSinceInto is ObserveSince into dst, as ObserveInto is Observe.
func (g *Game) ObserveSinceInto(dst *view.Observation, st *model.State, seat, from int) error {
	if err := g.ObserveInto(dst, st, seat); err != nil || from < 0 || from >= len(st.Moves) {
		return err
	}
	dst.Since(st, from)
	return nil
}
