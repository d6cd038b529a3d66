package sim

import (
	"errors"
	"strings"
	"testing"

	"github.com/haven-engine/haven/interpreter"
)

// panicBot panics at its third decision, as a bug of the engine would.
type panicBot struct{ n int }

func (b *panicBot) Choose(_ *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if b.n++; b.n == 3 {
		var m map[string]int
		m["boom"]++
	}
	return legal[0]
}

// TestPlayRecovers checks that a panic while a game is played comes back
// as an error naming the seed and the decision.
func TestPlayRecovers(t *testing.T) {
	g := compile(t)
	_, err := Play(g, 2, 42, &panicBot{}, 0)
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Seed != 42 || pe.Decision != 3 {
		t.Fatalf("got %v", err)
	}
	want := "seed 42, decision 3: internal error: assignment to entry in nil map (play it alone with --seed 42 -n 1)"
	if err.Error() != want || strings.Contains(err.Error(), "\n") {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}
