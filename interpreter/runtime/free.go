package runtime

// Free actions: actions a player may take at any decision he holds, a
// `turn` or a `choose` in the middle of another action, when the rule's
// condition holds (e.g. "only on your own turn"). A game declares them in
// `free`; they never move the pending decision on, so once the action
// is done the same decision is asked again (its options listed anew).

import (
	"github.com/haven-engine/haven/interpreter/model"
)

// FreeRule offers actions at every decision whose decider, `me`, passes when.
type FreeRule struct {
	Actions []*Action
	When    *Code // nil: always
}

// freeOffered reports whether a rule offers its actions to player p now.
func (g *Game) freeOffered(r FreeRule, p, players int) (bool, error) {
	if r.When == nil {
		return true, nil
	}
	sc := g.Scope(g.Base, p, players)
	ok, err := g.M.Eval(r.When, sc)
	g.Release(sc)
	if err != nil {
		return false, err
	}
	return ok.(bool), nil
}

// listFree appends the moves of the free actions offered to p at step s,
// leaving out those the step offers itself.
func (g *Game) listFree(p, players int, s *Step, f *model.Frame) error {
	for _, r := range g.Free {
		ok, err := g.freeOffered(r, p, players)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		// In the machine's own locals, as a turn's actions are listed
		// (listActions), not a scope taken and given back: all of the
		// rule's at once, but those the step offers itself.
		acts := r.Actions
		for i, a := range r.Actions {
			if s.offers(a) {
				acts = notOffered(r.Actions, i, s)
				break
			}
		}
		if err := g.listActions(acts, p, players, f); err != nil {
			return err
		}
	}
	return nil
}

// notOffered returns the actions but those step s offers, the first of
// which is the i-th. (A step rarely offers a free action itself: the
// list is made anew.)
func notOffered(actions []*Action, i int, s *Step) []*Action {
	acts := append([]*Action(nil), actions[:i]...)
	for _, a := range actions[i+1:] {
		if !s.offers(a) {
			acts = append(acts, a)
		}
	}
	return acts
}

// freeAction finds the free action named id offered to p at step s.
func (g *Game) freeAction(p, players int, s *Step, id string) (*Action, error) {
	for _, r := range g.Free {
		for _, a := range r.Actions {
			if a.ID != id || s.offers(a) {
				continue
			}
			ok, err := g.freeOffered(r, p, players)
			if err != nil || !ok {
				return nil, err
			}
			return a, nil
		}
	}
	return nil, nil
}

// offers reports whether a turn step lists the action itself.
func (s *Step) offers(a *Action) bool {
	for _, x := range s.Actions {
		if x == a {
			return true
		}
	}
	return false
}

// see copies into an action's scope the locals it declares in `sees`
// from the frame whose decision offers it (nil where that frame has no
// such local): a role's turn shows its actions the deals left.
func (a *Action) see(sc model.Scope, f *model.Frame) {
	for _, v := range a.Sees {
		if k := f.Scope.Layout.Find(v.Name); k >= 0 {
			sc.Vals[v.Slot] = f.Scope.Vals[k]
		}
	}
}
