package runtime

// This file lists the moves a pending decision allows and applies one.

import (
	"fmt"
	"strings"

	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/notation"
)

// pendingStep returns the step the pending decision was made at.
func (g *Game) pendingStep(st *model.State) (*model.Frame, *model.Cursor, *Step) {
	f := st.Stack[len(st.Stack)-1]
	c := &f.Cursors[len(f.Cursors)-1]
	return f, c, g.Blocks[c.Block].Steps[c.PC]
}

// Move is one legal move: the player who makes it and its text, in the
// notation Apply reads ("action arg arg" or "choice value").
type Move struct {
	Player int    `json:"player"`
	Text   string `json:"move"`
}

// Legal lists the moves the pending decision allows, in a fixed order.
//
// The texts of the moves are written one after the other in the
// machine's buffer and copied at once into its arena of texts
// (texts.go), each move's text a part of them. (Legal may be called again
// while it runs, from a scenario's expression: each call writes after
// the texts and moves before, and takes them away when it returns.)
func (g *Game) Legal(st *model.State) ([]Move, error) { return g.legal(st, nil) }

// legal lists the moves into out (nil: a list of their own). The
// outermost call keeps how each move binds (moveindex.go).
func (g *Game) legal(st *model.State, out []Move) (moves []Move, err error) {
	m := g.M
	if len(m.moves) == 0 {
		if l := &m.last; len(l.texts) > 0 && st.Pending != nil && !st.Finished && l.current(st, m.Rev) && l.limits == g.Limits {
			// Listed already, on st as it is now: the same moves (a
			// bot ranking what the caller just listed).
			m.decide()
			m.St = st
			if out == nil {
				out = make([]Move, 0, len(l.texts))
			}
			return append(out, l.texts...), nil
		}
		m.last.st = nil
	}
	m.decide()
	if st.Finished || st.Pending == nil {
		return out, nil
	}
	m.St = st
	if err := g.resume(st); err != nil {
		return nil, err
	}
	if !m.listing {
		// Nothing the listing evaluates changes the state: one epoch.
		m.epoch++
		m.listing = true
		defer func() { m.listing = false }()
	}
	f, _, s := g.pendingStep(st)
	p := st.Pending.Player
	start, from, vals := len(m.moves), len(m.text), len(m.recVals)
	defer func() {
		if start == 0 && err == nil {
			m.keep(st, moves)
			m.last.limits = g.Limits
		}
		m.moves, m.text = m.moves[:start], m.text[:from]
		m.recs, m.recVals = m.recs[:start], m.recVals[:vals]
	}()
	// One return after the defers, so that Go runs them inline (a
	// function whose returns times defers pass 15 runs them through
	// the runtime's deferreturn, at every listing).
	moves, err = g.listPending(st, f, s, p, start, from, out)
	return moves, err
}

// listPending lists the moves of the decision st waits for, made by
// step s of frame f, for player p: legal's work once the machine's
// buffers are ready (start and from: where the listing's moves and
// texts begin in them).
func (g *Game) listPending(st *model.State, f *model.Frame, s *Step, p, start, from int, out []Move) ([]Move, error) {
	m := g.M
	if s.Kind == StepChoose {
		opts, err := g.options(st, f, s, nil)
		if s.Many != nil && err == nil {
			err = g.subsets(f, s, opts)
			if err == nil {
				err = g.listFree(p, st.Players, s, f)
			}
			return g.movesOf(p, start, from, out), err
		}
		for _, o := range opts {
			at, vf := len(m.text), len(m.recVals)
			m.text = append(m.text, s.ChooseID...)
			m.text = append(m.text, ' ')
			m.text = notation.AppendFormat(m.text, o)
			m.recVals = append(m.recVals, o)
			m.listed(at, nil, vf)
		}
		if err != nil {
			return nil, err
		}
		if err := g.listFree(p, st.Players, s, f); err != nil {
			return nil, err
		}
		if out == nil {
			out = make([]Move, 0, len(m.moves)-start)
		}
		return g.movesOf(p, start, from, out), nil
	}
	if err := g.listActions(s.Actions, p, st.Players, f); err != nil {
		return nil, err
	}
	if err := g.listFree(p, st.Players, s, f); err != nil {
		return nil, err
	}
	if len(m.moves) == start {
		return out, nil
	}
	if out == nil {
		out = make([]Move, 0, len(m.moves)-start)
	}
	return g.movesOf(p, start, from, out), nil
}

// listActions lists the moves of a turn's actions for player p, f the
// frame that offers them. One slice of locals, the machine's, serves
// every action in turn, cleared between them: what Scope and Release
// did for each, without the free list. (A definition may not call
// legal(), so no listing starts inside another's; should one, it takes
// its scopes from Scope.)
//
// What the conditions and candidates of the actions panic with fails the
// listing here, once a listing (stepEval), as it fails when Eval returns
// it: every error of the listing is the listing's.
func (g *Game) listActions(actions []*Action, p, players int, f *model.Frame) (err error) {
	m := g.M
	se := stepEval{base: m.top}
	var vals []any // the locals of the action being listed, when m.actVals
	defer func() {
		if se.failed(m) {
			err = se.fail(m, recover())
			clear(vals)
		}
	}()
	if m.actions {
		for _, a := range actions {
			if err := g.listAction(a, p, players, f, &se); err != nil {
				return err
			}
		}
		return nil
	}
	m.actions = true
	defer func() { m.actions = false }()
	// The seats and params are the same for every action: written once
	// (again where the locals grow) and emptied after the last.
	set := false
	for _, a := range actions {
		if n := len(a.Lay.Names); cap(m.actVals) < n {
			m.actVals, set = make([]any, n), false
		}
		sc := model.Scope{Vals: m.actVals[:len(a.Lay.Names)], Layout: a.Lay}
		if !set {
			sc.Vals[model.SlotMe], sc.Vals[model.SlotPlayers], sc.Vals[model.SlotParams] = boxSeat(p), boxSeat(players), g.ParamList
			set = true
		}
		a.see(sc, f)
		vals = sc.Vals
		if err := g.enumerate(a, sc, &se); err != nil {
			clear(sc.Vals)
			return err
		}
		// Emptied for the next: a listing writes no locals but these
		// and the params', which their candidates leave empty.
		for _, v := range a.Sees {
			sc.Vals[v.Slot] = nil
		}
	}
	if set {
		v := m.actVals
		v[model.SlotMe], v[model.SlotPlayers], v[model.SlotParams] = nil, nil, nil
	}
	return nil
}

// listAction lists the moves of one action for player p, f the frame
// that offers it, in locals of its own (Scope, given back after).
func (g *Game) listAction(a *Action, p, players int, f *model.Frame, se *stepEval) error {
	sc := g.Scope(a.Lay, p, players)
	a.see(sc, f)
	err := g.enumerate(a, sc, se)
	g.Release(sc)
	return err
}

// span is where the text of a move stands in the machine's buffer.
type span struct{ from, to int }

// movesOf appends to out the moves from the start-th on, whose texts
// stand in the buffer from from on.
func (g *Game) movesOf(p, start, from int, out []Move) []Move {
	m := g.M
	if len(m.moves) == start {
		return out
	}
	for _, sp := range m.moves[start:] {
		out = append(out, Move{p, m.listedText(m.text[sp.from:sp.to])})
	}
	return out
}

// enumerate lists the moves of an action: each is written in the
// machine's buffer. se is the listing's (listActions).
func (g *Game) enumerate(a *Action, sc model.Scope, se *stepEval) error {
	// The conditions that need no param first: where one fails (a card
	// not held, a role taken), as most often, nothing else is begun.
	if ok, _, err := g.holds(a, 0, sc, se); err != nil || !ok {
		return err
	}
	m := g.M
	vals := len(m.temp.vals)
	defer m.popVals(vals)
	if len(a.ParamList) < 2 {
		return g.bindFrom(a, 0, sc, nil, se)
	}
	// As with the moves, the candidates of each param live in the
	// machine's buffer while the action is enumerated.
	start := len(m.cands)
	m.cands = append(m.cands, make([]candidates, len(a.ParamList))...)
	defer func() {
		clear(m.cands[start:])
		m.cands = m.cands[:start]
	}()
	return g.bindFrom(a, 0, sc, m.cands[start:], se)
}

// candidates are the values a param's from listed, kept while the params
// it reads stay bound to the same values.
type candidates struct {
	ok   bool
	vals []any
}

// bindFrom binds the k-th param of an action to each of its candidates
// in turn, the conditions that need none checked already (enumerate).
func (g *Game) bindFrom(a *Action, k int, sc model.Scope, lists []candidates, se *stepEval) error {
	m := g.M
	if k > 0 {
		if ok, _, err := g.holds(a, k, sc, se); err != nil || !ok {
			return err
		}
	}
	if k == len(a.ParamList) {
		// The words are written only for a move listed: most
		// candidates fail a condition after them.
		at, vf := len(m.text), len(m.recVals)
		m.text = append(m.text, a.ID...)
		for _, p := range a.ParamList {
			v := sc.Vals[p.Slot]
			m.text = notation.AppendFormat(append(m.text, ' '), v)
			m.recVals = append(m.recVals, v)
		}
		m.listed(at, a, vf)
		return nil
	}
	p := a.ParamList[k]
	var vals []any
	if lists != nil && lists[k].ok {
		vals = lists[k].vals
	} else {
		l, notList, err := g.M.pushVals(p.From, sc, se)
		if err != nil {
			return err
		}
		if notList != nil {
			return fmt.Errorf("%s: %s.%s: %v", p.From.Pos, a.ID, p.Name, notList)
		}
		vals = l
		if err := p.fits(a, vals); err != nil {
			return err
		}
		if lists != nil {
			lists[k] = candidates{true, vals}
		}
	}
	for _, x := range vals {
		sc.Vals[p.Slot] = x
		for j := k + 1; j < len(lists); j++ {
			if a.ParamList[j].Need > k {
				lists[j].ok = false
			}
		}
		if err := g.bindFrom(a, k+1, sc, lists, se); err != nil {
			return err
		}
	}
	sc.Vals[p.Slot] = nil
	return nil
}

// holds checks the conditions of an action that need exactly k params,
// returning the message of the first that fails.
// se, when not nil, is the listing's, which recovers what a condition
// panics with (listActions).
func (g *Game) holds(a *Action, k int, sc model.Scope, se *stepEval) (bool, string, error) {
	for _, w := range a.When {
		if w.Need != k {
			continue
		}
		var ok bool
		if se != nil {
			var err error
			if ok, err = g.M.stepCond(w.Code, &sc, se); err != nil {
				return false, "", err
			}
		} else if v, err := g.M.Eval(w.Code, sc); err != nil {
			return false, "", err
		} else {
			ok = v.(bool)
		}
		if !ok {
			return false, w.Msg, nil
		}
	}
	return true, "", nil
}

// IllegalMove is a move the pending decision does not allow; Reason says
// why in the words of the definition.
type IllegalMove struct {
	Move, Reason string
}

func (e *IllegalMove) Error() string { return fmt.Sprintf("illegal move %q: %s", e.Move, e.Reason) }

// Apply makes a move and runs the game on to the next decision. An
// illegal move leaves the state as it was and returns an *IllegalMove.
func (g *Game) Apply(st *model.State, move string) error {
	g.M.decide()
	if st.Finished {
		return &IllegalMove{move, "the game is over"}
	}
	if st.Pending == nil {
		return &IllegalMove{move, "no decision is pending"}
	}
	g.M.St = st
	if err := g.resume(st); err != nil {
		return err
	}
	var buf [8]string
	words := notation.Words(move, buf[:0])
	if len(words) == 0 {
		return &IllegalMove{move, "empty move"}
	}
	f, c, s := g.pendingStep(st)
	if i, ok := g.listedText(st, s, move, words); ok {
		// Listed by Legal on st as it is: bound as listed.
		return g.applyListed(st, i, g.M.last.texts[i].Text)
	}
	p := st.Pending.Player
	if s.Kind == StepChoose && words[0] != s.ChooseID {
		if a, err := g.freeAction(p, st.Players, s, words[0]); a != nil || err != nil {
			if err != nil {
				return err
			}
			return g.applyAction(st, f, c, a, p, move, words, false)
		}
	}
	if s.Kind == StepChoose && s.Many != nil {
		if words[0] != s.ChooseID {
			return &IllegalMove{move, fmt.Sprintf("player %d must answer %s: %s VALUE...", p, s.ChooseID, s.ChooseID)}
		}
		opts, err := g.options(st, f, s, nil)
		if err != nil {
			return err
		}
		picked, why, err := g.pickMany(f, s, opts, words[1:])
		if err != nil {
			return err
		}
		if why != "" {
			return &IllegalMove{move, why}
		}
		f.Scope.Vals[s.AsSlot] = picked
		c.PC++
		return g.commit(st, move)
	}
	if s.Kind == StepChoose {
		if len(words) != 2 || words[0] != s.ChooseID {
			return &IllegalMove{move, fmt.Sprintf("player %d must answer %s: %s VALUE", p, s.ChooseID, s.ChooseID)}
		}
		opts, err := g.options(st, f, s, nil)
		if err != nil {
			return err
		}
		for _, o := range opts {
			if notation.Format(o) == words[1] {
				f.Scope.Vals[s.AsSlot] = o
				c.PC++
				return g.commit(st, move)
			}
		}
		return &IllegalMove{move, fmt.Sprintf("%s is not one of the options (%s)", words[1], notation.Options(opts)) + g.why(f, s, words[1])}
	}
	var a *Action
	for _, x := range s.Actions {
		if x.ID == words[0] {
			a = x
		}
	}
	advance := a != nil && a.Ends
	if a == nil {
		var err error
		if a, err = g.freeAction(p, st.Players, s, words[0]); err != nil {
			return err
		}
	}
	if a == nil {
		return &IllegalMove{move, fmt.Sprintf("%q is not an action player %d may take now", words[0], p)}
	}
	return g.applyAction(st, f, c, a, p, move, words, advance)
}

// applyAction binds and checks the arguments of an action's move and
// pushes its frame; advance moves the pending step on (an action that
// ends the turn).
func (g *Game) applyAction(st *model.State, f *model.Frame, c *model.Cursor, a *Action, p int, move string, words []string, advance bool) error {
	if len(words)-1 != len(a.ParamList) {
		return &IllegalMove{move, fmt.Sprintf("%s takes %d argument(s): %s", a.ID, len(a.ParamList), paramNames(a))}
	}
	sc := g.Scope(a.Lay, p, st.Players)
	a.see(sc, f)
	defer g.M.popVals(len(g.M.temp.vals))
	for k := 0; ; k++ {
		ok, msg, err := g.holds(a, k, sc, nil)
		if err != nil {
			return err
		}
		if !ok {
			return &IllegalMove{move, msg}
		}
		if k == len(a.ParamList) {
			break
		}
		prm := a.ParamList[k]
		vals, notList, err := g.M.pushVals(prm.From, sc, nil)
		if err != nil {
			return err
		}
		if notList != nil {
			return notList
		}
		found := false
		for _, x := range vals {
			if notation.Format(x) == words[k+1] {
				sc.Vals[prm.Slot], found = x, true
				break
			}
		}
		if !found {
			return &IllegalMove{move, fmt.Sprintf("%s %s: %s is not one of %s", a.ID, prm.Name, words[k+1], notation.Options(vals))}
		}
	}
	if advance {
		c.PC++
	}
	g.push(st, sc, a.Cause, a.Body.Id)
	return g.commit(st, move)
}

func (g *Game) commit(st *model.State, move string) error {
	st.Pending = nil
	st.AppendMove(g.M.madeText(move))
	err := g.run(st)
	if st.Finished {
		// The next game is likely about as long: New makes its list of
		// moves that long, instead of growing it move by move (which
		// made about twice its size in copies).
		g.M.movesHint = min(len(st.Moves), maxMovesHint)
	}
	return err
}

// maxMovesHint bounds the moves New makes room for.
const maxMovesHint = 1 << 12

func paramNames(a *Action) string {
	var names []string
	for _, p := range a.ParamList {
		names = append(names, p.Name)
	}
	return strings.Join(names, " ")
}
