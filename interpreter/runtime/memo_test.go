package runtime_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestMemoKeepsBoardExpressions checks which expressions are kept by
// their inputs (memo.go): one that walks the board and reads only locals
// is, one that reads the state is not; a value found is the value
// computed, for each value of the locals read, and costs the same work.
func TestMemoKeepsBoardExpressions(t *testing.T) {
	g, st := smallGame(t)
	g.M.St = st
	eval := func(src string, me int) (any, *runtime.Code, int) {
		c, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		g.M.Budget.Decision = g.Limits.Decision
		v, err := g.M.Eval(c, g.Scope(g.Base, me, 2))
		require.NoError(t, err)
		return v, c, g.Limits.Decision - g.M.Budget.Decision
	}
	again := func(c *runtime.Code, me int) (any, int) {
		g.M.Budget.Decision = g.Limits.Decision
		v, err := g.M.Eval(c, g.Scope(g.Base, me, 2))
		require.NoError(t, err)
		return v, g.Limits.Decision - g.M.Budget.Decision
	}

	src := `map(filter(nodes(''), # != ['x', 'y'][me] && all(walks(#, 1), node(last(#)).kind == 'sea')), node(#).kind)`
	v, c, work := eval(src, 0)
	require.Equal(t, []any{"sea"}, v)
	kept, n := runtime.MemoEntries(c)
	require.True(t, kept, "a walk of the board that reads only me is kept")
	require.Equal(t, 1, n)
	v2, work2 := again(c, 0)
	require.Equal(t, v, v2)
	require.Equal(t, work, work2, "a value found costs the work it cost")
	_, n = runtime.MemoEntries(c)
	require.Equal(t, 1, n, "found, not computed again")
	v3, _ := again(c, 1)
	require.Equal(t, []any{"port"}, v3, "another me, another value")
	_, n = runtime.MemoEntries(c)
	require.Equal(t, 2, n)

	for _, src := range []string{
		`filter(nodes(''), len(at(#)) == 0)`,             // reads the pieces
		`map(filter(nodes(''), # != 'x'), get('v'))`,     // reads a var
		`map(filter(nodes(''), # != 'x'), node(#).kind)`, // walks nothing: not worth it
		`walks('x', 1)`, // kept by the board already
	} {
		_, c, _ := eval(src, 0)
		kept, _ := runtime.MemoEntries(c)
		require.False(t, kept, "%s is not kept", src)
	}
}

// ports is a game of hidden hands and a board: seat 0 sails from a to
// the open sea or to the ports the cards of the other seat's hand name,
// a list it reads through a local and loops over while it walks the
// board (an expression kept by its inputs, memo.go).
const ports = `package haven

game: {
	id: "tiny"
	name: "Ports"
	players: {min: 2, max: 2}
	params: {}
	zones: deck: visibility: "hidden"
	playerZones: hand: visibility: "owner"
	cards: {
		tob: {name: "To B", kind: "x", count: 2, str: port: "b"}
		toc: {name: "To C", kind: "x", count: 2, str: port: "c"}
		tod: {name: "To D", kind: "x", count: 2, str: port: "d"}
	}
	boards: m: {
		nodes: {a: {kind: "sea"}, b: {kind: "port"}, c: {kind: "port"}, d: {kind: "port"}, e: {kind: "sea"}}
		edges: [{from: "a", to: "b"}, {from: "a", to: "c"}, {from: "a", to: "d"}, {from: "a", to: "e"}]
	}
	setup: [
		{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]},
		{do: "shuffle('deck')"},
		{each: "[0, 1, 0, 1]", as: "p", loop: [{do: "draw('deck', pz('hand', p)) != ''"}]},
	]
	flow: [{while: "true", loop: [{turn: {player: "0", actions: ["sail"]}}]}]
	actions: sail: do: [
		{let: "h", be: "pzone('hand', 1 - me)"},
		{let: "reach", be: "filter(map(walks('a', 1), last(#)), # == 'e' || # in map(h, card(#).str.port))"},
		{choose: {id: "to", options: "reach", as: "x"}},
	]
	scoring: {score: "0", tiebreak: []}
}
`

// TestMemoOfDealtHands checks that a kept value never stands for a
// list of a bot's sample whose array the next sample lays other cards
// over (model.State.NewList): in every sample, and in a copy of it (as
// the greedy bot tries each move), the ports reached are those the
// cards dealt into the hidden hand name.
func TestMemoOfDealtHands(t *testing.T) {
	for _, copied := range []bool{false, true} {
		g, err := compileSrc(t, ports)
		require.NoError(t, err)
		st, err := g.New(2, 1)
		require.NoError(t, err)
		o, err := g.Observe(st, 0)
		require.NoError(t, err)
		r := interpreter.NewRand(5)
		sample, trial := new(interpreter.State), new(interpreter.State)
		seen := map[string]bool{}
		for i := range 200 {
			o.SampleInto(r, sample)
			s := sample
			if copied {
				sample.CloneInto(trial)
				s = trial
			}
			var want []string
			for _, port := range []string{"b", "c", "d"} {
				if slices.ContainsFunc(zoneOf(s, "hand/1"), func(c string) bool { return g.Card(c).Str["port"] == port }) {
					want = append(want, "to "+port)
				}
			}
			want = append(want, "to e")
			require.NoError(t, g.Apply(s, "sail"))
			moves, err := g.Legal(s)
			require.NoError(t, err)
			var got []string
			for _, m := range moves {
				got = append(got, m.Text)
			}
			require.Equal(t, want, got, "copied %v, sample %d: the hand dealt is %v", copied, i, zoneOf(s, "hand/1"))
			seen[strings.Join(want, ",")] = true
		}
		require.Greater(t, len(seen), 2, "the hands dealt differ")
	}
}

// A list of a sample, laid over by its next deal, is no key, nor is a
// list of lists or of values holding one; the same lists made otherwise
// are keys.
func TestMemoKeyRefusesListsLaidOver(t *testing.T) {
	known := &model.State{Game: "g", Players: 2}
	sample := new(model.State)
	known.CloneInto(sample)
	sample.NewList(2) // the first deal, in an array the next copy notes
	known.CloneInto(sample)
	hand := sample.NewList(2)
	own := []string{"a", "b"}
	for _, st := range []*model.State{sample, sample.Clone()} {
		require.False(t, runtime.MemoKeyed([]any{hand}, st))
		require.False(t, runtime.MemoKeyed([]any{"x", []any{"y", hand}}, st))
		require.False(t, runtime.MemoKeyed([]any{[][]string{own, hand}}, st))
		require.True(t, runtime.MemoKeyed([]any{own, []any{"y", own}, [][]string{own}, hand[:0]}, st))
	}
	require.True(t, runtime.MemoKeyed([]any{hand, []any{hand}, [][]string{hand}}, known), "no list of known is laid over")
}
