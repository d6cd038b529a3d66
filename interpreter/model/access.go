package model

import (
	"slices"
)

// This file is how code outside the interpreter reads a state: by name,
// through methods, so that the state's storage can change behind them.
// Every list returned is a copy the caller may keep or change.

// Var is the value of a var (0 when the state has none of that name).
func (s *State) Var(name string) int { return s.VarOf(name) }

// PlayerVar is the value of a player var of a seat (0 when the state has
// none of that name, or no such seat).
func (s *State) PlayerVar(seat int, name string) int {
	if seat < 0 || seat >= s.Players {
		return 0
	}
	return s.PvarOf(seat, name)
}

// NodeVar is the value of a counter kept on a board node, and whether
// the game has set it (a node var never set has its declared start
// value, which only the game knows).
func (s *State) NodeVar(node, name string) (int, bool) { return s.NvarOf(node, name) }

// Zone is the cards of a zone ("name" or "name/seat"), in order, and
// whether the state has that zone.
func (s *State) Zone(ref string) ([]string, bool) {
	l, ok := s.ZoneList(ref)
	return slices.Clone(l), ok
}

// ZoneRefs lists the state's zones ("name" or "name/seat"), sorted.
func (s *State) ZoneRefs() []string { return s.zoneRefs() }

// Stock is the good units a holder has, one entry per unit.
func (s *State) Stock(holder string) []string { return slices.Clone(s.StockList(holder)) }

// StockHolders lists the holders of goods ("supply", a piece, a node...),
// sorted.
func (s *State) StockHolders() []string {
	if s.holders == nil {
		return nil
	}
	return slices.Sorted(slices.Values(s.holders.List))
}

// The readers below give a bot's features the state by number, without
// a copy: what they return is the state's own, to read and not to
// change or keep past the state's next change.

// MoreVars are the vars the game does not declare (every var of a state
// bound to no game), by name; the declared ones are Counts[k] for
// Tables.Vars.List[k].
func (s *State) MoreVars() map[string]int { return s.moreVars }

// MorePlayerVars are the player vars the game does not declare, by seat
// and name (every one of a state bound to no game); the declared ones
// are Counts[PvarAt()+seat*len(Tables.PlayerVars.List)+k].
func (s *State) MorePlayerVars() []map[string]int { return s.morePvars }

// MoreNodeVars are the node vars the game does not declare, by node and
// name (every one of a state bound to no game); the declared ones are
// Counts[NvarAt()+node*len(Tables.NodeVars.List)+k], set where NvarSet.
func (s *State) MoreNodeVars() map[string]map[string]int { return s.moreNvars }

// MorePieceVars are the counters of a piece its game does not declare,
// by name (every one of a piece bound to no game); the declared ones are
// Vars[k] for Tables.PieceVars.List[k].
func MorePieceVars(p *Piece) map[string]int { return p.moreVars.mapOf() }

// StockCount is how many holders the state's stocks number: StockAt
// reads each.
func (s *State) StockCount() int { return len(s.stocks) }

// StockAt is the k-th holder of the state's stocks and its units.
func (s *State) StockAt(k int) (holder string, units []string) {
	return s.holders.List[k], s.stocks[k]
}

// StockIndex is the number of a holder among the state's stocks
// (StockAt), or -1 when it has none.
func (s *State) StockIndex(holder string) int {
	if s.holders == nil {
		return -1
	}
	return s.holders.find(holder)
}
