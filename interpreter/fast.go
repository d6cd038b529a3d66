package interpreter

// The fast path. At compile time, once expr has checked an expression,
// translate turns its tree into Go closures; machine.eval runs them
// instead of the VM. Each closure computes what the VM would push for
// its node: the same value, of the same Go type. A closure is typed (a
// func(*frame) int, string, bool, []string...) where the value's Go type
// is known, so that a chain of int or string operations never boxes.
//
// The translation covers what definitions use: constants, locals and
// params, operators, conditionals, member access on the engine's own
// types, indexing, calls to the library, the list builtins with their
// predicates, and let. An expression with anything else is left to the
// VM as a whole: translate returns nil.

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
	"github.com/expr-lang/expr/vm/runtime"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
)

// frame is what the closures of one evaluation read: the locals of the
// scope, by the slots of its layout, and a slot for each name the
// expression binds itself (the element of a predicate, a let).
type frame struct {
	env   []any
	slots []slot
	buf   []any // scratch for filter
	b     *budget.Remaining
	boxed map[string]any // the game's boxed names (boxes.go)
	idBuf [2][]string    // scratch for the lists minus reads (funcs.go)
}

// slot holds one bound value. The translator knows the value's Go type
// and uses the matching field, so strings and ints are not boxed.
type slot struct {
	a any
	s string
	i int
	l []string
	// al is a []any, boxed into a only when read as a value (hasA).
	al   []any
	hasA bool
}

type slotKind uint8

const (
	slotAny slotKind = iota
	slotStr
	slotInt
	slotList
	slotAnys
)

// val is a translated node. fn is a func(*frame) T with T the Go type of
// the node's value, or any when the value's type is known only at run
// time; box returns the same value as an interface, as the VM holds it.
type val struct {
	fn  any
	box func(*frame) any
}

func mk[T any](f func(*frame) T) val {
	if b, ok := any(f).(func(*frame) any); ok {
		return val{fn: f, box: b}
	}
	if s, ok := any(f).(func(*frame) string); ok {
		return val{fn: f, box: func(fr *frame) any { return boxStr(fr.boxed, s(fr)) }}
	}
	return val{fn: f, box: func(fr *frame) any { return f(fr) }}
}

// constant is a value known at compile time, boxed once.
func constant[T any](x T) val {
	boxed := any(x)
	return val{fn: func(*frame) T { return x }, box: func(*frame) any { return boxed }}
}

// as reads a value as a T: directly when the closure yields a T,
// otherwise by asserting its boxed value, as the VM's typed instructions
// and the library's wrappers do.
func as[T any](v val) func(*frame) T {
	if f, ok := v.fn.(func(*frame) T); ok {
		return f
	}
	b := v.box
	return func(fr *frame) T { return b(fr).(T) }
}

// fastPanic carries a runtime error out of the closures, with the
// location the VM would have reported it at.
type fastPanic struct {
	loc file.Location
	v   any // what the VM would have panicked with: an error or a message
}

func fail(loc file.Location, v any) { panic(&fastPanic{loc, v}) }

// guard runs f, giving a panic of expr's runtime helpers (an operator on
// mismatched types, an index out of range) the location loc.
func guard[T any](loc file.Location, f func() T) T {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*fastPanic); ok {
				panic(r)
			}
			fail(loc, r)
		}
	}()
	return f()
}

// fastError turns what a closure panicked with into the error the VM
// would have returned: positioned, with expr's message.
func (c *code) fastError(r any) error {
	p, ok := r.(*fastPanic)
	if !ok {
		return c.runtimeError(fmt.Errorf("%v", r))
	}
	fe := &file.Error{Location: p.loc, Message: fmt.Sprintf("%v", p.v)}
	if err, ok := p.v.(error); ok {
		fe.Wrap(err)
	}
	return c.runtimeError(fe.Bind(c.prog.Source()))
}

// fastCode is a translated expression.
type fastCode struct {
	run func(*frame) any
	// list, for an expression whose value is a list, is that list as
	// toList reads it, without boxing it (evalList).
	list  func(*frame) []any
	slots int
}

// runFast evaluates c's closures in a frame of the machine's own, reused
// from one evaluation to the next. The closures read the locals straight
// from env, which must have the layout c was compiled with.
func (m *machine) runFast(c *code, env model.Scope) (any, error) {
	return runIn(m, c, env, c.fast.run)
}

// runIn runs one of c's closures (the boxed value, or the list) in a
// frame of the machine's own.
func runIn[T any](m *machine, c *code, env model.Scope, run func(*frame) T) (out T, err error) {
	if m.top == len(m.frames) {
		m.frames = append(m.frames, &frame{})
	}
	fr := m.frames[m.top]
	if m.top == 0 {
		m.evaluating()
	} else if m.top >= m.g.limits.Depth {
		return out, c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (limits.depth): does a score or condition call itself?", m.g.limits.Depth))
	}
	fr.b = &m.budget
	fr.boxed = m.g.boxed
	m.top++
	fc := c.fast
	if cap(fr.slots) < fc.slots {
		fr.slots = make([]slot, fc.slots)
	}
	fr.slots = fr.slots[:fc.slots]
	fr.buf = fr.buf[:0]
	fr.env = env.Vals
	defer func() {
		fr.env = nil
		m.top--
		if r := recover(); r != nil {
			var zero T
			out, err = zero, c.fastError(r)
		}
	}()
	return run(fr), nil
}

// evalList runs an expression whose value is a list (the options of a
// choose, the items of an each, a param's values) and reads it as a
// []any, as toList does. On the fast path a list is not boxed on its
// way out: boxing a slice costs an allocation.
// err is the evaluation's error, notList toList's.
func (m *machine) evalList(c *code, env model.Scope) (l []any, notList, err error) {
	if c.fast != nil && c.fast.list != nil && !m.noFast && m.differ == nil && !c.isIdent && !c.isConst {
		l, err = runIn(m, c, env, c.fast.list)
		return l, nil, err
	}
	v, err := m.eval(c, env)
	if err != nil {
		return nil, nil, err
	}
	l, notList = toList(v, m.g.boxed)
	return l, notList, nil
}

// errUnsupported stops a translation: the expression stays on the VM.
var errUnsupported = errors.New("not covered by the fast path")

type translator struct {
	lib   map[string]libFunc
	lay   *model.Layout // the locals of the scope
	binds []binding     // innermost last
	slots int
}

// binding is a name bound inside the expression: a let, or the element of
// a predicate (name "", read as # or .field).
type binding struct {
	name string
	slot int
	kind slotKind
}

// translate returns an expression as closures, or nil when it uses
// something the fast path does not cover.
func translate(prog *vm.Program, lib map[string]libFunc, lay *model.Layout) (fc *fastCode) {
	t := &translator{lib: lib, lay: lay}
	defer func() {
		if r := recover(); r != nil {
			if r != errUnsupported {
				panic(r)
			}
			fc = nil
		}
	}()
	v := t.cast(prog, t.node(prog.Node()))
	return &fastCode{run: v.box, list: listOfVal(v), slots: t.slots}
}

func unsupported() { panic(errUnsupported) }

// cast applies the conversion expr.AsInt or expr.AsBool adds at the end
// of a program.
func (t *translator) cast(prog *vm.Program, v val) val {
	n := len(prog.Bytecode)
	if n == 0 || prog.Bytecode[n-1] != vm.OpCast {
		return v
	}
	loc := prog.Node().Location()
	switch prog.Arguments[n-1] {
	case 0:
		if _, ok := v.fn.(func(*frame) int); ok {
			return v
		}
		b := v.box
		return mk(func(fr *frame) int { return guard(loc, func() int { return runtime.ToInt(b(fr)) }) })
	case 3:
		if _, ok := v.fn.(func(*frame) bool); ok {
			return v
		}
		b := v.box
		return mk(func(fr *frame) bool { return guard(loc, func() bool { return runtime.ToBool(b(fr)) }) })
	}
	unsupported()
	return v
}

// bind allocates a slot for a name bound while translating what follows,
// until unbind.
func (t *translator) bind(name string, kind slotKind) int {
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
func read(b binding) val {
	k := b.slot
	switch b.kind {
	case slotStr:
		return mk(func(fr *frame) string { return fr.slots[k].s })
	case slotInt:
		return mk(func(fr *frame) int { return fr.slots[k].i })
	case slotList:
		return mk(func(fr *frame) []string { return fr.slots[k].l })
	case slotAnys:
		// Boxing a list allocates: box it once per value stored, and
		// only if something reads it boxed.
		return val{fn: func(fr *frame) []any { return fr.slots[k].al }, box: func(fr *frame) any {
			s := &fr.slots[k]
			if !s.hasA {
				s.a, s.hasA = s.al, true
			}
			return s.a
		}}
	}
	return mk(func(fr *frame) any { return fr.slots[k].a })
}

// store returns the slot kind a value is kept in and a function that
// evaluates the value into slot k.
func store(v val, k int) (slotKind, func(*frame)) {
	switch f := v.fn.(type) {
	case func(*frame) string:
		return slotStr, func(fr *frame) { fr.slots[k].s = f(fr) }
	case func(*frame) int:
		return slotInt, func(fr *frame) { fr.slots[k].i = f(fr) }
	case func(*frame) []string:
		return slotList, func(fr *frame) { fr.slots[k].l = f(fr) }
	case func(*frame) []any:
		return slotAnys, func(fr *frame) {
			s := &fr.slots[k]
			s.al, s.a, s.hasA = f(fr), nil, false
		}
	}
	b := v.box
	return slotAny, func(fr *frame) { fr.slots[k].a = b(fr) }
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
func (t *translator) operand(n ast.Node) val { return deref(n, t.node(n)) }

func deref(n ast.Node, v val) val {
	if !needsDeref(n) {
		return v
	}
	switch v.fn.(type) {
	case func(*frame) int, func(*frame) string, func(*frame) bool:
		return v
	}
	b := v.box
	return mk(func(fr *frame) any { return derefAny(b(fr)) })
}

// derefAny is expr's deref.Interface: pointers are followed to the value
// they point at; other values are returned as they are.
func derefAny(p any) any {
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

// listOfVal is a list-valued closure read as toList reads its value:
// []any as it is, []string and []int boxed element by element; nil for
// any other value.
func listOfVal(v val) func(*frame) []any {
	switch f := v.fn.(type) {
	case func(*frame) []any:
		return f
	case func(*frame) []string:
		return func(fr *frame) []any {
			l := f(fr)
			out := make([]any, len(l))
			for i, x := range l {
				out[i] = boxStr(fr.boxed, x)
			}
			return out
		}
	case func(*frame) []int:
		return func(fr *frame) []any {
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
