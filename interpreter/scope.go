package interpreter

import (
	"encoding/json"
	"fmt"
)

// layout gives each local of one body a slot: the names an effect,
// action, trigger, setup or flow may bind (me, numPlayers, params, its
// params, and every let, each and choose name in it, nested blocks
// included). A frame of the body keeps its locals in a slice indexed by
// slot, so the run loop and the fast path never look a local up by name.
// A name bound twice in a body, in any block, has one slot, as it had
// one key in a map.
type layout struct {
	names []string
	index map[string]int
}

// The slots every layout starts with.
const (
	slotMe = iota
	slotPlayers
	slotParams
)

func newLayout(names ...string) *layout {
	l := &layout{index: map[string]int{}}
	for _, n := range append([]string{"me", "numPlayers", "params"}, names...) {
		l.slot(n)
	}
	return l
}

// slot is the slot of a name, given one if it has none yet.
func (l *layout) slot(name string) int {
	if k, ok := l.index[name]; ok {
		return k
	}
	l.index[name] = len(l.names)
	l.names = append(l.names, name)
	return len(l.names) - 1
}

// find is the slot of a name, or -1.
func (l *layout) find(name string) int {
	if k, ok := l.index[name]; ok {
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
	vals  []any
	lay   *layout
	named map[string]any // read from JSON, not yet placed
}

// asMap is the locals by name, as the VM reads them.
func (s Scope) asMap() map[string]any {
	if s.lay == nil {
		return s.named
	}
	m := make(map[string]any, len(s.vals))
	for k, v := range s.vals {
		if v != nil {
			m[s.lay.names[k]] = v
		}
	}
	return m
}

// clone copies the locals.
func (s Scope) clone() Scope {
	c := Scope{vals: append([]any(nil), s.vals...), lay: s.lay}
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
	m := s.asMap()
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

// resume places the locals of frames read from JSON in the slots of
// their bodies: a frame's body is the block of its first cursor.
func (g *Game) resume(st *State) error {
	if err := g.bind(st); err != nil {
		return err
	}
	for _, f := range st.Stack {
		if f.Scope.lay != nil {
			continue
		}
		if len(f.Cursors) == 0 || f.Cursors[0].Block < 0 || f.Cursors[0].Block >= len(g.blocks) {
			return fmt.Errorf("a frame (%s) of the saved state names no block of this definition", f.Cause)
		}
		lay := g.blocks[f.Cursors[0].Block].lay
		sc := Scope{vals: make([]any, len(lay.names)), lay: lay}
		for name, v := range f.Scope.named {
			if k := lay.find(name); k >= 0 {
				sc.vals[k] = v
			}
		}
		f.Scope = sc
	}
	return nil
}
