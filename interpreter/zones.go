package interpreter

import (
	"iter"
	"maps"
	"slices"
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
// makes a new list (funcs.go), so a local holding one keeps it.

// zoneTables numbers a game's zones.
type zoneTables struct {
	globals names // the global zones, then the box
	players names // the player zones
	// refs are the player zones' references by seat, up to MaxPlayers.
	refs [][]string
}

func newZoneTables(g *Game) zoneTables {
	// A name may be both a global zone and a player zone ("name" and
	// "name/seat").
	var globals, players []string
	for _, z := range g.zoneOrder {
		if g.zones[z] != nil && !slices.Contains(globals, z) {
			globals = append(globals, z)
		}
		if g.pzones[z] != nil && !slices.Contains(players, z) {
			players = append(players, z)
		}
	}
	t := zoneTables{globals: newNames(append(globals, boxZone)), players: newNames(players)}
	for _, z := range players {
		t.refs = append(t.refs, g.pzNames[z])
	}
	return t
}

// zoneCount is how many zones a bound state of players seats has.
func (t *zoneTables) zoneCount(players int) int {
	return len(t.globals.list) + players*len(t.players.list)
}

// playerZone is the number of player zone j of seat p.
func (t *zoneTables) playerZone(j, p, players int) int {
	return len(t.globals.list) + j*players + p
}

// zoneNum is the number of a zone reference in a state of players
// seats, or -1.
func (t *zoneTables) zoneNum(ref string, players int) int {
	if k := t.globals.find(ref); k >= 0 {
		return k
	}
	name, p := zoneRef(ref)
	if p < 0 || p >= players {
		return -1
	}
	if j := t.players.find(name); j >= 0 {
		return t.playerZone(j, p, players)
	}
	return -1
}

// zoneName is the reference of zone i in a state of players seats.
func (t *zoneTables) zoneName(i, players int) string {
	if i < len(t.globals.list) {
		return t.globals.list[i]
	}
	i -= len(t.globals.list)
	j, p := i/players, i%players
	if p < len(t.refs[j]) {
		return t.refs[j][p]
	}
	return playerZone(t.players.list[j], p)
}

// zoneNum is the number of a zone of the state, or -1 when it is kept
// by reference.
func (s *State) zoneNum(ref string) int {
	if s.tab == nil {
		return -1
	}
	return s.tab.zoneNum(ref, s.Players)
}

// zoneList is the cards of a zone, and whether the state has it.
func (s *State) zoneList(ref string) ([]string, bool) {
	if i := s.zoneNum(ref); i >= 0 {
		return s.zones[i], true
	}
	l, ok := s.moreZones[ref]
	return l, ok
}

// zoneCards is the cards of a zone, nil when the state has none.
func (s *State) zoneCards(ref string) []string {
	l, _ := s.zoneList(ref)
	return l
}

// setZone makes l the cards of a zone.
func (s *State) setZone(ref string, l []string) {
	if i := s.zoneNum(ref); i >= 0 {
		s.zones[i] = l
		return
	}
	if s.moreZones == nil {
		s.moreZones = map[string][]string{}
	}
	s.moreZones[ref] = l
}

// eachZone calls f with every zone of the state, in no set order.
func (s *State) eachZone(f func(ref string, cards []string)) {
	for ref, l := range s.allZones() {
		f(ref, l)
	}
}

// allZones yields every zone of the state, in no set order.
func (s *State) allZones() iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		for i, l := range s.zones {
			if !yield(s.tab.zoneName(i, s.Players), l) {
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
	refs := make([]string, 0, len(s.zones)+len(s.moreZones))
	s.eachZone(func(ref string, _ []string) { refs = append(refs, ref) })
	slices.Sort(refs)
	return refs
}

// zoneMap is the zones by reference; the lists are shared.
func (s *State) zoneMap() map[string][]string {
	if s.tab == nil {
		return s.moreZones
	}
	m := make(map[string][]string, len(s.zones)+len(s.moreZones))
	s.eachZone(func(ref string, cards []string) { m[ref] = cards })
	return m
}

// zoneCount is how many zones the state has.
func (s *State) zoneCount() int { return len(s.zones) + len(s.moreZones) }

// cardCount counts the cards of every zone.
func (s *State) cardCount() int {
	n := units(s.moreZones)
	for _, l := range s.zones {
		n += len(l)
	}
	return n
}

// bindZones places the zones of a state kept by reference in their
// numbers; a declared zone the state lacks is empty.
func (s *State) bindZones(byRef map[string][]string) {
	s.zones = make([][]string, s.tab.zoneCount(s.Players))
	for i := range s.zones {
		s.zones[i] = []string{}
	}
	s.moreZones = nil
	for _, ref := range slices.Sorted(maps.Keys(byRef)) {
		s.setZone(ref, byRef[ref])
	}
}

// cloneZones copies the zones of s into c, every list into buf; it
// returns what is left of buf.
func (s *State) cloneZones(c *State, buf []string) []string {
	if s.zones != nil {
		c.zones = make([][]string, len(s.zones))
		for i, l := range s.zones {
			if l == nil {
				continue
			}
			at := len(buf)
			buf = append(buf, l...)
			c.zones[i] = buf[at:len(buf):len(buf)]
		}
	}
	c.moreZones, buf = cloneLists(s.moreZones, buf)
	return buf
}
