package sim

import "github.com/haven-engine/haven/interpreter"

// PolicyBot plays by the definition's policy (bots.prefer): on one state
// sampled from what its seat may know, it ranks each legal move by the
// preference of its decision and takes a best-ranked one, ties broken at
// random; a decision the policy does not rank is played uniformly at
// random. It knows no game and looks no move ahead: it is as fast as
// the designer's expressions, and plays as well as they say.
type PolicyBot struct {
	g     *interpreter.Game
	r     *interpreter.Rand
	moves []interpreter.Move // scratch of the sample's moves
	ranks []int              // scratch of their ranks
	best  []int              // scratch of the best moves' indexes
	// sample is the state each decision samples into (SampleInto): its
	// arrays are filled again rather than made anew.
	sample *interpreter.State
}

// Policy returns a policy bot for a game, seeded with seed.
func Policy(g *interpreter.Game, seed uint64) *PolicyBot {
	return &PolicyBot{g: g, r: newRand(seed)}
}

// Choose picks a best-ranked legal move.
func (b *PolicyBot) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 || !b.g.HasPolicy() {
		return legal[b.r.IntN(len(legal))]
	}
	if b.sample == nil {
		b.sample = new(interpreter.State)
	}
	st := b.sample
	obs.SampleInto(b.r, st)
	var ranked bool
	var err error
	b.moves, b.ranks, ranked, err = b.g.Prefer(st, b.moves, b.ranks)
	if err != nil || !ranked {
		return legal[b.r.IntN(len(legal))]
	}
	var at int
	at, b.best = bestRanked(len(legal), func(i int) (int, bool) {
		if k := b.rankOf(i, legal[i]); k >= 0 {
			return b.ranks[k], true
		}
		return 0, false
	}, b.r, b.best)
	if at < 0 {
		return legal[b.r.IntN(len(legal))]
	}
	return legal[at]
}

// rankOf is the index in the sample's moves of legal move i, m: the same
// index when the sample lists the same moves (it lists them from the
// same view), else found by its text; -1 when the sample has no such
// move.
func (b *PolicyBot) rankOf(i int, m interpreter.Move) int {
	if i < len(b.moves) && b.moves[i].Text == m.Text {
		return i
	}
	for k, x := range b.moves {
		if x.Text == m.Text {
			return k
		}
	}
	return -1
}
