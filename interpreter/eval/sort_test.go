package eval_test

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/eval"
)

// SortStable agrees with a stable sort on every length up to well past
// its runs, ascending and descending, on keys with many ties: each item
// is its place in the list, so any tie put out of order shows.
func TestSortStableIsStable(t *testing.T) {
	x := uint64(7) // the test's own generator of keys: an LCG
	for n := range 300 {
		for _, distinct := range []int{1, 2, 3, 10, 1000} {
			items, keys := make([]any, n), make([]any, n)
			type pair struct{ item, key int }
			want := make([]pair, n)
			for i := range n {
				x = x*6364136223846793005 + 1442695040888963407
				k := int(x>>33) % distinct
				items[i], keys[i], want[i] = i, k, pair{i, k}
			}
			for _, desc := range []bool{false, true} {
				its, ks := slices.Clone(items), slices.Clone(keys)
				eval.SortStable(its, ks, desc, make([]any, 2*n))
				w := slices.Clone(want)
				slices.SortStableFunc(w, func(a, b pair) int {
					if desc {
						return b.key - a.key
					}
					return a.key - b.key
				})
				for i, p := range w {
					require.Equal(t, p.item, its[i], "n=%d distinct=%d desc=%v at %d", n, distinct, desc, i)
					require.Equal(t, p.key, ks[i], "n=%d distinct=%d desc=%v at %d", n, distinct, desc, i)
				}
			}
		}
	}
}

// Keys that are no strict weak order (a NaN is neither less nor greater
// than any number) still sort to one list, SortStable's: pinned here, so
// that a change of its algorithm, which would change what a save holding
// such a sort replays to, is seen.
func TestSortStableFixedOnNaN(t *testing.T) {
	nan := math.NaN()
	var keys []any
	for i := range 30 {
		if i%4 == 1 {
			keys = append(keys, nan)
		} else {
			keys = append(keys, float64((i*7)%10))
		}
	}
	items := make([]any, len(keys))
	for i := range items {
		items[i] = i
	}
	eval.SortStable(items, keys, false, make([]any, 2*len(items)))
	require.Equal(t, []any{0, 1, 3, 2, 12, 4, 5, 6, 8, 7, 9, 10, 11, 13, 16, 15, 14, 17, 20, 19, 18, 21, 23, 22, 24, 25, 26, 28, 27, 29}, items)
}
