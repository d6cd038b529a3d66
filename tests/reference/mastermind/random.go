package mastermind

import "math/rand/v2"

// Random is the random player: it picks uniformly among the legal moves
// of each decision, as BenchmarkRandomPlay does (rand.Rand's IntN on a
// PCG source; Haven's random bot draws from interpreter.Rand).
type Random struct{ r *rand.Rand }

// NewRandom is a random player seeded with seed1 and seed2.
func NewRandom(seed1, seed2 uint64) *Random {
	return &Random{rand.New(rand.NewPCG(seed1, seed2))}
}

// Choose picks one of n moves.
func (p *Random) Choose(n int) int { return p.r.IntN(n) }
