package eval

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
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
	// Boxed are the game's names boxed once (BoxStr); BoxedAt finds the
	// box of a string of the game's own tables by the address of its
	// bytes (model.AddrTable), before the map hashes it. nil: none.
	Boxed   map[string]any
	BoxedAt *model.AddrTable[any]
	idBuf   [2][]string // scratch for the lists minus reads (IDs)
	// arena holds the lists Scratch cut in this evaluation, up to used.
	arena []any
	used  int
	// strs and ints are the arenas of lists of strings and of ints,
	// used up to strsUsed and intsUsed.
	strs     []string
	strsUsed int
	ints     []int
	intsUsed int
	// temp says that the caller copies the list the evaluation gives
	// (Temp): Root cuts it from the arena.
	temp bool
	// kept is the chunk Fresh cuts the lists that may outlive the
	// evaluation from: append-only, never written below its length.
	kept []any
	// Boxes boxes the lists a local keeps (keptbox.go).
	Boxes KeptBoxes
	// Epoch points to the runtime's count of the states evaluations
	// read, which changes whenever the state may have (Hoist): values
	// kept while it stays the same. nil (a frame of no machine's) and 0
	// keep none.
	Epoch *uint64
	// Entry tells this evaluation in this frame from every other, for
	// the values kept for one evaluation (Hoist); 0 keeps none.
	Entry uint64
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
	// Lazy says that the value is the string in Str, not yet boxed
	// into Any (SlotDyn): a loop over a list of unknown type that
	// turns out to hold strings binds them without boxing each.
	Lazy bool
	// Index is the element's index in its list, while a loop binds
	// it (#index).
	Index int32
}

// SlotKind says which field of a Slot holds its value.
type SlotKind uint8

// The kinds of slot: Any, Str, Int, List (boxed into Any once, when
// read as a value: HasAny), Anys, and Dyn (Any, or Str when Lazy).

const (
	SlotAny SlotKind = iota
	SlotStr
	SlotInt
	SlotList
	SlotAnys
	SlotDyn
)

// Val is a translated node. Fn is a func(*Frame) T with T the Go type of
// the node's value, or any when the value's type is known only at run
// time; Box returns the same value as an interface, as the VM holds it.
type Val struct {
	Fn  any
	Box func(*Frame) any
	// Num, when set, is Box for a value of a type known only at run
	// time that is most often a number (arithmetic on a card's
	// numbers): an int or a float64 is given unboxed, anything else
	// boxed, so that a consumer that reads numbers (a comparison, more
	// arithmetic) boxes nothing.
	Num func(*Frame) Num
	// Checked, when set, is a func(*Frame) T for a value whose type T
	// (int, bool or string) expr's checker knows but that is read
	// from where a value of another type may stand: a local not bound
	// is nil, a param read from a save is whatever the JSON gave. It
	// asserts the value's type, failing as the VM's typed instructions
	// and expr's runtime fail on a value of another type, so only a
	// consumer that the VM fails for on any other value reads it
	// (arithmetic, a comparison, a condition, a library argument); one
	// that would keep or test the value as it is (a let, a branch,
	// string(), in, == nil) reads Box.
	Checked any
	// List, when set, reads as a list of values a value that is a list
	// of one kind or another ([]any, []string, []int) depending on the
	// branch taken: for a caller that reads it as a list (ListOf).
	List func(*Frame) []any
}

// Num is a value read as a number without boxing it.
type Num struct {
	Kind NumKind
	I    int
	F    float64
	// Boxed is the value when it is no number (Kind NotNum).
	Boxed any
}

// NumKind says which field of a Num holds its value.
type NumKind uint8

// The kinds of Num: no number (Boxed), an int (I), a float64 (F).
const (
	NotNum NumKind = iota
	IntNum
	FloatNum
)

// Box is the value as an interface.
func (n Num) Box() any {
	switch n.Kind {
	case IntNum:
		return n.I
	case FloatNum:
		return n.F
	}
	return n.Boxed
}

// BoxIn is Box with an int boxed in the frame's chunks (KeptBoxes.Int):
// no allocation of its own past 255.
func (n Num) BoxIn(fr *Frame) any {
	if n.Kind == IntNum {
		return fr.Boxes.Int(n.I)
	}
	return n.Box()
}

// Float is a number as a float64, as expr's runtime reads an int beside
// a float64.
func (n Num) Float() float64 {
	if n.Kind == IntNum {
		return float64(n.I)
	}
	return n.F
}

// Mk is a typed closure as a Val, with the Box that boxes its value.
func Mk[T any](f func(*Frame) T) Val {
	if b, ok := any(f).(func(*Frame) any); ok {
		return Val{Fn: f, Box: b}
	}
	if s, ok := any(f).(func(*Frame) string); ok {
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.BoxStr(s(fr)) }}
	}
	switch l := any(f).(type) {
	case func(*Frame) []any:
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.Boxes.Anys(l(fr)) }}
	case func(*Frame) []string:
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.Boxes.Strings(l(fr)) }}
	case func(*Frame) [][]string:
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.Boxes.Lists(l(fr)) }}
	case func(*Frame) []int:
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.Boxes.Ints(l(fr)) }}
	case func(*Frame) int:
		return Val{Fn: f, Box: func(fr *Frame) any { return fr.Boxes.Int(l(fr)) }}
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
	if f, ok := Typed[T](v); ok {
		return f
	}
	b := v.Box
	return func(fr *Frame) T { return b(fr).(T) }
}

// Typed is the closure that reads a value as a T: its own when it yields
// a T, else its Checked one (which asserts); false when it has neither.
// Only a consumer for which a value of another type fails anyway may use
// it (see Val.Checked).
func Typed[T any](v Val) (func(*Frame) T, bool) {
	if f, ok := v.Fn.(func(*Frame) T); ok {
		return f, true
	}
	f, ok := v.Checked.(func(*Frame) T)
	return f, ok
}

// NotOf fails as a type assertion of x to want fails, at loc: the value
// of a Checked closure that is not of the type expr's checker gave it.
func NotOf(x any, want string, loc file.Location) {
	got := "nil"
	if x != nil {
		got = reflect.TypeOf(x).String()
	}
	Fail(loc, "interface conversion: interface {} is "+got+", not "+want)
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
// []any as it is, []string and []int boxed element by element (into a
// list of Root's); nil for any other value. It is only for the value of
// an evaluation.
func ListOf(v Val) func(*Frame) []any {
	if v.List != nil {
		return v.List
	}
	switch f := v.Fn.(type) {
	case func(*Frame) []any:
		return f
	case func(*Frame) []string:
		return func(fr *Frame) []any {
			l := f(fr)
			out := fr.Root(len(l))
			for i, x := range l {
				out[i] = fr.BoxStr(x)
			}
			return out
		}
	case func(*Frame) []int:
		return func(fr *Frame) []any {
			l := f(fr)
			out := fr.Root(len(l))
			for i, x := range l {
				out[i] = x
			}
			return out
		}
	}
	return nil
}

// Scratch is a list of n nil elements for a value that the translator
// has proved does not outlive the evaluation (read by len, a loop, in,
// or copied by another list builtin): it is cut from the frame's arena,
// which ResetScratch hands out again at the start of the next
// evaluation in this frame. Its capacity is n, so that appending to it
// never writes over the list cut after it.
func (fr *Frame) Scratch(n int) []any {
	if n == 0 {
		return empty // not nil, as make gives it
	}
	if fr.used+n > len(fr.arena) {
		// A new chunk: the lists cut from the old one keep it alive
		// until the evaluation drops them.
		fr.arena = make([]any, max(2*len(fr.arena), n, 64))
		fr.used = 0
	}
	out := fr.arena[fr.used : fr.used+n : fr.used+n]
	fr.used += n
	return out
}

// empty is the list of no elements Scratch gives: appending to it
// allocates.
var empty = []any{}

// ResetScratch makes the arena's lists free again, emptied so that they
// do not keep the values they held alive. Only the evaluation that cut
// them may call it, at its start.
func (fr *Frame) ResetScratch() {
	clear(fr.arena[:fr.used])
	fr.used = 0
	clear(fr.strs[:fr.strsUsed])
	fr.strsUsed = 0
	fr.intsUsed = 0
}

// ScratchInts is Scratch for a list of ints (a range): n of them, cut
// from the frame's arena of ints.
func (fr *Frame) ScratchInts(n int) []int { return cutScratch(&fr.ints, &fr.intsUsed, n) }

// InTemp tells whether the evaluation's value is for a caller that
// copies it (Temp): a list made for it may be cut from the arenas.
func (fr *Frame) InTemp() bool { return fr.temp }

// ScratchStrings is Scratch for a list of strings (a library function's
// value, Func.Scratch): n empty strings, cut from the frame's arena of
// them.
func (fr *Frame) ScratchStrings(n int) []string {
	return cutScratch(&fr.strs, &fr.strsUsed, n)
}

// cutScratch cuts n elements from an arena, *used of them taken: a new,
// larger arena when they do not fit (the lists cut before keep the old
// one). A list's capacity is its length, so appending to it copies it.
func cutScratch[T any](arena *[]T, used *int, n int) []T {
	if n == 0 {
		return []T{}
	}
	if *used+n > len(*arena) {
		*arena = make([]T, max(2*len(*arena), n, 64))
		*used = 0
	}
	out := (*arena)[*used : *used+n : *used+n]
	*used += n
	return out
}

// Fresh is a new list of n nil elements, for a value that may escape
// the evaluation: the other way of making a list, beside Scratch.
//
// It is cut from an append-only chunk of the frame's (keptChunk
// elements), not allocated on its own: the chunk is never handed out
// twice below its length, so a list cut from it is the caller's alone,
// as a made one would be, and its capacity is n, so appending to it
// copies it. A full chunk is left to the lists cut from it (the garbage
// collector frees it with the last of them) and a new one begun: a
// list kept keeps its chunk alive, at most keptChunk elements.
func Fresh(fr *Frame, n int) []any {
	if fr == nil || n > keptChunk/4 {
		return make([]any, n)
	}
	if n == 0 {
		return []any{}
	}
	if len(fr.kept)+n > cap(fr.kept) {
		fr.kept = make([]any, 0, keptChunk)
	}
	at := len(fr.kept)
	fr.kept = fr.kept[:at+n]
	return fr.kept[at : at+n : at+n]
}

// keptChunk is the size of Fresh's chunks, in elements.
const keptChunk = 512

// Root is a new list of n nil elements for the value of the evaluation:
// fresh, but cut from the arena when the caller copies the list it is
// given (Temp).
func (fr *Frame) Root(n int) []any {
	if fr.temp {
		return fr.Scratch(n)
	}
	return Fresh(fr, n)
}

// Temp runs list, the list-valued closure of an evaluation, for a caller
// that copies the elements it keeps before the next evaluation in this
// frame: the list it gives may be cut from the arena (Root).
func (fr *Frame) Temp(list func(*Frame) []any) []any {
	fr.temp = true
	defer func() { fr.temp = false }()
	return list(fr)
}
