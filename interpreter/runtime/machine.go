package runtime

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

// Machine is what the expr functions of a Game act on: the state being run
// and the cause that changes are logged under.
type Machine struct {
	G     *Game
	St    *model.State
	cause string
	log   bool
	vm    vm.VM
	depth int
	free  [][]any        // locals of ended frames, for reuse
	spare []*model.Frame // ended frames, for reuse
	fire  []firing       // the triggers an emit fires, reused
	// Rev counts changes; with the state and its step count it tells
	// whether the options Legal listed still stand when Apply comes.
	Rev   uint64
	cache optionCache
	// epoch names the state evaluations read, for the parts of pure
	// expressions kept while it does not change (eval.Hoist): it moves
	// on at every change (changed), at every evaluation outside a
	// listing, and once for a listing (listing says one is under way).
	epoch   uint64
	listing bool
	// seenBy holds the locals of a zone's seenBy while it is evaluated
	// (visible), reused.
	seenBy []any
	// preferOpt holds the options a choice of several picks while the
	// policy ranks that move (Prefer), reused from move to move.
	preferOpt []any
	// sights are how each zone of a bound state of a number of seats is
	// seen, by that number (observe.go).
	sights map[int]*zoneSights
	// cardFn is g.cardOf, as the observations find cards.
	cardFn func(string) *model.Card
	// entries counts the evaluations begun, each a frame's Entry; calls
	// the named functions' calls (fnmemo.go).
	entries uint64
	calls   uint64
	// moves, text and cands are buffers of Legal, reused from call to
	// call: where the texts of the moves stand, the texts, and the
	// candidates of each param; word is a scratch for a move's word.
	moves []span
	text  []byte
	word  []byte
	cands []candidates
	// temp holds the options and candidates the run loop reads
	// (templists.go).
	temp tempLists
	// recs and recVals say how each move in moves binds: its action
	// (nil: an option of the choose step) and the values it binds, kept
	// in last for ApplyIndex once the outermost Legal returns.
	recs    []moveRec
	recVals []any
	last    lastLegal
	// actVals are the locals of the action being listed, and actions
	// says a listing uses them (listActions).
	actVals []any
	actions bool
	// Lib and opts are the library by name, for the fast path, and as
	// registered with expr.
	Lib  map[string]eval.Func
	Opts []expr.Option
	// frames are reused by the fast path, one per evaluation under way.
	frames []*eval.Frame
	top    int
	// frame0 is frames[0] once it holds the game's boxed names: the
	// frame stepValue runs in.
	frame0 *eval.Frame
	// NoFast runs every expression on expr's VM instead of its
	// closures: the translator's oracle, for tests only (a game never
	// runs the VM: an expression the translator refuses is a load
	// error). Differ, when set, is called instead of the closures
	// (tests compare the two).
	NoFast bool
	Differ func(c *Code, env model.Scope) (any, error)
	// Budget is what is left of the limits (limits.go).
	Budget budget.Remaining
	// seatLists are the lists seats() gives, by first seat (funcs.go).
	seatLists [][]int
	// ids find nodes and cards by the address of their id (idtable.go).
	ids ids
	// keyedSites counts the calls translated to find their counter by a
	// joined name's key (keyedcounters.go), for the tests.
	keyedSites int
	// listTexts holds the texts of the listings, made the moves made
	// last (texts.go).
	listTexts   textArena
	made        madeTexts
	listedTexts madeTexts // the texts of listed moves (listedText)
	// boxedAt finds the game's boxed names by address (boxedIDs).
	boxedAt *model.AddrTable[any]
	// movesHint is how long the last game this machine finished was
	// (commit): New makes room for that many moves.
	movesHint int
	// lists holds the lists of cards and units moves make (lists.go).
	lists idLists
	// heard says whether a trigger hears an event, by name (emit.go).
	heard map[string]bool
	// lastKind is the kind nodes was last asked for, and its nodes.
	lastKind kindList
}

type optionCache struct {
	st    *model.State
	ident uint64 // st.Ident(): a state copied into is the same pointer
	steps int
	rev   uint64
	opts  []any
}

// current tells whether the options kept were listed for st as it is
// now: the same state, whose memory holds the same contents (Ident), at
// the same step, the machine having changed nothing since.
func (c *optionCache) current(st *model.State, rev uint64) bool {
	return c.st == st && c.ident == st.Ident() && c.steps == st.Steps && c.rev == rev
}

// Eval runs a compiled expression in a scope.
func (m *Machine) Eval(c *Code, env model.Scope) (any, error) {
	switch {
	case c.IsIdent:
		if v := env.Vals[c.Ident]; v != nil {
			return v, nil
		}
	case c.IsConst:
		return c.Konst, nil
	}
	if c.Fast != nil && !m.NoFast {
		if m.Differ != nil {
			return m.Differ(c, env)
		}
		if c.memo != noMemo {
			if v, _, ok, err := m.memoEval(c, env, false); ok {
				return v, err
			}
		}
		return m.RunFast(c, env)
	}
	// Only tests get here (NoFast): every compiled expression has its
	// closures. The VM reads the locals by name, from a map made for
	// the purpose, and runs expr's program, which a game keeps only
	// when compiled for it (compile.KeepPrograms).
	if c.Prog == nil {
		return nil, c.runtimeError(errors.New("no expr program kept for the VM: compile with compile.KeepPrograms"))
	}
	if m.depth == 0 && m.top == 0 {
		m.evaluating()
	} else if m.depth+m.top >= m.G.Limits.Depth {
		return nil, c.runtimeError(budget.Errorf("depth budget exceeded: evaluations nested more than %d deep (%s): does a score or condition call itself?", m.G.Limits.Depth, budget.Limit("depth", m.G.Limits.Depth)))
	}
	if m.depth > 0 { // re-entered from a function: use a fresh VM
		out, err := expr.Run(c.Prog, env.AsMap())
		if err != nil {
			return nil, c.runtimeError(err)
		}
		return out, nil
	}
	m.depth++
	out, err := m.vm.Run(c.Prog, env.AsMap())
	m.depth--
	if err != nil {
		return nil, c.runtimeError(err)
	}
	return out, nil
}

// runtimeError positions an error raised while running an expression at
// the spot of the expression that raised it.
func (c *Code) runtimeError(err error) error {
	var fe *file.Error
	if errors.As(err, &fe) {
		msg := fe.Message
		if fe.Prev != nil && !strings.Contains(msg, fe.Prev.Error()) {
			msg += ": " + fe.Prev.Error()
		}
		return &diag.Error{Pos: c.Lit.At(fe.Line, fe.Column), Msg: msg}
	}
	return &diag.Error{Pos: c.Pos, Msg: err.Error()}
}

func (m *Machine) event(what, card, from, to string) {
	if !m.log {
		return
	}
	e := model.Event{Cause: m.cause, What: what, Card: card, From: from, To: to}
	if card != "" {
		// Who sees a card move is decided now: who may see a zone can
		// change later (the parties of a face-down trade).
		for p := 0; p < m.St.Players; p++ {
			a, _ := m.G.visible(m.St, from, p)
			b, _ := m.G.visible(m.St, to, p)
			if a || b {
				e.Seen = append(e.Seen, p)
			}
		}
		if len(e.Seen) == m.St.Players {
			if a, _ := m.G.visible(m.St, from, -1); a {
				e.Seen = nil
			} else if b, _ := m.G.visible(m.St, to, -1); b {
				e.Seen = nil
			}
		}
		e.Hidden = e.Seen != nil || !m.public(from, to)
	}
	m.St.Log = append(m.St.Log, e)
}

// public tells whether a spectator sees a card moving between two zones.
func (m *Machine) public(from, to string) bool {
	a, _ := m.G.visible(m.St, from, -1)
	b, _ := m.G.visible(m.St, to, -1)
	return a || b
}
