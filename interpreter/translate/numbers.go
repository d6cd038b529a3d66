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
	if f, ok := eval.Typed[int](v); ok {
		return func(fr *eval.Frame) eval.Num { return eval.Num{Kind: eval.IntNum, I: f(fr)} }
	}
	if f, ok := v.Fn.(func(*eval.Frame) float64); ok {
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
	// A + keeps the names it joins (eval.JoinMemo).
	var joins *eval.JoinMemo[any]
	if operator == "+" {
		joins = new(eval.JoinMemo[any])
	}
	num := func(fr *eval.Frame) eval.Num {
		p, q := x(fr), y(fr)
		switch {
		case p.Kind == eval.IntNum && q.Kind == eval.IntNum && ints != nil:
			return eval.Num{Kind: eval.IntNum, I: ints(p.I, q.I)}
		case p.Kind != eval.NotNum && q.Kind != eval.NotNum:
			return eval.Num{Kind: eval.FloatNum, F: floats(p.Float(), q.Float())}
		}
		return eval.Num{Boxed: dynArith(fr, p.Box(), q.Box(), op, joins, loc)}
	}
	box := func(fr *eval.Frame) any { return num(fr).BoxIn(fr) }
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

// floatOf reads a value whose type is known to be a number as a
// float64, as expr's runtime reads an int beside a float64; isFloat
// says that it is a float64 already.
func floatOf(v eval.Val) (f func(*eval.Frame) float64, isFloat, ok bool) {
	if f, ok := v.Fn.(func(*eval.Frame) float64); ok {
		return f, true, true
	}
	if i, ok := eval.Typed[int](v); ok {
		return func(fr *eval.Frame) float64 { return float64(i(fr)) }, false, true
	}
	return nil, false, false
}

// floatArith is +, -, * or / on two numbers of known types of which one
// is a float64, or / on two ints: a float64, as expr's runtime gives it
// (its / always divides as float64).
func floatArith(operator string, l, r eval.Val) (eval.Val, bool) {
	a, af, aok := floatOf(l)
	b, bf, bok := floatOf(r)
	if !aok || !bok || !af && !bf && operator != "/" {
		return eval.Val{}, false
	}
	var f func(*eval.Frame) float64
	switch operator {
	case "+":
		f = func(fr *eval.Frame) float64 { return a(fr) + b(fr) }
	case "-":
		f = func(fr *eval.Frame) float64 { return a(fr) - b(fr) }
	case "*":
		f = func(fr *eval.Frame) float64 { return a(fr) * b(fr) }
	case "/":
		f = func(fr *eval.Frame) float64 { return a(fr) / b(fr) }
	default:
		return eval.Val{}, false
	}
	return floatVal(f), true
}

// floatVal is a float64-valued closure as a Val, with its Num, so that
// a consumer that reads numbers of unknown type boxes nothing (boxing a
// float64 allocates).
func floatVal(f func(*eval.Frame) float64) eval.Val {
	v := eval.Mk(f)
	v.Num = func(fr *eval.Frame) eval.Num { return eval.Num{Kind: eval.FloatNum, F: f(fr)} }
	return v
}

// floatCompare is <, >, <= or >= on two numbers of known types of which
// one is a float64.
func floatCompare(operator string, l, r eval.Val) (eval.Val, bool) {
	a, af, aok := floatOf(l)
	b, bf, bok := floatOf(r)
	if !aok || !bok || !af && !bf {
		return eval.Val{}, false
	}
	return eval.Mk(ordered(operator, a, b)), true
}

// stringCompare is <, >, <= or >= on two strings, as expr's runtime
// compares them: byte-wise.
func stringCompare(operator string, l, r eval.Val) (eval.Val, bool) {
	a, aok := eval.Typed[string](l)
	b, bok := eval.Typed[string](r)
	if !aok || !bok {
		return eval.Val{}, false
	}
	return eval.Mk(ordered(operator, a, b)), true
}

// ordered is a comparison of two closures of one ordered type.
func ordered[T int | float64 | string](operator string, a, b func(*eval.Frame) T) func(*eval.Frame) bool {
	switch operator {
	case "<":
		return func(fr *eval.Frame) bool { return a(fr) < b(fr) }
	case ">":
		return func(fr *eval.Frame) bool { return a(fr) > b(fr) }
	case "<=":
		return func(fr *eval.Frame) bool { return a(fr) <= b(fr) }
	}
	return func(fr *eval.Frame) bool { return a(fr) >= b(fr) }
}
