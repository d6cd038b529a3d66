package interpreter

import "github.com/expr-lang/expr/file"

// spend charges n list elements to the budgets (limits.go). The error
// stands at the start of the expression.
func (fr *frame) spend(n int) {
	if err := fr.b.Spend(n); err != nil {
		fail(file.Location{}, err)
	}
}

// grow checks the length of a string or list about to be built.
func (fr *frame) grow(n int, loc file.Location) {
	if n > fr.b.Limits.Memory {
		fail(loc, fr.b.Grow(n))
	}
}

// sized checks the length of a value an operator or builtin built.
func (fr *frame) sized(v any, loc file.Location) any {
	switch x := v.(type) {
	case string:
		fr.grow(len(x), loc)
	case []any:
		fr.grow(len(x), loc)
	}
	return v
}
