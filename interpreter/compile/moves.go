package compile

import (
	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// This file compiles the parts of a step that shape its moves: a choice of
// several, the reasons a choice refuses an answer, and free actions.

// many reads min and max of a choose step; it tells whether there are.
func (c *compiler) many(x cue.Value, st *runtime.Step, s scope) bool {
	lo, okLo := lookup(x, "min")
	hi, okHi := lookup(x, "max")
	if !okLo && !okHi {
		return false
	}
	if !okLo || !okHi {
		c.errorf(x, "choose %s: a choice of several needs both min and max", st.ChooseID)
		return false
	}
	st.Many = &runtime.ManyChoice{Min: c.pure(lo, s, expr.AsInt()), Max: c.pure(hi, s, expr.AsInt())}
	st.Auto = false
	return true
}

// why compiles the reasons a choice of one option gives for refusing an
// answer: each condition sees `as` as a string, the answer typed.
func (c *compiler) why(x cue.Value, st *runtime.Step, s scope) {
	w, ok := lookup(x, "why")
	if !ok {
		return
	}
	ws := s.with(st.As, types.String)
	c.fields(w, func(text string, v cue.Value) {
		st.Why = append(st.Why, runtime.NamedCode{Name: text, Code: c.pure(v, ws, expr.AsBool()), Slot: -1})
	})
}

// noWhy refuses the reasons of a choice of several: its refusals name
// the answer's count or a repeated option, not one answer.
func (c *compiler) noWhy(x cue.Value) {
	if w, ok := lookup(x, "why"); ok {
		c.fields(w, func(text string, v cue.Value) {
			c.errs.Add(declPos(v), "why: only a choice of one option explains a refused answer")
		})
	}
}

// freeRules compiles the `free` list of a definition.
func (c *compiler) freeRules(v cue.Value) {
	fv, _ := lookup(v, "free")
	c.lay = c.g.Base
	elems(fv, func(_ int, x cue.Value) {
		acts, _ := lookup(x, "actions")
		r := runtime.FreeRule{Actions: c.actionList(acts, "free")}
		if w, ok := lookup(x, "when"); ok {
			r.When = c.pure(w, c.base(), expr.AsBool())
		}
		c.g.Free = append(c.g.Free, r)
	})
}
