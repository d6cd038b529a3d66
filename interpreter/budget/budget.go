// Package budget bounds the work a definition may make the engine do: the
// limits a definition may set, the hard caps on them and on what it
// declares, and what is left to spend of them while a decision runs. A
// definition is untrusted input: a loop over a huge range, a string that
// doubles at every pass or effects that call each other forever must end
// with a positioned error, not exhaust the machine. The budgets are plain
// counters, charged once per list or string built, never per element of a
// loop, so the move loop pays almost nothing for them.
package budget

import "fmt"

// Limits bound the work of one definition. A definition sets them in
// `limits`, up to Hard; Default hold otherwise.
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

// Default holds the limits of a definition that sets none.
var Default = Limits{Steps: 1_000_000, Work: 1_000_000, Decision: 20_000_000, Memory: 1 << 20, Depth: 256}

// Hard holds the most a definition may ask for.
var Hard = Limits{Steps: 10_000_000, Work: 10_000_000, Decision: 200_000_000, Memory: 16 << 20, Depth: 4096}

// Counts bound the size of what a definition declares, so that a count
// of 1e8 cards is refused at load instead of filling the memory.
var Counts = struct {
	Players, Cards, Goods, Pieces int
}{Players: 64, Cards: 100_000, Goods: 100_000, Pieces: 10_000}

// Remaining is what is left to spend of the limits: by the evaluation under
// way, and by the decision under way.
type Remaining struct {
	// Eval is left to the evaluation under way, Decision to the decision.
	Eval, Decision int
	// Limits are the definition's, which Eval and Decision start from.
	Limits *Limits
}

// budgetError is a budget overrun.
type budgetError struct{ msg string }

func (e *budgetError) Error() string { return e.msg }

// Spend charges n elements; an overrun is returned as an error.
func (b *Remaining) Spend(n int) error {
	b.Eval -= n
	b.Decision -= n
	if b.Eval < 0 || b.Decision < 0 {
		return b.overrun()
	}
	return nil
}

func (b *Remaining) overrun() error {
	if b.Eval < 0 {
		return &budgetError{fmt.Sprintf("work budget exceeded: the expression visits or builds more than %d list elements (%s)", b.Limits.Work, Limit("work", b.Limits.Work))}
	}
	return &budgetError{fmt.Sprintf("work budget exceeded: this decision's expressions visit or build more than %d list elements (%s)", b.Limits.Decision, Limit("decision", b.Limits.Decision))}
}

// Grow checks the size of a string or list about to be built.
func (b *Remaining) Grow(n int) error {
	if n > b.Limits.Memory {
		return &budgetError{fmt.Sprintf("memory budget exceeded: a string or list of %d bytes or elements is longer than %d (%s)", n, b.Limits.Memory, Limit("memory", b.Limits.Memory))}
	}
	return nil
}

// Limit names a limit as a definition sets it, with its value and how
// to raise it: "limits.work = 1000000; a game may raise it with
// `limits: work: N`, up to 10000000". An overrun says what ran out and
// what to do about it in one line.
func Limit(field string, value int) string {
	hard := map[string]int{"steps": Hard.Steps, "work": Hard.Work, "decision": Hard.Decision, "memory": Hard.Memory, "depth": Hard.Depth}[field]
	return fmt.Sprintf("limits.%s = %d; a game may raise it with `limits: %s: N`, up to %d", field, value, field, hard)
}

// Errorf is a budget overrun, its message formatted.
func Errorf(format string, a ...any) error {
	return &budgetError{fmt.Sprintf(format, a...)}
}
