package model

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// A holder is found by the address of its name's bytes and, named by
// an equal string elsewhere, by its content; a piece's holder is kept
// as the piece's own id, by which expressions name it.
func TestStockHolderFoundByAddressOrContent(t *testing.T) {
	id := strings.Clone("ship-1")
	st := &State{Pieces: []*Piece{NewPiece(id, "", 0)}}
	st.NoHolders()
	st.SetStock("supply", []string{"a"})
	st.SetStock(strings.Clone(id), []string{"b"})
	for k := range 20 {
		st.SetStock(strings.Repeat("h", k+1), []string{"c"})
	}
	k := st.holders.find(id)
	assert.Equal(t, 1, k)
	assert.Equal(t, unsafeData(id), unsafeData(st.holders.List[1]), "kept as the piece's own id")
	assert.Equal(t, []string{"b"}, st.StockList(id))
	assert.Equal(t, []string{"b"}, st.StockList(strings.Clone(id)))
	assert.Equal(t, []string{"a"}, st.StockList(strings.Clone("supply")))
	assert.Equal(t, []string{"c"}, st.StockList(strings.Repeat("h", 7)))
	assert.Nil(t, st.StockList("ship"), "a prefix of a holder, at its address")
	assert.Nil(t, st.StockList(id[:4]))
	assert.Nil(t, st.StockList(""))

	// Read back from a map (a save), the piece's holder is its id again.
	c := &State{Pieces: []*Piece{NewPiece(strings.Clone(id), "", 0)}}
	c.SetStockMap(st.StockMap())
	assert.Equal(t, unsafeData(c.Pieces[0].ID), unsafeData(c.holders.List[c.holders.find(c.Pieces[0].ID)]))
	assert.Equal(t, []string{"b"}, c.StockList(c.Pieces[0].ID))
}

// unsafeData is the address of a string's bytes.
func unsafeData(s string) *byte { return unsafe.StringData(s) }
