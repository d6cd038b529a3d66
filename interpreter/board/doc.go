// Package board is the graph a game is played on: its nodes and edges
// as the definition declares them, and the walks, costed walks and least
// costs the library's functions read. The board does not change during a
// game, so each list of walks and each table of costs is computed once,
// when first asked for, and kept.
//
// It knows nothing of states or expressions: the interpreter builds a
// Board at compile time and its library charges the lists to the budgets.
package board
