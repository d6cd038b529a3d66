package interpreter

import (
	"slices"
)

// This file is how code outside the interpreter reads a state: by name,
// through methods, so that the state's storage can change behind them.
// Every list returned is a copy the caller may keep or change.

// Var is the value of a var (0 when the state has none of that name).
func (s *State) Var(name string) int { return s.varOf(name) }

// PlayerVar is the value of a player var of a seat (0 when the state has
// none of that name, or no such seat).
func (s *State) PlayerVar(seat int, name string) int {
	if seat < 0 || seat >= s.Players {
		return 0
	}
	return s.pvarOf(seat, name)
}

// NodeVar is the value of a counter kept on a board node, and whether
// the game has set it (a node var never set has its declared start
// value, which only the game knows).
func (s *State) NodeVar(node, name string) (int, bool) { return s.nvarOf(node, name) }

// Zone is the cards of a zone ("name" or "name/seat"), in order, and
// whether the state has that zone.
func (s *State) Zone(ref string) ([]string, bool) {
	l, ok := s.zoneList(ref)
	return slices.Clone(l), ok
}

// ZoneRefs lists the state's zones ("name" or "name/seat"), sorted.
func (s *State) ZoneRefs() []string { return s.zoneRefs() }

// Stock is the good units a holder has, one entry per unit.
func (s *State) Stock(holder string) []string { return slices.Clone(s.stockList(holder)) }

// StockHolders lists the holders of goods ("supply", a piece, a node...),
// sorted.
func (s *State) StockHolders() []string {
	if s.holders == nil {
		return nil
	}
	return slices.Sorted(slices.Values(s.holders.list))
}

// FullView is the whole state shaped as a view, every zone open: what a
// person debugging a game or a test reads. It shares no memory with the
// state.
func (g *Game) FullView(st *State) *View {
	v := &View{
		Game: st.Game, Viewer: -1, Players: st.Players,
		Vars: st.varMap(), PlayerVars: st.pvarMaps(), NodeVars: st.nvarMaps(),
		Pieces:  clonePieces(st.Pieces, nil),
		Pending: clonePending(st.Pending), Finished: st.Finished,
	}
	buf := make([]string, 0, st.units())
	v.Stocks, buf = cloneLists(st.stockMap(), buf)
	v.Zones, _ = cloneLists(st.zoneMap(), buf)
	return v
}

// ViewState is a state made from a view, for reading it as the game
// does (scoring a view): the zones the viewer may not see are empty, and
// there is nothing under way. It shares no memory with the view.
func (g *Game) ViewState(v *View) *State {
	st := &State{
		Game: v.Game, Players: v.Players, Pieces: clonePieces(v.Pieces, nil),
		Pending: clonePending(v.Pending), Finished: v.Finished, Moves: []string{},
	}
	buf := make([]string, 0, units(v.Zones)+units(v.Stocks))
	stocks, buf := cloneLists(v.Stocks, buf)
	st.setStockMap(stocks)
	zones, _ := cloneLists(v.Zones, buf)
	if zones == nil {
		zones = map[string][]string{}
	}
	for ref := range v.Hidden {
		zones[ref] = nil // unseen: counted as empty
	}
	st.unbind(cloneMap(v.Vars), clonePlayerVars(v.PlayerVars), cloneNodeVars(v.NodeVars), zones)
	if g.bind(st) != nil {
		// A view of fewer seats than its players: keep them by name.
		st.unbind(cloneMap(v.Vars), clonePlayerVars(v.PlayerVars), cloneNodeVars(v.NodeVars), zones)
	}
	return st
}
