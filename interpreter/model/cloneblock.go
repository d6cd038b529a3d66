package model

import (
	"math/bits"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// This file gives Clone its one allocation: the copy and every array it
// fills (cloneBufs) laid out in one block. Go allocates one object per
// type, and a block of a State and arrays whose lengths vary from state
// to state has no type in the source, so one is made per shape at run
// time with reflect.StructOf:
//
//	struct { State; Pptrs [n]*Piece; Fptrs [n]*Frame; Lists [n][]string;
//	         Vals [n]any; Pieces [n]Piece; Frames [n]Frame; Cursors [n]Cursor; Ints [n]int }
//
// The garbage collector knows its pointer layout as of any type
// (the pointer-free ints come last, so it scans none of them), and a
// slice cut from a field with unsafe.Slice keeps the whole block alive
// as any interior pointer does: a frame (or its locals) the machine
// keeps for reuse after the copy is done with keeps the whole block,
// a few kilobytes, where it kept only the frames' array before (at most
// 64 of each, runtime/run.go). Sizes are rounded up (blockRound) so
// that few types exist; a type, once made, is kept for good in a map
// that is read without a lock or an allocation and replaced, copied,
// under a lock when a new shape is met. A field of no element is left
// out. Fixed arrays inside State for the common sizes would need no
// reflect, but would make every State (the game's, CloneInto's) as
// large as the largest game's copy, and still a second allocation past
// them; Go's arenas (GOEXPERIMENT=arenas) are an experiment on hold.

// shape is the number of elements of each array of a copy.
type shape struct {
	ints, lists, pieces, frames, vals, curs int
}

// shapeOf is the shape of a copy of the state.
func (s *State) shapeOf() shape {
	sh := shape{
		ints:   len(s.Counts) + pieceVarCount(s.Pieces),
		lists:  len(s.Zones) + len(s.stocks),
		pieces: len(s.Pieces),
		frames: len(s.Stack),
	}
	for _, f := range s.Stack {
		sh.vals += len(f.Scope.Vals)
		sh.curs += len(f.Cursors)
	}
	return sh
}

// blockType is the struct type of the blocks of one rounded shape,
// with the offset of each array in it.
type blockType struct {
	typ                                                   reflect.Type
	ints, lists, pieces, pptrs, frames, fptrs, vals, curs uintptr
}

var (
	// blockTypes are the types made so far, by rounded shape; the map
	// is never changed once stored, only replaced.
	blockTypes atomic.Pointer[map[shape]*blockType]
	// blockMu serializes the making of new types.
	blockMu sync.Mutex
)

// blockRound rounds n up to the next of a few sizes: n itself up to
// 16, then eight sizes per power of two (18, 20, ... 32, 36, 40...), so
// that a block wastes less than an eighth of an array (a quarter made
// Masters of Trade's copy a size class larger, for 3 pieces too many).
func blockRound(n int) int {
	if n <= 16 {
		return n
	}
	step := 1 << (bits.Len(uint(n-1)) - 4)
	return (n + step - 1) / step * step
}

// blockTypeOf is the type of the blocks of a rounded shape, made the
// first time it is asked for.
func blockTypeOf(sh shape) *blockType {
	if m := blockTypes.Load(); m != nil {
		if bt := (*m)[sh]; bt != nil {
			return bt
		}
	}
	blockMu.Lock()
	defer blockMu.Unlock()
	old := blockTypes.Load()
	if old != nil {
		if bt := (*old)[sh]; bt != nil {
			return bt
		}
	}
	bt := newBlockType(sh)
	m := make(map[shape]*blockType, 1+len(ptrMap(old)))
	for k, v := range ptrMap(old) {
		m[k] = v
	}
	m[sh] = bt
	blockTypes.Store(&m)
	return bt
}

// ptrMap is *m, nil when m is.
func ptrMap(m *map[shape]*blockType) map[shape]*blockType {
	if m == nil {
		return nil
	}
	return *m
}

// newBlockType makes the struct type of a shape's blocks.
func newBlockType(sh shape) *blockType {
	fields := []reflect.StructField{{Name: "State", Type: reflect.TypeFor[State]()}}
	bt := &blockType{}
	var offs []*uintptr // of fields[1:]
	add := func(name string, n int, elem reflect.Type, off *uintptr) {
		if n > 0 {
			fields = append(fields, reflect.StructField{Name: name, Type: reflect.ArrayOf(n, elem)})
			offs = append(offs, off)
		}
	}
	// Pointers first, pointer-free ints last: the collector scans a
	// block only up to its last pointer.
	add("Pptrs", sh.pieces, reflect.TypeFor[*Piece](), &bt.pptrs)
	add("Fptrs", sh.frames, reflect.TypeFor[*Frame](), &bt.fptrs)
	add("Lists", sh.lists, reflect.TypeFor[[]string](), &bt.lists)
	add("Vals", sh.vals, reflect.TypeFor[any](), &bt.vals)
	add("Pieces", sh.pieces, reflect.TypeFor[Piece](), &bt.pieces)
	add("Frames", sh.frames, reflect.TypeFor[Frame](), &bt.frames)
	add("Cursors", sh.curs, reflect.TypeFor[Cursor](), &bt.curs)
	add("Ints", sh.ints, reflect.TypeFor[int](), &bt.ints)
	bt.typ = reflect.StructOf(fields)
	for i, off := range offs {
		*off = bt.typ.Field(1 + i).Offset
	}
	return bt
}

// newBlock allocates a block for a copy of shape sh: the State that
// heads it, and arrays cut from it, each empty with room for sh's
// number of elements (nil for none).
func newBlock(sh shape) (*State, cloneBufs) {
	r := shape{
		ints:   blockRound(sh.ints),
		lists:  blockRound(sh.lists),
		pieces: blockRound(sh.pieces),
		frames: blockRound(sh.frames),
		vals:   blockRound(sh.vals),
		curs:   blockRound(sh.curs),
	}
	bt := blockTypeOf(r)
	base := reflect.New(bt.typ).UnsafePointer()
	return (*State)(base), cloneBufs{
		ints:   cut[int](base, bt.ints, sh.ints),
		lists:  cut[[]string](base, bt.lists, sh.lists),
		pieces: cut[Piece](base, bt.pieces, sh.pieces),
		pptrs:  cut[*Piece](base, bt.pptrs, sh.pieces),
		frames: cut[Frame](base, bt.frames, sh.frames),
		fptrs:  cut[*Frame](base, bt.fptrs, sh.frames),
		vals:   cut[any](base, bt.vals, sh.vals),
		curs:   cut[Cursor](base, bt.curs, sh.curs),
	}
}

// cut is the array at offset off of the block at base, empty with room
// for n elements; nil when n is 0 (the block has no such field).
func cut[E any](base unsafe.Pointer, off uintptr, n int) []E {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*E)(unsafe.Add(base, off)), n)[:0]
}
