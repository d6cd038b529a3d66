package interpreter

// This file runs the closures an expression was translated into
// (package translate) in a frame of the machine's own (package eval).

import (
	"fmt"

	"github.com/expr-lang/expr/file"

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

// runFast evaluates c's closures in a frame of the machine's own, reused
// from one evaluation to the next. The closures read the locals straight
// from env, which must have the layout c was compiled with.
func (m *machine) runFast(c *code, env model.Scope) (any, error) {
	return runIn(m, c, env, c.fast.Run)
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
	if cap(fr.Slots) < fc.Slots {
		fr.Slots = make([]eval.Slot, fc.Slots)
	}
	fr.Slots = fr.Slots[:fc.Slots]
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
// []any, as eval.ToList does. On the fast path a list is not boxed on its
// way out: boxing a slice costs an allocation.
// err is the evaluation's error, notList ToList's.
func (m *machine) evalList(c *code, env model.Scope) (l []any, notList, err error) {
	if c.fast != nil && c.fast.List != nil && !m.noFast && m.differ == nil && !c.isIdent && !c.isConst {
		l, err = runIn(m, c, env, c.fast.List)
		return l, nil, err
	}
	v, err := m.eval(c, env)
	if err != nil {
		return nil, nil, err
	}
	l, notList = eval.ToList(v, m.g.boxed)
	return l, notList, nil
}
