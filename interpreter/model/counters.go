package model

import "fmt"

// This file keeps the state's counters: vars, player vars and node vars.
//
// A state bound to its game (every state the game made, and a state read
// from JSON once the game resumes it) keeps its counters in one []int,
// by indexes the game fixed when it compiled: the vars in declaration
// order (a keyed family is a range of them), then each seat's player
// vars, then each node's node vars (nodes in board order), then one
// mark per node var saying whether the game has set it (a node var
// never set reads as its start value and is not saved). A copy of the
// state copies that one slice. A counter whose name the game does not
// declare (a name an expression builds, or a save's) is kept by name
// in the more* maps, as every counter of a state not bound is.

// Tables names the counters and zones (zones.go) of a game's states by
// index. It is built once by Compile and shared, never changed, by
// every state of the game.
type Tables struct {
	zoneTables
	// The declared vars, player vars, nodes, node vars and piece vars.
	Vars, PlayerVars, Nodes, NodeVars, PieceVars Names
	// The start values of the vars, of one seat's player vars, of one
	// node's node vars and of one piece's vars.
	varInit, pvarInit, NvarInit, qvarInit []int
	// canon is the game's own string of each name (canon.go).
	canon map[string]string
}

// Names numbers a list of names.
type Names struct {
	List  []string // the names, by index
	index map[string]int
}

func newNames(list []string) Names {
	n := Names{List: list, index: make(map[string]int, len(list))}
	for k, s := range list {
		n.index[s] = k
	}
	return n
}

// Find is the index of a name, or -1.
func (n Names) Find(name string) int {
	if k, ok := n.index[name]; ok {
		return k
	}
	return -1
}

func (n Names) equal(o Names) bool {
	if len(n.List) != len(o.List) {
		return false
	}
	for k, s := range n.List {
		if o.List[k] != s {
			return false
		}
	}
	return true
}

// TableDecl is what a game declares that its states' tables number:
// the names of its counters with their start values, its nodes in
// board order, and its zones.
type TableDecl struct {
	Vars, PlayerVars, Nodes, NodeVars, PieceVars []string
	VarInit, PvarInit, NvarInit, QvarInit        map[string]int
	// GlobalZones are the global zones, the box last; PlayerZones the
	// player zones, and PlayerZoneRefs each one's references by seat.
	GlobalZones, PlayerZones []string
	PlayerZoneRefs           [][]string
}

// NewTables numbers the counters and zones a game declares.
func NewTables(d TableDecl) *Tables {
	t := &Tables{
		Vars: newNames(d.Vars), PlayerVars: newNames(d.PlayerVars),
		Nodes: newNames(d.Nodes), NodeVars: newNames(d.NodeVars), PieceVars: newNames(d.PieceVars),
		zoneTables: zoneTables{Globals: newNames(d.GlobalZones), Players: newNames(d.PlayerZones), refs: d.PlayerZoneRefs},
	}
	for _, v := range d.Vars {
		t.varInit = append(t.varInit, d.VarInit[v])
	}
	for _, v := range d.PlayerVars {
		t.pvarInit = append(t.pvarInit, d.PvarInit[v])
	}
	for _, v := range d.NodeVars {
		t.NvarInit = append(t.NvarInit, d.NvarInit[v])
	}
	for _, v := range d.PieceVars {
		t.qvarInit = append(t.qvarInit, d.QvarInit[v])
	}
	return t
}

// sameAs tells whether states of both tables lay their counters out
// alike (two compilations of one definition).
func (t *Tables) sameAs(o *Tables) bool {
	return t == o || o != nil && t.Vars.equal(o.Vars) && t.PlayerVars.equal(o.PlayerVars) &&
		t.Nodes.equal(o.Nodes) && t.NodeVars.equal(o.NodeVars) && t.PieceVars.equal(o.PieceVars) &&
		t.Globals.equal(o.Globals) && t.Players.equal(o.Players)
}

// PvarAt, NvarAt and NsetAt are the offsets in Counts of a bound
// state's player vars, node vars and node-var marks.
func (s *State) PvarAt() int { return len(s.Tables.Vars.List) }

// NvarAt is the offset of the node vars (PvarAt).
func (s *State) NvarAt() int { return s.PvarAt() + s.Players*len(s.Tables.PlayerVars.List) }

// NsetAt is the offset of the node-var marks (PvarAt): one bit a node
// var, set once the var is (NvarSet, MarkNvar), 64 to a counter.
func (s *State) NsetAt() int {
	return s.NvarAt() + len(s.Tables.Nodes.List)*len(s.Tables.NodeVars.List)
}

// NvarSet tells whether node var i (node × node vars + var) was set.
func (s *State) NvarSet(i int) bool {
	u := uint(i)
	return uint(s.Counts[s.NsetAt()+int(u/64)])>>(u%64)&1 != 0
}

// MarkNvar marks node var i set (NvarSet).
func (s *State) MarkNvar(i int) {
	u := uint(i)
	s.Counts[s.NsetAt()+int(u/64)] |= 1 << (u % 64)
}

// NewCounters binds a state to the tables with every counter 0, or,
// when start, at its start value.
func (t *Tables) NewCounters(s *State, start bool) {
	s.Tables = t
	npv, nn := len(t.PlayerVars.List), len(t.Nodes.List)*len(t.NodeVars.List)
	s.Counts = make([]int, len(t.Vars.List)+s.Players*npv+nn+(nn+63)/64)
	if !start {
		return
	}
	copy(s.Counts, t.varInit)
	for p := 0; p < s.Players; p++ {
		copy(s.Counts[s.PvarAt()+p*npv:], t.pvarInit)
	}
}

// VarOf is a var by name; 0 when it was never set.
func (s *State) VarOf(name string) int {
	if s.Tables != nil {
		if k := s.Tables.Vars.Find(name); k >= 0 {
			return s.Counts[k]
		}
	}
	return s.moreVars[name]
}

// SetVarOf sets a var by name.
func (s *State) SetVarOf(name string, v int) {
	if s.Tables != nil {
		if k := s.Tables.Vars.Find(name); k >= 0 {
			s.Counts[k] = v
			return
		}
	}
	if s.moreVars == nil {
		s.moreVars = map[string]int{}
	}
	s.moreVars[name] = v
}

// PvarOf is a player var of a seat; the seat is checked by the caller.
func (s *State) PvarOf(seat int, name string) int {
	if s.Tables != nil {
		if k := s.Tables.PlayerVars.Find(name); k >= 0 {
			return s.Counts[s.PvarAt()+seat*len(s.Tables.PlayerVars.List)+k]
		}
	}
	if seat < len(s.morePvars) {
		return s.morePvars[seat][name]
	}
	return 0
}

// SetPvarOf sets a player var of a seat; the seat is checked by the caller.
func (s *State) SetPvarOf(seat int, name string, v int) {
	if s.Tables != nil {
		if k := s.Tables.PlayerVars.Find(name); k >= 0 {
			s.Counts[s.PvarAt()+seat*len(s.Tables.PlayerVars.List)+k] = v
			return
		}
	}
	for len(s.morePvars) <= seat {
		s.morePvars = append(s.morePvars, nil)
	}
	if s.morePvars[seat] == nil {
		s.morePvars[seat] = map[string]int{}
	}
	s.morePvars[seat][name] = v
}

// NvarOf is a node var and whether it was set.
func (s *State) NvarOf(node, name string) (int, bool) {
	if s.Tables != nil {
		if n, k := s.Tables.Nodes.Find(node), s.Tables.NodeVars.Find(name); n >= 0 && k >= 0 {
			i := n*len(s.Tables.NodeVars.List) + k
			return s.Counts[s.NvarAt()+i], s.NvarSet(i)
		}
	}
	v, ok := s.moreNvars[node][name]
	return v, ok
}

// SetNvarOf sets a node var of a node.
func (s *State) SetNvarOf(node, name string, v int) {
	if s.Tables != nil {
		if n, k := s.Tables.Nodes.Find(node), s.Tables.NodeVars.Find(name); n >= 0 && k >= 0 {
			i := n*len(s.Tables.NodeVars.List) + k
			s.Counts[s.NvarAt()+i] = v
			s.MarkNvar(i)
			return
		}
	}
	if s.moreNvars == nil {
		s.moreNvars = map[string]map[string]int{}
	}
	if s.moreNvars[node] == nil {
		s.moreNvars[node] = map[string]int{}
	}
	s.moreNvars[node][name] = v
}

// VarMap is the vars by name, a copy.
func (s *State) VarMap() map[string]int {
	if s.Tables == nil {
		return CloneMap(s.moreVars)
	}
	m := make(map[string]int, len(s.Tables.Vars.List)+len(s.moreVars))
	for k, name := range s.Tables.Vars.List {
		m[name] = s.Counts[k]
	}
	for name, v := range s.moreVars {
		m[name] = v
	}
	return m
}

// PvarMaps is the player vars by seat and name, a copy.
func (s *State) PvarMaps() []map[string]int {
	if s.Tables == nil {
		return ClonePlayerVars(s.morePvars)
	}
	out := make([]map[string]int, s.Players)
	npv := len(s.Tables.PlayerVars.List)
	for p := range out {
		var more map[string]int
		if p < len(s.morePvars) {
			more = s.morePvars[p]
		}
		m := make(map[string]int, npv+len(more))
		for k, name := range s.Tables.PlayerVars.List {
			m[name] = s.Counts[s.PvarAt()+p*npv+k]
		}
		for name, v := range more {
			m[name] = v
		}
		out[p] = m
	}
	return out
}

// NvarMaps is the node vars set, by node and name, a copy; nil when
// none is.
func (s *State) NvarMaps() map[string]map[string]int {
	if s.Tables == nil {
		return CloneNodeVars(s.moreNvars)
	}
	out := CloneNodeVars(s.moreNvars)
	nnv := len(s.Tables.NodeVars.List)
	for n, node := range s.Tables.Nodes.List {
		for k, name := range s.Tables.NodeVars.List {
			i := n*nnv + k
			if !s.NvarSet(i) {
				continue
			}
			if out == nil {
				out = map[string]map[string]int{}
			}
			if out[node] == nil {
				out[node] = map[string]int{}
			}
			out[node][name] = s.Counts[s.NvarAt()+i]
		}
	}
	return out
}

// Unbind makes the counters and zones those of maps by name (kept, not
// copied), with the state bound to no game.
func (s *State) Unbind(vars map[string]int, pvars []map[string]int, nvars map[string]map[string]int, zones map[string][]string) {
	s.Tables, s.Counts, s.Zones = nil, nil, nil
	s.moreVars, s.morePvars, s.moreNvars, s.moreZones = vars, pvars, nvars, zones
}

// Bind ties a state to the tables, placing counters by name in their
// indexes. A state bound to another compilation of the same definition
// only changes its tables.
func (t *Tables) Bind(s *State) error {
	if s.Tables == t {
		return nil
	}
	if s.Tables != nil && t.sameAs(s.Tables) {
		s.Tables = t
		return nil
	}
	vars, pvars, nvars, zones := s.VarMap(), s.PvarMaps(), s.NvarMaps(), s.ZoneMap()
	if len(pvars) != s.Players {
		return fmt.Errorf("the state has player vars for %d seats, not its %d players", len(pvars), s.Players)
	}
	t.NewCounters(s, false)
	s.moreVars, s.morePvars, s.moreNvars = nil, nil, nil
	for name, v := range vars {
		s.SetVarOf(name, v)
	}
	for p, m := range pvars {
		for name, v := range m {
			s.SetPvarOf(p, name, v)
		}
	}
	for node, m := range nvars {
		for name, v := range m {
			s.SetNvarOf(node, name, v)
		}
	}
	s.BindZones(zones)
	for _, p := range s.Pieces {
		t.bindPiece(p)
	}
	return nil
}

// CloneMap copies a map, nil staying nil.
func CloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	c := make(map[K]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
