package runtime

// Lists the run loop reads and drops: the options of a choose and the
// candidates of a param are copied into buffers of the machine's own,
// reused from decision to decision, so that the expression may cut its
// list from its frame's arena (translate.Code.Temp) instead of making a
// new one each time.

import (
	"github.com/haven-engine/haven/interpreter/model"
)

// tempLists are the machine's buffers for the lists the run loop reads.
type tempLists struct {
	// vals is the stack of the candidates of the params being listed
	// or applied, opts the options of the last choose evaluated.
	vals []any
	opts []any
}

// evalTemp is evalList, its list appended to dst: the caller keeps the
// result only while dst's elements are its own. se, when not nil, is
// the run loop's or the listing's, which recovers what the expression
// panics with.
func (m *Machine) evalTemp(c *Code, env model.Scope, dst []any, se *stepEval) (l []any, notList, err error) {
	if c.Fast != nil && c.Fast.Temp != nil && !m.NoFast && m.Differ == nil && !c.IsIdent && !c.IsConst {
		if fr := m.frame0; se != nil && fr != nil && m.top == 0 && cap(fr.Slots) >= c.Fast.Slots {
			// runStep's way for a list, written out (stepValue).
			m.enterStraight(fr, c, env.Vals, se)
			l = c.Fast.Temp(fr)
			fr.Env = nil
			m.top = 0
		} else if se != nil {
			_, _, l, err = m.runStep(c, &env, se, stepTemp)
		} else {
			l, err = runIn(m, c, env, c.Fast.Temp)
		}
		return append(dst, l...), nil, err
	}
	l, notList, err = m.evalList(c, env)
	return append(dst, l...), notList, err
}

// pushVals evaluates a list of candidates onto the machine's stack of
// them (vals): the caller notes the stack's height before and takes
// them away with popVals once it no longer reads them; nothing below
// is written meanwhile.
func (m *Machine) pushVals(c *Code, env model.Scope, se *stepEval) (vals []any, notList, err error) {
	at := len(m.temp.vals)
	m.temp.vals, notList, err = m.evalTemp(c, env, m.temp.vals, se)
	n := len(m.temp.vals)
	return m.temp.vals[at:n:n], notList, err
}

// popVals takes the candidates from at on off the stack, emptied so
// that they keep no value alive.
func (m *Machine) popVals(at int) {
	clear(m.temp.vals[at:])
	m.temp.vals = m.temp.vals[:at]
}

// evalOptionsInto evaluates the options of a choose into the machine's
// buffer of them, which the options cache holds: the options cached are
// overwritten, and so forgotten.
func (m *Machine) evalOptionsInto(c *Code, env model.Scope, se *stepEval) (opts []any, notList, err error) {
	m.cache = optionCache{}
	clear(m.temp.opts)
	m.temp.opts, notList, err = m.evalTemp(c, env, m.temp.opts[:0], se)
	n := len(m.temp.opts)
	return m.temp.opts[:n:n], notList, err
}
