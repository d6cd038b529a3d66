package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// keyedVars declares a family of vars, w.<key>, whose keys are the ids
// of a card and of a node of the game small: its own strings.
const keyedVars = `game: vars: w: {one: 3, x: 5}
game: limits: memory: 4`

// TestKeyedCounters checks a call by a name joined from a constant
// prefix and a key (keyedcounters.go) against the VM: the key one of the
// game's own strings or made at run time, typed or read at run time, a
// string or not, a name the game declares or not; the + operator's
// budget error where the joined name is too long. Each case says whether
// its call finds the counter by its key (keyed).
func TestKeyedCounters(t *testing.T) {
	g, err := loadSmall(t, keyedVars)
	require.NoError(t, err)
	for _, tc := range []struct {
		src   string
		keyed int // calls translated to find their counter by key
		want  any
		err   string
		vmErr bool // the VM fails too, with the same error
	}{
		// The key is a node's id, typed: found by address.
		{src: `get('w.' + node('x').id)`, keyed: 1, want: 5},
		// Typed, made at run time: found by the map of the keys.
		{src: `get('w.' + split('y,x', ',')[1])`, keyed: 1, want: 5},
		// A variable read at run time.
		{src: `let k = [node('x').id, 1][0]; get('w.' + k)`, keyed: 1, want: 5},
		{src: `map(['x', 'y'], get('w.' + #))`, keyed: 1, want: []any{5, 0}},
		// A name the game does not declare reads 0, as by name.
		{src: `get('w.' + split('y,x', ',')[0])`, keyed: 1, want: 0},
		// Set and add, then read back.
		{src: `set('w.' + node('x').id, 9) && add('w.' + node('x').id, 1) && get('w.x') == 10`, keyed: 2, want: true},
		{src: `let k = ['x'][0]; add('w.' + k, 2) && get('w.x') == 7`, keyed: 1, want: true},
		// A key that is not a string: the call as it was.
		{src: `let k = [1, 'x'][0]; get('w.' + k)`, keyed: 1, err: "t:1:31: invalid operation: string + int", vmErr: true},
		// The joined name longer than limits.memory: the + fails, as
		// it does on the fast path by name (the VM checks no string's
		// length).
		{src: `get('w.' + card('one').def)`, keyed: 1, err: "t:1:10: memory budget exceeded: a string or list of 5 bytes or elements is longer than 4 (limits.memory = 4; a game may raise it with `limits: memory: N`, up to 16777216)"},
		{src: `set('w.' + card('one').def, 1)`, keyed: 1, err: "t:1:10: memory budget exceeded: a string or list of 5 bytes or elements is longer than 4 (limits.memory = 4; a game may raise it with `limits: memory: N`, up to 16777216)"},
		// No var has the prefix: no family.
		{src: `get('u.' + node('x').id)`, keyed: 0, want: 0},
	} {
		st, err := g.New(2, 1)
		require.NoError(t, err)
		before := runtime.KeyedSites(g.M)
		e, err := compile.Expr(g, tc.src, pos("t"))
		require.NoError(t, err, tc.src)
		require.NotNil(t, e.Fast, "%s: not translated", tc.src)
		assert.Equal(t, tc.keyed, runtime.KeyedSites(g.M)-before, "%s: calls found by key", tc.src)
		fast, ferr := g.EvalPatch(st.Clone(), e)
		g.M.NoFast = true
		slow, serr := g.EvalPatch(st.Clone(), e)
		g.M.NoFast = false
		if tc.err != "" {
			require.Error(t, ferr, tc.src)
			assert.Equal(t, tc.err, ferr.Error(), tc.src)
			if tc.vmErr {
				require.Error(t, serr, tc.src)
				assert.Equal(t, serr.Error(), ferr.Error(), tc.src)
			}
			continue
		}
		require.NoError(t, serr, tc.src)
		require.NoError(t, ferr, tc.src)
		assert.Equal(t, tc.want, fast, tc.src)
		assert.Equal(t, slow, fast, tc.src)
	}
}
