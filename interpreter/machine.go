package interpreter

import (
	"errors"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// machine is what the expr functions of a Game act on: the state being run
// and the cause that changes are logged under.
type machine struct {
	g     *Game
	st    *model.State
	cause string
	log   bool
	vm    vm.VM
	depth int
	free  [][]any        // locals of ended frames, for reuse
	spare []*model.Frame // ended frames, for reuse
	fire  []firing       // the triggers an emit fires, reused
	// rev counts changes; with the state and its step count it tells
	// whether the options Legal listed still stand when Apply comes.
	rev   uint64
	cache optionCache
	// moves, text, word and cands are buffers of Legal, reused from call
	// to call: where the texts of the moves stand, the texts, the words
	// of the move being built, and the candidates of each param.
	moves []span
	text  []byte
	word  []byte
	cands []candidates
	// recs and recVals say how each move in moves binds: its action
	// (nil: an option of the choose step) and the values it binds, kept
	// in last for ApplyIndex once the outermost Legal returns.
	recs    []moveRec
	recVals []any
	last    lastLegal
	// lib and opts are the library by name, for the fast path, and as
	// registered with expr.
	lib  map[string]eval.Func
	opts []expr.Option
	// frames are reused by the fast path, one per evaluation under way.
	frames []*eval.Frame
	top    int
	// noFast runs every expression on the VM; differ, when set, is
	// called instead of the fast path (tests compare the two).
	noFast bool
	differ func(c *code, env model.Scope) (any, error)
	// budget is what is left of the limits (limits.go).
	budget budget.Remaining
	// seatLists are the lists seats() gives, by first seat (funcs.go).
	seatLists [][]int
}

type optionCache struct {
	st    *model.State
	steps int
	rev   uint64
	opts  []any
}

// eval runs a compiled expression in a scope.
func (m *machine) eval(c *code, env model.Scope) (any, error) {
	switch {
	case c.isIdent:
		if v := env.Vals[c.ident]; v != nil {
			return v, nil
		}
	case c.isConst:
		return c.konst, nil
	}
	if c.fast != nil && !m.noFast {
		if m.differ != nil {
			return m.differ(c, env)
		}
		return m.runFast(c, env)
	}
	// The VM reads the locals by name, from a map made for the purpose.
	if m.depth == 0 && m.top == 0 {
		m.evaluating()
	} else if m.depth+m.top >= m.g.limits.Depth {
		return nil, c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (limits.depth): does a score or condition call itself?", m.g.limits.Depth))
	}
	if m.depth > 0 { // re-entered from a function: use a fresh VM
		out, err := expr.Run(c.prog, env.AsMap())
		if err != nil {
			return nil, c.runtimeError(err)
		}
		return out, nil
	}
	m.depth++
	out, err := m.vm.Run(c.prog, env.AsMap())
	m.depth--
	if err != nil {
		return nil, c.runtimeError(err)
	}
	return out, nil
}

// runtimeError positions an error raised while running an expression at
// the spot of the expression that raised it.
func (c *code) runtimeError(err error) error {
	var fe *file.Error
	if errors.As(err, &fe) {
		msg := fe.Message
		if fe.Prev != nil && !strings.Contains(msg, fe.Prev.Error()) {
			msg += ": " + fe.Prev.Error()
		}
		return &diag.Error{Pos: c.lit.At(fe.Line, fe.Column), Msg: msg}
	}
	return &diag.Error{Pos: c.pos, Msg: err.Error()}
}

func (m *machine) event(what, card, from, to string) {
	if !m.log {
		return
	}
	e := model.Event{Cause: m.cause, What: what, Card: card, From: from, To: to}
	if card != "" {
		// Who sees a card move is decided now: who may see a zone can
		// change later (the parties of a face-down trade).
		for p := 0; p < m.st.Players; p++ {
			a, _ := m.g.visible(m.st, from, p)
			b, _ := m.g.visible(m.st, to, p)
			if a || b {
				e.Seen = append(e.Seen, p)
			}
		}
		if len(e.Seen) == m.st.Players {
			if a, _ := m.g.visible(m.st, from, -1); a {
				e.Seen = nil
			} else if b, _ := m.g.visible(m.st, to, -1); b {
				e.Seen = nil
			}
		}
		e.Hidden = e.Seen != nil || !m.public(from, to)
	}
	m.st.Log = append(m.st.Log, e)
}

// public tells whether a spectator sees a card moving between two zones.
func (m *machine) public(from, to string) bool {
	a, _ := m.g.visible(m.st, from, -1)
	b, _ := m.g.visible(m.st, to, -1)
	return a || b
}
