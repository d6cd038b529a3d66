package load_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// module is a definitions folder that is a CUE module: the game "x"
// imports the shared package lib/base, and "lib" is no game.
func module(lib string) load.Source {
	return load.Source{FS: fstest.MapFS{
		"cue.mod/module.cue": {Data: []byte("module: \"example.org/defs@v0\"\nlanguage: version: \"v0.15.1\"\n")},
		"lib/base/base.cue":  {Data: []byte(lib)},
		"x/game.cue": {Data: []byte(`package haven

import "example.org/defs/lib/base"

game: {
	id: "x"
	name: "X"
	players: {min: 2, max: 4}
	params: target: base.target
	flow: []
	scoring: {score: "0", tiebreak: []}
}
`)},
		"x/variants/fast.cue": {Data: []byte("package haven\ngame: params: target: 6\n")},
	}, Prefix: "defs"}
}

func TestImportSharedPackage(t *testing.T) {
	src := module("package base\n\ntarget: *12 | int\n")
	ids, err := src.Games()
	require.NoError(t, err)
	assert.Equal(t, []string{"x"}, ids, "neither cue.mod nor a library folder is a game")

	v, err := src.Game("x", load.Options{})
	require.NoError(t, err)
	n, _ := v.LookupPath(cuePath("params.target")).Int64()
	assert.Equal(t, int64(12), n)

	v, err = src.Game("x", load.Options{Variants: []string{"fast"}})
	require.NoError(t, err)
	n, _ = v.LookupPath(cuePath("params.target")).Int64()
	assert.Equal(t, int64(6), n, "a variant still unifies with an importing game")
}

func TestImportErrorPointsIntoPackage(t *testing.T) {
	_, err := module("package base\n\ntarget: \"twelve\" & 12\n").Game("x", load.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "defs/lib/base/base.cue:3:")
}

func TestImportUnknownPackage(t *testing.T) {
	src := module("package base\n")
	fs := src.FS.(fstest.MapFS)
	fs["x/game.cue"].Data = []byte("package haven\n\nimport \"example.org/defs/lib/nothing\"\n\ngame: nothing.x\n")
	_, err := src.Game("x", load.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lib/nothing")
}

// The shipped definitions are a module on disk too: --defs DIR resolves a
// game's imports as the embedded copy does, and names files under DIR.
func TestImportFromDisk(t *testing.T) {
	dir := t.TempDir()
	src := module("package base\n\ntarget: \"twelve\" & 12\n")
	for name, f := range src.FS.(fstest.MapFS) {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), f.Data, 0o644))
	}
	_, err := load.Dir(dir).Game("x", load.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(dir, "lib", "base", "base.cue")+":3:")
}

// A variant may import a standard package and the module's own packages,
// whether it is shipped with the game or given by its text (a save's).
func TestVariantImports(t *testing.T) {
	src := module("package base\n\ntarget: *12 | int\nshort: 4\n")
	fs := src.FS.(fstest.MapFS)
	text := "package haven\n\nimport (\n\t\"list\"\n\t\"example.org/defs/lib/base\"\n)\n\ngame: params: target: list.Sum([base.short, 3])\n"
	fs["x/variants/lib.cue"] = &fstest.MapFile{Data: []byte(text)}
	for name, opt := range map[string]load.Options{
		"shipped": {Variants: []string{"lib"}},
		"text":    {Texts: []load.Text{{Name: "house.cue", Src: text}}},
	} {
		v, err := src.Game("x", opt)
		require.NoError(t, err, name)
		n, _ := v.LookupPath(cuePath("params.target")).Int64()
		assert.Equal(t, int64(7), n, name)
	}

	bad := "package haven\n\nimport \"example.org/defs/lib/nothing\"\n\ngame: params: target: nothing.x\n"
	_, err := src.Game("x", load.Options{Texts: []load.Text{{Name: "house.cue", Src: bad}}})
	require.Error(t, err)
	// One line, at the import, in the designer's words.
	assert.Equal(t, `house.cue:3:8: package "example.org/defs/lib/nothing" not found`, err.Error())
}

// The game's own files are parsed side by side before cue/load reads
// them: a position in one still names it under the Source's prefix, and
// a file that does not parse is reported by cue/load's reading of it.
func TestImportingGameOwnFiles(t *testing.T) {
	for _, tc := range []struct {
		name, file, src, want string
	}{
		{"evaluation error", "x/more.cue", "package haven\n\ngame: summary: 3\n", "defs/x/more.cue:3:"},
		{"syntax error", "x/more.cue", "package haven\n\ngame: name: (\n", "defs/x/more.cue:3:"},
	} {
		src := module("package base\n\ntarget: *12 | int\n")
		src.FS.(fstest.MapFS)[tc.file] = &fstest.MapFile{Data: []byte(tc.src)}
		_, err := src.Game("x", load.Options{})
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
	}
}

// TestFolders lists the folders a game is read from: its own and those
// of the packages it imports, through another package too.
func TestFolders(t *testing.T) {
	src := module("package base\n\nimport \"example.org/defs/lib/deep:deep\"\n\ntarget: deep.n\n")
	src.FS.(fstest.MapFS)["lib/deep/deep.cue"] = &fstest.MapFile{Data: []byte("package deep\n\nimport \"strings\"\n\nn: len(strings.Split(\"a b\", \" \"))\n")}
	assert.Equal(t, []string{"x", "lib/base", "lib/deep"}, src.Folders("x"))

	shipped := load.Source{FS: os.DirFS("../definitions")}
	assert.Equal(t, []string{"masters-of-trade", "lib/rotterdam"}, shipped.Folders("masters-of-trade"))
	assert.Equal(t, []string{"mainports"}, shipped.Folders("mainports"), "a game that imports only CUE's standard library")
}

// A file at the module's root (the schema saved there for editors) is no
// part of a game: cue/load would read it as part of every package haven
// below it.
func TestImportIgnoresModuleRoot(t *testing.T) {
	src := module("package base\n\ntarget: *12 | int\n")
	src.FS.(fstest.MapFS)["schema.cue"] = &fstest.MapFile{Data: []byte("package haven\n\ngame: players: max: 1\n")}
	v, err := src.Game("x", load.Options{})
	require.NoError(t, err)
	n, _ := v.LookupPath(cuePath("players.max")).Int64()
	assert.Equal(t, int64(4), n)
}
