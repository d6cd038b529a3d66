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

// holderTable numbers the holders of a state's stocks.
type holderTable struct{ Names }

// NoHolders starts the state's stocks, with no holder yet.
func (s *State) NoHolders() { s.holders = &holderTable{newNames(nil)} }

// StockList is a holder's units, nil when it has no stock. The list is
// shared, as ZoneList's: never change it in place.
func (s *State) StockList(holder string) []string {
	if s.holders == nil {
		return nil
	}
	if k := s.holders.Find(holder); k >= 0 {
		return s.stocks[k]
	}
	return nil
}

// SetStock makes l the units of a holder.
func (s *State) SetStock(holder string, l []string) {
	if s.holders != nil {
		if k := s.holders.Find(holder); k >= 0 {
			s.stocks[k] = l
			return
		}
	}
	var list []string
	if s.holders != nil {
		list = s.holders.List
	}
	s.holders = &holderTable{newNames(append(slices.Clip(list), holder))}
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
	s.holders = &holderTable{newNames(list)}
	s.stocks = make([][]string, len(list))
	for k, h := range list {
		s.stocks[k] = m[h]
	}
}

// unitCount counts the units of every stock.
func (s *State) unitCount() int {
	n := 0
	for _, l := range s.stocks {
		n += len(l)
	}
	return n
}
