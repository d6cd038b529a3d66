package sim

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Training is deterministic for a seed, and another seed learns from
// other games.
func TestTrainIsDeterministic(t *testing.T) {
	g := compile(t)
	opt := TrainOptions{Players: 2, Games: 40, Seed: 3, Keep: 0.5}
	a, err := Train(g, opt)
	require.NoError(t, err)
	b, err := Train(g, opt)
	require.NoError(t, err)
	assert.Equal(t, a.Names, b.Names)
	assert.Equal(t, a.Weights, b.Weights)
	opt.Seed = 4
	c, err := Train(g, opt)
	require.NoError(t, err)
	assert.NotEqual(t, a.Weights, c.Weights)
	assert.Equal(t, g.Hash(), a.Hash)
}

// In race the seat with the most points wins: a model learnt from
// random games values points, and the learned bot takes the jump of 3
// at the first decision, as a searching bot does.
func TestLearnedPrefersPoints(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 200, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	legal, err := g.Legal(st)
	require.NoError(t, err)
	for seed := uint64(1); seed <= 5; seed++ {
		mv, err := Decide(g, st, Learned(g, seed, m, 0), legal)
		require.NoError(t, err)
		assert.Equal(t, "jump 3", mv.Text, "seed %d, of %v", seed, legal)
	}
	// A bot that trains its own model on first use does as well.
	mv, err := Decide(g, st, Learned(g, 1, nil, 1000), legal)
	require.NoError(t, err)
	assert.Equal(t, "jump 3", mv.Text)
}

// A saved model is read back for its definition and refused, with one
// line saying to retrain, by another (a setting changed).
func TestLearnedModelFile(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 20, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "race.json")
	require.NoError(t, m.WriteModel(path))
	back, err := ReadModel(path, g)
	require.NoError(t, err)
	assert.Equal(t, m.Weights, back.Weights)
	_, err = NewBot("learned:model="+path, g, 1)
	require.NoError(t, err)
	_, err = NewBot("learned:model="+path, compile(t, "params.target=12"), 1)
	require.EqualError(t, err, path+": the model was trained on another definition of race (or other variants or options): retrain it with haven train")
	_, err = NewBot("learned:model="+path+":games=3", g, 1)
	require.EqualError(t, err, "bot learned: games= trains a model, model= reads one: give one or the other")
}
