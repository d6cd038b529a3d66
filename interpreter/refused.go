package interpreter

// This file says why an answer to a choice was refused, as the
// definition explains it (a choice's `why`).

import (
	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/interpreter/model"
)

// why compiles the reasons a choice of one option gives for refusing an
// answer: each condition sees `as` as a string, the answer typed.
func (c *compiler) why(x cue.Value, st *Step, s scope) {
	w, ok := lookup(x, "why")
	if !ok {
		return
	}
	ws := s.with(st.as, types.String)
	fields(w, func(text string, v cue.Value) {
		st.why = append(st.why, namedCode{text, c.pure(v, ws, expr.AsBool()), -1, ""})
	})
}

// noWhy refuses the reasons of a choice of several: its refusals name
// the answer's count or a repeated option, not one answer.
func (c *compiler) noWhy(x cue.Value) {
	if w, ok := lookup(x, "why"); ok {
		fields(w, func(text string, v cue.Value) {
			c.errs.Add(declPos(v), "why: only a choice of one option explains a refused answer")
		})
	}
}

// why is ": " and the text of the first reason of s that holds for the
// refused answer, or "". The answer is bound to the choice's local for
// the time of the check only.
func (g *Game) why(f *model.Frame, s *Step, answer string) string {
	if len(s.why) == 0 {
		return ""
	}
	old := f.Scope.Vals[s.asSlot]
	defer func() { f.Scope.Vals[s.asSlot] = old }()
	f.Scope.Vals[s.asSlot] = answer
	for _, w := range s.why {
		if v, err := g.m.eval(w.code, f.Scope); err == nil && v == true {
			return ": " + w.name
		}
	}
	return ""
}
