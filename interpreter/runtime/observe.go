package runtime

import (
	"slices"
	"strings"

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
// The zones of a bound state are taken by number, in the order of their
// references (zoneSights), each seen as its declaration says: a game's
// zones are read without a reference parsed or looked up by name.
func (g *Game) ObserveInto(dst *view.Observation, st *model.State, seat int) error {
	var few [64]view.HiddenZone
	zones, err := g.HiddenZonesInto(st, seat, few[:0])
	if err != nil {
		return err
	}
	hidden := dst.Hidden()
	if hidden == nil {
		hidden = make(map[string]int, len(zones))
	} else {
		clear(hidden)
	}
	for _, z := range zones {
		hidden[z.Ref] = z.N
	}
	if g.M.cardFn == nil {
		g.M.cardFn = g.cardOf // a method value is made once, not at each call
	}
	view.ObserveInto(dst, st, seat, zones, hidden, g.M.cardFn, g.CardRanks)
	return nil
}

// HiddenZonesInto lists into buf the zones of st that seat may not see
// (-1: a spectator), by the visibility rules of View, sorted by
// reference, each with its number in the state (-1: kept by reference)
// and how many cards it holds: what an observation hides, found without
// one made. A bot that judges states of its own making (a sample's, a
// playout's) reads them by it as the seat would see them.
func (g *Game) HiddenZonesInto(st *model.State, seat int, buf []view.HiddenZone) ([]view.HiddenZone, error) {
	if err := g.resume(st); err != nil {
		return nil, err
	}
	zones := buf[:0]
	if st.Tables != nil {
		sights := g.zoneSights(st.Tables, st.Players)
		for _, i := range sights.order {
			z := &sights.zones[i]
			ok, err := g.sees(st, z.decl, z.owner, seat)
			if err != nil {
				return nil, err
			}
			if !ok {
				zones = append(zones, view.HiddenZone{Ref: z.ref, At: i, N: len(st.Zones[i])})
			}
		}
	}
	more := false
	if st.ZoneCount() > len(st.Zones) { // zones kept by reference (their iterator allocates)
		for ref, cards := range st.MoreZones() {
			ok, err := g.visible(st, ref, seat)
			if err != nil {
				return nil, err
			}
			if !ok {
				zones, more = append(zones, view.HiddenZone{Ref: ref, At: -1, N: len(cards)}), true
			}
		}
	}
	if more {
		slices.SortFunc(zones, func(a, b view.HiddenZone) int { return strings.Compare(a.Ref, b.Ref) })
	}
	return zones, nil
}

// zoneSights is how the zones of a bound state of players seats are
// seen: each zone's reference, declaration and owner, by number, and
// the numbers in the order of the references. Made once per number of
// seats and kept.
type zoneSights struct {
	tab   *model.Tables
	zones []zoneSight
	order []int
}

// zoneSight is one zone's: its reference, its declaration (nil for the
// box) and whose it is (-1: no seat's).
type zoneSight struct {
	ref   string
	decl  *Zone
	owner int
}

func (g *Game) zoneSights(tab *model.Tables, players int) *zoneSights {
	m := g.M
	if s := m.sights[players]; s != nil && s.tab == tab {
		return s
	}
	s := &zoneSights{tab: tab}
	for i := range tab.ZoneCount(players) {
		ref := tab.ZoneRef(i, players)
		name, owner := model.SplitZoneRef(ref)
		s.zones = append(s.zones, zoneSight{ref: ref, decl: g.zoneDecl(name, owner), owner: owner})
		s.order = append(s.order, i)
	}
	slices.SortFunc(s.order, func(a, b int) int { return strings.Compare(s.zones[a].ref, s.zones[b].ref) })
	if m.sights == nil {
		m.sights = map[int]*zoneSights{}
	}
	m.sights[players] = s
	return s
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
