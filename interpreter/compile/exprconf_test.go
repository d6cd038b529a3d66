package compile

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCastOnly checks that the program castOnly makes ends as expr's
// compiler ends a program of the same expected kind: the same cast, or
// none.
func TestCastOnly(t *testing.T) {
	tail := func(p *vm.Program) (vm.Opcode, int, bool) {
		n := len(p.Bytecode)
		if n == 0 || p.Bytecode[n-1] != vm.OpCast {
			return 0, 0, false
		}
		return vm.OpCast, p.Arguments[n-1], true
	}
	for name, tc := range map[string]struct {
		src  string
		opts []expr.Option
	}{
		"int":     {"n + 1", []expr.Option{expr.AsInt()}},
		"int64":   {"n + 1", []expr.Option{expr.AsInt64()}},
		"float64": {"n + 1", []expr.Option{expr.AsFloat64()}},
		"bool":    {"n > 1", []expr.Option{expr.AsBool()}},
		"any":     {"n > 1", nil},
	} {
		t.Run(name, func(t *testing.T) {
			env := types.Map{"n": types.Int}
			full, err := (&exprConf{bytecode: true}).compile(nil, tc.src, env, tc.opts...)
			require.NoError(t, err)
			only, err := (&exprConf{}).compile(nil, tc.src, env, tc.opts...)
			require.NoError(t, err)
			op, arg, ok := tail(full)
			op2, arg2, ok2 := tail(only)
			assert.Equal(t, []any{op, arg, ok}, []any{op2, arg2, ok2})
			assert.Equal(t, full.Node().String(), only.Node().String())
			if name != "any" {
				assert.True(t, ok, "expr's compiler ends a program expected to be %s with a cast", name)
			}
		})
	}
}
