package tests

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMainportsNoPlayerStartsBelowZero plays the setup of many Mainports
// games on both maps with random choices (the contracts kept, the
// starting ports, the fuel bought) and checks after every choice that no
// player's cash is below zero: the definition's reconstructed ruling
// (definitions/mainports/rules.cue, keep-contracts). Four players are
// the case that needs it: € 100,000 pays exactly for two breaches.
func TestMainportsNoPlayerStartsBelowZero(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	for _, m := range []string{"central-europe", "great-europe"} {
		g := compiled(t, "mainports", "options.map.value="+m)
		g.SetLog(false)
		for _, players := range []int{4, 3, 2} {
			t.Run(fmt.Sprintf("%s/%dp", m, players), func(t *testing.T) {
				for i := 0; i < games; i++ {
					seed := uint64(i + 1)
					st, err := g.New(players, seed)
					require.NoError(t, err)
					r := rand.New(rand.NewPCG(seed, 0x5e7))
					for st.Var("round") == 0 {
						moves, err := g.Legal(st)
						require.NoError(t, err, "seed %d", seed)
						require.NotEmpty(t, moves, "seed %d: a decision with no legal move: %+v", seed, st.Pending)
						mv := moves[r.IntN(len(moves))].Text
						require.NoError(t, g.Apply(st, mv), "seed %d", seed)
						for p := 0; p < players; p++ {
							require.GreaterOrEqual(t, st.PlayerVar(p, "cash"), 0, "seed %d: player %d after %q (moves %v)", seed, p, mv, st.Moves)
						}
					}
				}
			})
		}
	}
}
