package model

// The random generator is SplitMix64: its whole state is one uint64 kept in
// State.RNG, so a saved state carries its randomness with it and
// (definition, variant, seed, moves) always replays to the same state.

func (s *State) next() uint64 {
	s.RNG += 0x9e3779b97f4a7c15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform int in [0, n).
func (s *State) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	// Lemire's method without bias is overkill here; rejection keeps it exact.
	max := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if x := s.next(); x < max {
			return int(x % uint64(n))
		}
	}
}

// Shuffle puts a list in a random order, in place.
func (s *State) Shuffle(l []string) {
	for i := len(l) - 1; i > 0; i-- {
		j := s.Intn(i + 1)
		l[i], l[j] = l[j], l[i]
	}
}
