package model

// The random generator is SplitMix64: its whole state is one uint64 kept in
// State.RNG, so a saved state carries its randomness with it and
// (definition, variant, seed, moves) always replays to the same state.
//
// A state with Streamed set draws, for each purpose the rules name (the
// shuffles of one zone, the rolls of one die, the rolls of dice of n
// sides), from a stream of its own, seeded by the game's seed and that
// purpose. A change of the rules that draws more or fewer numbers for one
// purpose (a deck one card larger, a roll more) then leaves every other
// purpose's draws as they were: two variants played on one seed share all
// the randomness they can (common random numbers), and a comparison
// paired by seed measures the change, not the luck it reshuffled. A state
// without Streamed (a game saved before streams) draws everything from
// RNG, as it was played.

// MaxStreams is how many purposes have a stream of their own; the draws
// of any purpose beyond them come from RNG.
const MaxStreams = 16

// Stream is one purpose's generator: the purpose's key (StreamKey; 0 for
// a slot not yet used) and its SplitMix64 state.
type Stream struct {
	Key, State uint64
}

// The kinds of purpose a stream is drawn for.
const (
	StreamZone  byte = 'z' // the shuffles of a zone (and its refills)
	StreamDie   byte = 'd' // the rolls of a named die
	StreamSides byte = 'r' // the rolls of a die of n sides
)

// StreamKey is the key of a purpose: FNV-1a of its kind, name and number,
// never 0.
func StreamKey(kind byte, name string, n int) uint64 {
	h := uint64(14695981039346656037)
	const prime = 1099511628211
	h = (h ^ uint64(kind)) * prime
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * prime
	}
	for k := 0; k < 8; k++ {
		h = (h ^ uint64(byte(n>>(8*k)))) * prime
	}
	return h | 1
}

func splitmix(x *uint64) uint64 {
	*x += 0x9e3779b97f4a7c15
	z := *x
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (s *State) next() uint64 { return splitmix(&s.RNG) }

// draw is the next number of the stream keyed key: of RNG for key 0, for
// a state without streams, or when every stream is taken by another
// purpose.
func (s *State) draw(key uint64) uint64 {
	if key == 0 || !s.Streamed {
		return s.next()
	}
	for i := range s.Streams {
		st := &s.Streams[i]
		if st.Key == key {
			return splitmix(&st.State)
		}
		if st.Key == 0 {
			// A new purpose: its stream starts from the seed and its key.
			st.Key = key
			st.State = s.Seed ^ key
			return splitmix(&st.State)
		}
	}
	return s.next()
}

// Intn returns a uniform int in [0, n), from RNG.
func (s *State) Intn(n int) int { return s.IntnFrom(0, n) }

// IntnFrom returns a uniform int in [0, n) from the stream keyed key.
func (s *State) IntnFrom(key uint64, n int) int {
	if n <= 1 {
		return 0
	}
	// Rejection keeps it exact: no value is likelier than another.
	max := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if x := s.draw(key); x < max {
			return int(x % uint64(n))
		}
	}
}

// Shuffle puts a list in a random order, in place, from RNG.
func (s *State) Shuffle(l []string) { s.ShuffleFrom(0, l) }

// ShuffleFrom puts a list in a random order, in place, from the stream
// keyed key (Fisher–Yates).
func (s *State) ShuffleFrom(key uint64, l []string) {
	for i := len(l) - 1; i > 0; i-- {
		j := s.IntnFrom(key, i+1)
		l[i], l[j] = l[j], l[i]
	}
}
