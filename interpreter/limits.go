package interpreter

// This file bounds the work a definition may make the engine do. A
// definition is untrusted input: a loop over a huge range, a string that
// doubles at every pass or effects that call each other forever must end
// with a positioned error, not exhaust the machine. The budgets are plain
// counters, charged once per list or string built, never per element of a
// loop, so the move loop pays almost nothing for them.

import (
	"fmt"

	"cuelang.org/go/cue"
)

// Limits bound the work of one definition. A definition sets them in
// `limits`, up to HardLimits; DefaultLimits hold otherwise.
type Limits struct {
	// Steps is how many steps the run loop may take between two decisions.
	Steps int
	// Work is how many list elements one evaluation of an expression may
	// visit or make (every list a loop runs over, every range, concat,
	// path of walks), and Decision how many all the evaluations of one
	// decision together may.
	Work, Decision int
	// Memory is the longest string (in bytes) or list (in elements) one
	// evaluation may build.
	Memory int
	// Depth is how deep effects may nest (frames on the stack), and
	// evaluations too (an expression calling score, which evaluates more).
	Depth int
}

// DefaultLimits are the limits of a definition that sets none.
var DefaultLimits = Limits{Steps: 1_000_000, Work: 1_000_000, Decision: 20_000_000, Memory: 1 << 20, Depth: 256}

// HardLimits are the most a definition may ask for.
var HardLimits = Limits{Steps: 10_000_000, Work: 10_000_000, Decision: 200_000_000, Memory: 16 << 20, Depth: 4096}

// Counts bound the size of what a definition declares, so that a count
// of 1e8 cards is refused at load instead of filling the memory.
var Counts = struct {
	Players, Cards, Goods, Pieces int
}{Players: 64, Cards: 100_000, Goods: 100_000, Pieces: 10_000}

// limits reads `limits` of the definition, each value checked against
// its hard cap.
func (c *compiler) limits(v cue.Value) {
	c.g.limits = DefaultLimits
	l, ok := lookup(v, "limits")
	if !ok {
		return
	}
	for _, f := range []struct {
		name     string
		at       *int
		hard     int
		whatUnit string
	}{
		{"steps", &c.g.limits.Steps, HardLimits.Steps, "steps"},
		{"work", &c.g.limits.Work, HardLimits.Work, "elements"},
		{"decision", &c.g.limits.Decision, HardLimits.Decision, "elements"},
		{"memory", &c.g.limits.Memory, HardLimits.Memory, "bytes or elements"},
		{"depth", &c.g.limits.Depth, HardLimits.Depth, "levels"},
	} {
		x, ok := lookup(l, f.name)
		if !ok {
			continue
		}
		n, err := x.Int64()
		switch {
		case err != nil || n < 1:
			c.errorf(x, "limits.%s: want a positive count of %s", f.name, f.whatUnit)
		case n > int64(f.hard):
			c.errorf(x, "limits.%s: %d is over the hard cap of %d %s", f.name, n, f.hard, f.whatUnit)
		default:
			*f.at = int(n)
		}
	}
}

// count reads a count of the definition and checks it against max.
func (c *compiler) count(v cue.Value, path, what string, max int) int {
	x, ok := lookup(v, path)
	if !ok {
		return 0
	}
	n, err := x.Int64()
	if err != nil || n > int64(max) {
		c.errorf(x, "%s: %v is more than the %d %s a definition may have", path, x, max, what)
		return 0
	}
	return int(n)
}

// budget is what is left to spend of the limits: by the evaluation under
// way, and by the decision under way.
type budget struct {
	eval, decision int
	lim            *Limits
}

// budgetError is a budget overrun.
type budgetError struct{ msg string }

func (e *budgetError) Error() string { return e.msg }

// decide starts the budget of a decision (a move applied, moves listed,
// a score computed).
func (m *machine) decide() {
	if m.top == 0 && m.depth == 0 {
		m.budget.decision = m.g.limits.Decision
	}
}

// evaluating starts the budget of an outermost evaluation.
func (m *machine) evaluating() {
	m.budget.eval = m.g.limits.Work
}

// spend charges n elements; an overrun is returned as an error.
func (b *budget) spend(n int) error {
	b.eval -= n
	b.decision -= n
	if b.eval < 0 || b.decision < 0 {
		return b.overrun()
	}
	return nil
}

func (b *budget) overrun() error {
	if b.eval < 0 {
		return &budgetError{fmt.Sprintf("work budget exceeded: the expression visits or builds more than %d list elements (limits.work)", b.lim.Work)}
	}
	return &budgetError{fmt.Sprintf("work budget exceeded: this decision's expressions visit or build more than %d list elements (limits.decision)", b.lim.Decision)}
}

// grow checks the size of a string or list about to be built.
func (b *budget) grow(n int) error {
	if n > b.lim.Memory {
		return &budgetError{fmt.Sprintf("memory budget exceeded: a string or list of %d bytes or elements is longer than %d (limits.memory)", n, b.lim.Memory)}
	}
	return nil
}

// cardCount reads the count of a card type; the copies of all the types
// together may not pass Counts.Cards.
func (c *compiler) cardCount(x cue.Value) int {
	n := c.count(x, "count", "copies of a card", Counts.Cards)
	if len(c.g.cardOrder)+n > Counts.Cards {
		if n > 0 {
			c.errorf(x, "count: %d more copies make more than the %d cards a definition may have", n, Counts.Cards)
		}
		return 0
	}
	return n
}

// walksDir lists the paths of walks or walksBack, each charged to the
// work budget; their number is bounded by what is left of it.
func (m *machine) walksDir(from string, n int, back bool) ([][]string, error) {
	limit := min(m.budget.eval, m.budget.decision, m.g.limits.Memory)
	paths, ok := m.g.board.WalksKept(from, n, back, limit)
	if !ok {
		return nil, &budgetError{fmt.Sprintf("work budget exceeded: more paths of %d steps from %s than the budget allows (limits.work, limits.memory)", n, from)}
	}
	return paths, m.budget.spend(len(paths))
}
