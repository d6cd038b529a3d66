package interpreter

import "github.com/haven-engine/haven/interpreter/budget"

// This file starts the machine's budgets (package budget) and charges
// the walks of the board to them.

// decide starts the budget of a decision (a move applied, moves listed,
// a score computed).
func (m *machine) decide() {
	if m.top == 0 && m.depth == 0 {
		m.budget.Decision = m.g.limits.Decision
	}
}

// evaluating starts the budget of an outermost evaluation.
func (m *machine) evaluating() {
	m.budget.Eval = m.g.limits.Work
}

// walksDir lists the paths of walks or walksBack, each charged to the
// work budget; their number is bounded by what is left of it.
func (m *machine) walksDir(from string, n int, back bool) ([][]string, error) {
	limit := min(m.budget.Eval, m.budget.Decision, m.g.limits.Memory)
	paths, ok := m.g.board.WalksKept(from, n, back, limit)
	if !ok {
		return nil, budget.Errorf("work budget exceeded: more paths of %d steps from %s than the budget allows (limits.work, limits.memory)", n, from)
	}
	return paths, m.budget.Spend(len(paths))
}
