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
	// memo keeps its calls while the state stays the same, when kept
	// says they are worth keeping (fnmemo.go).
	memo fnMemo
	kept bool
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
		// The call site keeps the locals of its calls that have ended
		// (more than one only for a call that recurses).
		var free [][]any
		run := func(fr *eval.Frame) any {
			var vals []any
			if n := len(free); n > 0 {
				vals, free = free[n-1], free[:n-1]
			} else {
				vals = make([]any, len(f.Lay.Names))
			}
			vals[model.SlotMe], vals[model.SlotPlayers], vals[model.SlotParams] = noSeat, m.St.Players, g.ParamList
			for i, p := range f.ParamList {
				vals[p.Slot] = boxes[i](fr)
			}
			out, err := m.callKept(f, vals)
			// The body is an expression, which writes no local: only
			// the ones set here are cleared (clearing every slot of a
			// layout while the collector marks is dear).
			vals[model.SlotMe], vals[model.SlotPlayers], vals[model.SlotParams] = nil, nil, nil
			for _, p := range f.ParamList {
				vals[p.Slot] = nil
			}
			free = append(free, vals)
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
