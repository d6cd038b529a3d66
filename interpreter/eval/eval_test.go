package eval

import (
	"testing"

	"github.com/expr-lang/expr/file"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
)

// A typed closure is read typed, and boxed only when read as any; a
// declared name keeps its one box.
func TestValTypedAndBoxed(t *testing.T) {
	boxed := map[string]any{"deck": "deck"}
	fr := &Frame{Boxed: boxed}
	n := Mk(func(*Frame) int { return 3 })
	assert.Equal(t, 3, As[int](n)(fr))
	assert.Equal(t, any(3), n.Box(fr))
	s := Mk(func(*Frame) string { return "deck" })
	assert.Equal(t, "deck", As[string](s)(fr))
	assert.Zero(t, testing.AllocsPerRun(10, func() { _ = s.Box(fr) }), "a declared name is not boxed again")
	c := Const("x")
	assert.Equal(t, "x", As[string](c)(fr))
	anyVal := Mk(func(*Frame) any { return 4 })
	assert.Equal(t, 4, As[int](anyVal)(fr), "read by asserting its boxed value")
}

func TestBoxes(t *testing.T) {
	boxed := map[string]any{"price.gem": "price.gem"}
	v, ok := JoinedName(boxed, "price.", "gem")
	assert.True(t, ok)
	assert.Equal(t, "price.gem", v)
	_, ok = JoinedName(boxed, "price.", "ore")
	assert.False(t, ok)
	assert.Equal(t, "ore", BoxStr(boxed, "ore"))
}

func TestToList(t *testing.T) {
	l, err := ToList([]string{"a"}, nil)
	require.NoError(t, err)
	assert.Equal(t, []any{"a"}, l)
	l, err = ToList([]int{1, 2}, nil)
	require.NoError(t, err)
	assert.Equal(t, []any{1, 2}, l)
	l, err = ToList(nil, nil)
	assert.NoError(t, err)
	assert.Nil(t, l)
	_, err = ToList(3, nil)
	assert.EqualError(t, err, "want a list, got int")
}

// A panic of expr's helpers leaves the closures as a Panic at the
// guarded spot; a budget overrun does too.
func TestGuardAndBudget(t *testing.T) {
	loc := file.Location{From: 1, To: 4}
	p := catch(func() { Guard(loc, func() int { panic("boom") }) })
	require.NotNil(t, p)
	assert.Equal(t, loc, p.Loc)
	assert.Equal(t, "boom", p.Value)
	lim := budget.Limits{Work: 2, Decision: 10, Memory: 3}
	fr := &Frame{Budget: &budget.Remaining{Eval: 2, Decision: 10, Limits: &lim}}
	assert.Nil(t, catch(func() { fr.Spend(2) }))
	assert.NotNil(t, catch(func() { fr.Spend(1) }))
	assert.NotNil(t, catch(func() { fr.Sized("abcd", loc) }))
}

func catch(f func()) (p *Panic) {
	defer func() {
		if r := recover(); r != nil {
			p = r.(*Panic)
		}
	}()
	f()
	return nil
}
