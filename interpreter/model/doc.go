// Package model is the data a game runs on: the State, everything that
// changes during a game, as plain data that marshals to JSON by name
// (a save of today reads back, and marshals, byte for byte as before),
// and the Tables a compiled game numbers its vars, player vars, node
// vars, piece vars and zones by, so that a state keeps its counters in
// one slice and its zones by number. Layout and Scope give the locals
// of an effect under way their slots.
//
// It is the lowest layer of the interpreter: it knows neither
// expressions nor rules. The interpreter compiles a definition into
// Tables (a TableDecl), and its step machine reads and changes a State
// through the methods here. The random generator lives in the state
// too (rng.go), so a replay is deterministic.
package model
