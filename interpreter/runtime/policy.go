package runtime

// This file holds the bots' policy (bots.prefer): an int expression per
// decision id, a choice's or an action's, that ranks each legal move of
// that decision. It guides bots only: no rule reads it. Each expression
// is compiled once per step or action that decision id names, in that
// step's scope (its locals, the option as the choice's own name and as
// `option`) or the action's (its params by name).

import (
	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter/model"
)

// Policy is what the compiler keeps of bots.prefer while bodies compile:
// each expression by decision id, and which ids a step or action used.
type Policy struct {
	Prefer map[string]cue.Value
	Order  []string
	Used   map[string]bool
}

// HasPolicy tells whether the definition gives its bots a policy
// (bots.prefer).
func (g *Game) HasPolicy() bool { return g.Policied }

// Prefer lists the legal moves of st's pending decision into moves
// (reused as LegalInto reuses it) and ranks each by the policy into
// ranks (reused), higher first; a move the policy does not rank gets 0.
// ranked is false when the policy ranks none of them. It reads st as it
// is: a bot gives it a state sampled from its seat's observation
// (Observation.Sample), never the true state.
func (g *Game) Prefer(st *model.State, moves []Move, ranks []int) (_ []Move, _ []int, ranked bool, err error) {
	moves, err = g.LegalInto(st, moves)
	ranks = ranks[:0]
	if err != nil || len(moves) == 0 || !g.Policied {
		return moves, ranks, false, err
	}
	m := g.M
	if !m.listing {
		// A ranking changes nothing, as a listing does: one epoch, so
		// that what one move's preference computed from the state alone
		// (a part kept, a named function's call) serves the others.
		m.epoch++
		m.listing = true
		defer func() { m.listing = false }()
	}
	f, _, s := g.pendingStep(st)
	p := st.Pending.Player
	l := &m.last
	for i := range moves {
		rec := l.recs[i]
		var v any
		switch {
		case rec.act != nil && rec.act.Prefer != nil:
			a := rec.act
			sc := g.Scope(a.Lay, p, st.Players)
			a.see(sc, f)
			for k, pa := range a.ParamList {
				sc.Vals[pa.Slot] = l.vals[rec.at+k]
			}
			v, err = m.Eval(a.Prefer, sc)
			g.Release(sc)
		case rec.act == nil && s.Prefer != nil:
			var opt any
			if s.Many != nil {
				// A copy, not the kept listing's own values (which
				// ApplyIndex binds), and one reused: a ranking reads
				// the list only while it evaluates, keeps no part
				// made from it (only the state's, eval.Hoist), and a
				// list is never a call's memo key (fnmemo.go). A copy
				// made for every move was most of the allocations of
				// a search's rankings.
				m.preferOpt = append(m.preferOpt[:0], l.vals[rec.at:rec.at+rec.n]...)
				opt = m.preferOpt[:rec.n:rec.n]
			} else {
				opt = l.vals[rec.at]
			}
			oldAs, oldOpt := f.Scope.Vals[s.AsSlot], f.Scope.Vals[s.OptSlot]
			f.Scope.Vals[s.AsSlot], f.Scope.Vals[s.OptSlot] = opt, opt
			v, err = m.Eval(s.Prefer, f.Scope)
			f.Scope.Vals[s.AsSlot], f.Scope.Vals[s.OptSlot] = oldAs, oldOpt
		default:
			ranks = append(ranks, 0)
			continue
		}
		if err != nil {
			return moves, ranks, false, err
		}
		ranked = true
		ranks = append(ranks, v.(int))
	}
	return moves, ranks, ranked, nil
}
