// Package sim plays games with bots (random, greedy and ismcts, which see
// only what their seat may see: bot.go), and runs many games to find
// rules that never end, crash, or favour a seat, and to report what a
// rule change did.
//
// Everything is reproducible: game i of a run uses seed+i both for the
// game's own generator and for its bot's, so a run with the same
// definition, options and seed plays the same games, with any number of
// workers. Both generators are the engine's own (interpreter.Rand), not
// the standard library's, so the games and the report are the same with
// every Go release, and the float products a choice or a statistic adds
// are rounded before the sum, so that a fused multiply-add of another
// machine or build (arm64, GOAMD64=v3) changes no digit. Not reproduced:
// a bot searching by time (ismcts:ms=…), whose work is the machine's
// speed; ISMCTS's UCB1 reads math.Log, whose last bit is the platform's
// (assembly on amd64, Go elsewhere), so a near tie could fall another
// way on another architecture; and the p-values (math.Erfc, gonum's
// Student's t), whose polynomials the compiler may fuse, can differ in
// their last bit between builds (GOAMD64=v1 and v3 give the same games
// and figures, and p-values a bit apart).
package sim
