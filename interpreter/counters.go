package interpreter

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

// tables names the counters and zones (zones.go) of a game's states by
// index. It is built once by Compile and shared, never changed, by
// every state of the game.
type tables struct {
	zoneTables
	vars, pvars, nodes, nvars, qvars names
	// The start values of the vars, of one seat's player vars, of one
	// node's node vars and of one piece's vars.
	varInit, pvarInit, nvarInit, qvarInit []int
}

// names numbers a list of names.
type names struct {
	list  []string
	index map[string]int
}

func newNames(list []string) names {
	n := names{list: list, index: make(map[string]int, len(list))}
	for k, s := range list {
		n.index[s] = k
	}
	return n
}

// find is the index of a name, or -1.
func (n names) find(name string) int {
	if k, ok := n.index[name]; ok {
		return k
	}
	return -1
}

func (n names) equal(o names) bool {
	if len(n.list) != len(o.list) {
		return false
	}
	for k, s := range n.list {
		if o.list[k] != s {
			return false
		}
	}
	return true
}

// newTables numbers the counters the game declares.
func newTables(g *Game) *tables {
	t := &tables{
		vars: newNames(g.vars), pvars: newNames(g.playerVars),
		nodes: newNames(g.board.Order), nvars: newNames(g.nodeVars), qvars: newNames(g.pieceVars),
		zoneTables: newZoneTables(g),
	}
	for _, v := range g.vars {
		t.varInit = append(t.varInit, g.varInit[v])
	}
	for _, v := range g.playerVars {
		t.pvarInit = append(t.pvarInit, g.pvarInit[v])
	}
	for _, v := range g.nodeVars {
		t.nvarInit = append(t.nvarInit, g.nvarInit[v])
	}
	for _, v := range g.pieceVars {
		t.qvarInit = append(t.qvarInit, g.qvarInit[v])
	}
	return t
}

// sameAs tells whether states of both tables lay their counters out
// alike (two compilations of one definition).
func (t *tables) sameAs(o *tables) bool {
	return t == o || o != nil && t.vars.equal(o.vars) && t.pvars.equal(o.pvars) &&
		t.nodes.equal(o.nodes) && t.nvars.equal(o.nvars) && t.qvars.equal(o.qvars) &&
		t.globals.equal(o.globals) && t.players.equal(o.players)
}

// The offsets of the parts of a bound state's counters.
func (s *State) pvarAt() int { return len(s.tab.vars.list) }
func (s *State) nvarAt() int { return s.pvarAt() + s.Players*len(s.tab.pvars.list) }
func (s *State) nsetAt() int {
	return s.nvarAt() + len(s.tab.nodes.list)*len(s.tab.nvars.list)
}

// newCounters binds a state to the tables with every counter 0, or,
// when start, at its start value.
func (t *tables) newCounters(s *State, start bool) {
	s.tab = t
	npv, nn := len(t.pvars.list), len(t.nodes.list)*len(t.nvars.list)
	s.counts = make([]int, len(t.vars.list)+s.Players*npv+2*nn)
	if !start {
		return
	}
	copy(s.counts, t.varInit)
	for p := 0; p < s.Players; p++ {
		copy(s.counts[s.pvarAt()+p*npv:], t.pvarInit)
	}
}

func (s *State) varOf(name string) int {
	if s.tab != nil {
		if k := s.tab.vars.find(name); k >= 0 {
			return s.counts[k]
		}
	}
	return s.moreVars[name]
}

func (s *State) setVarOf(name string, v int) {
	if s.tab != nil {
		if k := s.tab.vars.find(name); k >= 0 {
			s.counts[k] = v
			return
		}
	}
	if s.moreVars == nil {
		s.moreVars = map[string]int{}
	}
	s.moreVars[name] = v
}

// pvarOf is a player var of a seat; the seat is checked by the caller.
func (s *State) pvarOf(seat int, name string) int {
	if s.tab != nil {
		if k := s.tab.pvars.find(name); k >= 0 {
			return s.counts[s.pvarAt()+seat*len(s.tab.pvars.list)+k]
		}
	}
	if seat < len(s.morePvars) {
		return s.morePvars[seat][name]
	}
	return 0
}

func (s *State) setPvarOf(seat int, name string, v int) {
	if s.tab != nil {
		if k := s.tab.pvars.find(name); k >= 0 {
			s.counts[s.pvarAt()+seat*len(s.tab.pvars.list)+k] = v
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

// nvarOf is a node var and whether it was set.
func (s *State) nvarOf(node, name string) (int, bool) {
	if s.tab != nil {
		if n, k := s.tab.nodes.find(node), s.tab.nvars.find(name); n >= 0 && k >= 0 {
			i := n*len(s.tab.nvars.list) + k
			return s.counts[s.nvarAt()+i], s.counts[s.nsetAt()+i] != 0
		}
	}
	v, ok := s.moreNvars[node][name]
	return v, ok
}

func (s *State) setNvarOf(node, name string, v int) {
	if s.tab != nil {
		if n, k := s.tab.nodes.find(node), s.tab.nvars.find(name); n >= 0 && k >= 0 {
			i := n*len(s.tab.nvars.list) + k
			s.counts[s.nvarAt()+i], s.counts[s.nsetAt()+i] = v, 1
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

// varMap is the vars by name, a copy.
func (s *State) varMap() map[string]int {
	if s.tab == nil {
		return cloneMap(s.moreVars)
	}
	m := make(map[string]int, len(s.tab.vars.list)+len(s.moreVars))
	for k, name := range s.tab.vars.list {
		m[name] = s.counts[k]
	}
	for name, v := range s.moreVars {
		m[name] = v
	}
	return m
}

// pvarMaps is the player vars by seat and name, a copy.
func (s *State) pvarMaps() []map[string]int {
	if s.tab == nil {
		return clonePlayerVars(s.morePvars)
	}
	out := make([]map[string]int, s.Players)
	npv := len(s.tab.pvars.list)
	for p := range out {
		var more map[string]int
		if p < len(s.morePvars) {
			more = s.morePvars[p]
		}
		m := make(map[string]int, npv+len(more))
		for k, name := range s.tab.pvars.list {
			m[name] = s.counts[s.pvarAt()+p*npv+k]
		}
		for name, v := range more {
			m[name] = v
		}
		out[p] = m
	}
	return out
}

// nvarMaps is the node vars set, by node and name, a copy; nil when
// none is.
func (s *State) nvarMaps() map[string]map[string]int {
	if s.tab == nil {
		return cloneNodeVars(s.moreNvars)
	}
	out := cloneNodeVars(s.moreNvars)
	nnv := len(s.tab.nvars.list)
	for n, node := range s.tab.nodes.list {
		for k, name := range s.tab.nvars.list {
			i := n*nnv + k
			if s.counts[s.nsetAt()+i] == 0 {
				continue
			}
			if out == nil {
				out = map[string]map[string]int{}
			}
			if out[node] == nil {
				out[node] = map[string]int{}
			}
			out[node][name] = s.counts[s.nvarAt()+i]
		}
	}
	return out
}

// unbind makes the counters and zones those of maps by name (kept, not
// copied), with the state bound to no game.
func (s *State) unbind(vars map[string]int, pvars []map[string]int, nvars map[string]map[string]int, zones map[string][]string) {
	s.tab, s.counts, s.zones = nil, nil, nil
	s.moreVars, s.morePvars, s.moreNvars, s.moreZones = vars, pvars, nvars, zones
}

// bind ties a state to the game's tables, placing counters by name in
// their indexes. A state bound to another compilation of the same
// definition only changes its tables.
func (g *Game) bind(s *State) error {
	if s.tab == g.tab {
		return nil
	}
	if s.tab != nil && g.tab.sameAs(s.tab) {
		s.tab = g.tab
		return nil
	}
	vars, pvars, nvars, zones := s.varMap(), s.pvarMaps(), s.nvarMaps(), s.zoneMap()
	if len(pvars) != s.Players {
		return fmt.Errorf("the state has player vars for %d seats, not its %d players", len(pvars), s.Players)
	}
	g.tab.newCounters(s, false)
	s.moreVars, s.morePvars, s.moreNvars = nil, nil, nil
	for name, v := range vars {
		s.setVarOf(name, v)
	}
	for p, m := range pvars {
		for name, v := range m {
			s.setPvarOf(p, name, v)
		}
	}
	for node, m := range nvars {
		for name, v := range m {
			s.setNvarOf(node, name, v)
		}
	}
	s.bindZones(zones)
	for _, p := range s.Pieces {
		g.tab.bindPiece(p)
	}
	return nil
}

// cloneCounters copies the counters of a state into c, the dense ones
// into ints; it returns what is left of ints.
func (s *State) cloneCounters(c *State, ints []int) []int {
	c.counts = nil
	if s.counts != nil {
		ints = append(ints, s.counts...)
		c.counts = clip(ints)
		ints = ints[len(ints):]
	}
	c.moreVars = cloneMap(s.moreVars)
	c.morePvars = clonePlayerVars(s.morePvars)
	c.moreNvars = cloneNodeVars(s.moreNvars)
	return ints
}

// cloneMap copies a map, nil staying nil.
func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	c := make(map[K]V, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
