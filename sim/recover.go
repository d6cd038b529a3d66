package sim

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// PanicError is a panic raised while a game was played: a bug of the
// engine that a definition or a seed brought out. It names the seed and
// the decision, so that the game can be played again alone.
type PanicError struct {
	Seed     uint64
	Decision int
	Value    any
	Stack    string
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("seed %d, decision %d: internal error: %v (play it alone with --seed %d -n 1)", e.Seed, e.Decision, oneLine(e.Value), e.Seed)
}

// recovered turns a panic of the function it is deferred in into a
// PanicError; n is the number of decisions made so far.
func recovered(seed uint64, n *int, err *error) {
	if r := recover(); r != nil {
		*err = &PanicError{Seed: seed, Decision: *n + 1, Value: r, Stack: string(debug.Stack())}
	}
}

// scoreSafely scores a finished game, a panic reported as for Play.
func scoreSafely(g *interpreter.Game, st *interpreter.State, seed uint64) (res *interpreter.Result, err error) {
	n := len(st.Moves)
	defer recovered(seed, &n, &err)
	return g.Score(st)
}

func oneLine(v any) string {
	return strings.Join(strings.Fields(fmt.Sprint(v)), " ")
}
