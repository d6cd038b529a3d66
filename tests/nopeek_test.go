package tests

import (
	"encoding/json"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
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
// bot, with the same seed, chooses the same move in both. It also checks
// bots that keep what they learnt between decisions: at two decisions of
// a seat in a row, a bot decides the first, and decides the second in two
// worlds the seat cannot tell apart, their past moves named alike
// (checkFollowNoPeek).
func TestNoBotPeeks(t *testing.T) {
	seeds := 6
	if s, err := strconv.Atoi(os.Getenv(noPeekEnv)); err == nil && s > 0 {
		seeds = s
	}
	bots := []string{"random", "policy", "greedy", "ismcts:iters=24:depth=8", "learned"}
	for _, id := range []string{"rotterdam", "mainport-mastermind", "masters-of-trade", "mainports"} {
		t.Run(id, func(t *testing.T) {
			g := compiled(t, id)
			// learned plays by the model shipped with the definition.
			b, err := fs.ReadFile(definitions.Files, id+"/"+sim.ShippedModelFile)
			require.NoError(t, err)
			require.NoError(t, sim.ShipModel(b))
			require.NotNil(t, sim.ShippedModel(g))
			checked, hidden, told, withUnseen := 0, 0, 0, 0
			follows, reused, masked := 0, 0, 0
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				players := g.MinPlayers() + int(seed)%(g.MaxPlayers()-g.MinPlayers()+1)
				st, err := g.New(players, seed)
				require.NoError(t, err)
				r := interpreter.NewRand(seed ^ 0xbee)
				var before *interpreter.State // the state before the last move
				var beforeLegal []interpreter.Move
				followed := -1 // the last check point with a follow checked
				for n, at := 0, 0; !st.Finished && at < 4; n++ {
					legal, err := g.Legal(st)
					require.NoError(t, err)
					require.NotEmpty(t, legal)
					// Once between each two check points, check the bots
					// that follow the game from a decision to the seat's
					// next one.
					if followed < at && before != nil && len(beforeLegal) > 1 {
						ok, n, m := checkFollowNoPeek(t, g, before, beforeLegal, bots, seed, r)
						if ok {
							followed = at
							follows++
							reused += n
							masked += m
						}
					}
					before, beforeLegal = st.Clone(), legal
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
			t.Logf("%d states checked, %d with hidden cards dealt otherwise; %d where the legal moves told the worlds apart; %d second decisions of a seat followed (%d moves since hidden from the seat), %d by a bot that reused its tree", checked, hidden, told, follows, masked, reused)
			require.Greater(t, checked, seeds, "states checked")
			require.Greater(t, reused, 0, "second decisions where a bot reused its tree")
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

// checkFollowNoPeek lets each bot decide at st (seat's decision), makes
// the move it chose, lets the other seats play at random, and, when the
// same seat decides again with a choice, checks that the seat's observation of the moves made since
// (ObserveSince) and the bot's second choice are the same in that world
// and in one that the seat cannot tell from it, where the hidden cards
// are dealt otherwise in the state and in its past moves alike. It
// returns whether it checked, how many bots reused their tree, and how
// many moves since were hidden from the seat.
func checkFollowNoPeek(t *testing.T, g *interpreter.Game, st *interpreter.State, legal []interpreter.Move, bots []string, seed uint64, r *interpreter.Rand) (bool, int, int) {
	t.Helper()
	seat, checked, reused, masked := legal[0].Player, false, 0, 0
	for _, spec := range bots {
		ba, err := sim.NewBot(spec, g, seed)
		require.NoError(t, err)
		bb, err := sim.NewBot(spec, g, seed)
		require.NoError(t, err)
		if _, ok := ba.(sim.Follower); !ok {
			continue
		}
		ma, err := sim.Decide(g, st, ba, legal)
		require.NoError(t, err)
		mb, err := sim.Decide(g, st, bb, legal)
		require.NoError(t, err)
		require.Equal(t, ma, mb, "seed %d: %s chose differently on one state", seed, spec)
		// The other seats play at random until the seat decides again.
		next := st.Clone()
		require.NoError(t, g.Apply(next, ma.Text))
		var la []interpreter.Move
		for i := 0; i < 40 && !next.Finished; i++ {
			if la, err = g.Legal(next); err != nil || la[0].Player == seat {
				break
			}
			require.NoError(t, g.Apply(next, la[r.IntN(len(la))].Text))
		}
		require.NoError(t, err)
		if next.Finished || len(la) < 2 || la[0].Player != seat {
			continue
		}
		a, err := interpretertest.Relabel(next, nil, next.RNG)
		require.NoError(t, err)
		b, err := interpretertest.OtherWorld(g, next, seat, r)
		require.NoError(t, err)
		relabelMoves(a, b)
		oa, err := g.ObserveSince(a, seat, len(st.Moves))
		require.NoError(t, err)
		ob, err := g.ObserveSince(b, seat, len(st.Moves))
		require.NoError(t, err)
		require.Equal(t, mustJSON(t, oa), mustJSON(t, ob), "seed %d: seat %d's observations of the moves since differ", seed, seat)
		lb, err := g.Legal(b)
		require.NoError(t, err)
		if !slices.Equal(la, lb) {
			continue
		}
		checked = true
		for _, m := range oa.Moves() {
			if m == "" {
				masked++
			}
		}
		before := ba.(*sim.ISMCTS).Reused
		ma, err = sim.Decide(g, a, ba, la)
		require.NoError(t, err)
		mb, err = sim.Decide(g, b, bb, lb)
		require.NoError(t, err)
		require.Equal(t, ma, mb, "seed %d: %s, following the game, chose differently for seat %d when only hidden cards differ", seed, spec, seat)
		if ba.(*sim.ISMCTS).Reused > before {
			reused++
		}
	}
	return checked, reused, masked
}

// relabelMoves names in b's moves the cards b holds where a holds
// others (the relabelling of OtherWorld, which leaves moves alone), so
// that b's past moves name its own hidden cards.
func relabelMoves(a, b *interpreter.State) {
	to := map[string]string{}
	bz := zonesOf(b)
	for ref, cards := range zonesOf(a) {
		for i, c := range cards {
			if i < len(bz[ref]) && bz[ref][i] != c {
				to[c] = bz[ref][i]
			}
		}
	}
	for i, m := range b.Moves {
		var out strings.Builder
		word := func(r rune) bool { return r == ' ' || r == '[' || r == ']' || r == ',' }
		for len(m) > 0 {
			j := strings.IndexFunc(m, word)
			if j < 0 {
				j = len(m)
			}
			w := m[:j]
			if n, ok := to[w]; ok {
				w = n
			}
			out.WriteString(w)
			if j < len(m) {
				out.WriteByte(m[j])
				j++
			}
			m = m[j:]
		}
		b.Moves[i] = out.String()
	}
}

// zonesOf is the zones of a state by reference.
func zonesOf(st *interpreter.State) map[string][]string {
	m := map[string][]string{}
	for _, ref := range st.ZoneRefs() {
		m[ref] = zoneCards(st, ref)
	}
	return m
}
