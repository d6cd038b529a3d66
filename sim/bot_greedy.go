package sim

import (
	"math/rand/v2"

	"github.com/haven-engine/haven/interpreter"
)

// GreedyBot looks one move ahead: on one state sampled from what its
// player may know, it plays each legal move and keeps one that leaves
// that player best off by the game's own scoring (a won game first, then
// score minus the best other score); ties are broken at random. It knows
// no game: it only reads the definition's scoring.
type GreedyBot struct {
	g *interpreter.Game
	r *rand.Rand
}

// Greedy returns a one-move-lookahead bot for a game, seeded with seed.
func Greedy(g *interpreter.Game, seed uint64) *GreedyBot {
	return &GreedyBot{g: g, r: newRand(seed)}
}

// Choose picks the legal move with the best outcome for its player.
func (b *GreedyBot) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	st := obs.Sample(b.r)
	best, bestValue := []interpreter.Move{}, 0
	for _, m := range legal {
		c := st.Clone()
		if err := b.g.Apply(c, m.Text); err != nil {
			continue
		}
		v, err := greedyValue(b.g, c, m.Player)
		if err != nil {
			continue
		}
		switch {
		case len(best) == 0 || v > bestValue:
			best, bestValue = []interpreter.Move{m}, v
		case v == bestValue:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return legal[b.r.IntN(len(legal))]
	}
	return best[b.r.IntN(len(best))]
}

func greedyValue(g *interpreter.Game, st *interpreter.State, p int) (int, error) {
	r, err := g.Score(st)
	if err != nil {
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
	other, any := 0, false
	for q, s := range r.Scores {
		if q != p && (!any || s > other) {
			other, any = s, true
		}
	}
	return r.Scores[p] - other, nil
}
