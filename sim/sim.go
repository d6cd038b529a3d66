// Package sim plays games with bots (random, greedy and ismcts, which see
// only what their seat may see: bot.go), and runs many games to find
// rules that never end, crash, or favour a seat, and to report what a
// rule change did.
//
// Everything is reproducible: game i of a run uses seed+i both for the
// game's own generator and for its bot's, so a run with the same
// definition, options and seed plays the same games.
package sim
