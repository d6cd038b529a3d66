package runtime

import "github.com/haven-engine/haven/interpreter/model"

// This file holds the estimate of the scoring: a player's standing
// mid-game, for bots that stop looking ahead before the end.

// HasEstimate tells whether the definition's scoring declares an
// estimate (scoring.estimate).
func (g *Game) HasEstimate() bool { return g.Scoring.Estimate != nil }

// Estimate evaluates the scoring's estimate of every seat of st (higher
// is better) into dst, grown as needed, and returns it. It reads st as it
// is: a bot gives it a state sampled from its seat's observation
// (Observation.Sample), never the true state. Without an estimate it
// returns dst emptied.
func (g *Game) Estimate(st *model.State, dst []int) ([]int, error) {
	dst = dst[:0]
	if g.Scoring.Estimate == nil {
		return dst, nil
	}
	m := g.M
	m.decide()
	m.St = st
	for p := 0; p < st.Players; p++ {
		sc := g.Scope(g.Base, p, st.Players)
		v, err := m.Eval(g.Scoring.Estimate, sc)
		g.Release(sc)
		if err != nil {
			return dst, err
		}
		dst = append(dst, v.(int))
	}
	return dst, nil
}
