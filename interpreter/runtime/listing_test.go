package runtime_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// applyTextCases are games of one turn whose move is applied by its
// text, once right after Legal listed the moves of the same state and
// once on a copy that was never listed: both must end alike, or fail
// alike. kept says whether the listed one binds the move as it was
// listed, evaluating none of the action's conditions and candidates
// again.
var applyTextCases = []struct {
	name, actions, move string
	kept                bool
	err                 string // the refusal both give; "" none
}{{
	name: "strings and ints are bound as listed",
	actions: `take: {
		params: {n: {type: "int", from: "[1, 2, 12]"}, s: {type: "string", from: "n == 1 ? ['a', 'b'] : ['c']"}}
		when: "not too many": "n + len(s) < 20"
		do: [{do: "padd(me, 'got', n)"}]
	}`,
	move: "take 12 c",
	kept: true,
}, {
	name: "a move listed under a different spacing is read anew",
	actions: `take: {
		params: n: {type: "int", from: "[1, 2 + pget(me, 'got')]"}
		do: [{do: "padd(me, 'got', n)"}]
	}`,
	move: "take  2",
}, {
	name: "a value holding a space is read anew, and refused as ever",
	actions: `take: {
		params: s: {type: "string", from: "['a b']"}
		do: [{do: "padd(me, 'got', 1)"}]
	}`,
	move: "take a b",
	err:  "takes 1 argument",
}, {
	name: "an empty value is read anew, and refused as ever",
	actions: `take: {
		params: s: {type: "string", from: "pget(me, 'got') == 0 ? [''] : []"}
		do: [{do: "padd(me, 'got', 1)"}]
	}`,
	move: "take ",
	err:  "takes 1 argument",
}, {
	// Two candidates print alike: Apply binds the first, the list of an
	// int, which has no second word to go with it, though the listing
	// found the move of the list of a string.
	name: "values that are not strings or ints are read anew, as Apply always read them",
	actions: `take: {
		params: {a: {type: "list", from: "[[1], ['1']]"}, b: {type: "string", from: "type(a[0]) == 'int' ? [] : ['x']"}}
		do: [{do: "padd(me, 'got', 1)"}]
	}`,
	move: "take [1] x",
	err:  "x is not one of",
}}

func TestApplyTextKept(t *testing.T) {
	for _, tc := range applyTextCases {
		t.Run(tc.name, func(t *testing.T) {
			src := `package haven
game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 2}
	playerVars: got: 0
	flow: [{turn: {player: "0", actions: ["take"]}}, {end: "done"}]
	actions: {` + tc.actions + `}
	scoring: {score: "pget(me, 'got')", tiebreak: []}
}
`
			g, err := compileRuntime(t, src)
			require.NoError(t, err)
			listed, err := g.New(2, 1)
			require.NoError(t, err)
			fresh := listed.Clone()
			moves, err := g.Legal(listed)
			require.NoError(t, err)
			texts := []string{}
			for _, m := range moves {
				texts = append(texts, strings.Join(strings.Fields(m.Text), " "))
			}
			require.Contains(t, texts, strings.Join(strings.Fields(tc.move), " "), "the listing has the move's words")

			evals := 0
			g.M.Differ = func(c *runtime.Code, env model.Scope) (any, error) {
				evals++
				d := g.M.Differ
				g.M.Differ = nil
				defer func() { g.M.Differ = d }()
				return g.M.Eval(c, env)
			}
			errListed := g.Apply(listed, tc.move)
			kept := evals == 1 // the action's body only
			errFresh := g.Apply(fresh, tc.move)
			g.M.Differ = nil
			require.Equal(t, tc.kept, kept, "evaluations after the listing: %d", evals)
			if tc.err != "" {
				require.ErrorContains(t, errListed, tc.err)
				require.ErrorContains(t, errFresh, tc.err)
				return
			}
			require.NoError(t, errListed)
			require.NoError(t, errFresh)
			a, err := json.Marshal(listed)
			require.NoError(t, err)
			b, err := json.Marshal(fresh)
			require.NoError(t, err)
			require.Equal(t, string(b), string(a))
		})
	}
}

// TestLegalListedOnce checks that Legal on a state it listed last, as
// it is now, gives the same moves without evaluating anything again,
// and lists anew whatever changed since: the state (by the game, or
// copied into), or the limits.
func TestLegalListedOnce(t *testing.T) {
	src := `package haven
game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 2}
	playerVars: got: 0
	flow: [{while: "true", loop: [{turn: {player: "0", actions: ["take"]}}]}]
	actions: take: {
		params: n: {type: "int", from: "1..(2 + pget(me, 'got'))"}
		when: "at most five": "pget(me, 'got') + n <= 5"
		do: [{do: "padd(me, 'got', n)"}]
	}
	scoring: {score: "pget(me, 'got')", tiebreak: []}
}
`
	g, err := compileRuntime(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	evals := 0
	g.M.Differ = func(c *runtime.Code, env model.Scope) (any, error) {
		evals++
		d := g.M.Differ
		g.M.Differ = nil
		defer func() { g.M.Differ = d }()
		return g.M.Eval(c, env)
	}
	list := func(st *model.State) ([]string, int) {
		evals = 0
		moves, err := g.Legal(st)
		require.NoError(t, err)
		var texts []string
		for _, m := range moves {
			texts = append(texts, m.Text)
		}
		return texts, evals
	}

	first, n := list(st)
	require.Equal(t, []string{"take 1", "take 2"}, first)
	require.Positive(t, n)
	again, n := list(st)
	require.Equal(t, first, again)
	require.Zero(t, n, "listed on the same state, unchanged: nothing evaluated")

	other := st.Clone()
	_, n = list(other)
	require.Positive(t, n, "another state is listed")
	_, n = list(st)
	require.Positive(t, n, "listing another state forgets this one's")

	patch, err := compile.Expr(g, "padd(0, 'got', 2)", diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err)
	_, err = g.EvalPatch(st, patch)
	require.NoError(t, err)
	changed, n := list(st)
	require.Equal(t, []string{"take 1", "take 2", "take 3"}, changed, "a change by the game is seen")
	require.Positive(t, n)

	other.CloneInto(st)
	copied, n := list(st)
	require.Equal(t, first, copied, "a state copied into is listed as the copy")
	require.Positive(t, n)

	limits := g.Limits
	g.Limits.Decision = 1
	evals = 0
	_, err = g.Legal(st)
	require.ErrorContains(t, err, "budget", "a listing under other limits runs out of them as it would")
	g.Limits = limits
	_, n = list(st)
	require.Positive(t, n)
}

// TestScopeReusedEmpty checks that a scope made from a released one
// holds nothing of it: its own locals nil but me, numPlayers and params,
// whatever the lengths of the two (Release clears only the length).
func TestScopeReusedEmpty(t *testing.T) {
	g, _ := smallGame(t)
	short := model.NewLayout("a", "b")
	long := model.NewLayout("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
	// One slice goes round: made for the long layout, reused for each
	// next (a short one leaves its tail as it found it).
	seq := []*model.Layout{long, short, long, short, short, long, long}
	for i := 1; i < len(seq); i++ {
		sc := g.Scope(seq[i-1], 1, 2)
		for k := range sc.Vals {
			sc.Vals[k] = "x"
		}
		g.Release(sc)
		again := g.Scope(seq[i], 0, 2)
		require.Len(t, again.Vals, len(seq[i].Names))
		for k, v := range again.Vals {
			switch k {
			case model.SlotMe, model.SlotPlayers, model.SlotParams:
			default:
				require.Nil(t, v, "step %d: slot %d of a reused scope", i, k)
			}
		}
		g.Release(again)
	}
}

// TestActionsListedWithFreshLocals checks that each action of a turn is
// listed with locals of its own (listActions shares one slice among
// them): a local one action sees from the turn's frame is not left for
// the next, which sees one the frame lacks, in the same slot.
func TestActionsListedWithFreshLocals(t *testing.T) {
	src := `package haven
game: {
	id: "tiny"
	name: "Tiny"
	players: {min: 2, max: 2}
	playerVars: got: 0
	flow: [{let: "t", be: "7"}, {while: "true", loop: [{turn: {player: "0", actions: ["first", "second"]}}]}]
	actions: {
		first: {
			sees: ["t"]
			when: "t is seen": "t == 7"
			do: [{do: "padd(me, 'got', 1)"}]
		}
		second: {
			sees: ["u"]
			when: "u is not the turn's": "u == nil"
			do: [{do: "padd(me, 'got', 2)"}]
		}
	}
	scoring: {score: "pget(me, 'got')", tiebreak: []}
}
`
	g, err := compileRuntime(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	for range 3 {
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.Equal(t, []runtime.Move{{Player: 0, Text: "first"}, {Player: 0, Text: "second"}}, moves)
		require.NoError(t, g.Apply(st, "second"))
	}
}

// TestScopeFindsAFittingSlice checks that a scope takes a slice given
// back that fits even when the last one given back is too short (a
// copied state's frames give back slices of their own length), instead
// of making one.
func TestScopeFindsAFittingSlice(t *testing.T) {
	g, _ := smallGame(t)
	long := model.NewLayout("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")
	first := g.Scope(long, 0, 2)
	g.Release(first)
	g.Release(model.Scope{Vals: make([]any, 3)}) // a copied frame's, capped
	again := g.Scope(long, 0, 2)
	require.Same(t, &first.Vals[0], &again.Vals[0], "the long slice given back is taken")
	short := g.Scope(model.NewLayout(), 0, 2)
	require.Len(t, short.Vals, 3, "the short one is still there for a short scope")
	require.Equal(t, 3, cap(short.Vals))
}
