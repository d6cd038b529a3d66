package runtime

// Moves by index: a bot or a simulation lists the legal moves into a
// buffer it reuses (LegalInto) and applies one by its index
// (ApplyIndex), without the text of the move being parsed, nor the
// candidates of each param listed again and formatted to find the one
// the text names. The text notation stays for people, saves and
// scenarios: the move recorded in the state's Moves is the same text.

import (
	"fmt"
	"strconv"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
)

// moveRec is how one listed move binds: act is its action (nil: an
// option of the choose step), and the values it binds stand in the
// machine's recVals from at on, n of them (the action's params in
// order, the option, or the options a choice of several picks).
type moveRec struct {
	act   *Action
	at, n int
}

// lastLegal is what the outermost Legal on a state listed: the moves and
// how each binds, with what tells whether the state is still the one
// they were listed for (as the options cache does: the state and what
// its memory holds, Ident, its step count and moves, and the machine's
// count of changes).
type lastLegal struct {
	st    *model.State
	ident uint64 // st.Ident(): a state copied into is the same pointer
	steps int
	moves int
	rev   uint64
	texts []Move
	recs  []moveRec
	vals  []any
	// limits are the game's limits the moves were listed under: Legal
	// lists again under others (a listing may run out of them).
	limits budget.Limits
}

// listed records a move whose text stands in the buffer from at on and
// whose bound values stand in recVals from vf on.
func (m *Machine) listed(at int, act *Action, vf int) {
	m.moves = append(m.moves, span{at, len(m.text)})
	m.recs = append(m.recs, moveRec{act, vf, len(m.recVals) - vf})
}

// keep keeps what the outermost Legal listed for ApplyIndex, in buffers
// reused from call to call.
func (m *Machine) keep(st *model.State, moves []Move) {
	l := &m.last
	l.st, l.ident, l.steps, l.moves, l.rev = st, st.Ident(), st.Steps, len(st.Moves), m.Rev
	l.texts = append(l.texts[:0], moves...)
	// The records are swapped, not copied: the outermost listing's
	// buffers are emptied as it returns.
	l.recs, m.recs = m.recs, l.recs[:0]
	l.vals, m.recVals = m.recVals, l.vals[:0]
}

// current tells whether the moves kept were listed for st as it is now.
func (l *lastLegal) current(st *model.State, rev uint64) bool {
	return l.st == st && l.ident == st.Ident() && l.steps == st.Steps && l.moves == len(st.Moves) && l.rev == rev
}

// LegalInto is Legal listing the moves into buf, reused: a caller that
// passes back the list it was given last allocates nothing for the
// list. The moves are the same, in the same order.
func (g *Game) LegalInto(st *model.State, buf []Move) ([]Move, error) {
	return g.legal(st, buf[:0])
}

// ApplyIndex makes the i-th move of Legal's list for the state, exactly
// as Apply(st, moves[i].Text) would, and runs the game on to the next
// decision. When the moves were just listed by Legal or LegalInto on
// this state, they are not listed again, and the move's text is not
// parsed: its action and the values it binds were kept when it was
// listed. A state changed since other than by the game (a field set by
// hand) must be listed again by the caller.
func (g *Game) ApplyIndex(st *model.State, i int) error {
	m := g.M
	if st.Finished {
		return &IllegalMove{"#" + strconv.Itoa(i), "the game is over"}
	}
	if !m.last.current(st, m.Rev) {
		if _, err := g.Legal(st); err != nil {
			return err
		}
	}
	l := &m.last
	if i < 0 || i >= len(l.texts) {
		return &IllegalMove{"#" + strconv.Itoa(i), fmt.Sprintf("there are %d legal moves", len(l.texts))}
	}
	// Apply binds the first move that reads the same: two options that
	// differ but print alike (1 and "1") are one move in a save.
	text := l.texts[i].Text
	for j := range i {
		if l.texts[j].Text == text {
			i = j
			break
		}
	}
	m.decide()
	return g.applyListed(st, i, text)
}

// applyListed makes the i-th move kept by the outermost Legal on st,
// whose text is text, binding the values it was listed with.
func (g *Game) applyListed(st *model.State, i int, text string) error {
	m := g.M
	l := &m.last
	r := l.recs[i]
	vals := l.vals[r.at : r.at+r.n]
	m.St = st
	f, c, s := g.pendingStep(st)
	switch {
	case r.act == nil && s.Many != nil:
		// Kept by the state: cut from the machine's append-only chunk.
		f.Scope.Vals[s.AsSlot] = m.lists.boxes.Anys(m.lists.anyList(vals))
		c.PC++
		return g.commit(st, text)
	case r.act == nil:
		f.Scope.Vals[s.AsSlot] = vals[0]
		c.PC++
		return g.commit(st, text)
	}
	a := r.act
	sc := g.Scope(a.Lay, st.Pending.Player, st.Players)
	a.see(sc, f)
	for k, p := range a.ParamList {
		sc.Vals[p.Slot] = vals[k]
	}
	// A turn's own action that ends the turn moves it on; a free action
	// never does.
	if s.offers(a) && a.Ends {
		c.PC++
	}
	g.push(st, sc, a.Cause, a.Body.Id)
	return g.commit(st, text)
}

// listedText finds the move with the text move among those the
// outermost Legal listed on st as it is now, so that Apply binds it
// without listing the candidates of its params and checking its
// conditions again. ok is false when the moves were not listed on st as
// it is now, when none reads so, when it is a choice of several, when
// a value it binds is not a string or an int, or when its words are not
// its values' (a value holding a space, or empty): Apply then reads the
// text as ever.
//
// The first move that reads so binds what Apply would: Apply binds,
// word by word, the first candidate that prints as the word. A param's
// candidates are all of its declared type (Param.fits), and two
// strings, or two ints, print alike only when they are equal; a
// choice's options are listed one move each, in order, so the first
// that prints as the word is the first move that reads so. (Two lists,
// or a bool and a string, may print alike: those are left to Apply.)
func (g *Game) listedText(st *model.State, s *Step, move string, words []string) (int, bool) {
	m := g.M
	l := &m.last
	if !l.current(st, m.Rev) {
		return 0, false
	}
	for i := range l.texts {
		if l.texts[i].Text != move {
			continue
		}
		r := l.recs[i]
		if r.act == nil && s.Many != nil || len(words) != 1+r.n {
			return 0, false
		}
		for k, v := range l.vals[r.at : r.at+r.n] {
			if r.act != nil && !plainType(r.act.ParamList[k].Typ) || !m.printsAs(v, words[k+1]) {
				return 0, false
			}
		}
		return i, true
	}
	return 0, false
}

// printsAs reports whether a string or an int prints as the word w.
func (m *Machine) printsAs(v any, w string) bool {
	switch x := v.(type) {
	case string:
		return x == w
	case int:
		at := len(m.word)
		m.word = strconv.AppendInt(m.word, int64(x), 10)
		ok := string(m.word[at:]) == w
		m.word = m.word[:at]
		return ok
	}
	return false
}

// plainType reports whether a param's declared type is one whose values
// print alike only when equal.
func plainType(typ string) bool { return typ == "string" || typ == "int" }
