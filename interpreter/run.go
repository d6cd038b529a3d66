package interpreter

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// boxZone holds every card before setup deals it: the game box.
const boxZone = "box"

// maxSteps bounds the steps run between two decisions, to stop a
// definition whose loop never pauses.
const maxSteps = 1_000_000

// SetLog turns the event log on or off (simulations run without it).
func (g *Game) SetLog(on bool) { g.m.log = on }

// New starts a game for a number of players with a seed: it builds the
// state, runs setup and the flow up to the first decision.
func (g *Game) New(players int, seed uint64) (*State, error) {
	if players < g.MinPlayers || players > g.MaxPlayers {
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", g.ID, g.MinPlayers, g.MaxPlayers, players)
	}
	st := &State{
		Game: g.ID, Players: players, Seed: seed, RNG: seed,
		Vars: map[string]int{}, Zones: map[string][]string{}, Stocks: map[string][]string{},
		Moves: []string{},
	}
	for k, v := range g.varInit {
		st.Vars[k] = v
	}
	for p := 0; p < players; p++ {
		pv := map[string]int{}
		for k, v := range g.pvarInit {
			pv[k] = v
		}
		st.PlayerVars = append(st.PlayerVars, pv)
	}
	for z := range g.zones {
		st.Zones[z] = []string{}
	}
	for z := range g.pzones {
		for p := 0; p < players; p++ {
			st.Zones[playerZone(z, p)] = []string{}
		}
	}
	st.Zones[boxZone] = append([]string{}, g.cardOrder...)
	for _, gd := range g.goods {
		for k := 0; k < gd.Count; k++ {
			st.Stocks["supply"] = append(st.Stocks["supply"], gd.ID)
		}
	}
	m := g.m
	m.st = st
	for _, k := range g.pieceKinds {
		v, err := m.eval(k.perPlayer, g.scope(g.base, 0, players))
		if err != nil {
			return nil, err
		}
		for p := 0; p < players; p++ {
			for n := 1; n <= v.(int); n++ {
				pc := &Piece{ID: fmt.Sprintf("%s-%d-%d", k.ID, p, n), Kind: k.ID, Owner: p}
				if len(g.pieceVars) > 0 {
					pc.Vars = map[string]int{}
					for v, x := range g.qvarInit {
						pc.Vars[v] = x
					}
				}
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
func (g *Game) scope(lay *layout, me, players int) Scope {
	m := g.m
	var vals []any
	if n := len(m.free); n > 0 && cap(m.free[n-1]) >= len(lay.names) {
		vals = m.free[n-1][:len(lay.names)]
		m.free = m.free[:n-1]
	} else {
		vals = make([]any, len(lay.names), max(len(lay.names), 8))
	}
	vals[slotMe], vals[slotPlayers], vals[slotParams] = me, players, g.params
	return Scope{vals: vals, lay: lay}
}

// release gives the slice of an ended frame back for reuse.
func (g *Game) release(sc Scope) {
	if len(g.m.free) < 64 && sc.vals != nil {
		clear(sc.vals[:cap(sc.vals)])
		g.m.free = append(g.m.free, sc.vals[:0])
	}
}

// push starts running block in a new frame with the locals sc, reusing
// a frame that has ended.
func (g *Game) push(st *State, sc Scope, cause string, block int) {
	m := g.m
	var f *Frame
	if n := len(m.spare); n > 0 {
		f = m.spare[n-1]
		m.spare = m.spare[:n-1]
	} else {
		f = &Frame{}
	}
	f.Scope, f.Cause = sc, cause
	f.Cursors = append(f.Cursors[:0], Cursor{Block: block})
	st.Stack = append(st.Stack, f)
}

// pop ends the frame on top of the stack; its scope and the frame itself
// are kept for reuse, since nothing else refers to them (Clone copies).
func (g *Game) pop(st *State) {
	f := st.Stack[len(st.Stack)-1]
	st.Stack = st.Stack[:len(st.Stack)-1]
	g.release(f.Scope)
	if m := g.m; len(m.spare) < 64 {
		clear(f.Cursors[:cap(f.Cursors)])
		*f = Frame{Cursors: f.Cursors[:0]}
		m.spare = append(m.spare, f)
	}
}

// run executes steps until a decision is needed or the game ends.
func (g *Game) run(st *State) error {
	m := g.m
	m.st = st
	for n := 0; !st.Finished && st.Pending == nil; n++ {
		if n > maxSteps {
			return fmt.Errorf("more than %d steps without a decision: does a loop never pause?", maxSteps)
		}
		if len(st.Stack) == 0 {
			st.Finished, st.EndReason = true, "the flow ran out"
			break
		}
		f := st.Stack[len(st.Stack)-1]
		if len(f.Cursors) == 0 {
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
		if err := g.step(st, f, c, s); err != nil {
			return err
		}
	}
	if g.capVar != "" && !st.Finished && st.Vars[g.capVar] > g.capMax {
		st.Finished, st.Capped, st.EndReason = true, true, fmt.Sprintf("stopped: %s passed the cap of %d", g.capVar, g.capMax)
		st.Pending = nil
	}
	return nil
}

// loopAgain restarts a loop block at its end if the loop goes on.
func (g *Game) loopAgain(f *Frame, c *Cursor) (bool, error) {
	if c.Loop == nil {
		return false, nil
	}
	s := g.blocks[c.Loop[0]].steps[c.Loop[1]]
	switch s.kind {
	case stepEach:
		if c.Next >= len(c.Items) {
			return false, nil
		}
		f.Scope.vals[s.asSlot] = c.Items[c.Next]
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

func (g *Game) step(st *State, f *Frame, c *Cursor, s *Step) error {
	m := g.m
	switch s.kind {
	case stepDo:
		c.PC++
		_, err := m.eval(s.expr, f.Scope)
		return err
	case stepLet:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		f.Scope.vals[s.asSlot] = v
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
			f.Cursors = append(f.Cursors, Cursor{Block: b.id})
		}
	case stepEach:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		if err != nil {
			return err
		}
		items, err := toList(v)
		if err != nil {
			return fmt.Errorf("%s: each: %v", s.expr.pos, err)
		}
		if len(items) > 0 && len(s.loop.steps) > 0 {
			f.Scope.vals[s.asSlot] = items[0]
			f.Cursors = append(f.Cursors, Cursor{Block: s.loop.id, Loop: s.at, Items: items, Next: 1})
		}
	case stepWhile:
		c.PC++
		v, err := m.eval(s.expr, f.Scope)
		if err != nil {
			return err
		}
		if v.(bool) {
			f.Cursors = append(f.Cursors, Cursor{Block: s.loop.id, Loop: s.at, Count: 1})
		}
	case stepCall:
		c.PC++
		sc := g.scope(s.call.lay, f.Scope.vals[slotMe].(int), st.Players)
		for _, a := range s.with {
			v, err := m.eval(a.code, f.Scope)
			if err != nil {
				g.release(sc)
				return err
			}
			sc.vals[a.slot] = v
		}
		g.push(st, sc, s.callCause, s.call.body.id)
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
		for k := len(g.triggers) - 1; k >= 0; k-- {
			t := g.triggers[k]
			if t.On != s.emit {
				continue
			}
			sc := g.scope(t.body.lay, f.Scope.vals[slotMe].(int), st.Players)
			sc.vals[t.event] = ev
			if t.when != nil {
				ok, err := m.eval(t.when, sc)
				if err != nil {
					return err
				}
				if !ok.(bool) {
					g.release(sc)
					continue
				}
			}
			g.push(st, sc, t.cause, t.body.id)
		}
	case stepEnd:
		st.Finished, st.EndReason = true, s.end
		st.Stack, st.Pending = nil, nil
	case stepChoose:
		opts, err := g.options(st, f, s)
		if err != nil {
			return err
		}
		if len(opts) == 0 {
			return fmt.Errorf("%s: choose %s: no options", s.pos, s.chooseID)
		}
		if len(opts) == 1 && s.auto {
			f.Scope.vals[s.asSlot] = opts[0]
			c.PC++
			return nil
		}
		p, err := m.eval(s.player, f.Scope)
		if err != nil {
			return err
		}
		st.Pending = &Decision{Player: p.(int), Kind: "choose", ID: s.chooseID, Prompt: s.prompt}
		m.cache = optionCache{st: st, steps: st.Steps, rev: m.rev, opts: opts}
	case stepTurn:
		p, err := m.eval(s.player, f.Scope)
		if err != nil {
			return err
		}
		st.Pending = &Decision{Player: p.(int), Kind: "turn", Prompt: s.prompt}
	}
	return nil
}

func (g *Game) options(st *State, f *Frame, s *Step) ([]any, error) {
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

func (g *Game) evalOptions(f *Frame, s *Step) ([]any, error) {
	v, err := g.m.eval(s.expr, f.Scope)
	if err != nil {
		return nil, err
	}
	l, err := toList(v)
	if err != nil {
		return nil, fmt.Errorf("%s: choose %s: %v", s.expr.pos, s.chooseID, err)
	}
	return l, nil
}

// toList reads a list of values. A []any is returned as it is, not
// copied: lists are shared between evaluations, states and cursors, and
// never changed in place.
func toList(v any) ([]any, error) {
	switch l := v.(type) {
	case []any:
		return l, nil
	case []string:
		out := make([]any, len(l))
		for i, x := range l {
			out[i] = x
		}
		return out, nil
	case []int:
		out := make([]any, len(l))
		for i, x := range l {
			out[i] = x
		}
		return out, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("want a list, got %T", v)
}

// format renders an option or parameter value as a word of a move.
func format(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

// appendFormat appends format(v) to b.
func appendFormat(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return append(b, x...)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case bool:
		return strconv.AppendBool(b, x)
	}
	return fmt.Append(b, v)
}

// pendingStep returns the step the pending decision was made at.
func (g *Game) pendingStep(st *State) (*Frame, *Cursor, *Step) {
	f := st.Stack[len(st.Stack)-1]
	c := &f.Cursors[len(f.Cursors)-1]
	return f, c, g.blocks[c.Block].steps[c.PC]
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
// machine's buffer and made into one string, which each move's text is
// a part of: one allocation for all of them. (Legal may be called again
// while it runs, from a scenario's expression: each call writes after
// the texts and moves before, and takes them away when it returns.)
func (g *Game) Legal(st *State) ([]Move, error) {
	if st.Finished || st.Pending == nil {
		return nil, nil
	}
	g.m.st = st
	if err := g.resume(st); err != nil {
		return nil, err
	}
	f, _, s := g.pendingStep(st)
	p := st.Pending.Player
	m := g.m
	start, from := len(m.moves), len(m.text)
	defer func() { m.moves, m.text = m.moves[:start], m.text[:from] }()
	if s.kind == stepChoose {
		opts, err := g.options(st, f, s)
		for _, o := range opts {
			at := len(m.text)
			m.text = append(m.text, s.chooseID...)
			m.text = append(m.text, ' ')
			m.text = appendFormat(m.text, o)
			m.moves = append(m.moves, span{at, len(m.text)})
		}
		return g.movesOf(p, start, from, make([]Move, 0, len(opts))), err
	}
	for _, a := range s.actions {
		sc := g.scope(a.lay, p, st.Players)
		err := g.enumerate(a, sc)
		g.release(sc)
		if err != nil {
			return nil, err
		}
	}
	if len(m.moves) == start {
		return nil, nil
	}
	return g.movesOf(p, start, from, make([]Move, 0, len(m.moves)-start)), nil
}

// span is where the text of a move stands in the machine's buffer.
type span struct{ from, to int }

// movesOf appends to out the moves from the start-th on, whose texts
// stand in the buffer from from on.
func (g *Game) movesOf(p, start, from int, out []Move) []Move {
	m := g.m
	if len(m.moves) == start {
		return out
	}
	all := string(m.text[from:])
	for _, sp := range m.moves[start:] {
		out = append(out, Move{p, all[sp.from-from : sp.to-from]})
	}
	return out
}

// enumerate lists the moves of an action: each is written in the
// machine's buffer, the words of a move being built in its scratch.
func (g *Game) enumerate(a *Action, sc Scope) error {
	m := g.m
	at := len(m.word)
	m.word = append(m.word, a.ID...)
	defer func() { m.word = m.word[:at] }()
	if len(a.params) < 2 {
		return g.bindFrom(a, 0, sc, at, nil)
	}
	// As with the moves, the candidates of each param live in the
	// machine's buffer while the action is enumerated.
	start := len(m.cands)
	m.cands = append(m.cands, make([]candidates, len(a.params))...)
	defer func() {
		clear(m.cands[start:])
		m.cands = m.cands[:start]
	}()
	return g.bindFrom(a, 0, sc, at, m.cands[start:])
}

// candidates are the values a param's from listed, kept while the params
// it reads stay bound to the same values.
type candidates struct {
	ok   bool
	vals []any
}

// bindFrom binds the k-th param of an action to each of its candidates
// in turn. The move's words so far stand in the machine's scratch from
// word on.
func (g *Game) bindFrom(a *Action, k int, sc Scope, word int, lists []candidates) error {
	m := g.m
	if ok, _, err := g.holds(a, k, sc); err != nil || !ok {
		return err
	}
	if k == len(a.params) {
		at := len(m.text)
		m.text = append(m.text, m.word[word:]...)
		m.moves = append(m.moves, span{at, len(m.text)})
		return nil
	}
	p := a.params[k]
	var vals []any
	if lists != nil && lists[k].ok {
		vals = lists[k].vals
	} else {
		v, err := g.m.eval(p.from, sc)
		if err != nil {
			return err
		}
		vals, err = toList(v)
		if err != nil {
			return fmt.Errorf("%s: %s.%s: %v", p.from.pos, a.ID, p.name, err)
		}
		if lists != nil {
			lists[k] = candidates{true, vals}
		}
	}
	end := len(m.word)
	for _, x := range vals {
		sc.vals[p.slot] = x
		for j := k + 1; j < len(lists); j++ {
			if a.params[j].need > k {
				lists[j].ok = false
			}
		}
		m.word = appendFormat(append(m.word[:end], ' '), x)
		if err := g.bindFrom(a, k+1, sc, word, lists); err != nil {
			return err
		}
	}
	m.word = m.word[:end]
	sc.vals[p.slot] = nil
	return nil
}

// holds checks the conditions of an action that need exactly k params,
// returning the message of the first that fails.
func (g *Game) holds(a *Action, k int, sc Scope) (bool, string, error) {
	for _, w := range a.when {
		if w.need != k {
			continue
		}
		ok, err := g.m.eval(w.code, sc)
		if err != nil {
			return false, "", err
		}
		if !ok.(bool) {
			return false, w.msg, nil
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
func (g *Game) Apply(st *State, move string) error {
	if st.Finished {
		return &IllegalMove{move, "the game is over"}
	}
	if st.Pending == nil {
		return &IllegalMove{move, "no decision is pending"}
	}
	g.m.st = st
	if err := g.resume(st); err != nil {
		return err
	}
	var buf [8]string
	words := moveWords(move, buf[:0])
	if len(words) == 0 {
		return &IllegalMove{move, "empty move"}
	}
	f, c, s := g.pendingStep(st)
	p := st.Pending.Player
	if s.kind == stepChoose {
		if len(words) != 2 || words[0] != s.chooseID {
			return &IllegalMove{move, fmt.Sprintf("player %d must answer %s: %s VALUE", p, s.chooseID, s.chooseID)}
		}
		opts, err := g.options(st, f, s)
		if err != nil {
			return err
		}
		for _, o := range opts {
			if format(o) == words[1] {
				f.Scope.vals[s.asSlot] = o
				c.PC++
				return g.commit(st, move)
			}
		}
		return &IllegalMove{move, fmt.Sprintf("%s is not one of the options (%s)", words[1], optionList(opts))}
	}
	var a *Action
	for _, x := range s.actions {
		if x.ID == words[0] {
			a = x
		}
	}
	if a == nil {
		return &IllegalMove{move, fmt.Sprintf("%q is not an action player %d may take now", words[0], p)}
	}
	if len(words)-1 != len(a.params) {
		return &IllegalMove{move, fmt.Sprintf("%s takes %d argument(s): %s", a.ID, len(a.params), paramNames(a))}
	}
	sc := g.scope(a.lay, p, st.Players)
	for k := 0; ; k++ {
		ok, msg, err := g.holds(a, k, sc)
		if err != nil {
			return err
		}
		if !ok {
			return &IllegalMove{move, msg}
		}
		if k == len(a.params) {
			break
		}
		prm := a.params[k]
		v, err := g.m.eval(prm.from, sc)
		if err != nil {
			return err
		}
		vals, err := toList(v)
		if err != nil {
			return err
		}
		found := false
		for _, x := range vals {
			if format(x) == words[k+1] {
				sc.vals[prm.slot], found = x, true
				break
			}
		}
		if !found {
			return &IllegalMove{move, fmt.Sprintf("%s %s: %s is not one of %s", a.ID, prm.name, words[k+1], optionList(vals))}
		}
	}
	if a.Ends {
		c.PC++
	}
	g.push(st, sc, a.cause, a.body.id)
	return g.commit(st, move)
}

func (g *Game) commit(st *State, move string) error {
	st.Pending = nil
	// The move may be part of the string of all the texts Legal listed:
	// a copy keeps only its own text alive.
	st.Moves = append(st.Moves, strings.Clone(move))
	return g.run(st)
}

// moveWords is strings.Fields, appending to buf.
func moveWords(s string, buf []string) []string {
	start := -1
	for i, r := range s {
		switch {
		case !unicode.IsSpace(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			buf = append(buf, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		buf = append(buf, s[start:])
	}
	return buf
}

func optionList(opts []any) string {
	if len(opts) == 0 {
		return "none"
	}
	words := make([]string, len(opts))
	for i, o := range opts {
		words[i] = format(o)
	}
	if len(words) > 12 {
		words = append(words[:12], "…")
	}
	return strings.Join(words, ", ")
}

func paramNames(a *Action) string {
	var names []string
	for _, p := range a.params {
		names = append(names, p.name)
	}
	return strings.Join(names, " ")
}
