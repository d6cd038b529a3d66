package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// TestStepExpressionFails fails a move whose step's expression fails at
// run time (the run loop recovers it, not each evaluation): the error
// stands at the spot of the expression that failed, and the machine is
// left ready for the next evaluation.
func TestStepExpressionFails(t *testing.T) {
	twice := `game: effects: twice: {params: n: "int", returns: "int", do: [{return: "n * 2"}]}
`
	for _, tc := range []struct{ name, do, want string }{
		{"do", `{do: "[1, 2][me + 5] > 0"}`, "extra.cue:3:39: index out of range: 5 (array length is 2)"},
		// The local a failed let binds is nil, as when Eval fails.
		{"let", `{let: "x", be: "[1, 2][me + 6]"}`, "extra.cue:3:49: index out of range: 6 (array length is 2)"},
		{"let again", `{let: "x", be: "1"}, {let: "x", be: "[1, 2][me + 6]"}`, "extra.cue:3:70: index out of range: 6 (array length is 2)"},
		{"if", `{if: "[1, 2][me + 7] > 0", then: [{do: "true"}]}`, "extra.cue:3:39: index out of range: 7 (array length is 2)"},
		{"while", `{while: "[1, 2][me + 8] > 0", loop: [{do: "true"}]}`, "extra.cue:3:42: index out of range: 8 (array length is 2)"},
		{"with", `{call: "twice", with: n: "[1, 2][me + 9]"}`, "extra.cue:3:59: index out of range: 9 (array length is 2)"},
		{"budget", `{do: "len(filter(1..99999999, # > 0)) > 0"}`, "extra.cue:3:45: memory budget exceeded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := loadSmall(t, twice+"game: actions: pass: do: ["+tc.do+`, {call: "twice", with: n: "1"}]`)
			require.NoError(t, err)
			st, err := g.New(2, 1)
			require.NoError(t, err)
			err = g.Apply(st, "pass")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			if vals := st.Stack[len(st.Stack)-1].Scope.AsMap(); tc.name == "let again" {
				assert.Nil(t, vals["x"])
			}
			assert.Zero(t, runtime.Evaluating(g.M))
			assert.Nil(t, runtime.MachineFrame(g.M).Env, "the failed evaluation's locals are let go")
			// The next evaluation starts afresh, with its whole budget.
			e, err := compile.Expr(g, `len(filter(1..9000, # > 0))`, pos("t"))
			require.NoError(t, err)
			v, err := g.EvalPatch(st, e)
			require.NoError(t, err)
			assert.Equal(t, 9000, v)
		})
	}
	t.Run("watch", func(t *testing.T) {
		g, err := loadSmall(t, `game: watches: w: {when: "get('v') == 1 && [1, 2][me + 5] > 0", do: [{do: "true"}]}
game: actions: pass: do: [{do: "set('v', 1)"}]`)
		require.NoError(t, err)
		st, err := g.New(2, 1)
		require.NoError(t, err)
		err = g.Apply(st, "pass")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "extra.cue:2:50: index out of range: 5 (array length is 2)")
		assert.Zero(t, runtime.Evaluating(g.M))
	})
}

// TestListingExpressionFails fails a listing whose action's condition or
// candidates fail at run time (the listing recovers it, not each
// evaluation), and a choose whose options fail: positioned errors, and
// the machine left ready for the next evaluation, the locals of the
// actions listed emptied.
func TestListingExpressionFails(t *testing.T) {
	for _, tc := range []struct{ name, pass, want string }{
		{"when", `{when: ok: "[1, 2][me + 5] > 0"}`, "extra.cue:2:40: index out of range: 5 (array length is 2)"},
		{"from", `{params: n: {type: "int", from: "[[1, 2][me + 6]]"}}`, "extra.cue:2:62: index out of range: 6 (array length is 2)"},
		{"when of a param", `{params: n: {type: "int", from: "[1]"}, when: ok: "[1, 2][n + 7] > 0"}`, "extra.cue:2:79: index out of range: 8 (array length is 2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := loadSmall(t, "game: actions: pass: "+tc.pass)
			require.NoError(t, err)
			st, err := g.New(2, 1)
			require.NoError(t, err)
			_, err = g.Legal(st)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Zero(t, runtime.Evaluating(g.M))
			assert.Nil(t, runtime.MachineFrame(g.M).Env, "the failed evaluation's locals are let go")
			for _, v := range runtime.ActionLocals(g.M) {
				assert.Nil(t, v)
			}
			e, err := compile.Expr(g, `len(filter(1..9000, # > 0))`, pos("t"))
			require.NoError(t, err)
			v, err := g.EvalPatch(st, e)
			require.NoError(t, err)
			assert.Equal(t, 9000, v)
		})
	}
	t.Run("choose", func(t *testing.T) {
		g, err := loadSmall(t, `game: actions: pass: do: [{choose: {id: "x", options: "[[1, 2][me + 8]]", as: "y"}}]`)
		require.NoError(t, err)
		st, err := g.New(2, 1)
		require.NoError(t, err)
		err = g.Apply(st, "pass")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "extra.cue:2:63: index out of range: 8 (array length is 2)")
		assert.Zero(t, runtime.Evaluating(g.M))
	})
}
