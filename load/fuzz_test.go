package load_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// shipped are the files of the shipped definitions, a seed corpus.
func shipped(f *testing.F) []string {
	var out []string
	err := fs.WalkDir(definitions.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && len(p) > 4 && p[len(p)-4:] == ".cue" {
			b, _ := fs.ReadFile(definitions.Files, p)
			out = append(out, string(b))
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	return out
}

// crashers are inputs that once crashed or hung the loader.
var crashers = []string{
	"package haven\ns:\n//\nlet",
	"package haven\ngame: players: max: 50000000\n",
	"package haven\ngame: cards: c: {name: \"C\", kind: \"k\", count: 100000000}\n",
}

// maxFuzzSize bounds a fuzzed source: above the largest shipped file,
// far below the loader's own limit, which guard_test.go checks.
const maxFuzzSize = 64 << 10

// FuzzLoad loads a game made of the test game and one fuzzed file: it
// must return a value or an error, never panic or hang.
func FuzzLoad(f *testing.F) {
	load.Limits.EvalTime = 2 * time.Second
	for _, s := range append(shipped(f), crashers...) {
		f.Add(s)
	}
	f.Add(game)
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzSize {
			return // larger inputs only slow the fuzzer's minimizing down
		}
		_, _ = load.Source{FS: fstest.MapFS{
			"g/game.cue":  {Data: []byte(game)},
			"g/extra.cue": {Data: []byte(src)},
		}}.Game("g", load.Options{})
	})
}

// FuzzOptions applies a fuzzed variant text and a fuzzed --set.
func FuzzOptions(f *testing.F) {
	load.Limits.EvalTime = 2 * time.Second
	f.Add("package haven\ngame: params: target: 6\n", "params.target=3")
	f.Add("package haven\n", "params.target=\"x\"")
	f.Add("package haven\ns:\n//\nlet", "players.max=50000000")
	f.Add("package haven\ngame: flow: []\n", "flow=[]\ngame: x: 1")
	f.Add("", "a.b.c=1, game: flow: []")
	// Patches (patch.go).
	f.Add("package haven\npatch: [{remove: \"cards.coin\"}]\n", "cards.coin.count=2")
	f.Add("package haven\npatch: [{replace: \"params.target\", with: 6}, {insert: {do: \"x\"}, after: \"flow[0]\"}]\n", "flow[0].do=x")
	f.Add("package haven\nlet w = 1\npatch: [{remove: \"cards.coin.name\"}, {replace: \"name\", with: {a: w}}]\n", "scoring.tiebreak[0].name=x")
	f.Add("package haven\npatch: {remove: 1}\npatch: [1, {insert: 2, before: \"cards\"}]\n", `players."max"=3`)
	for _, v := range shipped(f) {
		if strings.Contains(v, "\ngame: params:") || len(v) < 2000 {
			f.Add(v, "params.target=4")
		}
	}
	f.Fuzz(func(t *testing.T, variant, set string) {
		if len(variant)+len(set) > maxFuzzSize {
			return
		}
		_, _ = source().Game("g", load.Options{
			Texts: []load.Text{{Name: "fuzz.cue", Src: variant}},
			Sets:  []string{set},
		})
	})
}
