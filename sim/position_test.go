package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// stockMarket: a seat's turn opens a market where it may buy a unit of
// grain from the supply into its store, sell one back, or close. A
// unit moved goes last in its stock, so a buy and a sell back leave the
// supply's units in another order: the same goods, the same position.
const stockMarket = `package haven

game: {
	id: "race"
	name: "Stock market"
	players: {min: 2, max: 2}
	vars: round: 0
	playerVars: {points: 0, open: 0}
	goods: {grain: count: 2, fish: count: 1}
	flow: [{
		while: "get('round') < 3"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{do: "padd(p, 'points', 1)"},
			{do: "pset(p, 'open', 1)"},
			{while: "pget(p, 'open') == 1", max: 100000, loop: [
				{turn: {player: "p", actions: ["buy", "sell", "close"]}},
			]},
		]}]
	}, {end: "rounds"}]
	actions: {
		buy: {
			when: "no grain": "has('supply', 'grain') > 0"
			do: [{do: "transfer('grain', 'supply', 'store')"}]
		}
		sell: {
			when: "no grain stored": "has('store', 'grain') > 0"
			do: [{do: "transfer('grain', 'store', 'supply')"}]
		}
		close: do: [{do: "pset(me, 'open', 0)"}]
	}
	scoring: {score: "pget(me, 'points')", tiebreak: [], show: {}}
}
`

// A good bought and sold back leaves the supply's units in another
// order and the position where it was; a good bought is another
// position.
func TestPositionOfCountsGoods(t *testing.T) {
	g := compileRace(t, stockMarket)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	position := func() uint64 { return positionAt(t, g, st) }
	// The store, once given goods, is a holder of the view's stocks
	// even when empty: the market comes back from the first sale on.
	require.NoError(t, g.Apply(st, "buy"))
	require.NoError(t, g.Apply(st, "sell"))
	supply := func() []string { return st.Stock("supply") }
	start, before := position(), supply()
	require.NoError(t, g.Apply(st, "buy"))
	bought := position()
	require.NoError(t, g.Apply(st, "sell"))
	require.NotEqual(t, before, supply(), "the unit sold back goes last")
	assert.NotEqual(t, start, bought, "a buy moves a unit")
	assert.Equal(t, start, position(), "sold back: the same goods")
}

// positionPair is one seat's position of one state, by the view's hash
// (the oracle) and by positionOf.
type positionPair struct {
	view, seen uint64
	what       string // the game, seed, decision and seat, for a failure
}

// positionPairs plays random games of g for seeds 1 to seeds and hashes
// the position of every seat every few decisions (every: how many), by
// both hashes; the progress both give must agree.
func positionPairs(t *testing.T, name string, g *interpreter.Game, seeds, every int) []positionPair {
	t.Helper()
	var pairs []positionPair
	for seed := 1; seed <= seeds; seed++ {
		st, err := g.New(2, uint64(seed))
		require.NoError(t, err)
		r := newRand(uint64(seed))
		for d := 0; d < 400 && !st.Finished; d++ {
			legal, err := g.Legal(st)
			require.NoError(t, err)
			if d%every == 0 {
				for seat := range st.Players {
					obs, err := g.Observe(st, seat)
					require.NoError(t, err)
					view, viewProgress := positionOfView(g, obs, legal)
					seen, progress := positionOf(g, obs, legal)
					require.Equal(t, viewProgress, progress)
					pairs = append(pairs, positionPair{view, seen, fmt.Sprintf("%s seed %d decision %d seat %d", name, seed, d, seat)})
				}
			}
			require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
		}
	}
	return pairs
}

// positionOf tells positions apart as the hash of the seat's view did:
// over random games of the shipped games and the markets, every seat
// every few decisions, two positions hash alike by one iff they hash
// alike by the other. The markets come back to positions they left (a
// good bought and sold back), so equal hashes are checked as well as
// different ones.
func TestPositionOfAgreesWithTheView(t *testing.T) {
	var pairs []positionPair
	for _, id := range learnedGames {
		g, _ := shippedGame(t, id, ShippedModelFile)
		pairs = append(pairs, positionPairs(t, id, g, 2, 3)...)
	}
	pairs = append(pairs, positionPairs(t, "market", compileRace(t, market), 10, 1)...)
	pairs = append(pairs, positionPairs(t, "stock market", compileRace(t, stockMarket), 10, 1)...)
	seen := map[uint64]positionPair{} // by the view's hash
	view := map[uint64]positionPair{} // by positionOf
	again, differ := 0, 0
	for _, p := range pairs {
		if q, ok := seen[p.view]; ok {
			again++
			if q.seen != p.seen {
				differ++
				t.Logf("%s and %s: one view, two positions", q.what, p.what)
			}
		}
		if q, ok := view[p.seen]; ok && q.view != p.view {
			differ++
			t.Logf("%s and %s: two views, one position", q.what, p.what)
		}
		seen[p.view], view[p.seen] = p, p
	}
	t.Logf("%d positions, %d came back", len(pairs), again)
	assert.Zero(t, differ, "pairs told apart by one hash and not by the other")
	assert.Greater(t, again, 100, "positions that came back")
	assert.Greater(t, len(seen), 1000, "positions")
}

// Once its caller's observation is made, hashing a position allocates
// nothing.
func TestPositionOfAllocatesNothing(t *testing.T) {
	for _, id := range learnedGames {
		g, _ := shippedGame(t, id, ShippedModelFile)
		st, legal := learnedMidGame(t, g)
		obs, err := g.Observe(st, legal[0].Player)
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(10, func() { positionOf(g, obs, legal) })
		assert.Zero(t, allocs, id)
	}
}

// The hash writes parts by their content: a map in whatever order it
// ranges, a string by its length and bytes; a value changed, a byte
// moved between strings or a key moved is another hash.
func TestPosHashWritesContent(t *testing.T) {
	named := func(m map[string]int) uint64 {
		var p posHash
		p.named(m)
		return p.h
	}
	big := map[string]int{}
	for i := range 50 {
		big[fmt.Sprint("var", i)] = i
	}
	base := named(big)
	for range 5 {
		assert.Equal(t, base, named(maps50(big)), "the same map, ranged in another order")
	}
	changed := maps50(big)
	changed["var7"]++
	assert.NotEqual(t, base, named(changed), "a value changed")
	swapped := maps50(big)
	swapped["var7"], swapped["var8"] = swapped["var8"], swapped["var7"]
	assert.NotEqual(t, base, named(swapped), "two values swapped between keys")
	strs := func(l ...string) uint64 {
		var p posHash
		p.strs(l)
		return p.h
	}
	assert.NotEqual(t, strs("ab", "c"), strs("a", "bc"), "a byte moved between strings")
	assert.NotEqual(t, strs("abcdefgh"), strs("abcdefgh\x00"), "a zero byte after a full word")
	assert.NotEqual(t, strs("x", "y"), strs("y", "x"), "a list's order")
	// Every byte of a string of any length is read (a word at a time,
	// the last words overlapping): a byte changed anywhere is another
	// hash, and so is a string longer by one.
	for n := range 20 {
		base := strings.Repeat("a", n)
		assert.NotEqual(t, strs(base), strs(base+"a"), "length %d and %d", n, n+1)
		for i := range n {
			changed := base[:i] + "b" + base[i+1:]
			assert.NotEqual(t, strs(base), strs(changed), "byte %d of %d changed", i, n)
		}
	}
}

// maps50 copies m into a new map (its order of ranging drawn anew).
func maps50(m map[string]int) map[string]int {
	c := make(map[string]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// positionEdit changes one part of an observed position in place and
// returns how to undo it (nil: the position has no such part).
type positionEdit func(obs *interpreter.Observation, legal *[]interpreter.Move) (undo func())

// positionEdits each change one part of a position; only the stock's
// (its units' order) leaves the position the same.
var positionEdits = map[string]positionEdit{
	"a legal move's text changed": func(_ *interpreter.Observation, legal *[]interpreter.Move) func() {
		l := *legal
		changed := slices.Clone(l)
		changed[len(l)-1].Text += "'"
		*legal = changed
		return func() { *legal = l }
	},
	"a hidden card more": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		for ref := range obs.Hidden() {
			obs.Hidden()[ref]++
			return func() { obs.Hidden()[ref]-- }
		}
		return nil
	},
	"a counter changed": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		st := obs.Seen()
		st.Counts[0]++
		return func() { st.Counts[0]-- }
	},
	"a node var changed": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		st := obs.Seen()
		for i := range st.NsetAt() - st.NvarAt() {
			if st.NvarSet(i) {
				st.Counts[st.NvarAt()+i]++
				return func() { st.Counts[st.NvarAt()+i]-- }
			}
		}
		return nil
	},
	"a piece's counter changed": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		for _, pc := range obs.Seen().Pieces {
			if len(pc.Vars) > 0 {
				pc.Vars[len(pc.Vars)-1]++
				return func() { pc.Vars[len(pc.Vars)-1]-- }
			}
		}
		return nil
	},
	"a piece moved": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		for _, pc := range obs.Seen().Pieces {
			at := pc.At
			pc.At += "'"
			return func() { pc.At = at }
		}
		return nil
	},
	"a zone's cards swapped": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		st := obs.Seen()
		for i, cards := range st.Zones {
			if len(cards) >= 2 && cards[0] != cards[1] {
				swapped := append([]string{cards[1], cards[0]}, cards[2:]...)
				st.Zones[i] = swapped // a new list: the state's may be shared
				return func() { st.Zones[i] = cards }
			}
		}
		return nil
	},
	"the decision's prompt changed": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		d := obs.Seen().Pending
		if d == nil {
			return nil
		}
		prompt := d.Prompt
		d.Prompt += "?"
		return func() { d.Prompt = prompt }
	},
	"a stock's units in another order": func(obs *interpreter.Observation, _ *[]interpreter.Move) func() {
		st := obs.Seen()
		for k := range st.StockCount() {
			holder, units := st.StockAt(k)
			if i := len(units) - 1; i > 0 && units[0] != units[i] {
				swapped := append([]string{units[i]}, units[1:i]...)
				st.SetStock(holder, append(swapped, units[0]))
				return func() { st.SetStock(holder, units) }
			}
		}
		return nil
	},
}

// Each part of a position, changed alone, changes its hash by
// positionOf iff it changes the view's: the legal moves' texts, the hidden
// counts, the counters, the node vars, the pieces' places and counters,
// the zones' order of cards and the pending decision make another
// position; a stock's order of units does not. Undone, the position is
// the one it was.
func TestPositionOfTellsEachPartApart(t *testing.T) {
	edited := map[string]int{}
	for _, id := range learnedGames {
		g, _ := shippedGame(t, id, ShippedModelFile)
		st, err := g.New(2, 1)
		require.NoError(t, err)
		r := newRand(1)
		for d := 0; d < 300 && !st.Finished; d++ {
			legal, err := g.Legal(st)
			require.NoError(t, err)
			if d%5 == 0 {
				obs, err := g.Observe(st, legal[0].Player)
				require.NoError(t, err)
				view, _ := positionOfView(g, obs, legal)
				seen, _ := positionOf(g, obs, legal)
				for name, edit := range positionEdits {
					l := legal
					undo := edit(obs, &l)
					if undo == nil {
						continue
					}
					edited[name]++
					editedView, _ := positionOfView(g, obs, l)
					editedSeen, _ := positionOf(g, obs, l)
					undo()
					assert.Equal(t, editedView == view, editedSeen == seen, "%s, decision %d: %s", id, d, name)
					back, _ := positionOf(g, obs, legal)
					require.Equal(t, seen, back, "%s, decision %d: %s undone", id, d, name)
				}
			}
			require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
		}
	}
	for name := range positionEdits {
		assert.Positive(t, edited[name], "no position had %s", name)
	}
	t.Log(edited)
}

// positionAt is the position of st for the seat that decides in it.
func positionAt(t *testing.T, g *interpreter.Game, st *interpreter.State) uint64 {
	t.Helper()
	legal, err := g.Legal(st)
	require.NoError(t, err)
	obs, err := g.Observe(st, legal[0].Player)
	require.NoError(t, err)
	pos, _ := positionOf(g, obs, legal)
	return pos
}
