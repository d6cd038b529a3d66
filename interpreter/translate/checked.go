package translate

// Values whose type expr's checker knows (int, bool, string) but whose
// closure yields any: a local, a param, a let bound to one, an element
// of a list of unknown type, a member of params. Each gets a Checked
// closure (eval.Val) that reads it as its type, so that arithmetic,
// comparisons and conditions above it take the typed paths; consumers
// that would keep or test a value of another type as it is (a local not
// bound is nil) still read Box, as the VM does.

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
)

var (
	intType  = reflect.TypeFor[int]()
	boolType = reflect.TypeFor[bool]()
	strType  = reflect.TypeFor[string]()
)

// withChecked gives a node that expr's checker types int, bool or
// string, and whose closure yields any, a Checked closure that asserts
// its value.
func withChecked(n ast.Node, v eval.Val) eval.Val {
	if v.Checked != nil {
		return v
	}
	if _, ok := v.Fn.(func(*eval.Frame) any); !ok {
		return v
	}
	loc := n.Location()
	switch n.Type() {
	case intType:
		if num := v.Num; num != nil {
			// Arithmetic on values of unknown type: its int unboxed.
			v.Checked = func(fr *eval.Frame) int {
				x := num(fr)
				if x.Kind != eval.IntNum {
					eval.NotOf(x.Box(), "int", loc)
				}
				return x.I
			}
			return v
		}
		v.Checked = assertFrom[int](v.Box, "int", loc)
	case boolType:
		v.Checked = assertFrom[bool](v.Box, "bool", loc)
	case strType:
		v.Checked = assertFrom[string](v.Box, "string", loc)
	}
	return v
}

// assertFrom reads a boxed value as a T, failing as expr's typed
// instructions do on a value of another type.
func assertFrom[T any](b func(*eval.Frame) any, want string, loc file.Location) func(*eval.Frame) T {
	return func(fr *eval.Frame) T {
		x := b(fr)
		y, ok := x.(T)
		if !ok {
			eval.NotOf(x, want, loc)
		}
		return y
	}
}

// checkedLocal is a local of the scope, by slot: its boxed value as it
// stands, and Checked where the checker types it int, bool or string.
func checkedLocal(n ast.Node, k int) eval.Val {
	v := eval.Mk(func(fr *eval.Frame) any { return fr.Env[k] })
	loc := n.Location()
	switch n.Type() {
	case intType:
		v.Checked = inEnv[int](k, "int", loc)
	case boolType:
		v.Checked = inEnv[bool](k, "bool", loc)
	case strType:
		v.Checked = inEnv[string](k, "string", loc)
	}
	return v
}

func inEnv[T any](k int, want string, loc file.Location) func(*eval.Frame) T {
	return func(fr *eval.Frame) T {
		y, ok := fr.Env[k].(T)
		if !ok {
			eval.NotOf(fr.Env[k], want, loc)
		}
		return y
	}
}

// checkedSlot is Checked for a name bound in a slot holding any (a let
// bound to a value of unknown type, an element of a list of unknown
// type: SlotAny, SlotDyn).
func checkedSlot(n ast.Node, k int, kind eval.SlotKind) any {
	loc := n.Location()
	dyn := kind == eval.SlotDyn
	switch n.Type() {
	case intType:
		return inSlot[int](k, dyn, "int", loc)
	case boolType:
		return inSlot[bool](k, dyn, "bool", loc)
	case strType:
		if dyn {
			// A string bound unboxed (Lazy) is read as it is.
			return func(fr *eval.Frame) string {
				s := &fr.Slots[k]
				if s.Lazy {
					return s.Str
				}
				y, ok := s.Any.(string)
				if !ok {
					eval.NotOf(s.Any, "string", loc)
				}
				return y
			}
		}
		return inSlot[string](k, false, "string", loc)
	}
	return nil
}

// inSlot reads slot k's Any as a T; in a SlotDyn (dyn), a string bound
// unboxed (Lazy) is no T.
func inSlot[T any](k int, dyn bool, want string, loc file.Location) func(*eval.Frame) T {
	return func(fr *eval.Frame) T {
		s := &fr.Slots[k]
		if dyn && s.Lazy {
			eval.NotOf(s.Str, want, loc)
		}
		y, ok := s.Any.(T)
		if !ok {
			eval.NotOf(s.Any, want, loc)
		}
		return y
	}
}
