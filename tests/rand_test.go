package tests

import (
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// freshSeeds are the only files outside the tests (tests/ and the
// _test.go files) that may use the standard library's generators: they
// draw a new seed when the user gives none, which nothing replays. Everything seeded (the games, the bots,
// the samples of what a seat cannot see) draws from the engine's own
// generator (interpreter.Rand), whose algorithms do not change with the
// Go release.
var freshSeeds = []string{"cmd/haven/seed.go", "web/table.go"}

// TestOnlyFreshSeedsUseMathRand checks that no other non-test file
// imports math/rand or math/rand/v2.
func TestOnlyFreshSeedsUseMathRand(t *testing.T) {
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	var found []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || path == filepath.Join(root, "tests") || strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		if err != nil {
			return err
		}
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(path, name), nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				if s, _ := strconv.Unquote(imp.Path.Value); s == "math/rand" || s == "math/rand/v2" {
					rel, _ := filepath.Rel(root, filepath.Join(path, name))
					found = append(found, filepath.ToSlash(rel))
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, found, "the files that draw fresh seeds are not where this test looks")
	slices.Sort(found)
	assert.Equal(t, freshSeeds, found, "use interpreter.Rand (the engine's own generator) for anything seeded")
}
