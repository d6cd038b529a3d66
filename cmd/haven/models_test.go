package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/sim"
)

// A game compiled with a choice of its options finds the model shipped
// for that choice: the learned bot plays it without training first.
func TestCompileShipsOptionModels(t *testing.T) {
	for _, choices := range [][]string{nil, {"map=great-europe"}, {"version=free-play"}, {"map=great-europe", "version=free-play"}} {
		g := gameFlags{Choices: choices}
		game, err := g.compile("mainports")
		require.NoError(t, err)
		m := sim.ShippedModel(game)
		if assert.NotNil(t, m, "mainports %v", choices) {
			assert.Equal(t, game.Hash(), m.Hash)
			assert.Equal(t, choices, m.Options)
		}
	}
}
