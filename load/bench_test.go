package load_test

import (
	"cmp"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// BenchmarkGame loads a shipped game alone; with a variant and a --set,
// whose names are checked against the game alone (two more builds; the
// --set replaces a value the game writes, a patch); and with a variant
// that patches the game (patch.go).
func BenchmarkGame(b *testing.B) {
	src := load.Source{FS: definitions.Files}
	games, err := src.Games()
	if err != nil || len(games) == 0 {
		b.Fatal(err)
	}
	id := games[len(games)-1]
	var unified, patched string
	for _, f := range src.VariantFiles(id) {
		b, err := fs.ReadFile(src.FS, f)
		if err != nil {
			continue
		}
		name := strings.TrimSuffix(path.Base(f), ".cue")
		if strings.Contains(string(b), "\npatch:") {
			patched = cmp.Or(patched, name)
		} else {
			unified = cmp.Or(unified, name)
		}
	}
	if unified == "" || patched == "" {
		b.Fatalf("%s ships no variant of each kind", id)
	}
	for _, bc := range []struct {
		name string
		opt  load.Options
	}{
		{"alone", load.Options{}},
		{"variant+set", load.Options{Variants: []string{unified}, Sets: []string{"players.min=2"}}},
		{"patch", load.Options{Variants: []string{patched}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := src.Game(id, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
