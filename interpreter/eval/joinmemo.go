package eval

import "unsafe"

// joinMemoSize is how many pairs a JoinMemo keeps: enough for a + over
// the seats, the goods or the ports of a game.
const joinMemoSize = 8

// JoinMemo keeps what one + of an expression made of two strings
// ('store-' + string(me), 'products-' + port): the same two strings —
// the same bytes at the same addresses, as a constant, a name the game
// declares or a number's digits are — give the same value again without
// hashing the joined name or cutting new bytes. The value kept is the
// game's own box or string when the name is one it declares, else the
// one first cut from the frame's chunks, which are never written again
// (KeptBoxes); so a name the game does not declare keeps one address,
// and a table that finds names by address (a stock's holder) finds it.
// The strings kept are held, so their addresses are not reused for
// other bytes. The first joinMemoSize pairs are kept, no others. Like
// the lists kept by an index, the memo is the expression's, and a game
// runs one state at a time.
type JoinMemo[V any] struct {
	n    int
	keys [joinMemoSize][2]string
	vals [joinMemoSize]V
}

// Find is the value kept for a + b.
func (m *JoinMemo[V]) Find(a, b string) (V, bool) {
	for i := range m.n {
		k := &m.keys[i]
		if len(k[0]) == len(a) && len(k[1]) == len(b) &&
			unsafe.StringData(k[0]) == unsafe.StringData(a) && unsafe.StringData(k[1]) == unsafe.StringData(b) {
			return m.vals[i], true
		}
	}
	var zero V
	return zero, false
}

// Keep keeps v for a + b while there is room.
func (m *JoinMemo[V]) Keep(a, b string, v V) {
	if m.n < joinMemoSize {
		m.keys[m.n] = [2]string{a, b}
		m.vals[m.n] = v
		m.n++
	}
}
