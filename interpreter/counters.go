package interpreter

import "maps"

// This file keeps the state's counters: vars, player vars and node vars.

func (s *State) varOf(name string) int { return s.Vars[name] }

func (s *State) pvarOf(seat int, name string) int {
	if seat < 0 || seat >= len(s.PlayerVars) {
		return 0
	}
	return s.PlayerVars[seat][name]
}

func (s *State) nvarOf(node, name string) (int, bool) {
	v, ok := s.NodeVars[node][name]
	return v, ok
}

// varMap is the vars by name, a copy.
func (s *State) varMap() map[string]int { return maps.Clone(s.Vars) }

// pvarMaps is the player vars by seat and name, a copy.
func (s *State) pvarMaps() []map[string]int { return clonePlayerVars(s.PlayerVars) }

// nvarMaps is the node vars set, by node and name, a copy.
func (s *State) nvarMaps() map[string]map[string]int { return cloneNodeVars(s.NodeVars) }

// setVarMaps sets the counters from maps by name, copying them.
func (s *State) setVarMaps(vars map[string]int, pvars []map[string]int, nvars map[string]map[string]int) {
	s.Vars, s.PlayerVars, s.NodeVars = maps.Clone(vars), clonePlayerVars(pvars), cloneNodeVars(nvars)
}

// bind ties a state to the game's tables.
func (g *Game) bind(*State) {}
