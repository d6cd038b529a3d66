package runtime_test

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// TestCloneKeepsEmptyLists is the regression test of Clone turning an
// empty list into null: a copy must marshal exactly as the original, or
// the state's hash differs.
func TestCloneKeepsEmptyLists(t *testing.T) {
	g, st := smallGame(t)
	st.SetZone("empty", []string{})
	st.SetStock("none", []string{})
	st.Fired = []string{}
	st.Moves = []string{}
	g2, mid := shippedGame(t, "mainport-mastermind")
	// into was copied into and played on before: what it held is gone.
	into := mustPlay(t, g2, mid.Clone(), 7)
	for _, s := range []*model.State{st, mustPlay(t, g, st.Clone(), 3), mid, mustPlay(t, g2, mid.Clone(), 40)} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		got, err := json.Marshal(s.Clone())
		require.NoError(t, err)
		require.JSONEq(t, string(want), string(got))
		require.Equal(t, string(want), string(got))
		s.CloneInto(into)
		got, err = json.Marshal(into)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "CloneInto")
	}
}

// TestCloneIntoSharesNothing copies states into the same two states
// again and again, as a bot does, playing on each copy, on the copy of
// the copy and on the original in turn: none of them ever changes
// another. The machine keeps the frames a state ends for the next frame
// it starts, in whatever state, so the copies' frames change hands.
func TestCloneIntoSharesNothing(t *testing.T) {
	for _, id := range []string{"rotterdam", "mainport-mastermind", "mainports"} {
		t.Run(id, func(t *testing.T) {
			g, st := shippedGame(t, id)
			r := rand.New(rand.NewPCG(1, 2))
			a, b := new(model.State), new(model.State)
			for i := 0; i < 40 && !st.Finished; i++ {
				orig := marshal(t, st)
				st.CloneInto(a)
				require.Equal(t, orig, marshal(t, a), "round %d: a copy", i)
				randomPlay(t, g, r, a, 1+r.IntN(4))
				copied := marshal(t, a)
				a.CloneInto(b)
				require.Equal(t, copied, marshal(t, b), "round %d: a copy of the copy", i)
				randomPlay(t, g, r, b, 1+r.IntN(4))
				require.Equal(t, copied, marshal(t, a), "round %d: playing on the copy of the copy changed the copy", i)
				require.Equal(t, orig, marshal(t, st), "round %d: playing on the copies changed the original", i)
				randomPlay(t, g, r, st, 1)
				require.Equal(t, copied, marshal(t, a), "round %d: playing on the original changed the copy", i)
			}
		})
	}
}

// randomPlay applies up to n random legal moves.
func randomPlay(t *testing.T, g *runtime.Game, r *rand.Rand, st *model.State, n int) {
	t.Helper()
	for i := 0; i < n && !st.Finished; i++ {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, moves)
		require.NoError(t, g.Apply(st, moves[r.IntN(len(moves))].Text))
	}
}

// marshal is the JSON of a state.
func marshal(t *testing.T, st *model.State) string {
	t.Helper()
	b, err := json.Marshal(st)
	require.NoError(t, err)
	return string(b)
}

// TestCloneSharesNothing plays on a copy and checks the original is as
// it was, then plays on the original and checks the copy is.
func TestCloneSharesNothing(t *testing.T) {
	g, st := shippedGame(t, "rotterdam")
	mustPlay(t, g, st, 40)
	// A piece string var, whose map the copy shares until one writes.
	model.SetPieceStr(st.Pieces[0], "s", "original")
	before, err := json.Marshal(st)
	require.NoError(t, err)
	c := st.Clone()
	mustPlay(t, g, c, 4)
	c.SetVarOf("v", c.VarOf("v")+1)
	c.SetPvarOf(0, "pv", c.PvarOf(0, "pv")+1)
	for k := range c.Counts {
		c.Counts[k]++
	}
	// The lists of cards and units are shared, never changed in place:
	// a change sets a new list, or appends past the end.
	z, h := someKey(t, st.ZoneMap()), someKey(t, st.StockMap())
	c.SetZone(z, append(c.ZoneCards(z), "more"))
	c.SetStock(h, append(c.StockList(h), "more"))
	c.Pieces[0].At = "x"
	model.SetPieceVar(c.Pieces[0], "x", 1)
	model.SetPieceStr(c.Pieces[0], "s", "copy")
	model.SetPieceStr(c.Pieces[1], "t", "copy")
	for _, p := range c.Pieces {
		for k := range p.Vars {
			p.Vars[k]++
		}
	}
	require.NotEmpty(t, c.Stack)
	f := c.Stack[len(c.Stack)-1]
	f.Cursors[len(f.Cursors)-1].PC++
	f.Scope.Vals[model.SlotMe] = 99
	after, err := json.Marshal(st)
	require.NoError(t, err)
	require.Equal(t, string(before), string(after), "playing on the copy changed the original")

	c = st.Clone()
	copied, err := json.Marshal(c)
	require.NoError(t, err)
	mustPlay(t, g, st, 4)
	st.SetZone(z, append(st.ZoneCards(z), "more"))
	st.Moves = append(st.Moves, "more")
	model.SetPieceStr(st.Pieces[0], "s", "changed")
	again, err := json.Marshal(c)
	require.NoError(t, err)
	require.Equal(t, string(copied), string(again), "playing on the original changed the copy")
}

// TestCloneAppends appends to a list the copy shares with the original,
// on both sides, where the original's list has room past its end: each
// sees only its own card.
func TestCloneAppends(t *testing.T) {
	g, st := shippedGame(t, "rotterdam")
	mustPlay(t, g, st, 10)
	for _, copyOf := range []func(*model.State) *model.State{
		(*model.State).Clone,
		func(s *model.State) *model.State { c := mustPlay(t, g, s.Clone(), 3); s.CloneInto(c); return c },
	} {
		z, h := someKey(t, st.ZoneMap()), someKey(t, st.StockMap())
		cards, units := st.ZoneCards(z), st.StockList(h)
		st.SetZone(z, append(make([]string, 0, len(cards)+4), cards...))
		st.SetStock(h, append(make([]string, 0, len(units)+4), units...))
		c := copyOf(st)
		c.SetZone(z, append(c.ZoneCards(z), "copy"))
		c.SetStock(h, append(c.StockList(h), "copy"))
		st.SetZone(z, append(st.ZoneCards(z), "original"))
		st.SetStock(h, append(st.StockList(h), "original"))
		require.Equal(t, append(slices.Clone(cards), "copy"), c.ZoneCards(z))
		require.Equal(t, append(slices.Clone(units), "copy"), c.StockList(h))
		require.Equal(t, append(slices.Clone(cards), "original"), st.ZoneCards(z))
		require.Equal(t, append(slices.Clone(units), "original"), st.StockList(h))
		st.SetZone(z, cards)
		st.SetStock(h, units)
	}
}

// mustPlay applies the first legal move n times.
func mustPlay(t *testing.T, g *runtime.Game, st *model.State, n int) *model.State {
	t.Helper()
	for i := 0; i < n && !st.Finished; i++ {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, moves)
		require.NoError(t, g.Apply(st, moves[0].Text))
	}
	return st
}

// shippedGame compiles a shipped game and starts it with 3 players.
func shippedGame(t *testing.T, id string) (*runtime.Game, *model.State) {
	t.Helper()
	v, err := load.Source{FS: definitions.Files}.Game(id, load.Options{})
	require.NoError(t, err)
	g, err := compile.Compile(v)
	require.NoError(t, err)
	st, err := g.New(3, 1)
	require.NoError(t, err)
	return g, st
}

// someKey is the first key, in order, of a non-empty list.
func someKey(t *testing.T, m map[string][]string) string {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if len(m[k]) > 0 {
			return k
		}
	}
	t.Fatal("every list is empty")
	return ""
}

// TestCloneAllocatesOnce checks that a copy of each shipped game's
// state, mid-game with effects under way or not, is one allocation
// (model/cloneblock.go), and the same copy as CloneInto's.
func TestCloneAllocatesOnce(t *testing.T) {
	for _, id := range []string{"rotterdam", "mainport-mastermind", "mainports", "masters-of-trade"} {
		t.Run(id, func(t *testing.T) {
			g, st := shippedGame(t, id)
			r := rand.New(rand.NewPCG(1, 2))
			for range 6 {
				randomPlay(t, g, r, st, 30)
				allocs := testing.AllocsPerRun(20, func() { _ = st.Clone() })
				require.Equal(t, 1.0, allocs, "after %d moves", len(st.Moves))
				into := new(model.State)
				st.CloneInto(into)
				require.Equal(t, marshal(t, into), marshal(t, st.Clone()))
			}
		})
	}
}
