package sim

import (
	"cmp"

	"github.com/haven-engine/haven/interpreter"
)

// GreedyBot looks one move ahead: on one state sampled from what its
// player may know, it plays each legal move and keeps one that leaves
// that player best off (a won game first), ties broken at random. It
// goes by the scoring's estimate when the definition gives one (its
// estimate minus the best other seat's), else by the score (its score
// minus the best other score). When its own next decision follows at
// once (a choice in the middle of its action), it looks through up to
// Depth of its own decisions in a row and values a move by the best
// they reach, so that a cost paid in one decision (a card played) is
// weighed with the gain of the next (the move it pays for). It knows no
// game: it only reads the definition's scoring.
type GreedyBot struct {
	g     *interpreter.Game
	r     *interpreter.Rand
	depth int
	est   []int // scratch of the estimates
	// copies are the states it plays moves on, one per level of its
	// look-ahead, each copied into afresh for every move (CloneInto):
	// a copy is only made from the level above, which stays as it is
	// while the level below is in use. The machine keeps the options of
	// a pending choice by the state's pointer, step count and Ident,
	// which CloneInto renews, so a copy with other contents at the same
	// pointer never finds options kept for the one before.
	copies []*interpreter.State
	// Scratch reused between decisions: the state each samples into
	// (SampleInto), the legal moves listed at each level (LegalInto),
	// the best moves found, and the scoring of a leaf (ScoreInto).
	sample *interpreter.State
	legal  [][]interpreter.Move
	best   []interpreter.Move
	result interpreter.Result
}

// DefaultGreedyDepth is how many of its own decisions in a row greedy
// looks through when the definition gives an estimate; without one it
// looks one move ahead.
const DefaultGreedyDepth = 2

// Greedy returns a greedy bot for a game, seeded with seed, looking
// through depth of its own decisions in a row (0: the default).
func Greedy(g *interpreter.Game, seed uint64, depth int) *GreedyBot {
	if depth <= 0 {
		depth = 1
		if g.HasEstimate() {
			depth = DefaultGreedyDepth
		}
	}
	return &GreedyBot{g: g, r: newRand(seed), depth: depth}
}

// Choose picks the legal move with the best outcome for its player.
func (b *GreedyBot) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	if b.sample == nil {
		b.sample = new(interpreter.State)
	}
	st := b.sample
	obs.SampleInto(b.r, st)
	var m interpreter.Move
	m, b.best = pickBest(legal, b.best, b.r, func(m interpreter.Move) (int, bool) {
		c := b.copyAt(0, st)
		if err := b.g.Apply(c, m.Text); err != nil {
			return 0, false
		}
		v, err := b.value(c, m.Player, b.depth-1)
		return v, err == nil
	})
	return m
}

// pickBest plays each legal move through value and returns one of those
// valued highest, ties broken by r, and the list of them (in best's
// array); a move value cannot judge is left out, and when none can be
// judged any legal move is played.
func pickBest[V cmp.Ordered](legal, best []interpreter.Move, r *interpreter.Rand, value func(interpreter.Move) (V, bool)) (interpreter.Move, []interpreter.Move) {
	best = best[:0]
	var bestValue V
	for _, m := range legal {
		v, ok := value(m)
		if !ok {
			continue
		}
		switch {
		case len(best) == 0 || v > bestValue:
			best, bestValue = append(best[:0], m), v
		case v == bestValue:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return legal[r.IntN(len(legal))], best
	}
	return best[r.IntN(len(best))], best
}

// value is what st is worth to seat p, looking through up to depth more
// of p's own decisions when the next one is p's.
func (b *GreedyBot) value(st *interpreter.State, p, depth int) (int, error) {
	if depth > 0 && !st.Finished {
		level := b.depth - depth
		legal, err := b.legalAt(level, st)
		if err == nil && len(legal) > 0 && legal[0].Player == p {
			best, found := 0, false
			for _, m := range legal {
				c := b.copyAt(level, st)
				if b.g.Apply(c, m.Text) != nil {
					continue
				}
				v, err := b.value(c, p, depth-1)
				if err != nil {
					continue
				}
				if !found || v > best {
					best, found = v, true
				}
			}
			if found {
				return best, nil
			}
		}
	}
	return b.leaf(st, p)
}

// legalAt lists the legal moves of st into the list kept for a level of
// the look-ahead: the level below lists into its own while this one's
// is gone through.
func (b *GreedyBot) legalAt(level int, st *interpreter.State) ([]interpreter.Move, error) {
	for len(b.legal) <= level {
		b.legal = append(b.legal, nil)
	}
	l, err := b.g.LegalInto(st, b.legal[level])
	b.legal[level] = l
	return l, err
}

// copyAt copies st into the state kept for a level of the look-ahead.
func (b *GreedyBot) copyAt(level int, st *interpreter.State) *interpreter.State {
	for len(b.copies) <= level {
		b.copies = append(b.copies, new(interpreter.State))
	}
	st.CloneInto(b.copies[level])
	return b.copies[level]
}

// leaf is what st is worth to seat p as it stands: a won or lost game,
// else p's lead over the best other seat by the estimate, or by the
// score when the definition gives no estimate.
func (b *GreedyBot) leaf(st *interpreter.State, p int) (int, error) {
	if st.Finished && !st.Capped || !b.g.HasEstimate() {
		return greedyValue(b.g, st, p, &b.result)
	}
	var err error
	if b.est, err = b.g.Estimate(st, b.est); err != nil {
		return 0, err
	}
	return lead(b.est, p), nil
}

// greedyValue is what st is worth to seat p by its scoring, scored into
// r.
func greedyValue(g *interpreter.Game, st *interpreter.State, p int, r *interpreter.Result) (int, error) {
	if err := g.ScoreInto(st, r); err != nil {
		return 0, err
	}
	if st.Finished && !st.Capped && len(r.Winners) > 0 {
		for _, w := range r.Winners {
			if w == p {
				return 1 << 40, nil
			}
		}
		return -(1 << 40), nil
	}
	return lead(r.Scores, p), nil
}

// lead is seat p's value minus the best other seat's.
func lead(values []int, p int) int {
	other, any := 0, false
	for q, s := range values {
		if q != p && (!any || s > other) {
			other, any = s, true
		}
	}
	return values[p] - other
}
