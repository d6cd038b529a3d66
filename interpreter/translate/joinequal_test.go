package translate

import (
	"fmt"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// A comparison with join(...) gives what the VM gives, with the list of
// strings typed (ls) or known only at run time (la), on either side of
// == and !=, and in a loop over routes; a value that is no list of
// strings, or a side that is no string, goes expr's way.
func TestJoinEqualAsTheVM(t *testing.T) {
	lay := model.NewLayout("ls", "la", "s", "r")
	env := types.Map{"ls": types.TypeOf([]string{}), "la": types.Any, "s": types.Any, "r": types.Any}
	routes := []any{[]string{"x", "y"}, []string{"x", "z"}, []string{"x>z"}}
	for _, tc := range []struct {
		src  string
		vals map[string]any
	}{
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b", "c"}, "s": "a>b>c"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b", "c"}, "s": "a>b"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b", "c"}, "s": "a>b>c>"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b", "c"}, "s": "ab>c"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b", "c"}, "s": "a>>b>c"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{}, "s": ""}},
		{`join(la, '>') == s`, map[string]any{"la": []string{}, "s": ">"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a>b", "c"}, "s": "a>b>c"}},
		{`join(la, '>') == s`, map[string]any{"la": []string{"a", "b"}, "s": 3}},
		{`join(la, '>') == s`, map[string]any{"la": []any{"a", "b"}, "s": "a>b"}},
		{`join(la, '->') != s`, map[string]any{"la": []string{"a", "b"}, "s": "a->b"}},
		{`s == join(la, '')`, map[string]any{"la": []string{"a", "b"}, "s": "ab"}},
		{`s == join(la, '')`, map[string]any{"la": []string{"a", "b"}, "s": "ba"}},
		{`join(ls, ',') == s`, map[string]any{"ls": []string{"p", "q"}, "s": "p,q"}},
		{`join(ls, ',') == s`, map[string]any{"ls": []string{"p", "q"}, "s": "p,"}},
		{`s != join(ls, ',')`, map[string]any{"ls": []string{"p", "q"}, "s": nil}},
		{`find(r, join(#, '>') == s)`, map[string]any{"r": routes, "s": "x>z"}},
		{`filter(r, join(#, '>') == s)`, map[string]any{"r": routes, "s": "x>z"}},
		{`findIndex(r, join(#, '>') == s)`, map[string]any{"r": routes, "s": "x>y"}},
	} {
		name := fmt.Sprintf("%s %v", tc.src, tc.vals)
		prog, err := expr.Compile(tc.src, expr.Env(env))
		require.NoError(t, err, name)
		vals := map[string]any{}
		for k := range env {
			vals[k] = tc.vals[k]
		}
		want, err := expr.Run(prog, vals)
		require.NoError(t, err, name)
		c, err := Program(prog, nil, lay, nil)
		require.NoError(t, err, name)
		lim := budget.Limits{Memory: 1 << 20}
		fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}, Slots: make([]eval.Slot, c.Slots)}
		fr.Env = make([]any, len(lay.Names))
		for k, n := range lay.Names {
			fr.Env[k] = vals[n]
		}
		assert.Equal(t, want, c.Run(fr), name)
	}
}

// Comparing with a joined text builds no text.
func TestJoinEqualBuildsNoText(t *testing.T) {
	assert.True(t, joinedIs([]string{"a", "bc", "d"}, ">", "a>bc>d"))
	assert.False(t, joinedIs([]string{"a", "bc", "d"}, ">", "a>b>cd"))
	assert.True(t, joinedIs(nil, ">", ""))
	assert.False(t, joinedIs(nil, ">", "a"))
	lay := model.NewLayout("la", "s")
	prog, err := expr.Compile(`join(la, '>') == s`, expr.Env(types.Map{"la": types.Any, "s": types.Any}))
	require.NoError(t, err)
	c, err := Program(prog, nil, lay, nil)
	require.NoError(t, err)
	fr := newFrame(c)
	fr.Env = make([]any, len(lay.Names))
	fr.Env[lay.Find("la")], fr.Env[lay.Find("s")] = []string{"q1", "q2", "q3"}, "q1>q2>q3"
	assert.Equal(t, true, c.Run(fr))
	assert.Equal(t, eval.KeptBoxes{}, fr.Boxes, "no text cut from the frame's chunks")
}
