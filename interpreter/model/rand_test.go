package model

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The generator is SplitMix64 as its author's reference code gives it:
// these are the first outputs of splitmix64.c seeded with 1234567. A
// change to it would change every replay, bot and sample.
func TestRandIsSplitMix64(t *testing.T) {
	r := NewRand(1234567)
	var got []uint64
	for range 5 {
		got = append(got, r.Uint64())
	}
	assert.Equal(t, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821}, got)
}

// A Rand seeded like a game draws what the game draws: the same ints
// below n and the same shuffles, one algorithm for both.
func TestRandDrawsAsTheGame(t *testing.T) {
	for seed := range uint64(20) {
		st, r := &State{RNG: seed}, NewRand(seed)
		for n := range 40 {
			require.Equal(t, st.Intn(n), r.IntN(n), "seed %d, n %d", seed, n)
		}
		l := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"}
		m := slices.Clone(l)
		st.Shuffle(l)
		r.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		require.Equal(t, l, m, "seed %d", seed)
		require.Equal(t, st.next(), r.Uint64(), "seed %d: the streams stay together", seed)
	}
}

// The draws for a seed are pinned: a change of the draw below n (a
// remainder, after rejecting the values that would bias it) or of the
// shuffle (Fisher and Yates, from the back) would change what every game
// and bot does with a seed.
func TestRandDrawsArePinned(t *testing.T) {
	r := NewRand(42)
	var ints []int
	for n := 1; n <= 12; n++ {
		ints = append(ints, r.IntN(n))
	}
	l := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	assert.Equal(t, []int{0, 1, 1, 2, 4, 4, 4, 5, 5, 5, 10, 11}, ints)
	assert.Equal(t, []string{"a", "e", "d", "c", "f", "h", "b", "g"}, l)
}
