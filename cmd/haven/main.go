// Command haven runs rules-as-data board games: it lists and checks game
// definitions, plays them in the terminal, applies move files, simulates
// random games, runs rule scenarios and replays saved games.
package main

import (
	"os"
	"runtime/debug"

	"github.com/haven-engine/haven/web"
)

func main() {
	// `haven serve` checks a save in a child process, this binary: it
	// does its check there and exits.
	web.RunCheck()
	// A worker of a distributed runner (a haven built with -tags beam)
	// serves its runner and exits there.
	workerMain(os.Args[1:])
	if p, ok := gcPercent(os.LookupEnv); ok {
		debug.SetGCPercent(p)
	}
	os.Exit(Main(os.Args[1:], IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
}

// workerMain is set by a runner that starts this binary as its worker.
var workerMain = func(args []string) {}

// gcPercent is the collector's target the command sets, unless GOGC
// (read by lookup) sets one already: the heap may grow to five times
// what is live before the collector runs. A game's live heap is small
// (a compiled game is under 1 MB, a state a few KB), so simulations and
// bots, which allocate quickly and keep little, spend less time in the
// collector and less in its write barriers (`haven sim rotterdam -n 200
// --bot random --workers 1`, four runs each, alternately: 4.7–5.4 s
// against 5.4–6.3 s at Go's default of 100, for 20 MB more of memory).
func gcPercent(lookup func(string) (string, bool)) (int, bool) {
	if _, set := lookup("GOGC"); set {
		return 0, false
	}
	return 400, true
}
