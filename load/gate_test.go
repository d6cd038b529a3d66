package load_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// gatedSource is optionGame with one more file, which sets
// params.bonus: with a gate, it is loaded only for its option value.
func gatedSource(extra string) load.Source {
	return load.Source{FS: fstest.MapFS{
		"g/game.cue":  {Data: []byte(optionGame)},
		"g/extra.cue": {Data: []byte(extra)},
	}}
}

// bonus is the game's params.bonus, or -1 when the game has none.
func bonus(t *testing.T, src load.Source, opt load.Options) int64 {
	t.Helper()
	v, err := src.Game("g", opt)
	require.NoError(t, err)
	p := v.LookupPath(cuePath("params.bonus"))
	if !p.Exists() {
		return -1
	}
	n, err := p.Int64()
	require.NoError(t, err)
	return n
}

func TestGatedFiles(t *testing.T) {
	const large = "@option(size=large)\n\npackage haven\n\ngame: params: bonus: 5\n"
	for _, tc := range []struct {
		name, extra string
		opt         load.Options
		want        int64
	}{
		{"no gate: always loaded", "package haven\ngame: params: bonus: 5\n", load.Options{}, 5},
		{"the default value: left out", large, load.Options{}, -1},
		{"the value chosen by --option", large, load.Options{Choices: []string{"size=large"}}, 5},
		{"the value chosen by --set", large, load.Options{Sets: []string{"options.size.value=large"}}, 5},
		// A --set of a param the file declares is checked against the game
		// with the file.
		{"a param of the file set", "@option(size=large)\npackage haven\ngame: params: bonus: *5 | int\n", load.Options{Sets: []string{"options.size.value=large", "params.bonus=7"}}, 7},
		{"the other value chosen", large, load.Options{Choices: []string{"size=small"}}, -1},
		{"the value a variant gives", large, load.Options{Texts: []load.Text{{Name: "v.cue", Src: "package haven\ngame: options: size: value: \"large\"\n"}}}, 5},
		{"a gate after the package clause", "package haven\n\n@option(size=large)\n\ngame: params: bonus: 5\n", load.Options{Choices: []string{"size=large"}}, 5},
		{"a gate on the default value", "@option(size=small)\npackage haven\ngame: params: bonus: 1\n", load.Options{}, 1},
		{"a gate on the default, another chosen", "@option(size=small)\npackage haven\ngame: params: bonus: 1\n", load.Options{Choices: []string{"size=large"}}, -1},
		{"other attributes are no gate", "@if(x)\npackage haven\ngame: params: bonus: 5\n", load.Options{}, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, bonus(t, gatedSource(tc.extra), tc.opt))
		})
	}
}

func TestGatedFileOfImportingGame(t *testing.T) {
	src := module("package base\n\ntarget: *12 | int\n")
	fsys := src.FS.(fstest.MapFS)
	fsys["x/game.cue"].Data = []byte(string(fsys["x/game.cue"].Data) + "game: options: size: {default: \"small\", values: {small: {}, large: {}}}\n")
	fsys["x/large.cue"] = &fstest.MapFile{Data: []byte("@option(size=large)\npackage haven\ngame: params: target: 20\n")}
	fsys["x/late.cue"] = &fstest.MapFile{Data: []byte("package haven\ngame: params: target: *12 | int\n@option(size=large)\n")}
	_, err := src.Game("x", load.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "defs/x/late.cue:3:1: @option(size=large) gates nothing here")
	delete(fsys, "x/late.cue")
	for choice, want := range map[string]int64{"size=small": 12, "size=large": 20} {
		v, err := src.Game("x", load.Options{Choices: []string{choice}})
		require.NoError(t, err, choice)
		n, _ := v.LookupPath(cuePath("params.target")).Int64()
		assert.Equal(t, want, n, choice)
	}
}

func TestGateErrors(t *testing.T) {
	for _, tc := range []struct{ extra, want string }{
		// Checked on every load, the file left out or not.
		{"@option(sise=large)\npackage haven\n", `g/extra.cue:1:1: unknown option "sise" (did you mean "size"?)`},
		{"@option(size=lareg)\npackage haven\n", `g/extra.cue:1:1: option size has no value "lareg" (did you mean "large"?)`},
		{"package haven\n@option(size)\n", `g/extra.cue:2:1: @option(size): want @option(NAME=VALUE)`},
		{"@option(size=large)\n@option(size=small)\npackage haven\n", `g/extra.cue:2:1: a file belongs to one option value: a second @option`},
		{"package haven\n\ngame: params: bonus: 5\n\n@option(size=large)\n", `g/extra.cue:5:1: @option(size=large) gates nothing here: put it before the package clause`},
	} {
		_, err := gatedSource(tc.extra).Game("g", load.Options{})
		require.Error(t, err, tc.extra)
		assert.Contains(t, err.Error(), tc.want, tc.extra)
	}
	// A variant is no file of the game's folder.
	_, err := gatedSource("package haven\n").Game("g", load.Options{Texts: []load.Text{{Name: "v.cue", Src: "@option(size=large)\npackage haven\n"}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "v.cue:1:1: @option marks a file of the game's folder")
	// A file loaded for its value reports its errors where they are.
	_, err = gatedSource("@option(size=large)\npackage haven\ngame: params: bonus: 1 & 2\n").Game("g", load.Options{Choices: []string{"size=large"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "g/extra.cue:3:")
}
