package runtime

import (
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/view"
)

// View returns the state as seen by seat viewer (-1: a spectator, who sees
// only public zones).
func (g *Game) View(st *model.State, viewer int) (*view.View, error) {
	v, err := g.ViewBoard(st, viewer)
	if err != nil {
		return nil, err
	}
	v.Log = g.LogView(st, viewer, 0)
	return v, nil
}

// visible tells whether viewer may see the cards of a zone.
func (g *Game) visible(st *model.State, ref string, viewer int) (bool, error) {
	name, owner := model.SplitZoneRef(ref)
	return g.sees(st, g.zoneDecl(name, owner), owner, viewer)
}

// sees tells whether viewer sees the zone z declares (nil: the box) of
// seat owner (-1: no seat's), as visible does.
func (g *Game) sees(st *model.State, z *Zone, owner, viewer int) (bool, error) {
	if z == nil { // the box
		return false, nil
	}
	switch {
	case z.Visibility == "public":
		return true, nil
	case z.Visibility == "owner" && owner == viewer && viewer >= 0:
		return true, nil
	case z.SeenBy != nil:
		g.M.St = st
		// The locals are laid in the machine's array for them, taken
		// while in use (by an evaluation under way that observes).
		vals := g.M.seenBy
		g.M.seenBy = nil
		if vals == nil {
			vals = make([]any, 3)
		}
		vals[0], vals[1], vals[2] = boxSeat(viewer), boxSeat(owner), g.ParamList // no box made for -1
		ok, err := g.M.Eval(z.SeenBy, model.Scope{Vals: vals, Layout: g.SeenByLay})
		clear(vals)
		g.M.seenBy = vals
		if err != nil {
			return false, err
		}
		return ok.(bool), nil
	}
	return false, nil
}
