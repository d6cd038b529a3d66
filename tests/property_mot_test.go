package tests

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// motInvariant is what Masters of Trade keeps after every move: no cash
// below zero (every payment is checked first), at most three raw
// materials in a player's stock and one on a ship, at most three ship
// cards in hand, and contract points equal to the contracts on the table.
const motInvariant = `all(seats(0), pget(#, 'cash') >= 0 && len(stock('store-' + string(#))) <= params.store_limit && len(pzone('shipcards', #)) <= params.hand_limit && pget(#, 'contract_points') == sum(pzone('done', #), card(#).num.points))
		&& all(pieces(), .kind != 'ship' || len(stock(.id)) <= 1)`

// TestMastersOfTradeInvariants checks motInvariant after every move of
// random games with and without its variants. Cards and units are
// conserved and replays match.
func TestMastersOfTradeInvariants(t *testing.T) {
	invariant := motInvariant
	for _, variant := range []string{"", "fixed-rounds", "harbour-master-bidding"} {
		t.Run("variant="+variant, func(t *testing.T) {
			opt := load.Options{Sets: []string{"cap.max=5"}}
			if variant != "" {
				opt.Variants = []string{variant}
			}
			v, err := load.Source{FS: definitions.Files, Prefix: "definitions"}.Game("masters-of-trade", opt)
			require.NoError(t, err)
			g, err := interpreter.Compile(v)
			require.NoError(t, err)
			replay, err := interpreter.Compile(v)
			require.NoError(t, err)
			inv, err := g.CompileExpr(invariant, diag.Pos{File: "invariant"})
			require.NoError(t, err)
			n := 40
			if testing.Short() {
				n = 8
			}
			for i := 0; i < n; i++ {
				seed := uint64(100 + i)
				players := 2 + i%3
				st, err := g.New(players, seed)
				require.NoError(t, err)
				cards0, goods0 := inventory(st)
				r := rand.New(rand.NewPCG(seed, 7))
				for !st.Finished {
					moves, err := g.Legal(st)
					require.NoError(t, err)
					require.NotEmpty(t, moves)
					require.NoError(t, g.Apply(st, moves[r.IntN(len(moves))].Text))
					ok, err := g.Eval(st, inv)
					require.NoError(t, err)
					require.True(t, ok.(bool), "seed %d, after %q", seed, st.Moves[len(st.Moves)-1])
				}
				cards, goods := inventory(st)
				require.Equal(t, cards0, cards, "seed %d", seed)
				require.Equal(t, goods0, goods, "seed %d", seed)
				again, err := replay.New(players, seed)
				require.NoError(t, err)
				for _, mv := range st.Moves {
					require.NoError(t, replay.Apply(again, mv))
				}
				require.Equal(t, fingerprint(t, st), fingerprint(t, again), "seed %d: replay differs", seed)
			}
		})
	}
}
