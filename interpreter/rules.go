package interpreter

import (
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// This file holds the rules cards and designers add, as the machine runs
// them: card rules and modifiers, watches and named functions.

// cardRules are what one card type does while a player has it in force.
type cardRules struct {
	mods     []*modifier
	triggers []*Trigger
}

// modifier changes a value computed by modified().
type modifier struct {
	key, target         string
	stack               bool
	be                  *code
	lay                 *model.Layout
	valueSlot, cardSlot int
}

// watch is a condition checked after every change.
type watch struct {
	id   string
	when *code
	body *Block
}

// function is a named pure expression.
type function struct {
	id     string
	params []param
	ret    string
	be     *code
	lay    *model.Layout
}

// fastFunction lets the fast path call a named function directly: its
// arguments are evaluated as closures, its body runs through eval.
func (g *Game) fastFunction(f *function) func(loc file.Location, args []eval.Val) eval.Val {
	m := g.m
	return func(loc file.Location, args []eval.Val) eval.Val {
		boxes := make([]func(*eval.Frame) any, len(args))
		for i, a := range args {
			boxes[i] = a.Box
		}
		run := func(fr *eval.Frame) any {
			sc := g.scope(f.lay, -1, m.st.Players)
			for i, p := range f.params {
				sc.Vals[p.slot] = boxes[i](fr)
			}
			out, err := m.eval(f.be, sc)
			g.release(sc)
			if err != nil {
				eval.Fail(loc, err)
			}
			return out
		}
		switch f.ret {
		case "int":
			return eval.Mk(func(fr *eval.Frame) int { return run(fr).(int) })
		case "bool":
			return eval.Mk(func(fr *eval.Frame) bool { return run(fr).(bool) })
		case "string":
			return eval.Mk(func(fr *eval.Frame) string { return run(fr).(string) })
		}
		return eval.Mk(run)
	}
}
