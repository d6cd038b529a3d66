package compile

// This file refuses, at load, triggers that raise their own event again
// every time they run, directly or through other triggers: such a chain
// never ends, and at run time only limits.depth would stop it. Only
// unconditional chains are refused. A trigger with a `when`, an emit
// inside an if, a loop or a choice, and a card's trigger (it runs only
// while its card is in force, and its own steps may move the card) may
// stop raising the event, and a definition may use them on purpose (an
// event that repeats until a stock runs out): they keep the run-time
// budget.

import (
	"github.com/haven-engine/haven/interpreter/runtime"
	"strings"
)

// raise is an emit a trigger's body always reaches.
type raise struct {
	event string
	step  *runtime.Step
}

// triggerCycles reports the cycles of events whose global triggers
// always raise an event of the cycle again.
func (c *compiler) triggerCycles() {
	edges := map[string][]raise{} // event → the events its triggers always raise
	var events []string
	for _, t := range c.g.Triggers {
		if !always(t.When) {
			continue
		}
		if _, ok := edges[t.On]; !ok {
			events = append(events, t.On)
		}
		edges[t.On] = append(edges[t.On], alwaysRaised(t.Body, map[*runtime.Block]bool{})...)
	}
	state := map[string]int{} // 0 new, 1 on the path, 2 done
	var path []string
	reported := map[string]bool{}
	var visit func(ev string)
	visit = func(ev string) {
		state[ev] = 1
		path = append(path, ev)
		for _, r := range edges[ev] {
			switch state[r.event] {
			case 0:
				visit(r.event)
			case 1:
				k := indexOf(path, r.event)
				cycle := append(append([]string{}, path[k:]...), r.event)
				key := strings.Join(sortedCopy(cycle[:len(cycle)-1]), " ")
				if !reported[key] {
					reported[key] = true
					c.errs.Add(r.step.Pos, "triggers raise their own event every time they run: %s (a trigger that needs to repeat must have a `when` that can stop it)", eventCycle(cycle))
				}
			}
		}
		path = path[:len(path)-1]
		state[ev] = 2
	}
	for _, ev := range events {
		if state[ev] == 0 {
			visit(ev)
		}
	}
}

// eventCycle names a cycle of events: emit a → trigger a → emit b → ...
func eventCycle(cycle []string) string {
	var b strings.Builder
	for i, ev := range cycle {
		if i > 0 {
			b.WriteString(" → ")
		}
		b.WriteString("emit " + ev)
		if i < len(cycle)-1 {
			b.WriteString(" → trigger on " + ev)
		}
	}
	return b.String()
}

// always reports whether a trigger's condition always holds: it has none,
// or expr folded it to true.
func always(when *runtime.Code) bool {
	if when == nil || when.Prog == nil {
		return when == nil
	}
	v, ok := constValue(when.Prog.Node())
	return ok && v == true
}

// alwaysRaised lists the emits a block reaches every time it runs: its
// own steps up to an end or a return, and those of the effects it calls
// there. Steps inside an if, a loop or a choice may not run.
func alwaysRaised(b *runtime.Block, seen map[*runtime.Block]bool) []raise {
	if b == nil || seen[b] {
		return nil
	}
	seen[b] = true
	var out []raise
	for _, s := range b.Steps {
		switch s.Kind {
		case runtime.StepEmit:
			out = append(out, raise{s.Emit, s})
		case runtime.StepCall:
			if s.Call != nil {
				for _, r := range alwaysRaised(s.Call.Body, seen) {
					// The error points at the call the trigger makes.
					out = append(out, raise{r.event, s})
				}
			}
		case runtime.StepEnd, runtime.StepReturn:
			return out
		}
	}
	return out
}
