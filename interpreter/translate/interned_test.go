package translate

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A string constant is the string Interned gives for it, alone, in a
// folded list, as a map literal's value and as a compared literal; the
// answers stay the VM's.
func TestConstantsInterned(t *testing.T) {
	own := map[string]string{}
	intern := func(s string) string {
		if c, ok := own[s]; ok {
			return c
		}
		own[s] = strings.Clone(s)
		return own[s]
	}
	first := func(v any) any {
		switch x := v.(type) {
		case []any:
			return x[0]
		case map[string]any:
			return x["a"]
		}
		return v
	}
	for _, src := range []string{`'bread'`, `['bread', 'salt']`, `{a: 'bread'}`, `me == 1 ? 'bread' : s`} {
		prog, err := expr.Compile(src, expr.Env(checkedEnv))
		require.NoError(t, err, src)
		code, err := Program(prog, nil, checkedLay, nil, Interned(intern))
		require.NoError(t, err, src)
		got := first(code.Run(checkedFrame(code))).(string)
		require.Equal(t, "bread", got, src)
		assert.True(t, unsafe.StringData(own["bread"]) == unsafe.StringData(got), "%s: the interned string", src)
	}
	for _, src := range []string{`s == 'bread'`, `'bread' == s`, `s == 'salt'`} {
		want, err := runVM(t, src)
		require.NoError(t, err)
		prog, err := expr.Compile(src, expr.Env(checkedEnv))
		require.NoError(t, err, src)
		code, err := Program(prog, nil, checkedLay, nil, Interned(intern))
		require.NoError(t, err, src)
		assert.Equal(t, want, code.Run(checkedFrame(code)), src)
	}
}
