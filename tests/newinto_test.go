package tests

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// A game started by NewInto in the state of a finished one plays as a
// game started by New: the same moves to the same final state. Its moves
// are listed in the array the finished game's were, and the state tells
// its new contents apart (Ident) for caches kept by its pointer.
func TestNewIntoPlaysAsNew(t *testing.T) {
	for _, id := range botGames {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			g.SetLog(false)
			st := playRandom(t, g, 3, 1, 20000)
			require.True(t, st.Finished)
			old := unsafe.SliceData(st.Moves[:1])
			before := st.Ident()
			require.NoError(t, g.NewInto(st, 3, 2))
			fresh, err := g.New(3, 2)
			require.NoError(t, err)
			assert.Equal(t, jsonOf(t, fresh), jsonOf(t, st))
			assert.Equal(t, old, unsafe.SliceData(st.Moves[:1]), "the moves are listed in the old array")
			assert.NotEqual(t, before, st.Ident())

			// Played on with the same choices, both end alike.
			r1, r2 := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
			var moves []interpreter.Move
			for n := 0; !fresh.Finished && n < 300; n++ {
				moves, err = g.LegalInto(fresh, moves)
				require.NoError(t, err)
				require.NoError(t, g.ApplyIndex(fresh, r1.IntN(len(moves))))
				moves, err = g.LegalInto(st, moves)
				require.NoError(t, err)
				require.NoError(t, g.ApplyIndex(st, r2.IntN(len(moves))))
			}
			assert.Equal(t, jsonOf(t, fresh), jsonOf(t, st))

			// A game for a number of players the game is not for is
			// refused.
			assert.Error(t, g.NewInto(st, 9, 2))
		})
	}
}

// A game started by NewInto in a copy of a state leaves the state it
// was copied from as it was: the copy's moves are that state's array,
// which the new game does not list its moves in.
func TestNewIntoACopy(t *testing.T) {
	g := compiled(t, "rotterdam")
	g.SetLog(false)
	st := playRandom(t, g, 3, 1, 120)
	want := jsonOf(t, st)
	for _, c := range []*interpreter.State{st.Clone(), func() *interpreter.State {
		c := new(interpreter.State)
		st.CloneInto(c)
		return c
	}()} {
		require.NoError(t, g.NewInto(c, 3, 2))
		playOn(t, g, c, 40)
		assert.Equal(t, want, jsonOf(t, st), "the state copied from")
	}
}

// playOn makes n random moves on st, or fewer if its game ends.
func playOn(t *testing.T, g *interpreter.Game, st *interpreter.State, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, 3))
	for ; n > 0 && !st.Finished; n-- {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NoError(t, g.Apply(st, moves[r.IntN(len(moves))].Text))
	}
}

func jsonOf(t *testing.T, st *interpreter.State) string {
	t.Helper()
	b, err := json.Marshal(st)
	require.NoError(t, err)
	return string(b)
}
