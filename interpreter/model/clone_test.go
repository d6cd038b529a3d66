package model

import (
	"encoding/json"
	"maps"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A state copied into gets a new Ident each time, so that a cache kept
// by its pointer can tell its contents apart; copying a state into
// itself leaves it as it is.
func TestCloneIntoIdent(t *testing.T) {
	st := &State{Game: "g", Players: 2, Moves: []string{"a"}}
	st.SetZone("deck", []string{"x", "y"})
	st.Pieces = []*Piece{NewPiece("p", "", 0)}
	SetPieceStr(st.Pieces[0], "k", "v")
	want, err := json.Marshal(st)
	require.NoError(t, err)
	dst := new(State)
	st.CloneInto(dst)
	first := dst.Ident()
	st.CloneInto(dst)
	assert.NotEqual(t, first, dst.Ident())
	assert.NotZero(t, first)
	dst.CloneInto(dst)
	got, err := json.Marshal(dst)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}

// A copy of a state copies each of its pieces and cursors, so their
// sizes set the size class of a copy (BenchmarkClone's bytes an op in
// tests/bench_test.go; docs/BENCHMARKS.md): a piece keeps what never changes in the shared
// PieceDef, and a cursor's numbers are int32. A field more, or a wider
// one, fails here.
func TestCopiedPartsStaySmall(t *testing.T) {
	for _, c := range []struct {
		part      string
		size, max uintptr
	}{
		{"Piece", unsafe.Sizeof(Piece{}), 64},
		{"Cursor", unsafe.Sizeof(Cursor{}), 64},
	} {
		assert.LessOrEqual(t, c.size, c.max, c.part)
	}
}

// What a piece is (PieceDef) is shared by the copies of its state; a
// copy bound to other tables gets its own, keeping its counters, and
// the original keeps its tables.
func TestCopiesSharePieceDef(t *testing.T) {
	decl := func(pieceVars ...string) *Tables {
		return NewTables(TableDecl{PieceVars: pieceVars, GlobalZones: []string{"box"}})
	}
	tab := decl("fuel")
	st := &State{Players: 1, Moves: []string{}}
	st.NoHolders()
	tab.NewCounters(st, true)
	st.BindZones(nil)
	p := NewPiece("ship-0-1", "ship", 0)
	tab.NewPieceVars(p)
	SetPieceVar(p, "fuel", 4)
	st.Pieces = []*Piece{p}

	c := st.Clone()
	assert.Same(t, p.PieceDef, c.Pieces[0].PieceDef)
	assert.Equal(t, "ship-0-1", c.Pieces[0].ID)
	assert.Equal(t, "ship-0-1", BoxedID(c.Pieces[0]))

	other := decl("load", "fuel")
	require.NoError(t, other.Bind(c))
	assert.NotSame(t, p.PieceDef, c.Pieces[0].PieceDef)
	assert.Same(t, other, c.Pieces[0].Tables)
	assert.Equal(t, 4, c.Pieces[0].Var("fuel"))
	assert.Equal(t, "ship-0-1", c.Pieces[0].ID)
	assert.Same(t, tab, p.Tables)
	assert.Equal(t, 4, p.Var("fuel"))
}

// A piece's maps are shared by a copy until one writes: the copy and
// the original then each see only their own writes, whichever writes
// first, and a copy into a state copied into before keeps nothing of
// that state's.
func TestCopiesSharePieceMapsUntilWritten(t *testing.T) {
	piece := func(strs map[string]string) *Piece {
		p := NewPiece("p", "", 0)
		NewPieceStrs(p, strs)
		SetPieceVar(p, "n", 1)
		return p
	}
	a := &State{Pieces: []*Piece{piece(map[string]string{"k": "a"})}}
	b := &State{Pieces: []*Piece{piece(map[string]string{"j": "b"})}}
	dst := new(State)
	a.CloneInto(dst)
	assert.Same(t, a.Pieces[0].strs, dst.Pieces[0].strs, "shared until written")
	SetPieceStr(dst.Pieces[0], "k", "copy")
	SetPieceVar(dst.Pieces[0], "n", 2)
	strOf := func(p *Piece, name string) string { v, _ := PieceStr(p, name); return v }
	assert.Equal(t, "a", strOf(a.Pieces[0], "k"))
	assert.Equal(t, 1, a.Pieces[0].Var("n"))
	assert.Equal(t, "copy", strOf(dst.Pieces[0], "k"))
	assert.Equal(t, 2, dst.Pieces[0].Var("n"))

	// The original writes first.
	c := a.Clone()
	SetPieceStr(a.Pieces[0], "k", "original")
	SetPieceVar(a.Pieces[0], "n", 3)
	assert.Equal(t, "a", strOf(c.Pieces[0], "k"))
	assert.Equal(t, 1, c.Pieces[0].Var("n"))
	SetPieceStr(c.Pieces[0], "x", "y")
	_, ok := PieceStr(a.Pieces[0], "x")
	assert.False(t, ok)

	b.CloneInto(dst)
	assert.Equal(t, map[string]string{"j": "b"}, maps.Collect(PieceStrs(dst.Pieces[0])))
	SetPieceStr(dst.Pieces[0], "j", "changed")
	assert.Equal(t, "b", strOf(b.Pieces[0], "j"))
	(&State{Pieces: []*Piece{NewPiece("p", "", 0)}}).CloneInto(dst)
	assert.Empty(t, maps.Collect(PieceStrs(dst.Pieces[0])))

	// ClonePieces shares them too.
	l := ClonePieces(b.Pieces, nil)
	SetPieceStr(l[0], "j", "pieces")
	assert.Equal(t, "b", strOf(b.Pieces[0], "j"))
	assert.Equal(t, "pieces", strOf(l[0], "j"))
}

// blockRound rounds up by less than an eighth, to few sizes.
func TestBlockRound(t *testing.T) {
	sizes := map[int]bool{}
	for n := range 1025 {
		r := blockRound(n)
		assert.GreaterOrEqual(t, r, n)
		assert.Less(t, 8*(r-n), max(n, 1), "n=%d r=%d", n, r)
		sizes[r] = true
	}
	assert.Equal(t, 17+8*6, len(sizes))
}

// A copy of a state of any shape, made in one block (cloneblock.go),
// marshals as the original and shares nothing it could change with it,
// also when copies of new shapes are made at once by several goroutines.
func TestCloneBlockShapes(t *testing.T) {
	lay := NewLayout("x")
	stateOf := func(n int) *State {
		st := &State{Game: "g", Players: 2}
		if n == 0 {
			return st
		}
		st.Counts = make([]int, n)
		st.Zones = make([][]string, n)
		st.Zones[0] = []string{}
		st.Zones[n-1] = []string{"c"}
		for i := range n {
			p := &Piece{PieceDef: &PieceDef{ID: "p"}, Vars: []int{i}}
			st.Pieces = append(st.Pieces, p)
			st.Stack = append(st.Stack, &Frame{
				Scope:   Scope{Vals: []any{i, nil, nil, []any{}}, Layout: lay},
				Cursors: []Cursor{{Block: int32(i)}, {Items: []any{"a"}}},
			})
		}
		st.Moves = []string{}
		return st
	}
	done := make(chan struct{})
	for w := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for n := w; n < 70; n += 4 {
				st := stateOf(n)
				want, err := json.Marshal(st)
				assert.NoError(t, err)
				c := st.Clone()
				got, err := json.Marshal(c)
				assert.NoError(t, err)
				assert.Equal(t, string(want), string(got))
				if n == 0 {
					continue
				}
				c.Counts[0]++
				c.Zones[0] = append(c.Zones[0], "x")
				c.Pieces[n-1].Vars[0]++
				c.Stack[n-1].Scope.Vals[0] = "y"
				c.Stack[n-1].Cursors[1].PC++
				again, err := json.Marshal(st)
				assert.NoError(t, err)
				assert.Equal(t, string(want), string(again), "n=%d", n)
			}
		}()
	}
	for range 4 {
		<-done
	}
}

// A list NewList lays in a state copied into is laid over by the
// state's next copy: the state and the states copied from it (Clone,
// CloneInto) say so of it (LaidOver) and of nothing else, but while the
// state's deals outgrow its array, or when it lists two arrays.
func TestLaidOver(t *testing.T) {
	known := &State{Game: "g", Players: 2}
	known.SetZone("pile", []string{"p"})
	pile := known.ZoneCards("pile")
	sample := new(State)
	known.CloneInto(sample)
	assert.False(t, sample.MayLayOver())
	first := sample.NewList(2)
	assert.True(t, sample.LaidOver(first))
	assert.True(t, sample.LaidOver(pile), "a new array: any list until the next copy")

	known.CloneInto(sample)
	assert.True(t, sample.MayLayOver(), "the copy notes the array its deals go to")
	hand := sample.NewList(2)
	sample.SetZone("hand", hand)
	assert.True(t, sample.LaidOver(hand))
	assert.True(t, sample.LaidOver(first), "the first deal's list is laid over")
	assert.True(t, sample.LaidOver(hand[1:]))
	assert.False(t, sample.LaidOver(hand[:0]), "an empty list has nothing to change")
	assert.False(t, sample.LaidOver(sample.ZoneCards("pile")))
	assert.False(t, sample.LaidOver(make([]string, 2)))
	assert.False(t, known.LaidOver(hand), "the state copied from has none")

	trial := new(State)
	sample.CloneInto(trial)
	assert.True(t, trial.LaidOver(trial.ZoneCards("hand")), "a copy's lists lie in its original's array")
	assert.False(t, trial.LaidOver(pile))
	assert.True(t, sample.Clone().Clone().LaidOver(hand))
	trial2 := new(State)
	trial.CloneInto(trial2)
	assert.True(t, trial2.LaidOver(hand))
	dealt := new(State)
	known.CloneInto(dealt)
	dealt.NewList(1)
	sample.CloneInto(dealt)
	assert.True(t, dealt.LaidOver(hand))
	assert.True(t, dealt.LaidOver(pile), "two arrays: any list")

	// A deal that outgrows the array goes on in a new one.
	big := sample.NewList(100)
	assert.True(t, sample.LaidOver(big))
	assert.True(t, sample.LaidOver(pile))
	known.CloneInto(sample)
	assert.True(t, sample.LaidOver(sample.NewList(100)))
	assert.False(t, sample.LaidOver(hand), "the old array is laid over no more")
	assert.False(t, sample.LaidOver(pile))

	sample.Renew()
	assert.True(t, sample.LaidOver(sample.NewList(1)), "a new game deals in the same array")
	assert.False(t, sample.LaidOver(pile))
	assert.False(t, new(State).MayLayOver())
}
