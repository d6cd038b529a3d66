package load_test

import (
	"path"
	"strings"
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// BenchmarkGame loads a shipped game alone, and with a variant and a
// --set, whose names are checked against the game alone (two more builds).
func BenchmarkGame(b *testing.B) {
	src := load.Source{FS: definitions.Files}
	games, err := src.Games()
	if err != nil || len(games) == 0 {
		b.Fatal(err)
	}
	id := games[len(games)-1]
	variants := src.VariantFiles(id)
	for _, bc := range []struct {
		name string
		opt  load.Options
	}{
		{"alone", load.Options{}},
		{"variant+set", load.Options{Variants: []string{strings.TrimSuffix(path.Base(variants[0]), ".cue")}, Sets: []string{"players.min=2"}}},
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
