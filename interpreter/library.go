package interpreter

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/haven-engine/haven/interpreter/eval"
)

// libFunc is one function of the expression library. Its Go
// implementation is typed; expr sees it through option, with the
// signature taken from the implementation, and the fast path (fast.go)
// calls the implementation directly through call.
type libFunc struct {
	name   string
	option expr.Option
	// call builds the closure for a call whose arguments are translated;
	// loc is where the call stands, for the position of its errors.
	call func(loc file.Location, args []eval.Val) eval.Val
	// named, when set, builds the closure for a call whose argument
	// nameArg is a constant name: the name resolved once, when the
	// expression is translated (fastcounters.go). It returns false for a
	// name it does not resolve; call is used then.
	named   func(loc file.Location, name string, args []eval.Val) (eval.Val, bool)
	nameArg int
}

func fn0[R any](name string, f func() (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f()
		}, new(func() R)),
		call: func(loc file.Location, _ []eval.Val) eval.Val {
			return eval.Mk(func(*eval.Frame) R {
				r, err := f()
				if err != nil {
					eval.Fail(loc, err)
				}
				return r
			})
		},
	}
}

func fn1[A, R any](name string, f func(A) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A))
		}, new(func(A) R)),
		call: func(loc file.Location, args []eval.Val) eval.Val {
			a := eval.As[A](args[0])
			return eval.Mk(func(fr *eval.Frame) R {
				r, err := f(a(fr))
				if err != nil {
					eval.Fail(loc, err)
				}
				return r
			})
		},
	}
}

func fn2[A, B, R any](name string, f func(A, B) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B))
		}, new(func(A, B) R)),
		call: func(loc file.Location, args []eval.Val) eval.Val {
			a, b := eval.As[A](args[0]), eval.As[B](args[1])
			return eval.Mk(func(fr *eval.Frame) R {
				r, err := f(a(fr), b(fr))
				if err != nil {
					eval.Fail(loc, err)
				}
				return r
			})
		},
	}
}

func fn3[A, B, C, R any](name string, f func(A, B, C) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B), a[2].(C))
		}, new(func(A, B, C) R)),
		call: func(loc file.Location, args []eval.Val) eval.Val {
			a, b, c := eval.As[A](args[0]), eval.As[B](args[1]), eval.As[C](args[2])
			return eval.Mk(func(fr *eval.Frame) R {
				r, err := f(a(fr), b(fr), c(fr))
				if err != nil {
					eval.Fail(loc, err)
				}
				return r
			})
		},
	}
}
