package eval

import (
	"fmt"

	"github.com/expr-lang/expr/file"
)

// Spend charges n list elements to the budgets (package budget). The error
// stands at the start of the expression.
func (fr *Frame) Spend(n int) {
	if err := fr.Budget.Spend(n); err != nil {
		Fail(file.Location{}, err)
	}
}

// Grow checks the length of a string or list about to be built.
func (fr *Frame) Grow(n int, loc file.Location) {
	if n > fr.Budget.Limits.Memory {
		Fail(loc, fr.Budget.Grow(n))
	}
}

// Sized checks the length of a value an operator or builtin built.
func (fr *Frame) Sized(v any, loc file.Location) any {
	switch x := v.(type) {
	case string:
		fr.Grow(len(x), loc)
	case []any:
		fr.Grow(len(x), loc)
	}
	return v
}

// IDs reads a list of ids into scratch list k of the frame, when it is a
// []any; the result is only read before the next call.
func (fr *Frame) IDs(k int, s []string, a []any) ([]string, error) {
	if a == nil {
		return s, nil
	}
	out := fr.idBuf[k][:0]
	for _, x := range a {
		str, ok := x.(string)
		if !ok {
			return nil, fmt.Errorf("want a list of ids, found %v", x)
		}
		out = append(out, str)
	}
	fr.idBuf[k] = out
	return out, nil
}
