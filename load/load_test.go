package load_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"cuelang.org/go/cue"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

const game = `package haven

game: {
	id: "g"
	name: "G"
	players: {min: 2, max: 4}
	params: target: *12 | int
	flow: []
	scoring: {score: "0", tiebreak: []}
}
`

func source() load.Source {
	return load.Source{FS: fstest.MapFS{
		"g/game.cue":          {Data: []byte(game)},
		"g/variants/fast.cue": {Data: []byte("package haven\ngame: params: target: 6\n")},
	}}
}

func TestGames(t *testing.T) {
	ids, err := source().Games()
	require.NoError(t, err)
	assert.Equal(t, []string{"g"}, ids)
	assert.Equal(t, []string{"g/variants/fast.cue"}, source().VariantFiles("g"))
}

func TestVariantsAndSets(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  load.Options
		want int64
	}{
		{"defaults", load.Options{}, 12},
		{"shipped variant by name", load.Options{Variants: []string{"fast"}}, 6},
		{"set", load.Options{Sets: []string{"params.target=15"}}, 15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := source().Game("g", tc.opt)
			require.NoError(t, err)
			n, err := v.LookupPath(cuePath("params.target")).Int64()
			require.NoError(t, err)
			assert.Equal(t, tc.want, n)
		})
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cue")
	require.NoError(t, os.WriteFile(bad, []byte("package haven\ngame: players: max: 1\n"), 0o644))
	for _, tc := range []struct {
		name string
		id   string
		opt  load.Options
		want string
	}{
		{"unknown game", "nope", load.Options{}, `unknown game "nope" (games: g)`},
		{"bad --set", "g", load.Options{Sets: []string{"params.target"}}, `--set "params.target": want path=value`},
		{"conflicting --set", "g", load.Options{Sets: []string{"name=\"H\""}}, `game.name: conflicting values "H" and "G"`},
		{"variant breaking the schema", "g", load.Options{Variants: []string{bad}}, bad + `:2:21: game.players.max: conflicting values 1 and 4`},
		{"missing variant", "g", load.Options{Variants: []string{"slow"}}, `variant "slow": no such file, nor a variant of g`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := source().Game(tc.id, tc.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func cuePath(p string) cue.Path { return cue.ParsePath(p) }
