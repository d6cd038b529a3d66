package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
)

// costDist is the least cost of a walk as costWalks and pathCost count
// it, per key; -1 where no walk leads.
func TestCostDist(t *testing.T) {
	g, st := newCards(t)
	// a-b 1, b-c 1, c-d 2, passing b refunds 1; a-d is closed to cost.
	for src, want := range map[string]int{
		"costDist('a', 'a', 'cost')": 0,
		"costDist('a', 'c', 'cost')": 1, // through b, which costs nothing to pass
		"costDist('a', 'd', 'cost')": 3, // as pathCost('a', ['b', 'c', 'd'], 'cost')
		"costDist('d', 'a', 'cost')": 3,
		"costDist('a', 'd', 'sea')":  1, // the edge closed to cost
		"costDist('c', 'd', 'sea')":  1,
		"costDist('a', 'c', 'none')": 2, // a key nothing declares counts the edges
	} {
		assert.Equal(t, want, value(t, g, st, src), src)
	}
	// A node no open edge leads to under a key.
	g, err := compileSrc(t, replaceOnce(t, cards, `num: cost: 2}`, `num: cost: -2}`))
	require.NoError(t, err)
	st, err = g.New(2, 1)
	require.NoError(t, err)
	assert.Equal(t, -1, value(t, g, st, "costDist('a', 'd', 'cost')"))
	assert.Equal(t, 1, value(t, g, st, "costDist('a', 'd', 'sea')"))
}

// Nodes named as constants are checked at load; one named at run time
// that does not exist is an error.
func TestCostDistErrors(t *testing.T) {
	g, st := newCards(t)
	_, err := g.CompileExpr("costDist('a', 'dd', 'cost')", diag.Pos{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown node "dd" (did you mean "d"?)`)
	e, err := g.CompileExpr("costDist('a', 'n' + string(numPlayers), 'cost')", diag.Pos{})
	require.NoError(t, err)
	_, err = g.Eval(st, e)
	assert.EqualError(t, err, `costDist("n2"): no such node`)
}
