package translate

// Arithmetic and comparisons on values whose type is known only at run
// time (a card's numbers, a let bound to one): most are ints or floats,
// carried unboxed from one operator to the next (eval.Num), since
// boxing an int above 255 or any float64 allocates.

import (
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
)

// numOf reads a value as an eval.Num.
func numOf(v eval.Val) func(*eval.Frame) eval.Num {
	switch f := v.Fn.(type) {
	case func(*eval.Frame) int:
		return func(fr *eval.Frame) eval.Num { return eval.Num{Kind: eval.IntNum, I: f(fr)} }
	case func(*eval.Frame) float64:
		return func(fr *eval.Frame) eval.Num { return eval.Num{Kind: eval.FloatNum, F: f(fr)} }
	}
	if v.Num != nil {
		return v.Num
	}
	b := v.Box
	return func(fr *eval.Frame) eval.Num {
		switch x := b(fr).(type) {
		case int:
			return eval.Num{Kind: eval.IntNum, I: x}
		case float64:
			return eval.Num{Kind: eval.FloatNum, F: x}
		default:
			return eval.Num{Boxed: x}
		}
	}
}

// numArith is +, -, * or / on values of types known only at run time:
// on two ints or floats as expr's runtime computes them (an int beside
// a float64 is read as a float64; / always gives a float64), anything
// else through that runtime.
func numArith(operator string, x, y func(*eval.Frame) eval.Num, loc file.Location) eval.Val {
	op := map[string]func(a, b any) any{
		"+": runtime.Add, "-": runtime.Subtract, "*": runtime.Multiply, "/": func(a, b any) any { return runtime.Divide(a, b) },
	}[operator]
	ints := map[string]func(a, b int) int{
		"+": func(a, b int) int { return a + b },
		"-": func(a, b int) int { return a - b },
		"*": func(a, b int) int { return a * b },
	}[operator]
	floats := map[string]func(a, b float64) float64{
		"+": func(a, b float64) float64 { return a + b },
		"-": func(a, b float64) float64 { return a - b },
		"*": func(a, b float64) float64 { return a * b },
		"/": func(a, b float64) float64 { return a / b },
	}[operator]
	plus := operator == "+"
	num := func(fr *eval.Frame) eval.Num {
		p, q := x(fr), y(fr)
		switch {
		case p.Kind == eval.IntNum && q.Kind == eval.IntNum && ints != nil:
			return eval.Num{Kind: eval.IntNum, I: ints(p.I, q.I)}
		case p.Kind != eval.NotNum && q.Kind != eval.NotNum:
			return eval.Num{Kind: eval.FloatNum, F: floats(p.Float(), q.Float())}
		}
		return eval.Num{Boxed: dynArith(fr, p.Box(), q.Box(), op, plus, loc)}
	}
	box := func(fr *eval.Frame) any { return num(fr).Box() }
	return eval.Val{Fn: box, Box: box, Num: num}
}

// numCompare is <, >, <= or >= on values of types known only at run
// time: ints and floats directly, anything else through expr's runtime.
func numCompare(operator string, x, y func(*eval.Frame) eval.Num, ints func(a, b int) bool, op func(a, b any) bool, loc file.Location) func(*eval.Frame) bool {
	floats := map[string]func(a, b float64) bool{
		"<":  func(a, b float64) bool { return a < b },
		">":  func(a, b float64) bool { return a > b },
		"<=": func(a, b float64) bool { return a <= b },
		">=": func(a, b float64) bool { return a >= b },
	}[operator]
	return func(fr *eval.Frame) bool {
		p, q := x(fr), y(fr)
		switch {
		case p.Kind == eval.IntNum && q.Kind == eval.IntNum:
			return ints(p.I, q.I)
		case p.Kind != eval.NotNum && q.Kind != eval.NotNum:
			return floats(p.Float(), q.Float())
		}
		a, b := p.Box(), q.Box()
		return eval.Guard(loc, func() bool { return op(a, b) })
	}
}
