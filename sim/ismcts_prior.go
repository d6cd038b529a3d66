package sim

import (
	"math"
	"slices"
	"sort"

	"github.com/haven-engine/haven/interpreter"
)

// This file holds the policy as a prior in the ISMCTS tree. A game that
// declares a policy (bots.prefer) has said which move a sensible player
// makes; with a prior from it, the search tries that move first and
// most, and leaves it for another only when the playouts show the other
// better (PUCT, as in AlphaZero: Silver et al., 2017). With UCB1 every
// legal move is tried before any is tried twice, so a few hundred
// iterations spread over thirty moves (a rondel, a route, a die) judge
// each by a handful of noisy playouts and play worse than the policy
// alone.

// listRanked lists the moves of st's decision below the root into the
// bot's buffer and, with a prior, ranks them by the policy (on st, the
// iteration's own sample). ranked is false when the policy ranks none
// of them or the bot has no prior.
func (b *ISMCTS) listRanked(st *interpreter.State) (legal []interpreter.Move, ranked bool, err error) {
	if b.opt.Prior <= 0 {
		legal, err = b.g.LegalInto(st, b.buf)
		b.buf = legal
		return legal, false, err
	}
	legal, b.ranks, ranked, err = b.g.Prefer(st, b.buf, b.ranks)
	b.buf = legal
	return legal, ranked, err
}

// rankRoot ranks the root's moves, those of the real decision, by the
// policy on the iteration's sample: the sample lists its own moves (the
// same, in the same order, when its hidden cards allow the same), and
// a root move it does not list ranks below all. It leaves the ranks in
// b.rootRanks and tells whether the policy ranked any.
func (b *ISMCTS) rankRoot(st *interpreter.State, root []interpreter.Move) bool {
	if b.opt.Prior <= 0 {
		return false
	}
	moves, ranks, ranked, err := b.g.Prefer(st, b.buf, b.ranks)
	b.buf, b.ranks = moves, ranks
	if err != nil || !ranked {
		return false
	}
	low := slices.Min(ranks) - 1
	b.rootRanks = b.rootRanks[:0]
	for i, m := range root {
		k := -1
		if i < len(moves) && moves[i].Text == m.Text {
			k = i
		} else {
			k = slices.IndexFunc(moves, func(x interpreter.Move) bool { return x.Text == m.Text })
		}
		if k < 0 {
			b.rootRanks = append(b.rootRanks, low)
		} else {
			b.rootRanks = append(b.rootRanks, ranks[k])
		}
	}
	return true
}

// priors fills b.priors with the prior probability of each of n moves:
// uniform when unranked, else by rank order, move i weighing
// 1/(1+k)² where k is how many moves rank strictly above it, so that
// the policy's best moves share most of it and the rest keep some.
// The weights go by order, not by the ranks' values, whose scale is the
// designer's (steps, cash, points).
func (b *ISMCTS) priors(n int, ranks []int, ranked bool) {
	b.priorOf = b.priorOf[:0]
	if !ranked {
		for range n {
			b.priorOf = append(b.priorOf, 1/float64(n))
		}
		return
	}
	b.sorted = append(b.sorted[:0], ranks[:n]...)
	slices.Sort(b.sorted)
	sum := 0.0
	for i := range n {
		above := n - sort.SearchInts(b.sorted, ranks[i]+1)
		w := 1 / float64((1+above)*(1+above))
		b.priorOf = append(b.priorOf, w)
		sum += w
	}
	for i := range b.priorOf {
		b.priorOf[i] /= sum
	}
}

// selectPUCT picks among legal at node n by PUCT over the priors in
// b.priorOf: the mean value of a move, or for a move not yet valued the
// mean of its tried siblings (first-play urgency), plus
// Prior/100 × its prior × √(visits of the moves here) / (1 + its
// visits). Exact ties are broken at random. It counts the availability
// of the tried moves (kept for the tree's other users) and returns the
// index chosen and its node, nil when the move is untried.
func (b *ISMCTS) selectPUCT(n *node, legal []interpreter.Move) (int, *node) {
	b.kids = b.kids[:0]
	total, sumValue, sumVisits := 1, 0.0, 0
	for _, m := range legal {
		k := n.kid(m.Text)
		b.kids = append(b.kids, k)
		if k != nil {
			k.avail++
			total += k.visits
			sumValue += k.value
			sumVisits += k.visits
		}
	}
	fpu := 0.5
	if sumVisits > 0 {
		fpu = sumValue / float64(sumVisits)
	}
	cp, root := float64(b.opt.Prior)/100, math.Sqrt(float64(total))
	at, bestU, ties := -1, math.Inf(-1), 0
	for i, k := range b.kids {
		q, v := fpu, 0
		if k != nil && k.visits > 0 {
			q, v = k.value/float64(k.visits), k.visits
		}
		u := q + cp*b.priorOf[i]*root/float64(1+v)
		switch {
		case u > bestU:
			at, bestU, ties = i, u, 1
		case u == bestU:
			if ties++; b.r.IntN(ties) == 0 {
				at = i
			}
		}
	}
	return at, b.kids[at]
}
