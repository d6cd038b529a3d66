package budget

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSpendAndGrow(t *testing.T) {
	lim := Limits{Work: 10, Decision: 15, Memory: 4}
	b := Remaining{Eval: lim.Work, Decision: lim.Decision, Limits: &lim}
	assert.NoError(t, b.Spend(10))
	assert.EqualError(t, b.Spend(1), "work budget exceeded: the expression visits or builds more than 10 list elements (limits.work = 10; a game may raise it with `limits: work: N`, up to 10000000)")
	b.Eval = lim.Work
	assert.EqualError(t, b.Spend(5), "work budget exceeded: this decision's expressions visit or build more than 15 list elements (limits.decision = 15; a game may raise it with `limits: decision: N`, up to 200000000)")
	assert.NoError(t, b.Grow(4))
	assert.EqualError(t, b.Grow(5), "memory budget exceeded: a string or list of 5 bytes or elements is longer than 4 (limits.memory = 4; a game may raise it with `limits: memory: N`, up to 16777216)")
	assert.EqualError(t, Errorf("depth %d", 3), "depth 3")
}

func TestDefaultsUnderHardCaps(t *testing.T) {
	for _, l := range [][2]int{{Default.Steps, Hard.Steps}, {Default.Work, Hard.Work}, {Default.Decision, Hard.Decision}, {Default.Memory, Hard.Memory}, {Default.Depth, Hard.Depth}} {
		assert.LessOrEqual(t, l[0], l[1])
	}
}
