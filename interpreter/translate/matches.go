package translate

import (
	"regexp"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
)

// matches is a matches b, as the VM runs it: false when either is nil;
// a pattern written as a literal is compiled once, here (expr's compiler
// has already refused a bad one), another at each evaluation, its error
// the expression's. Go's regexp runs in time linear in the input, so a
// pattern cannot make an evaluation run away.
func (t *translator) matches(n *ast.BinaryNode) eval.Val {
	l, loc := t.operand(n.Left), n.Location()
	x := l.Box
	if lit, ok := n.Right.(*ast.StringNode); ok {
		re := regexp.MustCompile(lit.Value)
		if a, ok := l.Fn.(func(*eval.Frame) string); ok {
			return eval.Mk(func(fr *eval.Frame) bool { return re.MatchString(a(fr)) })
		}
		return eval.Mk(func(fr *eval.Frame) bool {
			p := x(fr)
			if runtime.IsNil(p) {
				return false
			}
			return eval.Guard(loc, func() bool { return re.MatchString(p.(string)) })
		})
	}
	y := t.operand(n.Right).Box
	return eval.Mk(func(fr *eval.Frame) bool {
		p, q := x(fr), y(fr)
		if runtime.IsNil(p) || runtime.IsNil(q) {
			return false
		}
		return eval.Guard(loc, func() bool {
			ok, err := regexp.MatchString(q.(string), p.(string))
			if err != nil {
				panic(err)
			}
			return ok
		})
	})
}
