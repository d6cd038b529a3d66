// Package translate is Haven's evaluator: at compile time, once expr has
// checked an expression, Program turns its tree into Go closures over an
// eval.Frame, which the interpreter's machine runs; expr's VM runs only
// in tests, as the oracle. Each closure computes what the VM would push
// for its node: the same
// value, of the same Go type. A closure is typed (a func(*eval.Frame)
// int, string, bool, []string...) where the value's Go type is known, so
// that a chain of int or string operations never boxes. A value read
// from where its Go type is not fixed (a local, a param) but that expr's
// checker types int, bool or string reads typed too, by assertion
// (checked.go).
//
// The translation covers what definitions use: constants, locals and
// params, operators, conditionals, member access on the engine's own
// types (model.Card, model.Piece, board.Node, board.Edge), indexing,
// calls to the library (eval.Func), the list builtins with their
// predicates, and let. An expression with anything else is refused:
// Program returns an *Unsupported naming the construct, and the
// definition fails to load.
//
// On one point the closures are not the VM's: order. The VM leaves the
// order of equal keys in sortBy and sort to sort.Sort, which is not
// stable (it is for 12 elements or fewer, an insertion sort), and lists
// a map's keys, values and pairs in Go's map order, which changes from
// run to run; the closures sort stably and list a map by its keys sorted
// (order.go), the engine's rule for every order a definition sees.
package translate

import (
	"errors"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// Code is a translated expression.
type Code struct {
	Run func(*eval.Frame) any
	// Run is the expression's value, boxed as the VM holds it; Slots is
	// how many slots of its own a Frame needs to run it.
	// List, for an expression whose value is a list, is that list as
	// eval.ToList reads it, without boxing it (evalList).
	List func(*eval.Frame) []any
	// Temp is List for a caller that copies the elements it keeps
	// before the next evaluation in the frame: the list may be cut
	// from the frame's arena (eval.Frame.Temp).
	Temp func(*eval.Frame) []any
	// Bool, for an expression whose value is a bool, is that bool,
	// unboxed: a condition's.
	Bool  func(*eval.Frame) bool
	Slots int
	// Hoisted is how many parts of the expression are kept while the
	// state stays the same (hoist.go).
	Hoisted int
}

// errUnsupported stops a translation at the node being translated
// (translator.at).
var errUnsupported = errors.New("not covered by the fast path")

// Unsupported is the error of an expression that uses a construct the
// translator does not cover: Haven has no other evaluator, so the
// definition is refused at load.
type Unsupported struct {
	Loc  file.Location // of the construct, in the expression's source
	What string        // the construct, as a designer wrote it
	Hint string        // what to write instead, when there is a way
}

func (e *Unsupported) Error() string {
	msg := e.What + " is not supported in Haven's expressions"
	if e.Hint != "" {
		msg += ": " + e.Hint
	}
	return msg
}

// Keys numbers the keys of the keyed fields of the engine's own types:
// "card.str.port" is the index of a card's port in its StrAt, and so for
// "card.num.", "card.list.", "node.num.", "node.str.", "edge.num." and
// "edge.str.". The compiler numbers them and fills the arrays once the
// cards and the board are read; an expression that names a key
// (card(c).str.port, .str.color of an edge) reads it by its number.
type Keys map[string]int

type translator struct {
	keys  Keys
	lib   map[string]eval.Func
	lay   *model.Layout // the locals of the scope
	binds []binding     // innermost last
	slots int
	// use says how the value of the node about to be translated is
	// used, and so where a list it makes may come from; usesScratch,
	// that some node cuts lists from the frame's arena, and Run must
	// reset the arena first.
	use         listUse
	usesScratch bool
	// at is the innermost node being translated: where a translation
	// stops, what Unsupported names.
	at ast.Node
	// pure: the expression changes nothing (Pure, Repeated, Body), and
	// its parts that read only the state are kept (hoist.go), and those
	// that read locals too by their values when byLocals; root is the
	// expression, hoisting that such a part is being translated.
	pure, repeated bool
	byLocals       bool
	// varying: the locals a Listed expression is listed again for (the
	// params before it), which a part kept by locals may not read.
	varying  []string
	root     ast.Node
	hoisting bool
	owned    *[]any // the array of the part being hoisted (owned)
	hoisted  int    // the parts hoisted
	// intern gives the game's own string for a constant (Interned).
	intern func(string) string
	// joins are the parts of the join nodes translated (joinequal.go).
	joins map[ast.Node]joinParts
}

// listUse is how the list a node makes is used.
type listUse uint8

const (
	// kept: a local, the state or the caller may keep it: fresh.
	kept listUse = iota
	// scratch: its consumer reads and drops it within the evaluation
	// (transient): cut from the frame's arena.
	scratch
	// root: it is the expression's value: fresh, but cut from the
	// arena when the caller asked for a list it copies (Code.Temp).
	root
	// owned: a part kept while the state stays the same (hoist.go),
	// whose consumer reads and drops it: cut from the part's own array,
	// which its next computation, in a later epoch, writes over.
	owned
)

// binding is a name bound inside the expression: a let, or the element of
// a predicate (name "", read as # or .field).
type binding struct {
	name string
	slot int
	kind eval.SlotKind
}

// Program returns an expression as closures, or an *Unsupported error
// when it uses a construct the translator does not cover.
func Program(prog *vm.Program, lib map[string]eval.Func, lay *model.Layout, keys Keys, opts ...Option) (fc *Code, err error) {
	t := &translator{lib: lib, lay: lay, keys: keys}
	for _, o := range opts {
		o(t)
	}
	defer func() {
		if r := recover(); r != nil {
			if r != errUnsupported {
				panic(r)
			}
			fc, err = nil, unsupportedAt(t.at)
		}
	}()
	t.use = root
	t.root = prog.Node()
	v := t.cast(prog, t.node(t.root))
	run, list := v.Box, eval.ListOf(v)
	cond, _ := v.Fn.(func(*eval.Frame) bool)
	if list != nil {
		t.usesScratch = true // a Temp list is cut from the arena
	}
	if t.usesScratch {
		if b := cond; b != nil {
			cond = func(fr *eval.Frame) bool { fr.ResetScratch(); return b(fr) }
		}
		// The lists of the last evaluation in this frame are dead:
		// none is the value (the root never cuts from the arena).
		box := run
		run = func(fr *eval.Frame) any { fr.ResetScratch(); return box(fr) }
		if l := list; l != nil {
			list = func(fr *eval.Frame) []any { fr.ResetScratch(); return l(fr) }
		}
	}
	var temp func(*eval.Frame) []any
	if l := list; l != nil {
		temp = func(fr *eval.Frame) []any { return fr.Temp(l) }
	}
	return &Code{Run: run, List: list, Temp: temp, Bool: cond, Slots: t.slots, Hoisted: t.hoisted}, nil
}

// transient translates n, a list that the node being translated reads
// and drops before the evaluation ends, keeping neither it nor its
// backing array (len, in, a loop's list, an argument concat copies): a
// list builtin there cuts its result from the frame's arena instead of
// allocating it. Anything else (a let, the value of the evaluation, an
// element of a list, an argument of the library) keeps fresh lists.
func (t *translator) transient(n ast.Node) eval.Val {
	t.use = scratch
	return t.node(n)
}

// maker is how a list builtin makes its result: from the arena when the
// node is transient, fresh when it is kept, and fresh or from the arena
// as the caller asks when it is the expression's value.
func (t *translator) maker(use listUse) func(*eval.Frame, int) []any {
	switch use {
	case scratch:
		t.usesScratch = true
		return (*eval.Frame).Scratch
	case root:
		return (*eval.Frame).Root
	case owned:
		b := t.owned
		return func(_ *eval.Frame, n int) []any {
			if cap(*b) < n {
				*b = make([]any, n, max(n, 2*cap(*b)))
			}
			return (*b)[:n:n]
		}
	}
	return eval.Fresh
}

func unsupported() { panic(errUnsupported) }

// cast applies the conversion expr.AsInt or expr.AsBool adds at the end
// of a program.
func (t *translator) cast(prog *vm.Program, v eval.Val) eval.Val {
	n := len(prog.Bytecode)
	if n == 0 || prog.Bytecode[n-1] != vm.OpCast {
		return v
	}
	loc := prog.Node().Location()
	switch prog.Arguments[n-1] {
	case 0:
		if _, ok := v.Fn.(func(*eval.Frame) int); ok {
			return v
		}
		if f, ok := eval.Typed[int](v); ok {
			// The VM's cast fails on a value of another type too.
			return eval.Mk(f)
		}
		b := v.Box
		return eval.Mk(func(fr *eval.Frame) int { return eval.Guard(loc, func() int { return runtime.ToInt(b(fr)) }) })
	case 3:
		if _, ok := v.Fn.(func(*eval.Frame) bool); ok {
			return v
		}
		if f, ok := eval.Typed[bool](v); ok {
			return eval.Mk(f)
		}
		b := v.Box
		return eval.Mk(func(fr *eval.Frame) bool { return eval.Guard(loc, func() bool { return runtime.ToBool(b(fr)) }) })
	}
	unsupported()
	return v
}

// bind allocates a slot for a name bound while translating what follows,
// until unbind.
func (t *translator) bind(name string, kind eval.SlotKind) int {
	k := t.slots
	t.slots++
	t.binds = append(t.binds, binding{name, k, kind})
	return k
}

func (t *translator) unbind() { t.binds = t.binds[:len(t.binds)-1] }

// lookupAcc finds the accumulator of the innermost predicate, bound
// only by reduce: inside another predicate nested in reduce's, #acc is
// that predicate's, which the fast path does not model.
func (t *translator) lookupAcc() (binding, bool) {
	for i := len(t.binds) - 1; i >= 0; i-- {
		switch t.binds[i].name {
		case accName:
			return t.binds[i], true
		case "":
			return binding{}, false
		}
	}
	return binding{}, false
}

// lookup finds the innermost binding of a name ("" for a predicate's
// element).
func (t *translator) lookup(name string) (binding, bool) {
	for i := len(t.binds) - 1; i >= 0; i-- {
		if t.binds[i].name == name {
			return t.binds[i], true
		}
	}
	return binding{}, false
}

// read is the value of a slot.
func read(b binding) eval.Val {
	k := b.slot
	switch b.kind {
	case eval.SlotStr:
		return eval.Mk(func(fr *eval.Frame) string { return fr.Slots[k].Str })
	case eval.SlotInt:
		return eval.Mk(func(fr *eval.Frame) int { return fr.Slots[k].Int })
	case eval.SlotList:
		// As a []any: box it once per value stored.
		return eval.Val{Fn: func(fr *eval.Frame) []string { return fr.Slots[k].List }, Box: func(fr *eval.Frame) any {
			s := &fr.Slots[k]
			if !s.HasAny {
				s.Any, s.HasAny = fr.Boxes.Strings(s.List), true
			}
			return s.Any
		}}
	case eval.SlotDyn:
		return eval.Mk(func(fr *eval.Frame) any {
			s := &fr.Slots[k]
			if s.Lazy {
				s.Any, s.Lazy = fr.BoxStr(s.Str), false
			}
			return s.Any
		})
	case eval.SlotAnys:
		// Boxing a list allocates: box it once per value stored, and
		// only if something reads it boxed.
		return eval.Val{Fn: func(fr *eval.Frame) []any { return fr.Slots[k].Anys }, Box: func(fr *eval.Frame) any {
			s := &fr.Slots[k]
			if !s.HasAny {
				s.Any, s.HasAny = fr.Boxes.Anys(s.Anys), true
			}
			return s.Any
		}}
	}
	return eval.Mk(func(fr *eval.Frame) any { return fr.Slots[k].Any })
}

// readChecked is read of a name n, with a Checked closure where its
// slot holds any but the checker knows its type.
func readChecked(n ast.Node, b binding) eval.Val {
	v := read(b)
	if b.kind == eval.SlotAny || b.kind == eval.SlotDyn {
		v.Checked = checkedSlot(n, b.slot, b.kind)
	}
	return v
}

// store returns the slot kind a value is kept in and a function that
// evaluates the value into slot k.
func store(v eval.Val, k int) (eval.SlotKind, func(*eval.Frame)) {
	switch f := v.Fn.(type) {
	case func(*eval.Frame) string:
		return eval.SlotStr, func(fr *eval.Frame) { fr.Slots[k].Str = f(fr) }
	case func(*eval.Frame) int:
		return eval.SlotInt, func(fr *eval.Frame) { fr.Slots[k].Int = f(fr) }
	case func(*eval.Frame) []string:
		return eval.SlotList, func(fr *eval.Frame) {
			s := &fr.Slots[k]
			s.List, s.Any, s.HasAny = f(fr), nil, false
		}
	case func(*eval.Frame) []any:
		return eval.SlotAnys, func(fr *eval.Frame) {
			s := &fr.Slots[k]
			s.Anys, s.Any, s.HasAny = f(fr), nil, false
		}
	}
	b := v.Box
	return eval.SlotAny, func(fr *eval.Frame) { fr.Slots[k].Any = b(fr) }
}

// kindOf is the reflect kind of a node's checked type.
func kindOf(n ast.Node) reflect.Kind {
	t := n.Type()
	if t == nil {
		return reflect.Invalid
	}
	return t.Kind()
}

// needsDeref tells whether the VM dereferences a node's value before an
// operator uses it (compiler.derefInNeeded).
func needsDeref(n ast.Node) bool {
	if n.Nature().Nil {
		return false
	}
	k := kindOf(n)
	return k == reflect.Pointer || k == reflect.Interface
}

// operand translates a node an operator uses: its value, dereferenced
// where the VM dereferences it (compiler.derefInNeeded).
func (t *translator) operand(n ast.Node) eval.Val { return deref(n, t.node(n)) }

func deref(n ast.Node, v eval.Val) eval.Val {
	if !needsDeref(n) {
		return v
	}
	switch v.Fn.(type) {
	case func(*eval.Frame) int, func(*eval.Frame) string, func(*eval.Frame) bool:
		return v
	}
	b := v.Box
	out := eval.Mk(func(fr *eval.Frame) any { return eval.Deref(b(fr)) })
	if in := v.Num; in != nil {
		// A number needs no dereferencing: it stays unboxed.
		out.Num = func(fr *eval.Frame) eval.Num {
			x := in(fr)
			if x.Kind == eval.NotNum {
				x.Boxed = eval.Deref(x.Boxed)
			}
			return x
		}
	}
	return out
}
