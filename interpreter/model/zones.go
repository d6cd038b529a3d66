package model

import (
	"iter"
	"maps"
	"slices"
	"sync/atomic"
)

// This file keeps the state's card zones. A state bound to its game
// keeps them in a slice by zone number, fixed when the game compiled:
// the global zones in declaration order, then the box, then each
// player zone once per seat (zone j of seat p is number globals +
// j*players + p). A zone reference ("name" or "name/seat") becomes its
// number without building a string; a zone named by a constant is
// numbered when its expression is translated. A zone the game does not
// declare (a save's) is kept by reference in moreZones, as every zone of
// a state not bound is. The lists are never changed in place: a change
// makes a new list, or appends past the end of the list, which no
// other holder sees (the runtime's funcs.go), so a local holding one
// keeps it, and a copy of the state shares them (clone.go).

// zoneTables numbers a game's zones.
type zoneTables struct {
	Globals Names // the global zones, then the box
	Players Names // the player zones
	// refs are the player zones' references by seat, up to MaxPlayers.
	refs [][]string
	// byAddr finds a zone by the address of its name (IndexZones);
	// hashed counts the names found by their bytes instead (Hashed).
	byAddr *AddrTable[zoneAt]
	hashed atomic.Int64
}

// Hashed is how many zone names the game's states have looked up by
// their bytes, not by address: the names built at run time and not the
// game's own ('top-' + port) — a measure of the tables' work, for tests.
func (t *zoneTables) Hashed() int64 { return t.hashed.Load() }

// zoneCount is how many zones a bound state of players seats has.
func (t *zoneTables) zoneCount(players int) int {
	return len(t.Globals.List) + players*len(t.Players.List)
}

// PlayerZone is the number of player zone j of seat p.
func (t *zoneTables) PlayerZone(j, p, players int) int {
	return len(t.Globals.List) + j*players + p
}

// ZoneCount is how many zones a state of players seats bound to the
// game keeps by number.
func (t *zoneTables) ZoneCount(players int) int { return t.zoneCount(players) }

// ZoneRef is the reference of zone number i of a state of players seats.
func (t *zoneTables) ZoneRef(i, players int) string { return t.zoneName(i, players) }

// MoreZones yields the zones the state keeps by reference, not by number
// (a zone the game does not declare, every zone of a state not bound).
func (s *State) MoreZones() iter.Seq2[string, []string] { return maps.All(s.moreZones) }

// zoneNum is the number of a zone reference in a state of players
// seats, or -1.
func (t *zoneTables) zoneNum(ref string, players int) int {
	if t.byAddr != nil {
		if z, ok := t.byAddr.Find(ref); ok {
			switch {
			case z.seat < 0:
				return int(z.zone)
			case int(z.seat) < players:
				return t.PlayerZone(int(z.zone), int(z.seat), players)
			}
			return -1
		}
	}
	t.hashed.Add(1)
	if k := t.Globals.Find(ref); k >= 0 {
		return k
	}
	name, p := SplitZoneRef(ref)
	if p < 0 || p >= players {
		return -1
	}
	if j := t.Players.Find(name); j >= 0 {
		return t.PlayerZone(j, p, players)
	}
	return -1
}

// zoneName is the reference of zone i in a state of players seats.
func (t *zoneTables) zoneName(i, players int) string {
	if i < len(t.Globals.List) {
		return t.Globals.List[i]
	}
	i -= len(t.Globals.List)
	j, p := i/players, i%players
	if p < len(t.refs[j]) {
		return t.refs[j][p]
	}
	return PlayerZone(t.Players.List[j], p)
}

// zoneNum is the number of a zone of the state, or -1 when it is kept
// by reference.
func (s *State) zoneNum(ref string) int {
	if s.Tables == nil {
		return -1
	}
	return s.Tables.zoneNum(ref, s.Players)
}

// ZoneList is the cards of a zone, and whether the state has it. The
// list is shared with the state's copies and the locals that read it:
// never change it in place (SetZone a new list, or an append).
func (s *State) ZoneList(ref string) ([]string, bool) {
	if i := s.zoneNum(ref); i >= 0 {
		return s.Zones[i], true
	}
	l, ok := s.moreZones[ref]
	return l, ok
}

// ZoneCards is the cards of a zone, nil when the state has none; shared,
// as ZoneList's.
func (s *State) ZoneCards(ref string) []string {
	l, _ := s.ZoneList(ref)
	return l
}

// SetZone makes l the cards of a zone.
func (s *State) SetZone(ref string, l []string) {
	if i := s.zoneNum(ref); i >= 0 {
		s.Zones[i] = l
		return
	}
	if s.moreZones == nil {
		s.moreZones = map[string][]string{}
	}
	s.moreZones[ref] = l
}

// eachZone calls f with every zone of the state, in no set order.
func (s *State) eachZone(f func(ref string, cards []string)) {
	for ref, l := range s.AllZones() {
		f(ref, l)
	}
}

// AllZones yields every zone of the state, in no set order.
func (s *State) AllZones() iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		for i, l := range s.Zones {
			if !yield(s.Tables.zoneName(i, s.Players), l) {
				return
			}
		}
		for ref, l := range s.moreZones {
			if !yield(ref, l) {
				return
			}
		}
	}
}

// zoneRefs lists the references of the state's zones, sorted.
func (s *State) zoneRefs() []string {
	refs := make([]string, 0, len(s.Zones)+len(s.moreZones))
	s.eachZone(func(ref string, _ []string) { refs = append(refs, ref) })
	slices.Sort(refs)
	return refs
}

// ZoneMap is the zones by reference; the lists are shared.
func (s *State) ZoneMap() map[string][]string {
	if s.Tables == nil {
		return s.moreZones
	}
	m := make(map[string][]string, len(s.Zones)+len(s.moreZones))
	s.eachZone(func(ref string, cards []string) { m[ref] = cards })
	return m
}

// ZoneCount is how many zones the state has.
func (s *State) ZoneCount() int { return len(s.Zones) + len(s.moreZones) }

// cardCount counts the cards of every zone.
func (s *State) cardCount() int {
	n := Units(s.moreZones)
	for _, l := range s.Zones {
		n += len(l)
	}
	return n
}

// BindZones places the zones of a state kept by reference in their
// numbers; a declared zone the state lacks is empty.
func (s *State) BindZones(byRef map[string][]string) {
	s.Zones = make([][]string, s.Tables.zoneCount(s.Players))
	for i := range s.Zones {
		s.Zones[i] = []string{}
	}
	s.moreZones = nil
	for _, ref := range slices.Sorted(maps.Keys(byRef)) {
		s.SetZone(ref, byRef[ref])
	}
}
