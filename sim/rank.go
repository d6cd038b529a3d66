package sim

import "github.com/haven-engine/haven/interpreter"

// bestRanked picks one of the best-ranked of n moves, a tie broken by one
// draw of r among the tied; rank(i) is move i's rank, ok false when it
// has none. It returns -1 when no move is ranked, and best, the scratch
// of the tied indexes, for the caller to keep and reuse.
func bestRanked(n int, rank func(i int) (int, bool), r *interpreter.Rand, best []int) (int, []int) {
	best = best[:0]
	top := 0
	for i := range n {
		k, ok := rank(i)
		if !ok {
			continue
		}
		switch {
		case len(best) == 0 || k > top:
			best, top = append(best[:0], i), k
		case k == top:
			best = append(best, i)
		}
	}
	if len(best) == 0 {
		return -1, best
	}
	return best[r.IntN(len(best))], best
}
