package vmguard

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
)

// A string built on the VM is charged to the memory budget, and the
// passes of a predicate to the work budget.
func TestGuardedOnTheVM(t *testing.T) {
	lim := budget.Limits{Work: 5, Decision: 100, Memory: 8}
	b := &budget.Remaining{Eval: lim.Work, Decision: lim.Decision, Limits: &lim}
	run := func(src string) (any, error) {
		prog, err := Compile(src, nil, b)
		require.NoError(t, err, src)
		b.Eval, b.Decision = lim.Work, lim.Decision
		return expr.Run(prog, nil)
	}
	v, err := run(`"ab" + "cd"`)
	require.NoError(t, err)
	assert.Equal(t, "abcd", v)
	_, err = run(`repeat("ab", 5)`)
	assert.ErrorContains(t, err, "memory budget exceeded")
	_, err = run(`replace("aaaa", "a", "bbb")`)
	assert.ErrorContains(t, err, "memory budget exceeded")
	v, err = run(`1 + 2`)
	require.NoError(t, err)
	assert.Equal(t, 3, v)
	_, err = run(`all(1..10, # > 0)`)
	assert.ErrorContains(t, err, "work budget exceeded")
}
