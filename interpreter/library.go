package interpreter

import "github.com/expr-lang/expr"

// libFunc is one function of the expression library. Its Go
// implementation is typed; expr sees it through option, with the
// signature taken from the implementation.
type libFunc struct {
	name   string
	option expr.Option
}

func fn0[R any](name string, f func() (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f()
		}, new(func() R)),
	}
}

func fn1[A, R any](name string, f func(A) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A))
		}, new(func(A) R)),
	}
}

func fn2[A, B, R any](name string, f func(A, B) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B))
		}, new(func(A, B) R)),
	}
}

func fn3[A, B, C, R any](name string, f func(A, B, C) (R, error)) libFunc {
	return libFunc{
		name: name,
		option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B), a[2].(C))
		}, new(func(A, B, C) R)),
	}
}
