package runtime

// This file runs the triggers of the cards in force and the watches.

import (
	"slices"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// firing is a trigger that will run, with its locals.
type firing struct {
	t  *Trigger
	sc model.Scope
}

// fires tests a trigger's condition; a trigger that does not fire gives
// its locals back.
func (g *Game) fires(t *Trigger, sc model.Scope) (bool, error) {
	if t.When == nil {
		return true, nil
	}
	ok, err := g.M.Eval(t.When, sc)
	if err != nil || !ok.(bool) {
		g.Release(sc)
		return false, err
	}
	return true, nil
}

// cardTriggers appends the triggers on an event of the cards every
// player has in force, seat by seat, each with me its owner.
func (g *Game) cardTriggers(st *model.State, on string, ev map[string]any, fire []firing) ([]firing, error) {
	if len(g.CardRules) == 0 {
		return fire, nil
	}
	for p := 0; p < st.Players; p++ {
		for zi := range g.ActiveZones {
			for _, id := range g.activeCards(st, zi, p) {
				r := g.rulesOf(g.cardOf(id))
				if r == nil {
					continue
				}
				for _, t := range r.Triggers {
					if t.On != on {
						continue
					}
					sc := g.Scope(t.Body.Lay, p, st.Players)
					sc.Vals[t.Event], sc.Vals[t.Card] = ev, eval.BoxStr(g.Boxed, id) // a declared id: boxed once
					ok, err := g.fires(t, sc)
					if err != nil {
						return fire, err
					}
					if ok {
						fire = append(fire, firing{t, sc})
					}
				}
			}
		}
	}
	return fire, nil
}

// checkWatches runs, after a change, the watches whose condition has
// come to hold, and forgets those whose condition no longer holds. se is
// the run loop's.
func (g *Game) checkWatches(st *model.State, se *stepEval) error {
	for _, w := range g.Watches {
		sc := g.Scope(w.Body.Lay, 0, st.Players)
		yes, err := g.M.stepCond(w.When, &sc, se)
		g.Release(sc)
		if err != nil {
			return err
		}
		k := slices.Index(st.Fired, w.Id)
		switch {
		case yes && k < 0:
			st.Fired = append(st.Fired[:len(st.Fired):len(st.Fired)], w.Id)
			g.push(st, g.Scope(w.Body.Lay, 0, st.Players), "watch "+w.Id, w.Body.Id)
		case !yes && k >= 0:
			st.Fired = slices.Delete(slices.Clone(st.Fired), k, k+1)
		}
	}
	return nil
}
