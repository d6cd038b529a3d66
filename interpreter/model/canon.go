package model

// This file gives each name a game's states hand around one string, so
// that finding it is comparing an address (AddrTable), not hashing its
// bytes: the same name written as a constant in two expressions, a
// zone's name in the tables and a holder first named by the setup are
// otherwise as many strings, and each lookup of another one than the
// table's own falls back to a map.

// Intern is the game's own string for s: the first string with its
// bytes given to Intern, which it keeps. Only while the game compiles:
// the tables are shared, unchanged, by its states once it has.
func (t *Tables) Intern(s string) string {
	if c, ok := t.canon[s]; ok {
		return c
	}
	if t.canon == nil {
		t.canon = map[string]string{}
	}
	t.canon[s] = s
	return s
}

// Canon is the game's own string for s if Intern was given one, else s.
func (t *Tables) Canon(s string) string {
	if c, ok := t.canon[s]; ok {
		return c
	}
	return s
}

// IndexZones registers the zones' names by address, both the tables'
// own strings and the game's own (Intern) for the same names, so that a
// zone named by an expression (moveCard(c, 'deck', 'market'), zone(z))
// is numbered without hashing its name. Called once the game's strings
// are interned.
func (t *Tables) IndexZones() {
	n := len(t.Globals.List)
	for _, l := range t.refs {
		n += len(l)
	}
	a := NewAddrTable[zoneAt](2 * n)
	for k, s := range t.Globals.List {
		a.Add(s, zoneAt{int32(k), -1})
		a.Add(t.Canon(s), zoneAt{int32(k), -1})
	}
	for j, l := range t.refs {
		for p, s := range l {
			a.Add(s, zoneAt{int32(j), int32(p)})
			a.Add(t.Canon(s), zoneAt{int32(j), int32(p)})
		}
	}
	t.byAddr = a
}

// zoneAt is what a zone's name names: global zone zone when seat < 0,
// else player zone zone of seat.
type zoneAt struct{ zone, seat int32 }
