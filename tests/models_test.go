package tests

import (
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// shippedModel is what a shipped model records of the definition it was
// trained on.
type shippedModel struct {
	Hash     string
	Options  []string
	Variants []string
	Sets     []string
}

// Each model shipped beside a definition was trained on that definition
// as it stands, with the options it records: a rule edited without
// retraining fails here, saying how to retrain.
func TestShippedModelsMatch(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	files, err := fs.Glob(definitions.Files, "*/"+sim.ShippedModelGlob)
	require.NoError(t, err)
	require.NotEmpty(t, files, "no game ships a model")
	for _, file := range files {
		id := path.Dir(file)
		b, err := fs.ReadFile(definitions.Files, file)
		require.NoError(t, err)
		var m shippedModel
		require.NoError(t, json.Unmarshal(b, &m), file)
		assert.Empty(t, m.Variants, "%s: a shipped model plays the game as it ships, with options only", file)
		assert.Empty(t, m.Sets, "%s: a shipped model plays the game as it ships, with options only", file)
		v, err := src.Game(id, load.Options{Choices: m.Options})
		require.NoError(t, err, file)
		g, err := interpreter.Compile(v)
		require.NoError(t, err)
		assert.True(t, g.Hash() == m.Hash, "definitions/%s was trained on another definition of %s: retrain it with go generate ./definitions", file, id)
	}
}

// Every game ships a model for each choice of its options, so that the
// learned bot plays every shipped game and option without training
// first: the hashes of the models shipped cover every combination of
// option values.
func TestShippedModelsCoverOptions(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	hashes := map[string]bool{}
	files, err := fs.Glob(definitions.Files, "*/"+sim.ShippedModelGlob)
	require.NoError(t, err)
	for _, file := range files {
		b, err := fs.ReadFile(definitions.Files, file)
		require.NoError(t, err)
		var m shippedModel
		require.NoError(t, json.Unmarshal(b, &m), file)
		hashes[m.Hash] = true
	}
	ids, err := src.Games()
	require.NoError(t, err)
	require.NotEmpty(t, ids)
	for _, id := range ids {
		v, err := src.Game(id, load.Options{})
		require.NoError(t, err)
		for _, choices := range optionChoices(load.GameOptions(v)) {
			v, err := src.Game(id, load.Options{Choices: choices})
			require.NoError(t, err)
			g, err := interpreter.Compile(v)
			require.NoError(t, err)
			assert.True(t, hashes[g.Hash()], "%s %s ships no model: add its go:generate line to definitions/models.go", id, strings.Join(choices, " "))
		}
	}
}

// optionChoices is every combination of the options' values, each as
// the NAME=VALUE choices that differ from the defaults (none for the
// game as it ships).
func optionChoices(ops []load.Option) [][]string {
	out := [][]string{nil}
	for _, op := range ops {
		var next [][]string
		for _, c := range out {
			for _, v := range op.Values {
				if v == op.Default {
					next = append(next, c)
				} else {
					next = append(next, append(append([]string(nil), c...), op.Name+"="+v))
				}
			}
		}
		out = next
	}
	return out
}

// A learned bot given a variant of a shipped game trains its model from
// the game's nearest shipped model: the one of the same options.
func TestNearestShippedModel(t *testing.T) {
	files, err := fs.Glob(definitions.Files, "*/"+sim.ShippedModelGlob)
	require.NoError(t, err)
	for _, file := range files {
		b, err := fs.ReadFile(definitions.Files, file)
		require.NoError(t, err)
		require.NoError(t, sim.ShipModel(b))
	}
	src := load.Source{FS: definitions.Files}
	ids, err := src.Games()
	require.NoError(t, err)
	for _, id := range ids {
		variants, err := fs.Glob(definitions.Files, id+"/variants/*.cue")
		require.NoError(t, err)
		require.NotEmpty(t, variants, id)
		variant := strings.TrimSuffix(path.Base(variants[0]), ".cue")
		v, err := src.Game(id, load.Options{})
		require.NoError(t, err)
		for _, choices := range optionChoices(load.GameOptions(v)) {
			v, err := src.Game(id, load.Options{Choices: choices, Variants: []string{variant}})
			require.NoError(t, err)
			g, err := interpreter.Compile(v)
			require.NoError(t, err)
			require.Nil(t, sim.ShippedModel(g), "%s with %s has a model of its own", id, variant)
			m := sim.NearestShippedModel(g)
			require.NotNil(t, m, "%s %v", id, choices)
			assert.Equal(t, id, m.Game)
			assert.ElementsMatch(t, choices, m.Options, "%s with %s and %v", id, variant, choices)
			assert.ElementsMatch(t, choices, g.Options())
		}
	}
}
