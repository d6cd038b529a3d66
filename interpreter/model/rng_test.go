package model

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deal shuffles a deck of n cards for the purpose key.
func deal(s *State, key uint64, n int) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = string(rune('a' + i))
	}
	s.ShuffleFrom(key, l)
	return l
}

// With streams, a purpose's draws do not depend on the draws of others:
// a deck one card larger, or a roll more, leaves the other deck and the
// dice as they were. Without, every draw shifts every later one.
func TestStreamsAreCommonRandomNumbers(t *testing.T) {
	deckA, deckB, die := StreamKey(StreamZone, "deck-a", 0), StreamKey(StreamZone, "deck-b", 0), StreamKey(StreamSides, "", 6)
	play := func(streamed bool, sizeA, extraRolls int) ([]string, []int) {
		s := &State{Seed: 42, RNG: 42, Streamed: streamed}
		deal(s, deckA, sizeA)
		for range extraRolls {
			s.IntnFrom(die, 6)
		}
		b := deal(s, deckB, 12)
		var rolls []int
		for range 5 {
			rolls = append(rolls, s.IntnFrom(StreamKey(StreamDie, "red", 0), 6))
		}
		return b, rolls
	}
	b1, r1 := play(true, 10, 0)
	b2, r2 := play(true, 11, 3)
	assert.Equal(t, b1, b2, "deck b is dealt the same whatever deck a and the d6 drew")
	assert.Equal(t, r1, r2, "the red die rolls the same")

	o1, _ := play(false, 10, 0)
	o2, _ := play(false, 11, 3)
	assert.NotEqual(t, o1, o2, "one generator: a larger deck a changes deck b")
}

// A state without streams draws exactly as the one generator always did
// (SplitMix64 from the seed), whatever key is asked for.
func TestOneStreamDrawsAsBefore(t *testing.T) {
	s := &State{Seed: 7, RNG: 7}
	x := uint64(7)
	for range 10 {
		want := splitmix(&x)
		got := s.draw(StreamKey(StreamZone, "any", 0))
		require.Equal(t, want, got)
	}
	assert.Equal(t, [MaxStreams]Stream{}, s.Streams, "no stream is started")
}

// Purposes beyond MaxStreams share RNG, deterministically.
func TestStreamsOverflowToRNG(t *testing.T) {
	s := &State{Seed: 1, RNG: 1, Streamed: true}
	for k := range MaxStreams {
		s.IntnFrom(StreamKey(StreamZone, "z", k), 10)
	}
	rng := s.RNG
	s.IntnFrom(StreamKey(StreamZone, "one-too-many", 0), 1<<20)
	assert.NotEqual(t, rng, s.RNG, "the seventeenth purpose draws from RNG")
}

// A state read back from JSON draws on exactly as the state saved; a
// state saved without streams marshals without them.
func TestStreamsSurviveJSON(t *testing.T) {
	s := &State{Seed: 3, RNG: 3, Streamed: true, Tables: &Tables{}}
	deal(s, StreamKey(StreamZone, "deck", 0), 8)
	s.IntnFrom(StreamKey(StreamSides, "", 6), 6)
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, s.Streams, back.Streams)
	assert.True(t, back.Streamed)
	assert.Equal(t, deal(s, StreamKey(StreamZone, "deck", 0), 8), deal(&back, StreamKey(StreamZone, "deck", 0), 8))

	old := &State{Seed: 3, RNG: 3, Tables: &Tables{}}
	b, err = json.Marshal(old)
	require.NoError(t, err)
	assert.NotContains(t, string(b), "stream", "a state of one generator saves as before")

	var bad State
	assert.ErrorContains(t, json.Unmarshal([]byte(`{"streams":[[0,1]]}`), &bad), "has no key")
}
