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
	return c.runtimeError(fe.Bind(file.NewSource(c.Src)))
}

// RunFast evaluates c's closures in a frame of the machine's own, reused
// from one evaluation to the next. The closures read the locals straight
// from env, which must have the layout c was compiled with.
func (m *Machine) RunFast(c *Code, env model.Scope) (out any, err error) {
	// runIn, written out for the boxed value, the most frequent: the
	// generic function's dictionary and closure call cost a few
	// nanoseconds an evaluation.
	fr := m.enter(c, env)
	if fr == nil {
		return nil, m.tooDeep(c)
	}
	done := false
	defer func() {
		fr.Env = nil
		m.top--
		if !done {
			out, err = nil, c.fastError(recover())
		}
	}()
	out = c.Fast.Run(fr)
	done = true
	return out, nil
}

// enter readies the machine's frame for an evaluation of c with the
// locals env, nil when evaluations nest deeper than allowed.
func (m *Machine) enter(c *Code, env model.Scope) *eval.Frame {
	if m.top == len(m.frames) {
		m.frames = append(m.frames, &eval.Frame{Budget: &m.Budget, Epoch: &m.epoch})
	}
	fr := m.frames[m.top]
	if m.top == 0 {
		m.evaluating()
	} else if m.top >= m.G.Limits.Depth {
		return nil
	}
	if fr.Boxed == nil && m.G.Boxed != nil {
		// The game's names are boxed once it is compiled: a frame made
		// before (an expression evaluated at load) takes them later.
		fr.Boxed, fr.BoxedAt = m.G.Boxed, m.G.boxedIDs()
	}
	if m.top == 0 && fr.Boxed != nil {
		m.frame0 = fr // ready for stepValue
	}
	m.top++
	if n := c.Fast.Slots; cap(fr.Slots) < n {
		fr.Slots = make([]eval.Slot, n)
	} else {
		fr.Slots = fr.Slots[:n]
	}
	fr.Buf = fr.Buf[:0]
	fr.Env = env.Vals
	m.entries++
	fr.Entry = m.entries
	return fr
}

// tooDeep is the error of an evaluation nested deeper than allowed.
func (m *Machine) tooDeep(c *Code) error {
	return c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (%s): does a score or condition call itself?", m.G.Limits.Depth, budget.Limit("depth", m.G.Limits.Depth)))
}

// runIn runs one of c's closures (the boxed value, or the list) in a
// frame of the machine's own.
func runIn[T any](m *Machine, c *Code, env model.Scope, run func(*eval.Frame) T) (out T, err error) {
	fr := m.enter(c, env)
	if fr == nil {
		return out, m.tooDeep(c)
	}
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
	if s, ok := v.([]string); ok && len(m.frames) > 0 && m.frames[0].Boxed != nil {
		// A list of strings (a local, a route): its elements boxed as
		// ToList boxes them, the names found by address and the list
		// cut from a frame's append-only chunks, not made.
		fr := m.frames[0]
		l = eval.Fresh(fr, len(s))
		for i, x := range s {
			l[i] = fr.BoxStr(x)
		}
		return l, nil, nil
	}
	l, notList = eval.ToList(v, m.G.Boxed)
	return l, notList, nil
}

// stepEval is the evaluation a step of the run loop, or a listing, has
// under way, if any: the run loop recovers what its closures panic with
// once for all its steps (Game.run), instead of a deferred recovery per
// evaluation (RunFast), which cost about a fifth of an evaluation's
// machinery; a listing once for all its conditions (listActions).
type stepEval struct {
	// base is how many evaluations were under way when the function
	// that recovers began: while one more is, it is c's (every other
	// evaluation recovers its own panics, and leaves).
	base int
	c    *Code
	// let is the local a let step binds: nil when its expression fails,
	// as it is when Eval returns an error.
	let *any
}

// failed tells whether the evaluation se ran failed: one is under way
// as its function returns, which it is only when the function returns
// by a panic.
func (se *stepEval) failed(m *Machine) bool { return m.top > se.base }

// evalStep is Eval for an expression of a step of the run loop, in the
// scope sc, whose panics the loop recovers (stepEval.fail); se is the
// loop's.
func (m *Machine) evalStep(c *Code, sc *model.Scope, se *stepEval) (any, error) {
	if !c.direct || m.NoFast || m.Differ != nil {
		return m.Eval(c, *sc)
	}
	v, _, _, err := m.runStep(c, sc, se, stepValue)
	return v, err
}

// evalCond is evalStep for a condition, whose bool is not boxed.
func (m *Machine) evalCond(c *Code, sc *model.Scope, se *stepEval) (bool, error) {
	if !c.direct || c.Fast.Bool == nil || m.NoFast || m.Differ != nil {
		v, err := m.evalStep(c, sc, se)
		if err != nil {
			return false, err
		}
		return v.(bool), nil
	}
	_, yes, _, err := m.runStep(c, sc, se, stepCond)
	return yes, err
}

// What runStep gives: the value, the bool of a condition, or the list
// of an expression whose caller copies it (Code.Temp).
const (
	stepValue = iota
	stepCond
	stepTemp
)

// runStep runs c's closures for the run loop or a listing, which
// recovers what they panic with (se): what gives, one of the above. It
// is enter written out for the case most frequent, an evaluation with
// none under way around it in a frame ready for it; enter readies any
// other.
func (m *Machine) runStep(c *Code, sc *model.Scope, se *stepEval, what int) (v any, yes bool, l []any, err error) {
	var fr *eval.Frame
	if n := c.Fast.Slots; m.top == 0 && len(m.frames) > 0 && m.frames[0].Boxed != nil && cap(m.frames[0].Slots) >= n {
		fr = m.frames[0]
		m.evaluating()
		m.top = 1
		fr.Slots = fr.Slots[:n]
		fr.Buf = fr.Buf[:0]
		fr.Env = sc.Vals
		m.entries++
		fr.Entry = m.entries
	} else if fr = m.enter(c, *sc); fr == nil {
		return nil, false, nil, m.tooDeep(c)
	}
	se.c = c
	switch what {
	case stepValue:
		v = c.Fast.Run(fr)
	case stepCond:
		yes = c.Fast.Bool(fr)
	default:
		l = c.Fast.Temp(fr)
	}
	fr.Env = nil
	m.top--
	return v, yes, l, nil
}

// stepValue is evalStep's shortest way, for the run loop: c's closures
// run straight in frame 0 when no evaluation is under way around it
// (runStep written out for the boxed value, with one call fewer);
// anything else goes evalStep's way.
func (m *Machine) stepValue(c *Code, sc *model.Scope, se *stepEval) (any, error) {
	fr := m.frame0
	if fr == nil || !c.direct || m.top != 0 || cap(fr.Slots) < c.Fast.Slots || m.NoFast || m.Differ != nil {
		return m.evalStep(c, sc, se)
	}
	m.enterStraight(fr, c, sc.Vals, se)
	v := c.Fast.Run(fr)
	fr.Env = nil
	m.top = 0
	return v, nil
}

// stepCond is stepValue for a condition, whose bool is not boxed.
func (m *Machine) stepCond(c *Code, sc *model.Scope, se *stepEval) (bool, error) {
	fr := m.frame0
	if fr == nil || !c.direct || c.Fast.Bool == nil || m.top != 0 || cap(fr.Slots) < c.Fast.Slots || m.NoFast || m.Differ != nil {
		return m.evalCond(c, sc, se)
	}
	m.enterStraight(fr, c, sc.Vals, se)
	yes := c.Fast.Bool(fr)
	fr.Env = nil
	m.top = 0
	return yes, nil
}

// enterStraight readies frame 0, fr, for an outermost evaluation of c
// with the locals vals, as runStep does.
func (m *Machine) enterStraight(fr *eval.Frame, c *Code, vals []any, se *stepEval) {
	m.evaluating()
	m.top = 1
	fr.Slots = fr.Slots[:c.Fast.Slots]
	fr.Buf = fr.Buf[:0]
	fr.Env = vals
	m.entries++
	fr.Entry = m.entries
	se.c = c
}

// fail leaves the evaluation se has under way, which panicked with r,
// as RunFast's recovery leaves it, and is its error.
func (se *stepEval) fail(m *Machine, r any) error {
	m.frames[m.top-1].Env = nil
	m.top--
	if se.let != nil {
		*se.let = nil
	}
	c := se.c
	se.c, se.let = nil, nil
	return c.fastError(r)
}
