package tests

import (
	"encoding/json"
	"io/fs"
	"path"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// Each model shipped beside a definition was trained on that definition
// as it stands: a rule edited without retraining fails here, saying how
// to retrain.
func TestShippedModelsMatch(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	files, err := fs.Glob(definitions.Files, "*/model.json")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no game ships a model")
	for _, file := range files {
		id := path.Dir(file)
		b, err := fs.ReadFile(definitions.Files, file)
		require.NoError(t, err)
		var m struct{ Hash string }
		require.NoError(t, json.Unmarshal(b, &m), file)
		v, err := src.Game(id, load.Options{})
		require.NoError(t, err)
		g, err := interpreter.Compile(v)
		require.NoError(t, err)
		assert.True(t, g.Hash() == m.Hash, "definitions/%s was trained on another definition of %s: retrain it with go generate ./definitions", file, id)
	}
}
