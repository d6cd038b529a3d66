package load_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	cards: coin: {name: "Coin", kind: "money"}
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
		{"misspelt game", "gg", load.Options{}, `unknown game "gg" (did you mean "g"?)`},
		{"bad --set", "g", load.Options{Sets: []string{"params.target"}}, `--set "params.target": want PATH=VALUE, e.g. params.NAME=3`},
		{"--set against a variant's fixed value", "g", load.Options{Variants: []string{"fast"}, Sets: []string{"params.target=7"}}, `conflicting values`},
		{"variant breaking the schema", "g", load.Options{Variants: []string{bad}}, bad + `:2:21: game.players.max: conflicting values 1 and 4`},
		{"missing variant", "g", load.Options{Variants: []string{"slow"}}, `variant "slow": g ships no variant of that name (shipped: fast); a file is given by its path (./slow.cue)`},
		{"misspelt variant", "g", load.Options{Variants: []string{"fats"}}, `variant "fats": g ships no variant of that name (did you mean "fast"?); a file is given by its path (./fats.cue)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := source().Game(tc.id, tc.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func cuePath(p string) cue.Path { return cue.ParsePath(p) }

// TestTypos checks that a misspelt name in a variant or a --set is an
// error with the closest declared name, at the place it was written.
func TestTypos(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte("package haven\n"+src), 0o644))
		return p
	}
	typo := write("typo.cue", "game: params: traget: 6\n")
	field := write("field.cue", "game: plyers: max: 3\n")
	entry := write("entry.cue", "game: cards: con: count: 2\n")
	added := write("added.cue", "game: newParams: bonus: *2 | int\ngame: params: target: 3\n")
	for _, tc := range []struct {
		name string
		opt  load.Options
		want string
	}{
		{"variant param", load.Options{Variants: []string{typo}}, typo + `:2:23: unknown param "traget" (did you mean "target"?)`},
		{"variant field", load.Options{Variants: []string{field}}, field + `:2:7: game.plyers: field not allowed (did you mean "players"?)`},
		{"new entry close to one of the game's", load.Options{Variants: []string{entry}}, `g: game.cards.con.kind: incomplete value =~"^[a-z][a-z0-9_-]*$" (a new entry of cards; did you mean "coin"?)`},
		{"--set param", load.Options{Sets: []string{"params.traget=3"}}, `--set params.traget=3: unknown param "traget" (did you mean "target"?)`},
		{"--set param, nothing close", load.Options{Sets: []string{"params.zzz=3"}}, `--set params.zzz=3: unknown param "zzz" (params: target; a variant declares a new param under newParams)`},
		{"--set field", load.Options{Sets: []string{"plyers.max=3"}}, `--set plyers.max=3: game has no field "plyers" (did you mean "players"?)`},
		{"--set of a param without params.", load.Options{Sets: []string{"target=3"}}, `--set target=3: game has no field "target" (did you mean "params.target"?)`},
		{"--set of a misspelt param without params.", load.Options{Sets: []string{"traget=3"}}, `--set traget=3: game has no field "traget" (did you mean "params.target"?)`},
		{"--set nested field", load.Options{Sets: []string{"players.mx=3"}}, `--set players.mx=3: game.players has no field "mx" (did you mean "max"?)`},
		{"--set below a value", load.Options{Sets: []string{"params.target.x=3"}}, `--set params.target.x=3: game.params.target is a value, not a struct: it has no field "x"`},
		{"--set CUE syntax", load.Options{Sets: []string{"params.target={a: 1}"}}, `--set params.target={a: 1}: the value must be a number, true, false or plain text; "{" is CUE syntax (write a variant file for more than one value)`},
		{"--set newline", load.Options{Sets: []string{"name=a\nb"}}, `--set "name=a\nb": the value must be one line of plain text`},
		{"--set bad path", load.Options{Sets: []string{"params.a b=3"}}, `--set params.a b=3: path "params.a b": "a b" is not a name; a path is names joined by dots, relative to game, e.g. params.NAME, cards.NAME.count, flow[2]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := source().Game("g", tc.opt)
			require.Error(t, err)
			assert.Equal(t, tc.want, firstLine(err.Error()))
		})
	}
	// An optional field the game leaves out may be set.
	_, err := source().Game("g", load.Options{Sets: []string{"summary=Short"}})
	require.NoError(t, err)
	// A param a variant declares under newParams may be set.
	v, err := source().Game("g", load.Options{Variants: []string{added}, Sets: []string{"params.bonus=5"}})
	require.NoError(t, err)
	n, _ := v.LookupPath(cuePath("params.bonus")).Int64()
	assert.Equal(t, int64(5), n)
}

// TestSetValues checks that --set takes plain values, relative to game.
func TestSetValues(t *testing.T) {
	for _, tc := range []struct{ set, path, want string }{
		{"params.target=15", "params.target", "15"},
		{"game.params.target=15", "params.target", "15"},
		{"name=Short game", "name", `"Short game"`},
		{`name="3"`, "name", `"3"`},
	} {
		src := load.Source{FS: fstest.MapFS{"g/game.cue": {Data: []byte(strings.Replace(game, `name: "G"`, `name: *"G" | string`, 1))}}}
		v, err := src.Game("g", load.Options{Sets: []string{tc.set}})
		require.NoError(t, err, tc.set)
		assert.Equal(t, tc.want, fmt.Sprint(v.LookupPath(cuePath(tc.path))), tc.set)
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// A game that only a --set completes (a param with no default) still
// loads with it; its names cannot be checked against the game alone.
func TestSetCompletes(t *testing.T) {
	src := load.Source{FS: fstest.MapFS{"g/game.cue": {Data: []byte(strings.Replace(game, "target: *12 | int", "target: int", 1))}}}
	_, err := src.Game("g", load.Options{})
	require.Error(t, err)
	v, err := src.Game("g", load.Options{Sets: []string{"params.target=7"}})
	require.NoError(t, err)
	n, _ := v.LookupPath(cuePath("params.target")).Int64()
	assert.Equal(t, int64(7), n)
}

// The files of a game are parsed side by side; their errors are still
// reported all, in the files' order.
func TestParseErrorsInFileOrder(t *testing.T) {
	src := source()
	fs := src.FS.(fstest.MapFS)
	fs["g/a.cue"] = &fstest.MapFile{Data: []byte("package haven\n\ngame: (\n")}
	fs["g/b.cue"] = &fstest.MapFile{Data: []byte("package haven\n\ngame: ]\n")}
	fs["g/c.cue"] = &fstest.MapFile{Data: []byte("package other\n")}
	_, err := src.Game("g", load.Options{})
	require.Error(t, err)
	msg := err.Error()
	a, b, c := strings.Index(msg, "g/a.cue:"), strings.Index(msg, "g/b.cue:"), strings.Index(msg, "g/c.cue:1:1: want `package haven`")
	require.True(t, a >= 0 && b >= 0 && c >= 0, msg)
	assert.Less(t, a, b, msg)
	assert.Less(t, b, c, msg)
}

// A game's id is its folder's name: a game whose id says otherwise is
// refused at the id, with both names.
func TestIDIsTheFolder(t *testing.T) {
	src := load.Source{FS: fstest.MapFS{"race/game.cue": {Data: []byte(game)}}}
	_, err := src.Game("race", load.Options{})
	require.Error(t, err)
	assert.Equal(t, `race/game.cue:4:6: id "g": the game's folder is "race": a game's id is its folder's name; rename one`, err.Error())
	_, err = source().Game("g", load.Options{})
	assert.NoError(t, err)
}
