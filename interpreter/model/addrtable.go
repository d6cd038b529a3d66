package model

import (
	"math/bits"
	"unsafe"
)

// AddrTable finds what a string names by the address of its bytes, not
// by its content: a lookup compares one pointer and one length, where a
// map keyed by string hashes the whole string. It serves the strings a
// game hands around unchanged — the ids of its own tables, a name boxed
// once, a piece's id — so that a hot lookup (node(x), card(x), a stock's
// holder) seldom hashes; a string made at run time (a join, a save read
// from JSON) is not in it, and its caller falls back to a map. The
// table must hold (or its owner keep alive) every string it registers,
// so that an address in it cannot be reused for other bytes.
type AddrTable[V any] struct {
	slots []addrEntry[V]
	shift uint // 64 - log2(len(slots))
}

// addrEntry is one registered string and what it names.
type addrEntry[V any] struct {
	p *byte // the string's bytes; nil: an empty slot
	n int   // its length
	v V
}

// NewAddrTable makes a table for about n strings.
func NewAddrTable[V any](n int) *AddrTable[V] {
	size := 8
	for size < 2*n {
		size *= 2
	}
	return &AddrTable[V]{slots: make([]addrEntry[V], size), shift: uint(64 - bits.TrailingZeros(uint(size)))}
}

// home is the slot a string's bytes start their probe at.
func (t *AddrTable[V]) home(p *byte) int {
	return int((uint64(uintptr(unsafe.Pointer(p))) * 0x9e3779b97f4a7c15) >> t.shift)
}

// Add registers s as naming v; the first registration of the same
// bytes stays. An empty string is never registered.
func (t *AddrTable[V]) Add(s string, v V) {
	if s == "" {
		return
	}
	p, mask := unsafe.StringData(s), len(t.slots)-1
	for i := t.home(p); ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.p == p && e.n == len(s) {
			return
		}
		if e.p == nil {
			*e = addrEntry[V]{p, len(s), v}
			return
		}
	}
}

// Find returns what s names if s is one of the strings registered (by
// address and length, not by content).
func (t *AddrTable[V]) Find(s string) (V, bool) {
	if len(s) > 0 {
		p, mask := unsafe.StringData(s), len(t.slots)-1
		for i := t.home(p); ; i = (i + 1) & mask {
			e := &t.slots[i]
			if e.p == p && e.n == len(s) {
				return e.v, true
			}
			if e.p == nil {
				break
			}
		}
	}
	var zero V
	return zero, false
}
