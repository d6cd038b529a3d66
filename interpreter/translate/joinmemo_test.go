package translate

import (
	"maps"
	"strings"
	"testing"
	"unsafe"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A + of two strings, typed ('store-' + string(n)) or known only at run
// time ('sell:' + x), gives the VM's answer for every pair of strings,
// whether the pair is one it joined before (the same bytes at the same
// address, or other bytes of the same length, or the same text at
// another address) or one past the pairs it keeps; a pair it joined
// before gives the very string it gave then.
func TestJoinKept(t *testing.T) {
	for _, c := range []struct {
		src, name string
		vals      []any
	}{
		{`'store-' + string(n)`, "n", []any{1, 2, 1, 2, 10, 11, 12, 13, 14, 15, 16, 17, 18, 1, 2}},
		{`'sell:' + x`, "x", []any{"bread", "salt!", "bread", strings.Clone("bread"), "salt!",
			"a", "b", "c", "d", "e", "f", "g", "h", "i", "salt!", "bread"}},
		{`x + s`, "x", []any{"bread", "salt!", "bread", "", "salt!"}},
	} {
		prog, err := expr.Compile(c.src, expr.Env(checkedEnv))
		require.NoError(t, err, c.src)
		code, err := Program(prog, nil, checkedLay, nil)
		require.NoError(t, err, c.src)
		fr := checkedFrame(code)
		slot := checkedLay.Find(c.name)
		first := map[any]string{}
		for _, v := range c.vals {
			vals := maps.Clone(checkedVals)
			vals[c.name] = v
			want, err := expr.Run(prog, vals)
			require.NoError(t, err, c.src)
			fr.Env[slot] = v
			got := code.Run(fr)
			require.Equal(t, want, got, "%s with %s = %v", c.src, c.name, v)
			s, ok := got.(string)
			if !ok {
				continue
			}
			key := v
			if k, ok := v.(string); ok {
				key = unsafe.StringData(k)
			}
			if f, ok := first[key]; ok {
				assert.True(t, unsafe.StringData(f) == unsafe.StringData(s), "%s with %s = %v: the string made before", c.src, c.name, v)
			} else {
				first[key] = s
			}
		}
	}
}
