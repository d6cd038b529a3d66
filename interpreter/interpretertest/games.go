package interpretertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// The games below are shared by the tests of several packages (compile,
// runtime and the public entry): a _test.go file cannot be.

// Tiny is a complete small game: players take one coin each turn until
// someone has three.
const Tiny = `package haven

game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 3}
	params: target: *3 | int
	playerVars: coins: 0
	flow: [{while: "true", loop: [
		{each: "seats(0)", as: "p", loop: [
			{turn: {player: "p", actions: ["take", "pass"]}},
			{if: "pget(p, 'coins') >= params.target", then: [{end: "three coins"}]},
		]},
	]}]
	actions: {
		take: {
			params: n: {type: "int", from: "[1, 2]"}
			when: "you may take 2 only with no coin": "n == 1 || pget(me, 'coins') == 0"
			do: [{do: "padd(me, 'coins', n)"}]
		}
		pass: {}
	}
	scoring: {
		score: "pget(me, 'coins')"
		tiebreak: []
	}
}
`

// Small has one of everything the fast path reads: params, vars, cards
// with num, str and list, a board, pieces and piece vars.
const Small = `package haven

game: {
	id: "small"
	name: "Small"
	players: {min: 2, max: 2}
	params: {n: *3 | int, word: *"a,b" | string, prices: {a: [1, 2, 3], b: [4]}, caps: {a: 2, b: 5}}
	vars: v: 7
	playerVars: pv: 0
	pieceVars: hp: 2
	zones: deck: {}
	cards: {
		one: {name: "One", kind: "k", num: points: 1, str: port: "x", list: needs: ["p", "q"]}
		two: {name: "Two", kind: "k", count: 2}
	}
	boards: b: {
		nodes: {x: {kind: "port", num: depth: 1}, y: {kind: "sea"}}
		edges: [{from: "x", to: "y", str: color: "red"}]
	}
	pieces: pawn: perPlayer: "1"
	setup: [{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]}]
	flow: [{turn: {player: "0", actions: ["pass"]}}]
	actions: pass: {}
	scoring: {score: "0", tiebreak: []}
}
`

// Load writes files (name → text) into a game folder named id and loads
// and compiles it: the error is the load's or the compiler's.
func Load(t testing.TB, id string, files map[string]string) (*interpreter.Game, error) {
	t.Helper()
	v, err := loadValue(t, id, files)
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}

// LoadRuntime is Load for the tests of the machine: the compiled game as
// package runtime has it, fields and all, not behind the public entry.
func LoadRuntime(t testing.TB, id string, files map[string]string) (*runtime.Game, error) {
	t.Helper()
	v, err := loadValue(t, id, files)
	if err != nil {
		return nil, err
	}
	return compile.Compile(v)
}

func loadValue(t testing.TB, id string, files map[string]string) (cue.Value, error) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, id), 0o755))
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, id, name), []byte(text), 0o644))
	}
	return load.Source{FS: os.DirFS(dir)}.Game(id, load.Options{})
}

// SmallGame compiles Small and starts it for two players, seed 1.
func SmallGame(t testing.TB) (*interpreter.Game, *interpreter.State) {
	t.Helper()
	g, err := Load(t, "small", map[string]string{"game.cue": Small})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	return g, st
}

// ReplaceOnce returns s with its first from replaced by to; from must be
// in s.
func ReplaceOnce(t testing.TB, s, from, to string) string {
	t.Helper()
	i := strings.Index(s, from)
	require.GreaterOrEqual(t, i, 0, "%q not in source", from)
	return s[:i] + to + s[i+len(from):]
}
