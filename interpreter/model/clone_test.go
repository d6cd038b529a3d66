package model

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A state copied into gets a new Ident each time, so that a cache kept
// by its pointer can tell its contents apart; copying a state into
// itself leaves it as it is.
func TestCloneIntoIdent(t *testing.T) {
	st := &State{Game: "g", Players: 2, Moves: []string{"a"}}
	st.SetZone("deck", []string{"x", "y"})
	st.Pieces = []*Piece{{ID: "p", Strs: map[string]string{"k": "v"}}}
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

// A piece's string vars go into the map the same piece of the last
// copy had, emptied: nothing of that copy's stays.
func TestCloneIntoRefillsMaps(t *testing.T) {
	a := &State{Pieces: []*Piece{{ID: "p", Strs: map[string]string{"k": "a"}}}}
	b := &State{Pieces: []*Piece{{ID: "p", Strs: map[string]string{"j": "b"}}}}
	dst := new(State)
	a.CloneInto(dst)
	dst.Pieces[0].Strs["k"] = "changed"
	assert.Equal(t, "a", a.Pieces[0].Strs["k"])
	b.CloneInto(dst)
	assert.Equal(t, map[string]string{"j": "b"}, dst.Pieces[0].Strs)
	dst.Pieces[0].Strs["j"] = "changed"
	assert.Equal(t, "b", b.Pieces[0].Strs["j"])
	(&State{Pieces: []*Piece{{ID: "p"}}}).CloneInto(dst)
	assert.Nil(t, dst.Pieces[0].Strs)
}
