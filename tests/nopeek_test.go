package tests

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/sim"
)

// noPeekEnv sets how many seeds TestNoBotPeeks plays of each game (each
// gives four mid-game states); the default is what CI affords.
const noPeekEnv = "HAVEN_NOPEEK_SEEDS"

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestNoBotPeeks takes mid-game states of every shipped game, makes for
// each a second one where the cards the deciding seat may not see are
// dealt otherwise and the generator differs, and checks that the seat's
// view, observation and legal moves are the same in both, and that every
// bot, with the same seed, chooses the same move in both.
func TestNoBotPeeks(t *testing.T) {
	seeds := 6
	if s, err := strconv.Atoi(os.Getenv(noPeekEnv)); err == nil && s > 0 {
		seeds = s
	}
	bots := []string{"random", "policy", "greedy", "ismcts:iters=24:depth=8"}
	for _, id := range []string{"rotterdam", "mainport-mastermind", "masters-of-trade", "mainports"} {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			checked, hidden, told, withUnseen := 0, 0, 0, 0
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				players := g.MinPlayers + int(seed)%(g.MaxPlayers-g.MinPlayers+1)
				st, err := g.New(players, seed)
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(seed, 0xbee))
				for n, at := 0, 0; !st.Finished && at < 4; n++ {
					legal, err := g.Legal(st)
					require.NoError(t, err)
					require.NotEmpty(t, legal)
					if n == []int{3, 40, 150, 600}[at] {
						at++
						if len(legal) > 1 {
							seat := legal[0].Player
							a, err := interpretertest.Relabel(st, nil, st.RNG)
							require.NoError(t, err)
							b, err := interpretertest.OtherWorld(g, st, seat, r)
							require.NoError(t, err)
							if withUnseen > 0 {
								withUnseen++
							}
							if mustJSON(t, zonesOf(a)) != mustJSON(t, zonesOf(b)) {
								hidden++
							}
							if checkNoPeek(t, g, a, b, seat, bots, seed) {
								checked++
							} else {
								told++
							}
						}
					}
					require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
				}
			}
			t.Logf("%d states checked, %d with hidden cards dealt otherwise; %d where the legal moves told the worlds apart", checked, hidden, told)
			require.Greater(t, checked, seeds, "states checked")
			if withUnseen > 0 {
				require.Greater(t, hidden, 0, "states where the other world differs")
			}
		})
	}
}

// unseen counts the cards a spectator does not see in st.
func unseen(t *testing.T, g *interpreter.Game, st *interpreter.State) int {
	v, err := g.View(st, -1)
	require.NoError(t, err)
	n := 0
	for _, k := range v.Hidden {
		n += k
	}
	return n
}

// checkNoPeek checks that seat sees a and b alike and, when the legal
// moves do not tell them apart either (they may, in a game where what
// one may do depends on cards one does not see: it is the game's own
// tell, not the bot's), that every bot chooses alike. It returns false
// in that case.
func checkNoPeek(t *testing.T, g *interpreter.Game, a, b *interpreter.State, seat int, bots []string, seed uint64) bool {
	t.Helper()
	va, err := g.View(a, seat)
	require.NoError(t, err)
	vb, err := g.View(b, seat)
	require.NoError(t, err)
	require.Equal(t, mustJSON(t, va), mustJSON(t, vb), "seed %d: seat %d's views differ", seed, seat)
	oa, err := g.Observe(a, seat)
	require.NoError(t, err)
	ob, err := g.Observe(b, seat)
	require.NoError(t, err)
	require.Equal(t, mustJSON(t, oa), mustJSON(t, ob), "seed %d: seat %d's observations differ", seed, seat)
	la, err := g.Legal(a)
	require.NoError(t, err)
	lb, err := g.Legal(b)
	require.NoError(t, err)
	if !slices.Equal(la, lb) {
		return false
	}
	for _, spec := range bots {
		ba, err := sim.NewBot(spec, g, seed)
		require.NoError(t, err)
		bb, err := sim.NewBot(spec, g, seed)
		require.NoError(t, err)
		ma, err := sim.Decide(g, a, ba, la)
		require.NoError(t, err)
		mb, err := sim.Decide(g, b, bb, lb)
		require.NoError(t, err)
		require.Equal(t, ma, mb, "seed %d: %s chose differently for seat %d when only hidden cards differ", seed, spec, seat)
	}
	return true
}

// zonesOf is the zones of a state by reference.
func zonesOf(st *interpreter.State) map[string][]string {
	m := map[string][]string{}
	for _, ref := range st.ZoneRefs() {
		m[ref] = zoneCards(st, ref)
	}
	return m
}
