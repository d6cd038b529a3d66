package eval

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/budget"
)

// Frame is what the closures of one evaluation read: the locals of the
// scope, by the slots of its layout, and a slot for each name the
// expression binds itself (the element of a predicate, a let).
type Frame struct {
	// Env holds the scope's locals, Slots the names bound inside.
	Env   []any
	Slots []Slot
	// Buf is scratch for filter.
	Buf []any
	// Budget is what is left of the limits, charged by Spend and Grow.
	Budget *budget.Remaining
	// Boxed are the game's names boxed once (BoxStr).
	Boxed map[string]any
	idBuf [2][]string // scratch for the lists minus reads (IDs)
}

// Slot holds one bound value. The translator knows the value's Go type
// and uses the matching field, so strings and ints are not boxed.
type Slot struct {
	Any  any
	Str  string
	Int  int
	List []string
	// Anys is a []any, boxed into Any only when read as a value
	// (HasAny then).
	Anys   []any
	HasAny bool
}

// SlotKind says which field of a Slot holds its value.
type SlotKind uint8

// The kinds of slot: Any, Str, Int, List, Anys.

const (
	SlotAny SlotKind = iota
	SlotStr
	SlotInt
	SlotList
	SlotAnys
)

// Val is a translated node. Fn is a func(*Frame) T with T the Go type of
// the node's value, or any when the value's type is known only at run
// time; Box returns the same value as an interface, as the VM holds it.
type Val struct {
	Fn  any
	Box func(*Frame) any
}

// Mk is a typed closure as a Val, with the Box that boxes its value.
func Mk[T any](f func(*Frame) T) Val {
	if b, ok := any(f).(func(*Frame) any); ok {
		return Val{Fn: f, Box: b}
	}
	if s, ok := any(f).(func(*Frame) string); ok {
		return Val{Fn: f, Box: func(fr *Frame) any { return BoxStr(fr.Boxed, s(fr)) }}
	}
	return Val{Fn: f, Box: func(fr *Frame) any { return f(fr) }}
}

// Const is a value known at compile time, boxed once.
func Const[T any](x T) Val {
	boxed := any(x)
	return Val{Fn: func(*Frame) T { return x }, Box: func(*Frame) any { return boxed }}
}

// As reads a value as a T: directly when the closure yields a T,
// otherwise by asserting its boxed value, as the VM's typed instructions
// and the library's wrappers do.
func As[T any](v Val) func(*Frame) T {
	if f, ok := v.Fn.(func(*Frame) T); ok {
		return f
	}
	b := v.Box
	return func(fr *Frame) T { return b(fr).(T) }
}

// Panic carries a runtime error out of the closures, with the
// location the VM would have reported it at.
type Panic struct {
	Loc   file.Location
	Value any // what the VM would have panicked with: an error or a message
}

// Fail stops the closures with v, the error raised at loc.
func Fail(loc file.Location, v any) { panic(&Panic{loc, v}) }

// Guard runs f, giving a panic of expr's runtime helpers (an operator on
// mismatched types, an index out of range) the location loc.
func Guard[T any](loc file.Location, f func() T) T {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Panic); ok {
				panic(r)
			}
			Fail(loc, r)
		}
	}()
	return f()
}

// Deref is expr's deref.Interface: pointers are followed to the value
// they point at; other values are returned as they are.
func Deref(p any) any {
	switch p.(type) {
	case nil, bool, int, string, float64, []any, []string, []int, map[string]any:
		return p
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.IsValid() {
		return v.Interface()
	}
	panic(fmt.Sprintf("cannot dereference %v", p))
}

// ListOf is a list-valued closure read as ToList reads its value:
// []any as it is, []string and []int boxed element by element; nil for
// any other value.
func ListOf(v Val) func(*Frame) []any {
	switch f := v.Fn.(type) {
	case func(*Frame) []any:
		return f
	case func(*Frame) []string:
		return func(fr *Frame) []any {
			l := f(fr)
			out := make([]any, len(l))
			for i, x := range l {
				out[i] = BoxStr(fr.Boxed, x)
			}
			return out
		}
	case func(*Frame) []int:
		return func(fr *Frame) []any {
			l := f(fr)
			out := make([]any, len(l))
			for i, x := range l {
				out[i] = x
			}
			return out
		}
	}
	return nil
}
