package runtime

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
func (c *Code) fastError(r any) error {
	p, ok := r.(*eval.Panic)
	if !ok {
		return c.runtimeError(fmt.Errorf("%v", r))
	}
	fe := &file.Error{Location: p.Loc, Message: fmt.Sprintf("%v", p.Value)}
	if err, ok := p.Value.(error); ok {
		fe.Wrap(err)
	}
	return c.runtimeError(fe.Bind(c.Prog.Source()))
}

// RunFast evaluates c's closures in a frame of the machine's own, reused
// from one evaluation to the next. The closures read the locals straight
// from env, which must have the layout c was compiled with.
func (m *Machine) RunFast(c *Code, env model.Scope) (any, error) {
	return runIn(m, c, env, c.Fast.Run)
}

// runIn runs one of c's closures (the boxed value, or the list) in a
// frame of the machine's own.
func runIn[T any](m *Machine, c *Code, env model.Scope, run func(*eval.Frame) T) (out T, err error) {
	if m.top == len(m.frames) {
		m.frames = append(m.frames, &eval.Frame{})
	}
	fr := m.frames[m.top]
	if m.top == 0 {
		m.evaluating()
	} else if m.top >= m.G.Limits.Depth {
		return out, c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (limits.depth): does a score or condition call itself?", m.G.Limits.Depth))
	}
	fr.Budget = &m.Budget
	fr.Boxed = m.G.Boxed
	m.top++
	fc := c.Fast
	if cap(fr.Slots) < fc.Slots {
		fr.Slots = make([]eval.Slot, fc.Slots)
	}
	fr.Slots = fr.Slots[:fc.Slots]
	fr.Buf = fr.Buf[:0]
	fr.Env = env.Vals
	// recover is called only when a closure panicked: done is set once
	// run returns.
	done := false
	defer func() {
		fr.Env = nil
		m.top--
		if !done {
			var zero T
			out, err = zero, c.fastError(recover())
		}
	}()
	out = run(fr)
	done = true
	return out, nil
}

// evalList runs an expression whose value is a list (the options of a
// choose, the items of an each, a param's values) and reads it as a
// []any, as eval.ToList does. On the fast path a list is not boxed on its
// way out: boxing a slice costs an allocation.
// err is the evaluation's error, notList ToList's.
func (m *Machine) evalList(c *Code, env model.Scope) (l []any, notList, err error) {
	if c.Fast != nil && c.Fast.List != nil && !m.NoFast && m.Differ == nil && !c.IsIdent && !c.IsConst {
		if c.memo != noMemo {
			if _, l, ok, err := m.memoEval(c, env, true); ok {
				return l, nil, err
			}
		}
		l, err = runIn(m, c, env, c.Fast.List)
		return l, nil, err
	}
	v, err := m.Eval(c, env)
	if err != nil {
		return nil, nil, err
	}
	l, notList = eval.ToList(v, m.G.Boxed)
	return l, notList, nil
}
