// Package vmguard bounds the expressions left to expr's VM. The few
// expressions the fast path (package translate) does not cover run on
// expr's VM, which bounds the lists it builds (its memory budget) but
// neither the strings nor the passes of its loops. Compile compiles such
// an expression a second time with a patch that routes `+` on anything
// but numbers, `repeat` and `replace` through checked functions, and
// counts every pass of a predicate against the work budget (package
// budget).
package vmguard

import (
	"reflect"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/budget"
)

// guardFuncs are the checked functions vmGuard calls, charging b.
func guardFuncs(b *budget.Remaining) []expr.Option {
	return []expr.Option{
		expr.Function("__plus", func(a ...any) (any, error) {
			if err := b.Grow(size(a[0]) + size(a[1])); err != nil {
				return nil, err
			}
			return runtime.Add(a[0], a[1]), nil
		}, new(func(any, any) any)),
		expr.Function("__tick", func(a ...any) (any, error) {
			if err := b.Spend(1); err != nil {
				return nil, err
			}
			return a[0], nil
		}, new(func(any) any)),
		expr.Function("__repeat", func(a ...any) (any, error) {
			s, n := a[0].(string), runtime.ToInt(a[1])
			if n > 0 {
				if err := b.Grow(len(s) * min(n, b.Limits.Memory+1)); err != nil {
					return nil, err
				}
			}
			return strings.Repeat(s, max(n, 0)), nil
		}, new(func(string, int) string)),
		expr.Function("__replace", func(a ...any) (any, error) {
			s, old, nw := a[0].(string), a[1].(string), a[2].(string)
			k := len(s) + 1
			if old != "" {
				k = len(s) / len(old)
			}
			if err := b.Grow(len(s) + min(k, b.Limits.Memory+1)*max(len(nw)-len(old), 0)); err != nil {
				return nil, err
			}
			return strings.ReplaceAll(s, old, nw), nil
		}, new(func(string, string, string) string)),
	}
}

// size is the length of a string or list, 0 for anything else.
func size(v any) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		return len(x)
	}
	if r := reflect.ValueOf(v); r.Kind() == reflect.Slice {
		return r.Len()
	}
	return 0
}

// vmGuard is the patch described above.
type vmGuard struct{}

func (vmGuard) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		if n.Operator != "+" {
			return
		}
		if t := n.Type(); t != nil && (t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64) {
			return
		}
		*node = guardCall("__plus", n.Left, n.Right)
	case *ast.BuiltinNode:
		switch {
		case n.Name == "repeat" && len(n.Arguments) == 2:
			*node = guardCall("__repeat", n.Arguments...)
		case n.Name == "replace" && len(n.Arguments) == 3:
			*node = guardCall("__replace", n.Arguments...)
		}
	case *ast.PredicateNode:
		n.Node = guardCall("__tick", n.Node)
	}
}

func guardCall(name string, args ...ast.Node) ast.Node {
	return &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: args}
}

// Compile recompiles an expression the fast path does not cover with
// the patch, its checked functions charging b. If the patched expression
// does not compile (a case the patch did not foresee), the expression
// is refused rather than run unbounded.
func Compile(src string, opts []expr.Option, b *budget.Remaining) (*vm.Program, error) {
	all := append(append([]expr.Option{}, opts...), guardFuncs(b)...)
	all = append(all, expr.Patch(vmGuard{}))
	return expr.Compile(src, all...)
}
