package model

import (
	"maps"
	"slices"
)

// This file keeps the state's stocks: the good units each holder has
// ("supply", a piece, a node, a player's store...), one entry per unit,
// in the order they came (a saved stock lists them so). Holders are
// named by expressions ('store-' + string(me)), so the state numbers
// them itself: holders lists every holder that has had a stock, in the
// order they came, and stocks holds their lists by that number; the
// lists are never changed in place, as the zones' are not. A copy
// of the state shares holders, which is never changed: a new holder
// makes a new one (rare: once per holder a game).
//
// A holder is found first by the address of its name's bytes, as the
// runtime finds nodes and cards (AddrTable, addrtable.go), and only then by
// the map, which hashes the name: a holder is nearly always named by
// the very string it was first given as (a name the game boxed once) or
// by a piece's id read with .id, which the table keeps for a holder
// that is a piece (ownName), so a filter of the pieces by their
// stocks compares a pointer and a length per piece. The table holds its
// names, so an address in it cannot be reused for other bytes.

// holderTable numbers the holders of a state's stocks.
type holderTable struct {
	Names
	// byAddr finds the index of a name of List by its bytes' address.
	byAddr *AddrTable[int]
}

// newHolders numbers the holders of list, which the table keeps.
func newHolders(list []string) *holderTable {
	t := &holderTable{Names: newNames(list), byAddr: NewAddrTable[int](len(list))}
	for k, name := range list {
		t.byAddr.Add(name, k)
	}
	return t
}

// find is the index of a holder, or -1: by the address of its bytes
// when it is one of the table's own strings, else by the map.
func (t *holderTable) find(holder string) int {
	if k, ok := t.byAddr.Find(holder); ok {
		return k
	}
	return t.Find(holder)
}

// NoHolders starts the state's stocks, with no holder yet.
func (s *State) NoHolders() { s.holders = newHolders(nil) }

// StockList is a holder's units, nil when it has no stock. The list is
// shared, as ZoneList's: never change it in place.
func (s *State) StockList(holder string) []string {
	if s.holders == nil {
		return nil
	}
	if k := s.holders.find(holder); k >= 0 {
		return s.stocks[k]
	}
	return nil
}

// SetStock makes l the units of a holder.
func (s *State) SetStock(holder string, l []string) {
	if s.holders != nil {
		if k := s.holders.find(holder); k >= 0 {
			s.stocks[k] = l
			return
		}
	}
	var list []string
	if s.holders != nil {
		list = s.holders.List
	}
	s.holders = newHolders(append(slices.Clip(list), s.ownName(holder)))
	s.stocks = append(s.stocks, l)
}

// StockMap is the stocks by holder; the lists are shared. It is nil
// when the state has no table of holders (a save's "stocks": null).
func (s *State) StockMap() map[string][]string {
	if s.holders == nil {
		return nil
	}
	m := make(map[string][]string, len(s.stocks))
	for k, l := range s.stocks {
		m[s.holders.List[k]] = l
	}
	return m
}

// SetStockMap makes the stocks those of a map by holder (the lists kept).
func (s *State) SetStockMap(m map[string][]string) {
	s.holders, s.stocks = nil, nil
	if m == nil {
		return
	}
	list := slices.Sorted(maps.Keys(m))
	for k, h := range list {
		list[k] = s.ownName(h)
	}
	s.holders = newHolders(list)
	s.stocks = make([][]string, len(list))
	for k, h := range list {
		s.stocks[k] = m[h]
	}
}

// ownName is the piece's own string when name is the id of a piece of
// the state (equal, maybe at another address: expressions name the
// piece by it, .id), else the game's own string for name (Tables.Canon:
// the one its expressions' constants hold), else name.
func (s *State) ownName(name string) string {
	for _, p := range s.Pieces {
		if p.ID == name {
			return p.ID
		}
	}
	if s.Tables != nil {
		return s.Tables.Canon(name)
	}
	return name
}

// unitCount counts the units of every stock.
func (s *State) unitCount() int {
	n := 0
	for _, l := range s.stocks {
		n += len(l)
	}
	return n
}
