package sim

// This file is ismcts's judge: how a playout is valued, for every seat,
// once it ends or is cut off.

import (
	"math"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// evaluate fills b.values with each seat's value of st, in [0, 1]. A won
// game is 1 for its winners (shared), 0 for the others. A game cut off
// is judged by the definition: first its scoring's estimate when it
// gives one (a standing mid-game, which counts what the score does not
// show yet), then the score, each tie-break and the show figures.
func (b *ISMCTS) evaluate(st *interpreter.State) bool {
	r := &b.result
	err := b.g.ScoreInto(st, r)
	if err != nil {
		return false
	}
	b.values = b.values[:0]
	for range r.Scores {
		b.values = append(b.values, 0)
	}
	if st.Finished && !st.Capped && len(r.Winners) > 0 {
		for _, w := range r.Winners {
			b.values[w] = 1 / float64(len(r.Winners))
		}
		return true
	}
	if b.opt.Value != nil {
		return b.judgeByModel(st)
	}
	// The estimate counts most, then the score, then each tie-break a
	// quarter of the one before: the scoring's own ranking, with a
	// margin. A figure where every seat stands level is skipped, so that
	// a game scored only when won is judged by its first tie-break.
	for p := range b.values {
		b.values[p] = 0.5
	}
	weight := 0.4
	if b.g.HasEstimate() {
		if b.estimates, err = b.g.Estimate(st, b.estimates); err != nil {
			return false
		}
		switch {
		case b.opt.Spread:
			if b.searchLead(b.estimates, weight) {
				weight /= 4
			}
		case b.lead(b.estimates, nil, -1, weight):
			weight /= 4
		}
	}
	if b.lead(r.Scores, nil, -1, weight) {
		weight /= 4
	}
	for t := range r.TiebreakNames {
		if b.lead(nil, r.Tiebreak, t, weight) {
			weight /= 4
		}
	}
	// Last and weakest, the scoring's show figures, taken as measures of
	// progress where higher is better (cargo aboard, cash), in one tier.
	if len(r.Show) > 0 && len(r.Show[0]) > 0 {
		b.names = b.names[:0]
		for name := range r.Show[0] {
			b.names = append(b.names, name)
		}
		slices.Sort(b.names)
		w := weight / float64(len(b.names))
		for _, name := range b.names {
			b.shown = b.shown[:0]
			for _, show := range r.Show {
				b.shown = append(b.shown, show[name])
			}
			b.lead(b.shown, nil, -1, w)
		}
	}
	return true
}

// lead adds to each seat's value weight × its lead over the best other
// seat, divided by the spread of the values plus one: the values are
// scores, or the t-th tie-break of each seat. It tells whether the
// values differ.
func (b *ISMCTS) lead(scores []int, tiebreak [][]int, t int, weight float64) bool {
	val := func(p int) int {
		if scores != nil {
			return scores[p]
		}
		return tiebreak[p][t]
	}
	lo, hi := val(0), val(0)
	for p := range b.values {
		lo, hi = min(lo, val(p)), max(hi, val(p))
	}
	if lo == hi {
		return false
	}
	for p := range b.values {
		other, any := 0, false
		for q := range b.values {
			if q != p && (!any || val(q) > other) {
				other, any = val(q), true
			}
		}
		b.values[p] += weight * float64(val(p)-other) / float64(hi-lo+1)
	}
	return true
}

// searchLead adds to each seat's value weight × its lead over the best
// other seat in the estimate, placed in the range of the leads of that
// seat this search has judged so far: -weight at the least, +weight at
// the greatest. Divided by the seats' spread instead (lead), two seats'
// leads are ±weight whatever their size, so that a move which gains a
// little without changing who leads looks no better than one that
// loses a little; against the search's own range, the moves of one
// decision are told apart. The range grows as the search goes on, so
// early playouts are judged on a narrower one: a bias, like the reused
// tree's. It tells whether the leads seen differ.
func (b *ISMCTS) searchLead(est []int, weight float64) bool {
	fresh := len(b.leadLo) < len(est) // the search's first judgement
	for len(b.leadLo) < len(est) {
		b.leadLo = append(b.leadLo, 0)
		b.leadHi = append(b.leadHi, 0)
	}
	level := true
	for p := range b.values {
		other, any := 0, false
		for q := range est {
			if q != p && (!any || est[q] > other) {
				other, any = est[q], true
			}
		}
		l := est[p] - other
		if fresh || l < b.leadLo[p] {
			b.leadLo[p] = l
		}
		if fresh || l > b.leadHi[p] {
			b.leadHi[p] = l
		}
		if lo, hi := b.leadLo[p], b.leadHi[p]; hi > lo {
			b.values[p] += float64(weight * (2*float64(l-lo)/float64(hi-lo) - 1)) // not fused (stats.go)
			level = false
		}
	}
	return !level
}

// judgeByModel fills b.values by the learned model: each seat's value of
// its own view of st, as its lead over the best other seat's, put in
// (0, 1) by the logistic function.
func (b *ISMCTS) judgeByModel(st *interpreter.State) bool {
	m := b.opt.Value
	b.modelV = b.modelV[:0]
	for p := range b.values {
		x, err := m.set.extractState(st, p, len(st.Moves))
		if err != nil {
			return false
		}
		b.modelV = append(b.modelV, m.value(x))
	}
	for len(b.leadN) < len(b.values) {
		b.leadN, b.leadMean, b.leadM2 = append(b.leadN, 0), append(b.leadMean, 0), append(b.leadM2, 0)
	}
	for p := range b.values {
		other := math.Inf(-1)
		for q, v := range b.modelV {
			if q != p {
				other = max(other, v)
			}
		}
		lead := b.modelV[p] - other
		if b.opt.Rescale {
			lead = b.standardise(p, lead)
		}
		b.values[p] = 1 / (1 + math.Exp(-lead))
	}
	return true
}

// standardise counts lead among seat p's leads this search has judged
// and returns its distance from their mean in standard deviations (0
// while they do not differ). Welford's update keeps the mean and the
// sum of squared deviations without the leads themselves.
func (b *ISMCTS) standardise(p int, lead float64) float64 {
	b.leadN[p]++
	d := lead - b.leadMean[p]
	b.leadMean[p] += d / b.leadN[p]
	b.leadM2[p] += d * (lead - b.leadMean[p])
	if b.leadN[p] < 2 || b.leadM2[p] <= 0 {
		return 0
	}
	return (lead - b.leadMean[p]) / math.Sqrt(b.leadM2[p]/b.leadN[p])
}
