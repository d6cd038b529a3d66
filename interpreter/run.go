package interpreter

import (
	"fmt"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/notation"
)

// boxZone holds every card before setup deals it: the game box.
const boxZone = "box"

// SetLog turns the event log on or off (simulations run without it).
func (g *Game) SetLog(on bool) { g.m.log = on }

// New starts a game for a number of players with a seed: it builds the
// state, runs setup and the flow up to the first decision.
func (g *Game) New(players int, seed uint64) (*model.State, error) {
	if players < g.MinPlayers || players > g.MaxPlayers {
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", g.ID, g.MinPlayers, g.MaxPlayers, players)
	}
	st := &model.State{
		Game: g.ID, Players: players, Seed: seed, RNG: seed,
		Moves: []string{},
	}
	st.NoHolders()
	g.tab.NewCounters(st, true)
	st.BindZones(nil)
	st.SetZone(boxZone, append([]string{}, g.cardOrder...))
	for _, gd := range g.goods {
		for k := 0; k < gd.Count; k++ {
			st.SetStock("supply", append(st.StockList("supply"), gd.ID))
		}
	}
	m := g.m
	m.st = st
	for _, k := range g.pieceKinds {
		v, err := m.eval(k.perPlayer, g.scope(g.base, 0, players))
		if err != nil {
			return nil, err
		}
		if n := v.(int); n*players > budget.Counts.Pieces {
			return nil, fmt.Errorf("%s: %d %s pieces a player make more than the %d pieces a game may have", k.perPlayer.pos, n, k.ID, budget.Counts.Pieces)
		}
		for p := 0; p < players; p++ {
			for n := 1; n <= v.(int); n++ {
				pc := &model.Piece{ID: fmt.Sprintf("%s-%d-%d", k.ID, p, n), Kind: k.ID, Owner: p}
				g.initPiece(pc)
				st.Pieces = append(st.Pieces, pc)
			}
		}
	}
	g.push(st, g.scope(g.flow.lay, 0, players), "flow", g.flow.id)
	g.push(st, g.scope(g.setup.lay, 0, players), "setup", g.setup.id)
	return st, g.run(st)
}

// scope makes the locals every frame of a layout starts with, reusing
// the slice of a frame that has ended.
func (g *Game) scope(lay *model.Layout, me, players int) model.Scope {
	m := g.m
	var vals []any
	if n := len(m.free); n > 0 && cap(m.free[n-1]) >= len(lay.Names) {
		vals = m.free[n-1][:len(lay.Names)]
		m.free = m.free[:n-1]
	} else {
		vals = make([]any, len(lay.Names), max(len(lay.Names), 8))
	}
	vals[model.SlotMe], vals[model.SlotPlayers], vals[model.SlotParams] = me, players, g.params
	return model.Scope{Vals: vals, Layout: lay}
}

// release gives the slice of an ended frame back for reuse.
func (g *Game) release(sc model.Scope) {
	if len(g.m.free) < 64 && sc.Vals != nil {
		clear(sc.Vals[:cap(sc.Vals)])
		g.m.free = append(g.m.free, sc.Vals[:0])
	}
}

// push starts running block in a new frame with the locals sc, reusing
// a frame that has ended.
func (g *Game) push(st *model.State, sc model.Scope, cause string, block int) {
	m := g.m
	var f *model.Frame
	if n := len(m.spare); n > 0 {
		f = m.spare[n-1]
		m.spare = m.spare[:n-1]
	} else {
		f = &model.Frame{}
	}
	f.Scope, f.Cause = sc, cause
	f.Cursors = append(f.Cursors[:0], model.Cursor{Block: block})
	st.Stack = append(st.Stack, f)
}

// pop ends the frame on top of the stack; its scope and the frame itself
// are kept for reuse, since nothing else refers to them (Clone copies).
func (g *Game) pop(st *model.State) {
	f := st.Stack[len(st.Stack)-1]
	st.Stack = st.Stack[:len(st.Stack)-1]
	g.release(f.Scope)
	if m := g.m; len(m.spare) < 64 {
		clear(f.Cursors[:cap(f.Cursors)])
		*f = model.Frame{Cursors: f.Cursors[:0]}
		m.spare = append(m.spare, f)
	}
}

// run executes steps until a decision is needed or the game ends.
func (g *Game) run(st *model.State) error {
	m := g.m
	m.st = st
	m.decide()
	for n := 0; !st.Finished && st.Pending == nil; n++ {
		if n > g.limits.Steps {
			return fmt.Errorf("more than %d steps without a decision (limits.steps): does a loop never pause?", g.limits.Steps)
		}
		if len(st.Stack) > g.limits.Depth {
			return fmt.Errorf("%s: effects nested more than %d deep (limits.depth)", st.Stack[len(st.Stack)-1].Cause, g.limits.Depth)
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
		b := g.blocks[c.Block]
		if c.PC >= len(b.steps) {
			if again, err := g.loopAgain(f, c); err != nil {
				return err
			} else if !again {
				f.Cursors = f.Cursors[:len(f.Cursors)-1]
			}
			continue
		}
		s := b.steps[c.PC]
		m.cause = s.cause
		st.Steps++
		rev := m.rev
		if err := g.step(st, f, c, s); err != nil {
			return err
		}
		if len(g.watches) > 0 && m.rev != rev && st.Pending == nil && !st.Finished {
			if err := g.checkWatches(st); err != nil {
				return err
			}
		}
	}
	if g.capVar != "" && !st.Finished && st.VarOf(g.capVar) > g.capMax {
		st.Finished, st.Capped, st.EndReason = true, true, fmt.Sprintf("stopped: %s passed the cap of %d", g.capVar, g.capMax)
		st.Pending = nil
	}
	return nil
}

// loopAgain restarts a loop block at its end if the loop goes on.
func (g *Game) loopAgain(f *model.Frame, c *model.Cursor) (bool, error) {
	if c.Loop == nil {
		return false, nil
	}
	s := g.blocks[c.Loop[0]].steps[c.Loop[1]]
	switch s.kind {
	case stepEach:
		if c.Next >= len(c.Items) {
			return false, nil
		}
		f.Scope.Vals[s.asSlot] = c.Items[c.Next]
		c.Next++
	case stepWhile:
		if c.Count >= s.max {
			return false, fmt.Errorf("%s: while ran %d times: raise max or fix the condition", s.pos, s.max)
		}
		v, err := g.m.eval(s.expr, f.Scope)
		if err != nil || !v.(bool) {
			return false, err
		}
		c.Count++
	}
	c.PC = 0
	return true, nil
}

func (g *Game) step(st *model.State, f *model.Frame, c *model.Cursor, s *Step) error {
	m := g.m
	switch s.kind {
	case stepDo:
		c.PC++
		_, err := m.eval(s.expr, f.Scope)
		return err
	case stepLet:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		f.Scope.Vals[s.asSlot] = v
		return err
	case stepIf:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		if err != nil {
			return err
		}
		b := s.els
		if v.(bool) {
			b = s.then
		}
		if len(b.steps) > 0 {
			f.Cursors = append(f.Cursors, model.Cursor{Block: b.id})
		}
	case stepEach:
		c.PC++
		items, notList, err := m.evalList(s.expr, f.Scope)
		if err != nil {
			return err
		}
		if notList != nil {
			return fmt.Errorf("%s: each: %v", s.expr.pos, notList)
		}
		if len(items) > 0 && len(s.loop.steps) > 0 {
			f.Scope.Vals[s.asSlot] = items[0]
			f.Cursors = append(f.Cursors, model.Cursor{Block: s.loop.id, Loop: s.at, Items: items, Next: 1})
		}
	case stepWhile:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		if err != nil {
			return err
		}
		if v.(bool) {
			f.Cursors = append(f.Cursors, model.Cursor{Block: s.loop.id, Loop: s.at, Count: 1})
		}
	case stepCall:
		c.PC++
		sc := g.scope(s.call.lay, f.Scope.Vals[model.SlotMe].(int), st.Players)
		for _, a := range s.with {
			v, err := m.eval(a.code, f.Scope)
			if err != nil {
				g.release(sc)
				return err
			}
			if !valueFits(v, a.typ) {
				g.release(sc)
				return fmt.Errorf("%s: call %s: argument %s: want %s, got %s", a.code.pos, s.callName, a.name, a.typ, notation.Format(v))
			}
			sc.Vals[a.slot] = v
		}
		g.push(st, sc, s.callCause, s.call.body.id)
		if s.as != "" {
			st.Stack[len(st.Stack)-1].Bind = s.asSlot + 1
		}
	case stepEmit:
		c.PC++
		ev := map[string]any{"name": s.emit}
		for _, a := range s.with {
			v, err := m.eval(a.code, f.Scope)
			if err != nil {
				return err
			}
			ev[a.name] = v
		}
		// Triggers run in declaration order, then those of the cards in
		// force, seat by seat: pushed in reverse, as the stack runs the
		// last pushed first.
		fire := g.m.fire[:0]
		for _, t := range g.triggers {
			if t.On != s.emit {
				continue
			}
			sc := g.scope(t.body.lay, f.Scope.Vals[model.SlotMe].(int), st.Players)
			sc.Vals[t.event] = ev
			ok, err := g.fires(t, sc)
			if err != nil {
				return err
			}
			if ok {
				fire = append(fire, firing{t, sc})
			}
		}
		fire, err := g.cardTriggers(st, s.emit, ev, fire)
		if err != nil {
			return err
		}
		for k := len(fire) - 1; k >= 0; k-- {
			g.push(st, fire[k].sc, fire[k].t.cause, fire[k].t.body.id)
		}
		g.m.fire = fire[:0]
	case stepReturn:
		v, err := m.eval(s.expr, f.Scope)
		if err != nil {
			return err
		}
		f.Result = v
		f.Cursors = f.Cursors[:0] // the frame ends here
	case stepEnd:
		st.Finished, st.EndReason = true, s.end
		st.Stack, st.Pending = nil, nil
	case stepChoose:
		opts, err := g.options(st, f, s)
		if err != nil {
			return err
		}
		if len(opts) == 0 && s.many == nil {
			return fmt.Errorf("%s: choose %s: no options", s.pos, s.chooseID)
		}
		if len(opts) == 1 && s.auto {
			f.Scope.Vals[s.asSlot] = opts[0]
			c.PC++
			return nil
		}
		p, err := m.eval(s.player, f.Scope)
		if err != nil {
			return err
		}
		st.Pend(model.Decision{Player: p.(int), Kind: "choose", ID: s.chooseID, Prompt: s.prompt})
		m.cache = optionCache{st: st, steps: st.Steps, rev: m.rev, opts: opts}
	case stepTurn:
		p, err := m.eval(s.player, f.Scope)
		if err != nil {
			return err
		}
		st.Pend(model.Decision{Player: p.(int), Kind: "turn", Prompt: s.prompt})
	}
	return nil
}

func (g *Game) options(st *model.State, f *model.Frame, s *Step) ([]any, error) {
	m := g.m
	if c := &m.cache; c.st == st && c.steps == st.Steps && c.rev == m.rev && st.Pending != nil {
		return c.opts, nil
	}
	opts, err := g.evalOptions(f, s)
	if err == nil && st.Pending != nil {
		m.cache = optionCache{st: st, steps: st.Steps, rev: m.rev, opts: opts}
	}
	return opts, err
}

func (g *Game) evalOptions(f *model.Frame, s *Step) ([]any, error) {
	l, notList, err := g.m.evalList(s.expr, f.Scope)
	if err != nil {
		return nil, err
	}
	if notList != nil {
		return nil, fmt.Errorf("%s: choose %s: %v", s.expr.pos, s.chooseID, notList)
	}
	return l, nil
}
