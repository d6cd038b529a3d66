package load_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"cuelang.org/go/cue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// patchGame fixes values a unification cannot change: a card's count, a
// param without a default, steps of the flow and the setup.
const patchGame = `package haven

let coins = {coin: {name: "Coin", kind: "money", count: 3}}

game: {
	id: "p"
	name: "P"
	players: {min: 2, max: 4}
	params: {target: 12, bonus: *2 | int & >=0}
	cards: coins
	cards: gem: {name: "Gem", kind: "money", count: 1}
	cards: {for k in ["ore"] {(k): {name: "Ore", kind: "raw", count: 2}}}
	setup: [{do: "a"}, {name: "deal", do: "b"}]
	flow: [{turn: {player: "0", actions: ["buy", "pass"]}}]
	scoring: {score: "0", tiebreak: [], estimate: "1"}
	bots: prefer: {buy: "1", pass: "0"}
}
`

func patchSource(variants map[string]string) load.Source {
	fs := fstest.MapFS{"p/game.cue": {Data: []byte(patchGame)}}
	for name, src := range variants {
		fs["p/variants/"+name+".cue"] = &fstest.MapFile{Data: []byte("package haven\n\n" + src)}
	}
	return load.Source{FS: fs}
}

func show(t *testing.T, v cue.Value, path string) string {
	t.Helper()
	x := v.LookupPath(cue.ParsePath(path))
	if !x.Exists() {
		return "-"
	}
	if d, ok := x.Default(); ok {
		x = d
	}
	return fmt.Sprint(x)
}

// TestPatch checks each edit on the value it changes.
func TestPatch(t *testing.T) {
	for _, tc := range []struct {
		name, patch string
		path, want  string
	}{
		{"remove a card written through a let", `{remove: "cards.coin"}`, "cards.coin", "-"},
		{"remove leaves the others", `{remove: "cards.coin"}`, "cards.gem.count", "1"},
		{"replace a fixed count", `{replace: "cards.gem.count", with: 4}`, "cards.gem.count", "4"},
		{"replace a count written through a let", `{replace: "cards.coin.count", with: 0}`, "cards.coin.count", "0"},
		{"replace a fixed param", `{replace: "params.target", with: 6}`, "params.target", "6"},
		{"replace a default", `{replace: "params.bonus", with: 5}`, "params.bonus", "5"},
		{"replace the estimate", `{replace: "scoring.estimate", with: "2"}`, "scoring.estimate", `"2"`},
		{"replace a policy entry", `{replace: "bots.prefer.buy", with: "2"}`, "bots.prefer.buy", `"2"`},
		{"remove a policy entry", `{remove: "bots.prefer.pass"}`, "bots.prefer.pass", "-"},
		{"replace a field the game leaves to the schema", `{replace: "cards.gem.text", with: "shiny"}`, "cards.gem.text", `"shiny"`},
		{"remove a step by name", `{remove: "setup.deal"}`, "setup", `[{
	do: "a"
}]`},
		{"remove a step by index", `{remove: "setup[0]"}`, "setup[0].do", `"b"`},
		{"replace a step", `{replace: "setup.deal", with: {do: "c"}}`, "setup[1].do", `"c"`},
		{"replace a field of a step", `{replace: "setup.deal.do", with: "c"}`, "setup[1].do", `"c"`},
		{"insert before", `{insert: {do: "c"}, before: "setup.deal"}`, "setup[1].do", `"c"`},
		{"insert after", `{insert: {do: "c"}, after: "setup.deal"}`, "setup[2].do", `"c"`},
		{"insert after the first", `{insert: {do: "c"}, after: "setup[0]"}`, "setup[1].do", `"c"`},
		{"remove an action of a turn by its id", `{remove: "flow[0].turn.actions.pass"}`, "flow[0].turn.actions", `["buy"]`},
		{"insert an action into a turn", `{insert: "sell", after: "flow[0].turn.actions.buy"}`, "flow[0].turn.actions", `["buy", "sell", "pass"]`},
		{"a leading game. is accepted", `{replace: "game.params.target", with: 6}`, "params.target", "6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := patchSource(map[string]string{"x": "patch: [" + tc.patch + "]\n"}).Game("p", load.Options{Variants: []string{"x"}})
			require.NoError(t, err)
			assert.Equal(t, tc.want, show(t, v, tc.path))
		})
	}
}

// TestPatchValueReadsTheVariant checks that a value a patch brings may
// refer to the variant's own names, and is positioned in the variant.
func TestPatchValueReadsTheVariant(t *testing.T) {
	v, err := patchSource(map[string]string{"x": `let word = "c"
patch: [{insert: {do: word}, after: "setup.deal"}]
`}).Game("p", load.Options{Variants: []string{"x"}})
	require.NoError(t, err)
	x := v.LookupPath(cue.ParsePath("setup[2].do"))
	assert.Equal(t, `"c"`, fmt.Sprint(x))
	assert.Equal(t, "p/variants/x.cue:3", fmt.Sprintf("%s:%d", x.Pos().Filename(), x.Pos().Line()))
}

// TestPatchKeepsBounds checks that a replaced default keeps the game's
// bounds on it.
func TestPatchKeepsBounds(t *testing.T) {
	_, err := patchSource(map[string]string{"x": `patch: [{replace: "params.bonus", with: -1}]`}).Game("p", load.Options{Variants: []string{"x"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "invalid value -1 (out of bound >=0)")
}

// TestPatchVariantAfter checks that the variant's own game is unified
// with the patched definition: a card whose count was replaced takes a
// text, a removed one can be declared anew.
func TestPatchVariantAfter(t *testing.T) {
	v, err := patchSource(map[string]string{"x": `patch: [{replace: "cards.gem.count", with: 5}, {remove: "cards.coin"}]
game: cards: gem: text: "shiny"
game: cards: coin: {name: "New coin", kind: "money"}
`}).Game("p", load.Options{Variants: []string{"x"}})
	require.NoError(t, err)
	assert.Equal(t, "5", show(t, v, "cards.gem.count"))
	assert.Equal(t, `"shiny"`, show(t, v, "cards.gem.text"))
	assert.Equal(t, `"New coin"`, show(t, v, "cards.coin.name"))
	assert.Equal(t, "1", show(t, v, "cards.coin.count"))
}

// TestPatchErrors checks that every mistake in a patch is one line at
// the variant's position, with the closest name.
func TestPatchErrors(t *testing.T) {
	const at = "p/variants/x.cue:4:"
	for _, tc := range []struct{ name, patch, want string }{
		{"misspelt card", `{remove: "cards.gme"}`, at + `11: remove cards.gme: cards has no field "gme" (did you mean "gem"?)`},
		{"misspelt field", `{replace: "cards.gem.cont", with: 2}`, at + `12: replace cards.gem.cont: cards.gem has no field "cont" (did you mean "count"?)`},
		{"misspelt step", `{remove: "setup.dael"}`, at + `11: remove setup.dael: setup has no entry named "dael" (did you mean "deal"?)`},
		{"index past the end", `{remove: "setup[2]"}`, at + `11: remove setup[2]: setup has 2 entries, [0] to [1]: there is no [2]`},
		{"index into a struct", `{remove: "cards[0]"}`, at + `11: remove cards[0]: cards is a struct, not a list: it has no [0]`},
		{"below a value", `{remove: "params.target.x"}`, at + `11: remove params.target.x: params.target is a value, not a struct or a list: it has no "x"`},
		{"misspelt op", `{remvoe: "cards.gem"}`, at + `3: unknown field "remvoe" of an edit (did you mean "remove"?)`},
		{"a value, not a field", `{"cards.gem"}`, at + `3: an edit holds only the fields remove, replace, with, insert, before, after`},
		{"two ops", `{remove: "cards.gem", replace: "cards.coin", with: 1}`, at + `2: an edit does one of remove, replace or insert; found remove and replace`},
		{"replace without with", `{replace: "cards.gem.count"}`, at + `2: replace needs with, the new value`},
		{"insert without a place", `{insert: {do: "c"}}`, at + `2: insert needs one of before or after: the entry it goes beside ("flow.deal", "setup[0]")`},
		{"insert beside a field", `{insert: {do: "c"}, after: "cards.gem"}`, at + `29: insert cards.gem: cards.gem is not an entry of a list: insert puts an entry before or after another (flow.NAME, setup[0])`},
		{"with on remove", `{remove: "cards.gem", with: 1}`, at + `24: with belongs to replace, not to remove`},
		{"path not text", `{remove: cards}`, at + `11: remove: want a path, as text: "cards.NAME", "flow[2]", "effects.NAME.do.STEP"`},
		{"bad path", `{remove: "cards..gem"}`, at + `11: path "cards..gem": "" is not a name; a path is names joined by dots, relative to game, e.g. params.NAME, cards.NAME.count, flow[2]`},
		{"a card made by a comprehension", `{remove: "cards.ore"}`, at + `11: remove cards.ore: cards.ore is made by the comprehension at p/game.cue:12:28: a patch cannot change one of the values it makes`},
		{"a value written inside a comprehension", `{replace: "cards.ore.count", with: 1}`, at + `12: replace cards.ore.count: cards.ore.count is written inside the comprehension at p/game.cue:12:10, which makes many values: a patch cannot change one of them`},
		{"nothing to remove", `{remove: "cards.gem.text"}`, at + `11: remove cards.gem.text: the game does not write cards.gem.text: there is nothing to remove`},
		{"a default of the schema", `{remove: "players.min"}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := patchSource(map[string]string{"x": "patch: [\n\t" + tc.patch + ",\n]\n"}).Game("p", load.Options{Variants: []string{"x"}})
			if tc.want == "" {
				require.Error(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}

// TestSetReplaces checks that a --set reaches the paths a patch does and
// replaces a value the game fixed.
func TestSetReplaces(t *testing.T) {
	for _, tc := range []struct{ set, path, want string }{
		{"cards.gem.count=4", "cards.gem.count", "4"},
		{"params.target=6", "params.target", "6"},
		{"setup.deal.do=c", "setup[1].do", `"c"`},
		{"setup[0].do=c", "setup[0].do", `"c"`},
		{`scoring.estimate="2"`, "scoring.estimate", `"2"`},
	} {
		v, err := patchSource(nil).Game("p", load.Options{Sets: []string{tc.set}})
		require.NoError(t, err, tc.set)
		assert.Equal(t, tc.want, show(t, v, tc.path), tc.set)
	}
	_, err := patchSource(nil).Game("p", load.Options{Sets: []string{"setup.dael.do=c"}})
	require.Error(t, err)
	assert.Equal(t, `--set setup.dael.do=c: replace setup.dael.do: setup has no entry named "dael" (did you mean "deal"?)`, err.Error())
	_, err = patchSource(nil).Game("p", load.Options{Sets: []string{"params.bonus=-1"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "out of bound >=0")
}

// TestPatchInImportedPackage checks a patch on a value an imported package
// writes: a count of Rotterdam's lib package, through the game's files.
func TestPatchInImportedPackage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte("package haven\n\n"+src), 0o644))
		return p
	}
	defs := load.Dir(filepath.Join("..", "definitions"))
	ok := write("ok.cue", `patch: [{replace: "cards.la-chance-tourne.count", with: 1}]`)
	v, err := defs.Game("rotterdam", load.Options{Variants: []string{ok}})
	require.NoError(t, err)
	assert.Equal(t, "1", show(t, v, `cards."la-chance-tourne".count`))
	// A value written out may go into a list of the package...
	lit := write("lit.cue", "patch: [{replace: \"boards.main.edges[0].str.color\", with: \"white\"}]\n")
	v, err = defs.Game("rotterdam", load.Options{Variants: []string{lit}})
	require.NoError(t, err)
	assert.Equal(t, `"white"`, show(t, v, "boards.main.edges[0].str.color"))
	// ...but it cannot see the variant's names.
	named := write("named.cue", "let w = \"white\"\npatch: [{replace: \"boards.main.edges[0].str.color\", with: w}]\n")
	_, err = defs.Game("rotterdam", load.Options{Variants: []string{named}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), named+`:4:59: replace boards.main.edges[0].str.color: boards.main.edges[0].str.color is written in `)
	assert.Contains(t, err.Error(), `a package the game imports, which cannot see the variant's names: write the value out`)
}

// TestConflictSaysHowToReplace checks that a variant giving a value the
// game fixed is told, at its own line, where the value is fixed and the
// patch that replaces it.
func TestConflictSaysHowToReplace(t *testing.T) {
	src := patchSource(map[string]string{"x": "game: cards: gem: count: 2\n", "six": "game: params: target: 6\n"})
	_, err := src.Game("p", load.Options{Variants: []string{"x"}})
	require.Error(t, err)
	assert.Equal(t, `p/variants/x.cue:3:26: game.cards.gem.count: conflicting values 2 and 1: fixed at p/game.cue:11:50; a variant replaces a fixed value with patch: [{replace: "cards.gem.count", with: 2}]`, err.Error())
	// Through a let, the path is still the game's.
	src = patchSource(map[string]string{"x": "game: cards: coin: count: 2\n"})
	_, err = src.Game("p", load.Options{Variants: []string{"x"}})
	require.Error(t, err)
	assert.Equal(t, `p/variants/x.cue:3:27: game.cards.coin.count: conflicting values 3 and 2: fixed at p/game.cue:3:57; a variant replaces a fixed value with patch: [{replace: "cards.coin.count", with: 2}]`, err.Error())
	// A --set replaces the game's value, not a variant's.
	src = patchSource(map[string]string{"six": "game: params: target: 6\n"})
	_, err = src.Game("p", load.Options{Variants: []string{"six"}, Sets: []string{"params.target=7"}})
	require.Error(t, err)
	assert.Equal(t, `--set params.target=7: game.params.target: conflicting values 7 and 6: fixed at p/variants/six.cue:3:23, by a variant given with the --set`, err.Error())
}

// TestDisjunctionHeadingFirst checks that CUE's heading of the ways a
// disjunction failed prints before them, at their position.
func TestDisjunctionHeadingFirst(t *testing.T) {
	_, err := patchSource(map[string]string{"x": "game: params: bonus: \"many\"\n"}).Game("p", load.Options{Variants: []string{"x"}})
	require.Error(t, err)
	assert.Equal(t, `p/variants/x.cue:3:22: game.params.bonus: 2 errors in empty disjunction:
p/variants/x.cue:3:22: game.params.bonus: conflicting values "many" and 2 (mismatched types string and int)
p/variants/x.cue:3:22: game.params.bonus: conflicting values "many" and int (mismatched types string and int)`, err.Error())
}

// TestScoped checks that a Scoped variant applies only to the game it
// belongs to, as haven serve loads every game with the same options.
func TestScoped(t *testing.T) {
	src := patchSource(map[string]string{"six": "game: params: bonus: 6\n"})
	fs := src.FS.(fstest.MapFS)
	fs["g/game.cue"] = &fstest.MapFile{Data: []byte(game)}
	fs["g/variants/fast.cue"] = &fstest.MapFile{Data: []byte("package haven\ngame: params: target: 6\n")}
	opt := load.Options{Variants: []string{"six", "fast", "./any.cue", "defs/g/variants/x.cue"}, Scoped: true}
	assert.Equal(t, []string{"six", "./any.cue"}, src.For("p", opt).Variants)
	assert.Equal(t, []string{"fast", "./any.cue", "defs/g/variants/x.cue"}, src.For("g", opt).Variants)
	assert.Equal(t, opt.Variants, src.For("g", load.Options{Variants: opt.Variants}).Variants, "unscoped")
	opt.Variants = []string{"six", "fast"}
	v, err := src.Game("p", opt)
	require.NoError(t, err)
	assert.Equal(t, "6", show(t, v, "params.bonus"))
	v, err = src.Game("g", opt)
	require.NoError(t, err)
	assert.Equal(t, "6", show(t, v, "params.target"))
	require.NoError(t, src.CheckScoped(opt))
	assert.EqualError(t, src.CheckScoped(load.Options{Variants: []string{"fats"}}), `variant "fats": no game ships a variant of that name (did you mean "fast"?); a file is given by its path (./fats.cue)`)
}

// TestPatchInTheGame checks that a patch list in a game's own file is
// refused, rather than taken for data.
func TestPatchInTheGame(t *testing.T) {
	src := patchSource(nil)
	src.FS.(fstest.MapFS)["p/more.cue"] = &fstest.MapFile{Data: []byte("package haven\n\npatch: [{remove: \"cards.gem\"}]\n")}
	_, err := src.Game("p", load.Options{})
	require.Error(t, err)
	assert.Equal(t, `p/more.cue:3:1: patch belongs in a variant (the game's variants/ folder): a game's own files write its definition as it is`, err.Error())
}
