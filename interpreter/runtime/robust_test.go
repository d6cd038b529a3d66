package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
)

// TestBudgets runs expressions that would exhaust the memory or never
// end: each stops with a positioned error.
func TestBudgets(t *testing.T) {
	g, st := smallGame(t)
	for _, tc := range []struct{ src, err string }{
		// At the + that doubles the string.
		{`len(reduce(1..100, #acc + #acc, 'ab'))`, "t:1:25: memory budget exceeded"},
		// Every element concat builds is work too: 2^20 of them, over
		// the doublings, before one list reaches the memory budget.
		{`len(reduce(1..100, concat(#acc, #acc), [1]))`, "t:1:1: work budget exceeded"},
		{`len(repeat('abc', 100000000))`, "memory budget exceeded"},
		{`len(replace(repeat('a', 100000), '', repeat('b', 1000)))`, "memory budget exceeded"},
		{`count(1..999999, all(1..999999, # > 0))`, "work budget exceeded"},
		{`len(walks('x', 1000000000000))`, ""},
		{`len(1..1000000000000)`, "memory budget exceeded"},
	} {
		e, err := compile.Expr(g, tc.src, pos("t"))
		require.NoError(t, err, tc.src)
		_, err = g.EvalPatch(st, e)
		if tc.err == "" {
			assert.NoError(t, err, tc.src)
			continue
		}
		require.Error(t, err, tc.src)
		assert.Contains(t, err.Error(), tc.err, tc.src)
	}
}

// TestLimitsSet checks a definition may lower its budgets.
func TestLimitsSet(t *testing.T) {
	g, err := loadSmall(t, `game: limits: {work: 10, memory: 5}`)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	for src, want := range map[string]string{
		`len(filter(1..20, # > 0))`:  "more than 10 list elements (limits.work = 10; a game may raise it with `limits: work: N`, up to 10000000)",
		`'abc' + string(me) + 'def'`: "longer than 5 (limits.memory = 5; a game may raise it with `limits: memory: N`, up to 16777216)",
	} {
		e, err := compile.Expr(g, src, pos("t"))
		require.NoError(t, err)
		_, err = g.EvalPatch(st, e)
		require.Error(t, err, src)
		assert.Contains(t, err.Error(), want)
	}
}

func pos(file string) diag.Pos { return diag.Pos{File: file, Line: 1, Col: 1} }

// TestDepthLimit stops a trigger that emits its own event under a
// condition (which the load cannot refuse: it may stop holding): the
// stack of effects may not pass limits.depth.
func TestDepthLimit(t *testing.T) {
	g, err := loadSmall(t, `game: triggers: [{on: "ping", when: "numPlayers > 0", do: [{emit: "ping"}]}]
game: actions: pass: do: [{emit: "ping"}]`)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	err = g.Apply(st, "pass")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "trigger ping: effects nested more than 256 deep (limits.depth = 256; a game may raise it with `limits: depth: N`, up to 4096)")
}

// TestStepAndDecisionBudgets stops a loop that never pauses (limits.steps)
// and a decision whose expressions together do too much work
// (limits.decision), each with one positioned line.
func TestStepAndDecisionBudgets(t *testing.T) {
	for _, tc := range []struct{ name, extra, want string }{
		{"steps", `game: limits: steps: 1000
game: actions: pass: do: [{while: "numPlayers > 0", loop: [{do: "true"}]}]`,
			"more than 1000 steps without a decision (limits.steps = 1000; a game may raise it with `limits: steps: N`, up to 10000000): does a loop never pause?"},
		{"decision", `game: limits: {work: 100, decision: 1000}
game: actions: pass: do: [{while: "numPlayers > 0", loop: [{do: "len(filter(1..50, # > 0)) > 0"}]}]`,
			"this decision's expressions visit or build more than 1000 list elements (limits.decision = 1000; a game may raise it with `limits: decision: N`, up to 200000000)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := loadSmall(t, tc.extra)
			require.NoError(t, err)
			st, err := g.New(2, 1)
			require.NoError(t, err)
			err = g.Apply(st, "pass")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}

// TestPiecesCount refuses a game whose pieces per player make more than
// Counts.Pieces, when it starts.
func TestPiecesCount(t *testing.T) {
	g, err := loadSmall(t, `game: pieces: many: perPlayer: "9999"`)
	require.NoError(t, err)
	_, err = g.New(2, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "9999 many pieces a player make more than the 10000 pieces a game may have")
}
