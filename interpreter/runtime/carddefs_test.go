package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
)

// A loop over a zone whose predicate is `card(#).def == d` answers from
// a tally of the zone's definitions (translate/carddefs.go): every
// builtin gives what expr's VM gives, fails where it fails, charges what
// the plain loop charges, and a zone made over gives its new answer.
func TestTalliedCardDefs(t *testing.T) {
	g, st := smallGame(t)
	for _, tc := range []struct {
		src  string
		want any
	}{
		{`count(zone('deck'), card(#).def == 'two')`, 2},
		{`count(zone('deck'), 'one' == card(#).def)`, 1},
		{`let d = 'two'; count(zone('deck'), card(#).def == d)`, 2},
		{`let d = 'zz'; count(zone('deck'), card(#).def == d)`, 0},
		{`count(zone('box'), card(#).def == 'two')`, 0},
		{`count(zone('deck'), card(#).def == 'two') >= 1`, true},
		{`any(zone('deck'), card(#).def == 'one')`, true},
		{`let d = 'zz'; any(zone('deck'), card(#).def == d)`, false},
		{`none(zone('deck'), card(#).def == 'two')`, false},
		{`one(zone('deck'), card(#).def == 'one')`, true},
		{`find(zone('deck'), card(#).def == 'two')`, "two#1"},
		{`let d = 'zz'; find(zone('deck'), card(#).def == d)`, nil},
		{`filter(zone('deck'), card(#).def == 'two')[0]`, "two#1"},
		{`findLast(zone('deck'), card(#).def == 'two')`, "two#2"},
		{`let d = 'zz'; findLast(zone('deck'), card(#).def == d)`, nil},
		{`findIndex(zone('deck'), card(#).def == 'two')`, 1},
		{`findLastIndex(zone('deck'), card(#).def == 'two')`, 2},
		{`let d = 'zz'; findIndex(zone('deck'), card(#).def == d)`, nil},
	} {
		fast, slow, ferr, serr := both(t, g, st, tc.src)
		require.NoError(t, serr, tc.src)
		require.NoError(t, ferr, tc.src)
		assert.Equal(t, slow, fast, tc.src)
		assert.EqualValues(t, tc.want, fast, tc.src)
	}

	// A zone holding an id that is no card: the plain loop, which
	// fails, or stops before it.
	st.SetZone("deck", []string{"one", "nope", "two#1"})
	for _, src := range []string{`count(zone('deck'), card(#).def == 'two')`, `any(zone('deck'), card(#).def == 'two')`} {
		_, _, ferr, serr := both(t, g, st, src)
		require.Error(t, serr, src)
		require.Error(t, ferr, src)
		assert.Equal(t, serr.Error(), ferr.Error(), src)
	}
	fast, slow, ferr, serr := both(t, g, st, `any(zone('deck'), card(#).def == 'one')`)
	require.NoError(t, serr)
	require.NoError(t, ferr)
	assert.Equal(t, slow, fast)
	assert.Equal(t, true, fast)
}

// A tally is kept by the list: a zone made over, of the same length,
// gives the new list's answer, not the one kept.
func TestTalliedCardDefsFollowTheZone(t *testing.T) {
	g, st := smallGame(t)
	c, err := compile.Expr(g, `count(zone('deck'), card(#).def == 'two')`, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err)
	v, err := g.EvalPatch(st, c)
	require.NoError(t, err)
	require.Equal(t, 2, v)
	st.SetZone("deck", []string{"one", "one", "two#2"})
	v, err = g.EvalPatch(st, c)
	require.NoError(t, err)
	assert.Equal(t, 1, v, "the new list's answer")
	st.SetZone("deck", []string{"two#1", "two#2"})
	v, err = g.EvalPatch(st, c)
	require.NoError(t, err)
	assert.Equal(t, 2, v)
}

// A tallied loop charges what the plain loop charges, the first time
// and once the tally is kept.
func TestTalliedCardDefsCharge(t *testing.T) {
	g, st := smallGame(t)
	g.M.St = st
	work := func(src string) int {
		c, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		g.M.Budget.Decision = g.Limits.Decision
		_, err = g.M.Eval(c, g.Scope(g.Base, 0, 2))
		require.NoError(t, err)
		first := g.Limits.Decision - g.M.Budget.Decision
		g.M.Budget.Decision = g.Limits.Decision
		_, err = g.M.Eval(c, g.Scope(g.Base, 0, 2))
		require.NoError(t, err)
		require.Equal(t, first, g.Limits.Decision-g.M.Budget.Decision, src)
		return first
	}
	plain := work(`count(zone('deck'), card(#).def == 'two' && me >= 0)`)
	require.Positive(t, plain)
	assert.Equal(t, plain, work(`count(zone('deck'), card(#).def == 'two')`))
	assert.Equal(t, work(`let d = 'zz'; any(zone('deck'), card(#).def == d && me >= 0)`), work(`let d = 'zz'; any(zone('deck'), card(#).def == d)`))
}

// A list a bot's sample dealt hidden cards into is laid over in place by
// its next deal (model.State.NewList): no tally is kept for it.
func TestTalliedCardDefsSkipListsLaidOver(t *testing.T) {
	g, st := smallGame(t)
	dst := st.Clone()
	st.CloneInto(dst)
	l := dst.NewList(3)
	copy(l, []string{"one", "two#1", "two#2"})
	dst.SetZone("deck", l)
	require.True(t, dst.LaidOver(l))
	c, err := compile.Expr(g, `count(zone('deck'), card(#).def == 'two')`, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err)
	v, err := g.EvalPatch(dst, c)
	require.NoError(t, err)
	require.Equal(t, 2, v)
	copy(l, []string{"one", "one", "two#2"}) // the next deal, in place
	v, err = g.EvalPatch(dst, c)
	require.NoError(t, err)
	assert.Equal(t, 1, v, "the cards dealt now")
}
