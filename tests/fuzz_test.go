package tests

import (
	"testing"

	"github.com/haven-engine/haven/interpreter"
)

// FuzzMove applies a fuzzed move in the middle of a random game of each
// shipped game: the move parser must refuse what is not a legal move
// with an error, never panic, and a refused move leaves the state as it
// was.
func FuzzMove(f *testing.F) {
	ids := []string{"rotterdam", "mainport-mastermind"}
	games := map[string]*interpreter.Game{}
	for _, id := range ids {
		g := compiled(f, id)
		g.SetLog(false)
		games[id] = g
		st := playRandom(f, g, 3, 1, 5)
		moves, _ := g.Legal(st)
		for _, m := range moves {
			f.Add(uint8(len(games)), uint8(5), m.Text)
		}
	}
	f.Add(uint8(0), uint8(0), "give bread#3 to 9999999999999999999")
	f.Add(uint8(1), uint8(3), "colour \x00")
	f.Fuzz(func(t *testing.T, which, at uint8, move string) {
		g := games[ids[int(which)%len(ids)]]
		st := playRandom(t, g, 3, uint64(at), int(at%20))
		if st.Finished {
			return
		}
		before := fingerprint(t, st)
		if err := g.Apply(st, move); err != nil {
			if after := fingerprint(t, st); after != before {
				t.Fatalf("refused move %q changed the state", move)
			}
			return
		}
		_, _ = g.Legal(st)
	})
}
