package main

import (
	"errors"
	"math/rand/v2"
	"strconv"
)

// randomSeed is the seed of a game when none is given: random, so that
// games differ, and short enough to type back with --seed.
func randomSeed() uint64 { return 1 + rand.Uint64N(999_999_999) }

// seedValue is the --seed flag.
type seedValue struct{ p *uint64 }

func (s seedValue) String() string { return "" }

func (s seedValue) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return errors.New("parse error")
	}
	*s.p = n
	return nil
}
