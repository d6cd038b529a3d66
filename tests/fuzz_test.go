package tests

import (
	"sync"
	"testing"

	"github.com/haven-engine/haven/interpreter"
)

// FuzzMove applies a fuzzed move in the middle of a random game of each
// shipped game: the move parser must refuse what is not a legal move
// with an error, never panic, and a refused move leaves the state as it
// was.
func FuzzMove(f *testing.F) {
	ids := []string{"rotterdam", "mainport-mastermind", "masters-of-trade", "mainports"}
	games := map[string]*interpreter.Game{}
	for i, id := range ids {
		g := compiled(f, id)
		g.SetLog(false)
		games[id] = g
		st := playRandom(f, g, 3, 5, 5)
		moves, _ := g.Legal(st)
		for _, m := range moves {
			f.Add(uint8(i), uint8(5), m.Text)
		}
	}
	f.Add(uint8(0), uint8(0), "give bread#3 to 9999999999999999999")
	f.Add(uint8(1), uint8(3), "colour \x00")
	// The states the moves apply to, played once each: a game in the
	// middle, and its fingerprint.
	type start struct {
		st *interpreter.State
		fp string
	}
	var mu sync.Mutex
	starts := map[[2]uint8]*start{}
	at := func(t *testing.T, which, n uint8) *start {
		mu.Lock()
		defer mu.Unlock()
		k := [2]uint8{which, n}
		if s, ok := starts[k]; ok {
			return s
		}
		st := playRandom(t, games[ids[which]], 3, uint64(n), int(n%20))
		s := &start{st, fingerprint(t, st)}
		starts[k] = s
		return s
	}
	f.Fuzz(func(t *testing.T, which, n uint8, move string) {
		which %= uint8(len(ids))
		g := games[ids[which]]
		s := at(t, which, n)
		if s.st.Finished {
			return
		}
		st := s.st.Clone()
		if err := g.Apply(st, move); err != nil {
			if after := fingerprint(t, st); after != s.fp {
				t.Fatalf("refused move %q changed the state", move)
			}
			return
		}
		_, _ = g.Legal(st)
	})
}
