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
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// fastError turns what a closure panicked with into the error the VM
// would have returned: positioned, with expr's message.
func (c *code) fastError(r any) error {
	p, ok := r.(*eval.Panic)
	if !ok {
		return c.runtimeError(fmt.Errorf("%v", r))
	}
	fe := &file.Error{Location: p.Loc, Message: fmt.Sprintf("%v", p.Value)}
	if err, ok := p.Value.(error); ok {
		fe.Wrap(err)
	}
	return c.runtimeError(fe.Bind(c.prog.Source()))
}

// fastCode is a translated expression.
type fastCode struct {
	run func(*eval.Frame) any
	// list, for an expression whose value is a list, is that list as
	// toList reads it, without boxing it (evalList).
	list  func(*eval.Frame) []any
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
func runIn[T any](m *machine, c *code, env model.Scope, run func(*eval.Frame) T) (out T, err error) {
	if m.top == len(m.frames) {
		m.frames = append(m.frames, &eval.Frame{})
	}
	fr := m.frames[m.top]
	if m.top == 0 {
		m.evaluating()
	} else if m.top >= m.g.limits.Depth {
		return out, c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (limits.depth): does a score or condition call itself?", m.g.limits.Depth))
	}
	fr.Budget = &m.budget
	fr.Boxed = m.g.boxed
	m.top++
	fc := c.fast
	if cap(fr.Slots) < fc.slots {
		fr.Slots = make([]eval.Slot, fc.slots)
	}
	fr.Slots = fr.Slots[:fc.slots]
	fr.Buf = fr.Buf[:0]
	fr.Env = env.Vals
	defer func() {
		fr.Env = nil
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
	kind eval.SlotKind
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
	return &fastCode{run: v.Box, list: eval.ListOf(v), slots: t.slots}
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
		b := v.Box
		return eval.Mk(func(fr *eval.Frame) int { return eval.Guard(loc, func() int { return runtime.ToInt(b(fr)) }) })
	case 3:
		if _, ok := v.Fn.(func(*eval.Frame) bool); ok {
			return v
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
		return eval.Mk(func(fr *eval.Frame) []string { return fr.Slots[k].List })
	case eval.SlotAnys:
		// Boxing a list allocates: box it once per value stored, and
		// only if something reads it boxed.
		return eval.Val{Fn: func(fr *eval.Frame) []any { return fr.Slots[k].Anys }, Box: func(fr *eval.Frame) any {
			s := &fr.Slots[k]
			if !s.HasAny {
				s.Any, s.HasAny = s.Anys, true
			}
			return s.Any
		}}
	}
	return eval.Mk(func(fr *eval.Frame) any { return fr.Slots[k].Any })
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
		return eval.SlotList, func(fr *eval.Frame) { fr.Slots[k].List = f(fr) }
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
	return eval.Mk(func(fr *eval.Frame) any { return eval.Deref(b(fr)) })
}
