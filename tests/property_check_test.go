package tests

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// This file holds the checks TestRandomGames makes on every game, driven
// by the definition alone: what a seat may see is what the definition's
// zones say, whatever the game.

// seatJSON is what `haven run --json --as SEAT` prints of a state, and
// what the web page is built from: the seat's view of the board, its own
// legal moves and, once the game is over, the result. The log is checked
// move by move (logLeaks): a card it names may have been in sight then.
func seatJSON(t *testing.T, g *interpreter.Game, st *interpreter.State, seat int) (string, *interpreter.View) {
	t.Helper()
	v, err := g.ViewBoard(st, seat)
	require.NoError(t, err)
	var mine []interpreter.Move
	if st.Pending != nil && st.Pending.Player == seat && !st.Finished {
		legal, err := g.Legal(st)
		require.NoError(t, err)
		for _, m := range legal {
			if m.Player == seat {
				mine = append(mine, m)
			}
		}
	}
	b, err := json.Marshal(struct {
		View  *interpreter.View  `json:"view"`
		Legal []interpreter.Move `json:"legal"`
	}{v, mine})
	require.NoError(t, err)
	return string(b), v
}

// hiddenFrom lists, for every seat (index seat+1, the spectator first),
// the cards lying in zones that seat may not see.
func hiddenFrom(t *testing.T, g *interpreter.Game, st *interpreter.State) []map[string]bool {
	t.Helper()
	out := make([]map[string]bool, st.Players+1)
	for seat := -1; seat < st.Players; seat++ {
		v, err := g.ViewBoard(st, seat)
		require.NoError(t, err)
		h := map[string]bool{}
		for ref := range v.Hidden {
			cards, _ := st.Zone(ref)
			for _, c := range cards {
				h[c] = true
			}
		}
		out[seat+1] = h
	}
	return out
}

// words are the words of text that could be card ids (a card id is a
// definition id, with `#n` for a copy).
func words(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '#' || r == '_' || r == '-')
	}) {
		out[w] = true
	}
	return out
}

// logLeaks checks the events a move added to the log, as each seat reads
// them (LogView): none names a card that lay hidden from the seat both
// before and after the move, in its text or its cause, and a card move
// the seat did not see reads "?".
func logLeaks(t *testing.T, g *interpreter.Game, st *interpreter.State, from int, before, after []map[string]bool, seed uint64) {
	t.Helper()
	for seat := -1; seat < st.Players; seat++ {
		for _, e := range g.LogView(st, seat, from) {
			said := words(e.What + " " + e.Cause)
			said[e.Card] = true
			for c := range said {
				if before[seat+1][c] && after[seat+1][c] {
					t.Fatalf("seed %d: seat %d reads hidden card %s in the log: %+v", seed, seat, c, e)
				}
			}
		}
	}
}

// viewLeaks checks what each seat is shown of st (seatJSON): it names no
// card of a zone the seat may not see.
func viewLeaks(t *testing.T, g *interpreter.Game, st *interpreter.State, hidden []map[string]bool, seed uint64) {
	t.Helper()
	for seat := -1; seat < st.Players; seat++ {
		out, _ := seatJSON(t, g, st, seat)
		for c := range words(out) {
			if hidden[seat+1][c] {
				t.Fatalf("seed %d: seat %d is shown hidden card %s", seed, seat, c)
			}
		}
	}
}

// playWatched plays one random game like playRandom, checking after
// every move the game's invariant (if any) and, when watch is set, what
// each seat reads of the log and is shown of the state.
func playWatched(t *testing.T, g *interpreter.Game, players int, seed uint64, watch bool, invariant func(*interpreter.State) error) *interpreter.State {
	t.Helper()
	st, err := g.New(players, seed)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	var hidden []map[string]bool
	if watch {
		hidden = hiddenFrom(t, g, st)
		logLeaks(t, g, st, 0, hidden, hidden, seed)
	}
	for n := 0; !st.Finished; n++ {
		moves, err := g.Legal(st)
		require.NoError(t, err, "seed %d", seed)
		require.NotEmpty(t, moves, "seed %d: a decision with no legal move: %+v", seed, st.Pending)
		mv := moves[r.IntN(len(moves))]
		from := len(st.Log)
		require.NoError(t, g.Apply(st, mv.Text), "seed %d", seed)
		if invariant != nil {
			require.NoError(t, invariant(st), "seed %d, after %q", seed, mv.Text)
		}
		if watch {
			now := hiddenFrom(t, g, st)
			logLeaks(t, g, st, from, hidden, now, seed)
			viewLeaks(t, g, st, now, seed)
			hidden = now
		}
	}
	return st
}
