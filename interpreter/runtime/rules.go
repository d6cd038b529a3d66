package runtime

import (
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// This file holds the rules cards and designers add, as the machine runs
// them: card rules and modifiers, watches and named functions.

// CardRules are what one card type does while a player has it in force.
type CardRules struct {
	Mods     []*Modifier
	Triggers []*Trigger
}

// Modifier changes a value computed by modified().
type Modifier struct {
	Key, Target         string
	Stack               bool
	Be                  *Code
	Lay                 *model.Layout
	ValueSlot, CardSlot int
}

// Watch is a condition checked after every change.
type Watch struct {
	Id   string
	When *Code
	Body *Block
}

// Function is a named pure expression.
type Function struct {
	Id        string
	ParamList []Param
	Ret       string
	Be        *Code
	Lay       *model.Layout
}

// FastFunction lets the fast path call a named function directly: its
// arguments are evaluated as closures, its body runs through eval.
func (g *Game) FastFunction(f *Function) func(loc file.Location, args []eval.Val) eval.Val {
	m := g.M
	return func(loc file.Location, args []eval.Val) eval.Val {
		boxes := make([]func(*eval.Frame) any, len(args))
		for i, a := range args {
			boxes[i] = a.Box
		}
		run := func(fr *eval.Frame) any {
			sc := g.Scope(f.Lay, -1, m.St.Players)
			for i, p := range f.ParamList {
				sc.Vals[p.Slot] = boxes[i](fr)
			}
			out, err := m.Eval(f.Be, sc)
			g.Release(sc)
			if err != nil {
				eval.Fail(loc, err)
			}
			return out
		}
		switch f.Ret {
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
