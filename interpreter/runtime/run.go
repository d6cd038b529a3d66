package runtime

import (
	"fmt"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/notation"
)

// BoxZone holds every card before setup deals it: the game box.
const BoxZone = "box"

// SetLog turns the event log on or off (simulations run without it).
func (g *Game) SetLog(on bool) { g.M.log = on }

// New starts a game for a number of players with a seed: it builds the
// state, runs setup and the flow up to the first decision. The game
// draws each purpose's random numbers from a stream of its own
// (model.State.Streamed).
func (g *Game) New(players int, seed uint64) (*model.State, error) {
	return g.NewRandom(players, seed, true)
}

// NewRandom is New, drawing from a stream per purpose when streams is
// set, else every number from one generator, as games saved before
// streams were played.
func (g *Game) NewRandom(players int, seed uint64, streams bool) (*model.State, error) {
	if err := g.seats(players); err != nil {
		return nil, err
	}
	st := new(model.State)
	st.StartMoves(g.M.movesHint)
	if err := g.setUp(st, players, seed, streams); err != nil {
		return nil, err
	}
	return st, g.run(st)
}

// NewInto starts a new game in dst, as New does, in dst's own memory
// (model.State.Renew): the list of its moves is the array dst's last
// game listed its moves in, so that a simulation that plays game after
// game on one state does not make that list anew for every game. dst is
// overwritten: nothing read from it before may be kept, and every state
// copied from it must be done with.
func (g *Game) NewInto(dst *model.State, players int, seed uint64) error {
	if err := g.seats(players); err != nil {
		return err
	}
	dst.Renew()
	if dst.Moves == nil || cap(dst.Moves) < g.M.movesHint {
		dst.StartMoves(g.M.movesHint)
	}
	if err := g.setUp(dst, players, seed, true); err != nil {
		return err
	}
	return g.run(dst)
}

// seats checks that the game is for a number of players.
func (g *Game) seats(players int) error {
	if players < g.MinPlayers || players > g.MaxPlayers {
		return fmt.Errorf("%s is for %d to %d players, not %d", g.ID, g.MinPlayers, g.MaxPlayers, players)
	}
	return nil
}

// setUp lays out a new game in st, whose moves list is empty: its
// counters, zones, stocks and pieces, and the flow and the setup on its
// stack, ready to run.
func (g *Game) setUp(st *model.State, players int, seed uint64, streams bool) error {
	st.Game, st.Players, st.Seed, st.RNG, st.Streamed = g.ID, players, seed, seed, streams
	st.NoHolders()
	g.Tab.NewCounters(st, true)
	st.BindZones(nil)
	st.SetZone(BoxZone, append([]string{}, g.CardOrder...))
	for _, gd := range g.GoodList {
		for k := 0; k < gd.Count; k++ {
			st.SetStock("supply", append(st.StockList("supply"), gd.ID))
		}
	}
	m := g.M
	m.St = st
	for _, k := range g.PieceKinds {
		v, err := m.Eval(k.PerPlayer, g.Scope(g.Base, 0, players))
		if err != nil {
			return err
		}
		if n := v.(int); n*players > budget.Counts.Pieces {
			return fmt.Errorf("%s: %d %s pieces a player make more than the %d pieces a game may have", k.PerPlayer.Pos, n, k.ID, budget.Counts.Pieces)
		}
		for p := 0; p < players; p++ {
			for n := 1; n <= v.(int); n++ {
				st.Pieces = append(st.Pieces, g.setUpPiece(k, p, n))
			}
		}
	}
	g.placePieces(st)
	g.push(st, g.Scope(g.Flow.Lay, 0, players), "flow", g.Flow.Id)
	g.push(st, g.Scope(g.Setup.Lay, 0, players), "setup", g.Setup.Id)
	return nil
}

// Scope makes the locals every frame of a layout starts with, reusing
// the slice of a frame that has ended.
func (g *Game) Scope(lay *model.Layout, me, players int) model.Scope {
	m := g.M
	var vals []any
	// The last slice given back is taken if it fits, else the last that
	// does: the frames of a copied state give back slices of their own
	// length (Clone caps them), which a larger scope passes by.
	for k := len(m.free) - 1; k >= 0; k-- {
		if cap(m.free[k]) >= len(lay.Names) {
			vals = m.free[k][:len(lay.Names)]
			last := len(m.free) - 1
			m.free[k] = m.free[last]
			m.free[last] = nil
			m.free = m.free[:last]
			break
		}
	}
	if vals == nil {
		vals = make([]any, len(lay.Names), max(len(lay.Names), 8))
	}
	vals[model.SlotMe], vals[model.SlotPlayers], vals[model.SlotParams] = boxSeat(me), boxSeat(players), g.ParamList
	return model.Scope{Vals: vals, Layout: lay}
}

// noSeat is -1 boxed once: the `me` of a named function's call, which
// has no seat. Go boxes the ints 0 to 255 without allocating, not -1,
// and a policy calls named functions at every move it ranks.
var noSeat any = -1

// seats are the seats and numbers of players a game may have, boxed
// once: read from here, not boxed by the runtime's call at every scope.
var seats = func() (l [64]any) {
	for k := range l {
		l[k] = k
	}
	return l
}()

// boxSeat is a seat or a number of players in an interface, without a
// new box for "no seat".
func boxSeat(me int) any {
	if uint(me) < uint(len(seats)) {
		return seats[me]
	}
	if me == -1 {
		return noSeat
	}
	return me
}

// Release gives the slice of an ended frame back for reuse.
//
// Only its length is cleared: nothing writes a scope's locals past its
// length (a scope is never appended to), and every slice a scope is
// given holds nils past its length (made, copied by append or Clone, or
// capped), so what lies past it is nil already; and clearing pointers
// while the garbage collector marks is dear (clearing the capacity was
// 2% of Rotterdam's random play).
func (g *Game) Release(sc model.Scope) {
	if len(g.M.free) < 64 && sc.Vals != nil {
		clear(sc.Vals)
		g.M.free = append(g.M.free, sc.Vals[:0])
	}
}

// push starts running block in a new frame with the locals sc, reusing
// a frame that has ended.
func (g *Game) push(st *model.State, sc model.Scope, cause string, block int) {
	m := g.M
	var f *model.Frame
	if n := len(m.spare); n > 0 {
		f = m.spare[n-1]
		m.spare = m.spare[:n-1]
	} else {
		f = &model.Frame{}
	}
	f.Scope, f.Cause = sc, cause
	f.Cursors = append(f.Cursors[:0], model.Cursor{Block: int32(block)})
	st.Stack = append(st.Stack, f)
}

// pop ends the frame on top of the stack; its scope and the frame itself
// are kept for reuse, since nothing else refers to them (Clone copies).
func (g *Game) pop(st *model.State) {
	f := st.Stack[len(st.Stack)-1]
	st.Stack = st.Stack[:len(st.Stack)-1]
	g.Release(f.Scope)
	if m := g.M; len(m.spare) < 64 {
		// Its cursors hold nothing past their length: a loop's cursor
		// is emptied as it ends (endLoop), a return empties them all,
		// and any other cursor holds no list.
		*f = model.Frame{Cursors: f.Cursors[:0]}
		m.spare = append(m.spare, f)
	}
}

// run executes steps until a decision is needed or the game ends.
//
// A step's expression that panics fails the step as Eval would: its
// evaluation recovers here (stepEval), once a run, not once an
// evaluation.
func (g *Game) run(st *model.State) (err error) {
	m := g.M
	se := stepEval{base: m.top}
	defer func() {
		if se.failed(m) {
			err = se.fail(m, recover())
		}
	}()
	m.St = st
	m.decide()
	for n := 0; !st.Finished && st.Pending == nil; n++ {
		if n > g.Limits.Steps {
			return fmt.Errorf("more than %d steps without a decision (%s): does a loop never pause?", g.Limits.Steps, budget.Limit("steps", g.Limits.Steps))
		}
		if len(st.Stack) > g.Limits.Depth {
			return fmt.Errorf("%s: effects nested more than %d deep (%s)", st.Stack[len(st.Stack)-1].Cause, g.Limits.Depth, budget.Limit("depth", g.Limits.Depth))
		}
		if len(st.Stack) == 0 {
			st.Finished, st.EndReason = true, "the flow ran out"
			break
		}
		f := st.Stack[len(st.Stack)-1]
		if len(f.Cursors) == 0 {
			if f.Bind > 0 && len(st.Stack) > 1 {
				st.Stack[len(st.Stack)-2].Scope.Vals[f.Bind-1] = f.Result
			}
			g.pop(st)
			continue
		}
		c := &f.Cursors[len(f.Cursors)-1]
		b := g.Blocks[c.Block]
		if int(c.PC) >= len(b.Steps) {
			if c.Loop == nil { // the end of a block that is no loop
				f.Cursors = f.Cursors[:len(f.Cursors)-1]
				continue
			}
			if again, err := g.loopAgain(f, c, &se); err != nil {
				return err
			} else if !again {
				endLoop(f)
			}
			continue
		}
		s := b.Steps[c.PC]
		m.cause = s.Cause
		st.Steps++
		rev := m.Rev
		// The steps most run are run here, the others by step.
		switch s.Kind {
		case StepIf:
			c.PC++
			yes, err := m.stepCond(s.Expr, &f.Scope, &se)
			if err != nil {
				return err
			}
			b := s.Els
			if yes {
				b = s.Then
			}
			if len(b.Steps) > 0 {
				f.Cursors = append(f.Cursors, model.Cursor{Block: int32(b.Id)})
			}
		case StepLet:
			c.PC++
			se.let = &f.Scope.Vals[s.AsSlot]
			v, err := m.stepValue(s.Expr, &f.Scope, &se)
			se.let = nil
			f.Scope.Vals[s.AsSlot] = v
			if err != nil {
				return err
			}
		case StepDo:
			c.PC++
			if _, err := m.stepValue(s.Expr, &f.Scope, &se); err != nil {
				return err
			}
		default:
			if err := g.step(st, f, c, s, &se); err != nil {
				return err
			}
		}
		if len(g.Watches) > 0 && m.Rev != rev && st.Pending == nil && !st.Finished {
			if err := g.checkWatches(st, &se); err != nil {
				return err
			}
		}
	}
	if g.CapVarID != "" && !st.Finished && g.capVar(st) > g.CapMax {
		st.Finished, st.Capped, st.EndReason = true, true, fmt.Sprintf("stopped: %s passed the cap of %d", g.CapVarID, g.CapMax)
		st.Pending = nil
	}
	return nil
}

// capVar is the value of the var the game is capped by: read by its
// number in the tables it was first found in (a lookup by name hashes
// it, at every run).
func (g *Game) capVar(st *model.State) int {
	if st.Tables == nil {
		return st.VarOf(g.CapVarID)
	}
	if st.Tables != g.capTab {
		g.capTab, g.capAt = st.Tables, st.Tables.Vars.Find(g.CapVarID)
	}
	if g.capAt < 0 {
		return st.VarOf(g.CapVarID)
	}
	return st.Counts[g.capAt]
}

// endLoop ends the loop of f's last cursor, emptied: the frame's
// cursors, reused, hold no list past their length (pop).
func endLoop(f *model.Frame) {
	k := len(f.Cursors) - 1
	f.Cursors[k] = model.Cursor{}
	f.Cursors = f.Cursors[:k]
}

// loopAgain restarts a loop block at its end if the loop goes on.
func (g *Game) loopAgain(f *model.Frame, c *model.Cursor, se *stepEval) (bool, error) {
	if c.Loop == nil {
		return false, nil
	}
	s := g.Blocks[c.Loop[0]].Steps[c.Loop[1]]
	switch s.Kind {
	case StepEach:
		if int(c.Next) >= len(c.Items) {
			return false, nil
		}
		f.Scope.Vals[s.AsSlot] = c.Items[c.Next]
		c.Next++
	case StepWhile:
		if int(c.Count) >= s.Max {
			return false, fmt.Errorf("%s: while ran %d times: raise max or fix the condition", s.Pos, s.Max)
		}
		yes, err := g.M.stepCond(s.Expr, &f.Scope, se)
		if err != nil || !yes {
			return false, err
		}
		c.Count++
	}
	c.PC = 0
	return true, nil
}

// step runs one step of a kind the run loop does not run itself.
func (g *Game) step(st *model.State, f *model.Frame, c *model.Cursor, s *Step, se *stepEval) error {
	m := g.M
	switch s.Kind {
	case StepEach:
		c.PC++
		items, notList, err := m.evalList(s.Expr, f.Scope)
		if err != nil {
			return err
		}
		if notList != nil {
			return fmt.Errorf("%s: each: %v", s.Expr.Pos, notList)
		}
		if len(items) > 0 && len(s.Loop.Steps) > 0 {
			f.Scope.Vals[s.AsSlot] = items[0]
			f.Cursors = append(f.Cursors, model.Cursor{Block: int32(s.Loop.Id), Loop: s.At, Items: items, Next: 1})
		}
	case StepWhile:
		c.PC++
		yes, err := m.stepCond(s.Expr, &f.Scope, se)
		if err != nil {
			return err
		}
		if yes {
			f.Cursors = append(f.Cursors, model.Cursor{Block: int32(s.Loop.Id), Loop: s.At, Count: 1})
		}
	case StepCall:
		c.PC++
		sc := g.Scope(s.Call.Lay, f.Scope.Vals[model.SlotMe].(int), st.Players)
		for _, a := range s.With {
			v, err := m.stepValue(a.Code, &f.Scope, se)
			if err != nil {
				g.Release(sc)
				return err
			}
			if !valueFits(v, a.Typ) {
				g.Release(sc)
				return fmt.Errorf("%s: call %s: argument %s: want %s, got %s", a.Code.Pos, s.CallName, a.Name, a.Typ, notation.Format(v))
			}
			sc.Vals[a.Slot] = v
		}
		g.push(st, sc, s.CallCause, s.Call.Body.Id)
		if s.As != "" {
			st.Stack[len(st.Stack)-1].Bind = s.AsSlot + 1
		}
	case StepEmit:
		c.PC++
		var ev map[string]any // nil when no trigger hears it (emit.go)
		if g.heard(s.Emit) {
			ev = map[string]any{"name": s.Emit}
		}
		for _, a := range s.With {
			v, err := m.Eval(a.Code, f.Scope)
			if err != nil {
				return err
			}
			if ev != nil {
				ev[a.Name] = v
			}
		}
		// Triggers run in declaration order, then those of the cards in
		// force, seat by seat: pushed in reverse, as the stack runs the
		// last pushed first.
		fire := g.M.fire[:0]
		for _, t := range g.Triggers {
			if t.On != s.Emit {
				continue
			}
			sc := g.Scope(t.Body.Lay, f.Scope.Vals[model.SlotMe].(int), st.Players)
			sc.Vals[t.Event] = ev
			ok, err := g.fires(t, sc)
			if err != nil {
				return err
			}
			if ok {
				fire = append(fire, firing{t, sc})
			}
		}
		fire, err := g.cardTriggers(st, s.Emit, ev, fire)
		if err != nil {
			return err
		}
		for k := len(fire) - 1; k >= 0; k-- {
			g.push(st, fire[k].sc, fire[k].t.Cause, fire[k].t.Body.Id)
		}
		g.M.fire = fire[:0]
	case StepReturn:
		v, err := m.Eval(s.Expr, f.Scope)
		if err != nil {
			return err
		}
		f.Result = v
		clear(f.Cursors) // the frame ends here, and pop keeps its cursors
		f.Cursors = f.Cursors[:0]
	case StepEnd:
		st.Finished, st.EndReason = true, s.End
		st.Stack, st.Pending = nil, nil
	case StepChoose:
		opts, err := g.options(st, f, s, se)
		if err != nil {
			return err
		}
		if len(opts) == 0 && s.Many == nil {
			return fmt.Errorf("%s: choose %s: no options", s.Pos, s.ChooseID)
		}
		if len(opts) == 1 && s.Auto {
			f.Scope.Vals[s.AsSlot] = opts[0]
			c.PC++
			return nil
		}
		p, err := m.Eval(s.Player, f.Scope)
		if err != nil {
			return err
		}
		st.Pend(model.Decision{Player: p.(int), Kind: "choose", ID: s.ChooseID, Prompt: s.Prompt})
		m.cache = optionCache{st: st, ident: st.Ident(), steps: st.Steps, rev: m.Rev, opts: opts}
	case StepTurn:
		p, err := m.Eval(s.Player, f.Scope)
		if err != nil {
			return err
		}
		st.Pend(model.Decision{Player: p.(int), Kind: "turn", Prompt: s.Prompt})
	}
	return nil
}

// options lists the options of a choose step s in frame f; se, when not
// nil, is the run loop's (evalTemp).
func (g *Game) options(st *model.State, f *model.Frame, s *Step, se *stepEval) ([]any, error) {
	m := g.M
	if c := &m.cache; c.current(st, m.Rev) && st.Pending != nil {
		return c.opts, nil
	}
	opts, err := g.evalOptions(f, s, se)
	if err == nil && st.Pending != nil {
		m.cache = optionCache{st: st, ident: st.Ident(), steps: st.Steps, rev: m.Rev, opts: opts}
	}
	return opts, err
}

func (g *Game) evalOptions(f *model.Frame, s *Step, se *stepEval) ([]any, error) {
	l, notList, err := g.M.evalOptionsInto(s.Expr, f.Scope, se)
	if err != nil {
		return nil, err
	}
	if notList != nil {
		return nil, fmt.Errorf("%s: choose %s: %v", s.Expr.Pos, s.ChooseID, notList)
	}
	return l, nil
}
