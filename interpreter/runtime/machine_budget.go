package runtime

import "github.com/haven-engine/haven/interpreter/budget"

// This file starts the machine's budgets (package budget) and charges
// the walks of the board to them.

// decide starts the budget of a decision (a move applied, moves listed,
// a score computed).
func (m *Machine) decide() {
	if m.top == 0 && m.depth == 0 {
		m.Budget.Decision = m.G.Limits.Decision
	}
}

// evaluating starts the budget of an outermost evaluation.
func (m *Machine) evaluating() {
	m.Budget.Eval = m.G.Limits.Work
	if !m.listing {
		m.epoch++
	}
}

// changed notes a change of the state: the options listed before and
// the parts of expressions kept (eval.Hoist) no longer stand.
func (m *Machine) changed() {
	m.Rev++
	m.epoch++
}

// walksDir lists the paths of walks or walksBack, each charged to the
// work budget; their number is bounded by what is left of it.
func (m *Machine) walksDir(from string, n int, back bool) ([][]string, error) {
	limit := min(m.Budget.Eval, m.Budget.Decision, m.G.Limits.Memory)
	var paths [][]string
	var ok bool
	if f, err := m.node(from); err == nil {
		paths, ok = m.G.Board.WalksKeptOf(f, n, back, limit)
	} else {
		paths, ok = m.G.Board.Walks(from, n, back, limit)
	}
	if !ok {
		return nil, budget.Errorf("work budget exceeded: more paths of %d steps from %s than the budget allows (%s)", n, from, budget.Limit("work", m.G.Limits.Work))
	}
	return paths, m.Budget.Spend(len(paths))
}
