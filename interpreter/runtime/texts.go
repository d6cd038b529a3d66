package runtime

// Texts without an allocation each. A listing of the legal moves made
// the texts of its moves one string, and a move made was kept in the
// state's Moves as a string of its own: two allocations per decision,
// when nothing else of a decision need allocate.
//
// The texts of a listing go to a textArena: it copies the bytes to the
// end of a block it fills and makes the string over them; the block is
// never written below its length again, so the string never changes; a
// full block is left to the strings that point into it (the garbage
// collector frees it with the last of them) and a new one begun. A text
// kept keeps its block alive, as it kept the string of its whole listing
// before.
//
// A move made is kept for as long as the state: it is not cut from a
// block, which it would keep alive, but copied on its own, once: a small
// cache of the moves made last (madeTexts) hands out the copy made
// before of an equal move. A game has few distinct moves, most made
// again and again.

import (
	"hash/maphash"
	"strings"
	"unsafe"
)

// listBlock is the size of the blocks of the texts of listings.
const listBlock = 16 << 10

// madeSlots is the size of the cache of the moves made, a power of two.
const madeSlots = 1 << 12

// madeTexts is a direct-mapped cache of the texts of moves made: each
// text has one slot, by its hash, holding the last text made there.
type madeTexts struct {
	seed  maphash.Seed
	slots []string
	begun int // the blocks of the arena begun (listedText)
}

// keptBlocks is how many blocks of listed texts the cache of them may
// keep alive (listedText).
const keptBlocks = 4

// slot is the slot of a text of hash h, the cache made on first use.
func (c *madeTexts) slot(h uint64) *string {
	return &c.slots[h&(madeSlots-1)]
}

func (c *madeTexts) init() {
	if c.slots == nil {
		c.seed, c.slots = maphash.MakeSeed(), make([]string, madeSlots)
	}
}

// madeText returns the text of a move made as a string of its own, the
// one of an equal move made before if the cache still holds it: the
// move may be part of a longer string (a listing's, a caller's), which
// it must not keep alive.
func (m *Machine) madeText(move string) string {
	c := &m.made
	c.init()
	k := c.slot(maphash.String(c.seed, move))
	if *k == move {
		return *k
	}
	s := strings.Clone(move)
	*k = s
	return s
}

// listedText returns the text of a listed move, the bytes b of the
// machine's buffer, as a string: the one of an equal text listed before
// if the cache of listed texts still holds it, else b copied into the
// arena of texts. A game lists the same few texts again and again: a
// listing's texts are mostly found, and copy nothing. The cache is
// emptied when the arena has begun keptBlocks blocks, so that it holds
// texts of those only and keeps no older block alive (a long game of
// ever new texts would otherwise keep a block alive for each slot).
func (m *Machine) listedText(b []byte) string {
	c := &m.listedTexts
	c.init()
	k := c.slot(maphash.Bytes(c.seed, b))
	if *k == string(b) {
		return *k
	}
	s := m.listTexts.str(b)
	if len(b) > 0 && len(m.listTexts.buf) == len(b) {
		// A block begun: s is its first text (str begins one for a text
		// that does not fit, and a text longer than a block has its own).
		if c.begun++; c.begun%keptBlocks == 0 {
			clear(c.slots)
		}
	}
	*k = s
	return s
}

// textArena hands out strings copied into blocks of listBlock bytes.
type textArena struct {
	buf []byte
}

// str returns a string with the bytes of b, copied into the arena.
func (a *textArena) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a.room(len(b))
	at := len(a.buf)
	a.buf = append(a.buf, b...)
	return unsafe.String(&a.buf[at], len(b))
}

// room begins a new block unless n more bytes fit in this one. A text
// longer than a block has a block of its own.
func (a *textArena) room(n int) {
	if cap(a.buf)-len(a.buf) < n {
		a.buf = make([]byte, 0, max(listBlock, n))
	}
}
