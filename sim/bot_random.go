package sim

import "github.com/haven-engine/haven/interpreter"

// RandomBot picks uniformly among the legal moves, with its own generator.
type RandomBot struct {
	r *interpreter.Rand
}

// Random returns a random bot seeded with seed.
func Random(seed uint64) *RandomBot {
	return &RandomBot{r: newRand(seed)}
}

// Choose picks a legal move uniformly.
func (b *RandomBot) Choose(_ *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	return legal[b.r.IntN(len(legal))]
}

// Blind says the random bot reads nothing of the game.
func (b *RandomBot) Blind() {}
