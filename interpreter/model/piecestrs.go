package model

import (
	"iter"
	"maps"
	"sync/atomic"
)

// This file keeps the maps of a piece (its string vars, pieceStrs, and
// the counters it keeps by name) shared by the copies of the piece until
// one of them writes: a copy of a state (Clone, CloneInto, ClonePieces)
// gives its pieces the original's maps and marks them shared, and the
// first write to a shared map, by the copy or by the original, makes
// that piece a map of its own. So a copy costs no map, and a write only
// after a copy costs one. The maps are unexported, so that every write
// goes through SetPieceStr or SetPieceVar. They are functions, not
// methods: expr lists the methods of the types it checks, and each one
// costs the load an allocation.

// cow is a map that the pieces holding it share until one of them
// writes; shared is set by the copy that first shares it, for good (a
// piece that wrote has a cow of its own, unshared).
type cow[V any] struct {
	m      map[string]V
	shared atomic.Bool
}

// newCow keeps m (nil when m is).
func newCow[V any](m map[string]V) *cow[V] {
	if m == nil {
		return nil
	}
	return &cow[V]{m: m}
}

// share marks c shared (c may be nil): the piece copied and its copy
// both hold it. The flag is read before it is set, so that copies of a
// copy, made at once by several goroutines, only read it.
func (c *cow[V]) share() {
	if c != nil && !c.shared.Load() {
		c.shared.Store(true)
	}
}

// get is the value of name (ok false when c has none).
func (c *cow[V]) get(name string) (v V, ok bool) {
	if c == nil {
		return v, false
	}
	v, ok = c.m[name]
	return v, ok
}

// set writes name in *c, first copying the map when it is shared (or
// making one when *c has none).
func set[V any](c **cow[V], name string, v V) {
	o := *c
	if o == nil || o.shared.Load() {
		n := &cow[V]{}
		if o != nil {
			n.m = maps.Clone(o.m)
		}
		if n.m == nil {
			n.m = map[string]V{}
		}
		*c, o = n, n
	}
	o.m[name] = v
}

// mapOf is c's map, to be read only (nil when c is).
func (c *cow[V]) mapOf() map[string]V {
	if c == nil {
		return nil
	}
	return c.m
}

// sharePiece marks the maps of p shared: a copy of p holds them too.
func sharePiece(p *Piece) {
	p.strs.share()
	p.moreVars.share()
}

// PieceStr is a string var of a piece (ok false when the piece has none
// of that name).
func PieceStr(p *Piece, name string) (string, bool) { return p.strs.get(name) }

// SetPieceStr sets a string var of a piece, in a map of its own: a copy
// of the piece sharing its map does not see it, nor does the piece see
// a copy's.
func SetPieceStr(p *Piece, name, v string) { set(&p.strs, name, v) }

// PieceStrs are the string vars of a piece, by name in no order. A
// SetPieceStr while ranging over them does not change what is ranged.
func PieceStrs(p *Piece) iter.Seq2[string, string] { return maps.All(p.strs.mapOf()) }

// NewPieceStrs gives a piece the string vars of m, which it keeps (nil:
// none); for a piece being made, before any copy of it.
func NewPieceStrs(p *Piece, m map[string]string) { p.strs = newCow(m) }
