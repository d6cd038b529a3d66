package eval

import "github.com/expr-lang/expr/vm/runtime"

// The orders a definition can see are the engine's own. A rule that
// sorts with ties (turn order by a score, the cheapest goods) must replay
// to the same state on any machine and with any Go release that builds
// Haven, so sortBy and sort do not use the standard library's sorts:
// sort.Sort is not stable, and the order it leaves equal keys in changed
// once already (Go 1.19's pattern-defeating quicksort); sort.Stable is,
// but what it makes of keys that are no strict weak order (a NaN among
// floats) is still its algorithm's. SortStable's algorithm is written
// here, so its output for a list is fixed whatever the keys.

// sortRun is the length of the runs SortStable sorts by insertion before
// it merges them.
const sortRun = 12

// SortStable sorts items by keys, two lists of one length moved
// together: ascending by expr's < (runtime.Less), or with desc by >. It
// is stable both ways: items whose keys are equal (neither less than the
// other) keep the order they have in the list, in a descending sort too.
// buf is scratch of at least 2*len(items) elements when len(items) >
// sortRun, unused otherwise (it is left holding copies of elements: the
// frame's arena is cleared when the evaluation ends).
// Keys that Less cannot compare panic, as the VM's sortBy does.
func SortStable(items, keys []any, desc bool, buf []any) {
	s := sortPair{items, keys, desc}
	n := len(items)
	for lo := 0; lo < n; lo += sortRun {
		s.insertion(lo, min(lo+sortRun, n))
	}
	if n <= sortRun {
		return
	}
	bi, bk := buf[:n], buf[n:2*n]
	for width := sortRun; width < n; width *= 2 {
		for lo := 0; lo+width < n; lo += 2 * width {
			s.merge(lo, lo+width, min(lo+2*width, n), bi, bk)
		}
	}
}

// SortStable is SortStable with its scratch cut from the frame's arena.
func (fr *Frame) SortStable(items, keys []any, desc bool) {
	var buf []any
	if len(items) > sortRun {
		buf = fr.Scratch(2 * len(items))
	}
	SortStable(items, keys, desc, buf)
}

// sortPair is the two lists SortStable sorts and its direction.
type sortPair struct {
	items, keys []any
	desc        bool
}

// less tells whether key a goes strictly before key b.
func (s sortPair) less(a, b any) bool {
	if s.desc {
		return runtime.Less(b, a)
	}
	return runtime.Less(a, b)
}

// insertion sorts [lo, hi) by insertion: an element moves before those
// whose keys are strictly greater only, which shift up by one.
func (s sortPair) insertion(lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		k := s.keys[i]
		j := i
		for j > lo && s.less(k, s.keys[j-1]) {
			j--
		}
		if j < i {
			it := s.items[i]
			copy(s.items[j+1:i+1], s.items[j:i])
			copy(s.keys[j+1:i+1], s.keys[j:i])
			s.items[j], s.keys[j] = it, k
		}
	}
}

// merge merges the sorted runs [lo, mid) and [mid, hi), the left one
// copied out to bi and bk first: on equal keys the left run's element
// goes first.
func (s sortPair) merge(lo, mid, hi int, bi, bk []any) {
	if !s.less(s.keys[mid], s.keys[mid-1]) {
		return // in order already
	}
	left := mid - lo
	copy(bi, s.items[lo:mid])
	copy(bk, s.keys[lo:mid])
	i, j, k := 0, mid, lo
	for i < left && j < hi {
		if s.less(s.keys[j], bk[i]) {
			s.items[k], s.keys[k] = s.items[j], s.keys[j]
			j++
		} else {
			s.items[k], s.keys[k] = bi[i], bk[i]
			i++
		}
		k++
	}
	copy(s.items[k:], bi[i:left])
	copy(s.keys[k:], bk[i:left])
}
