package interpreter

import "github.com/haven-engine/haven/interpreter/model"

// View is what one player may see of a state: zones they may not see show
// only how many cards they hold, and the random generator, the effects
// under way and hidden cards in the log are left out.
type View struct {
	Game       string              `json:"game"`
	Viewer     int                 `json:"viewer"`
	Players    int                 `json:"players"`
	Vars       map[string]int      `json:"vars"`
	PlayerVars []map[string]int    `json:"playerVars"`
	Zones      map[string][]string `json:"zones"`
	// Hidden counts the cards of the zones the viewer may not see.
	Hidden map[string]int      `json:"hidden,omitempty"`
	Stocks map[string][]string `json:"stocks"`
	Pieces []*model.Piece      `json:"pieces"`
	// NodeVars are the counters on board nodes (a port's treasury).
	NodeVars map[string]map[string]int `json:"nodeVars,omitempty"`
	Pending  *model.Decision           `json:"pending,omitempty"`
	Finished bool                      `json:"finished"`
	Log      []model.Event             `json:"log,omitempty"`
}

// View returns the state as seen by seat viewer (-1: a spectator, who sees
// only public zones).
func (g *Game) View(st *model.State, viewer int) (*View, error) {
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
	z := g.zoneDecl(name, owner)
	if z == nil { // the box
		return false, nil
	}
	switch {
	case z.Visibility == "public":
		return true, nil
	case z.Visibility == "owner" && owner == viewer && viewer >= 0:
		return true, nil
	case z.seenBy != nil:
		g.m.st = st
		ok, err := g.m.eval(z.seenBy, model.Scope{Vals: []any{viewer, owner, g.params}, Layout: g.seenByLay})
		if err != nil {
			return false, err
		}
		return ok.(bool), nil
	}
	return false, nil
}
