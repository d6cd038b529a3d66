package model

// Rand is the game's generator for the engine's other random choices:
// those of the bots and of the samples they draw of what a seat cannot
// see. Its algorithms are the engine's, written here, as the game's are:
// SplitMix64, the draw below n of State.IntnFrom and the shuffle of
// State.ShuffleFrom. The standard library's math/rand/v2 makes no promise
// that Rand.IntN or Rand.Shuffle draw the same from one Go release to the
// next (only its own tests guard against an accidental change), and a
// bot, or a simulation, seeded alike must draw the same on every
// release. Seeded with a game's seed, it draws what the game's RNG draws
// (a state without streams); give it a seed of its own where its draws
// must not be the game's.
type Rand struct{ s uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{seed} }

// Uint64 returns a uniform uint64.
func (r *Rand) Uint64() uint64 { return splitmix(&r.s) }

// IntN returns a uniform int in [0, n), drawing nothing when n <= 1: the
// draw of State.IntnFrom (TestRandDrawsAsTheGame holds them alike).
func (r *Rand) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	max := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if x := splitmix(&r.s); x < max {
			return int(x % uint64(n))
		}
	}
}

// Shuffle puts n elements in a random order through swap, by Fisher and
// Yates as State.ShuffleFrom does.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
