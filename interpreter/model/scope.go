package model

import "encoding/json"

// Layout gives each local of one body a slot: the names an effect,
// action, trigger, setup or flow may bind (me, numPlayers, params, its
// params, and every let, each and choose name in it, nested blocks
// included). A frame of the body keeps its locals in a slice indexed by
// slot, so the run loop and the fast path never look a local up by name.
// A name bound twice in a body, in any block, has one slot, as it had
// one key in a map.
type Layout struct {
	Names []string       // the locals, by slot
	Index map[string]int // the slot of each local
}

// The slots every layout starts with.
const (
	SlotMe = iota
	SlotPlayers
	SlotParams
)

// NewLayout is a layout with the slots every body starts with, then
// one for each name.
func NewLayout(names ...string) *Layout {
	l := &Layout{Index: map[string]int{}}
	for _, n := range append([]string{"me", "numPlayers", "params"}, names...) {
		l.Slot(n)
	}
	return l
}

// Slot is the slot of a name, given one if it has none yet.
func (l *Layout) Slot(name string) int {
	if k, ok := l.Index[name]; ok {
		return k
	}
	l.Index[name] = len(l.Names)
	l.Names = append(l.Names, name)
	return len(l.Names) - 1
}

// Find is the slot of a name, or -1.
func (l *Layout) Find(name string) int {
	if k, ok := l.Index[name]; ok {
		return k
	}
	return -1
}

// Scope holds the locals of a frame, by slot of its body's layout; nil
// is a local not bound. It is saved as an object of names, with the
// locals bound, and read back by name: a Scope read from JSON keeps its
// names until the game places them in slots (Game.resume). Numbers read
// back from JSON become ints again, so a restored state evaluates
// exactly as the saved one.
type Scope struct {
	Vals   []any
	Layout *Layout
	named  map[string]any // read from JSON, not yet placed
}

// AsMap is the locals by name, as the VM reads them.
func (s Scope) AsMap() map[string]any {
	if s.Layout == nil {
		return s.named
	}
	m := make(map[string]any, len(s.Vals))
	for k, v := range s.Vals {
		if v != nil {
			m[s.Layout.Names[k]] = v
		}
	}
	return m
}

// Clone copies the locals.
func (s Scope) Clone() Scope {
	c := Scope{Vals: append([]any(nil), s.Vals...), Layout: s.Layout}
	if s.named != nil {
		c.named = make(map[string]any, len(s.named))
		for k, v := range s.named {
			c.named[k] = v
		}
	}
	return c
}

// MarshalJSON writes the bound locals as an object of names.
func (s Scope) MarshalJSON() ([]byte, error) {
	m := s.AsMap()
	if m == nil {
		m = map[string]any{}
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the locals by name and restores ints that JSON
// turned into floats.
func (s *Scope) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for k, v := range m {
		m[k] = normalize(v)
	}
	*s = Scope{named: m}
	return nil
}

// Placed tells whether the locals are in the slots of a layout: not so
// for a Scope read from JSON until it is placed.
func (s Scope) Placed() bool { return s.Layout != nil }

// Place puts the locals read by name in the slots of lay; a name lay
// has no slot for is dropped.
func (s *Scope) Place(lay *Layout) {
	sc := Scope{Vals: make([]any, len(lay.Names)), Layout: lay}
	for name, v := range s.named {
		if k := lay.Find(name); k >= 0 {
			sc.Vals[k] = v
		}
	}
	*s = sc
}
