package runtime

import (
	"slices"

	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/view"
)

// This file serves a caller that follows a game move by move (a terminal
// or a web page): what changed since it last looked, and what a seat may
// see, without copying the whole log at every move.

// ViewBoard returns the state as seat viewer sees it, like View, but
// without the log. The view is a value of its own: it shares no memory
// the state could change, nor the state any the view's holder could.
func (g *Game) ViewBoard(st *model.State, viewer int) (*view.View, error) {
	v := &view.View{
		Game: st.Game, Viewer: viewer, Players: st.Players,
		Vars: st.VarMap(), PlayerVars: st.PvarMaps(),
		Zones: make(map[string][]string, st.ZoneCount()), Hidden: map[string]int{},
		Pieces: model.ClonePiecesApart(st.Pieces), NodeVars: st.NvarMaps(),
		Pending: model.ClonePending(st.Pending), Finished: st.Finished,
	}
	buf := make([]string, 0, st.Units())
	v.Stocks, buf = model.CloneLists(st.StockMap(), buf)
	for ref, cards := range st.AllZones() {
		ok, err := g.visible(st, ref, viewer)
		if err != nil {
			return nil, err
		}
		if !ok {
			v.Hidden[ref] = len(cards)
			continue
		}
		if cards == nil {
			v.Zones[ref] = nil
			continue
		}
		at := len(buf)
		buf = append(buf, cards...)
		v.Zones[ref] = buf[at:len(buf):len(buf)]
	}
	return v, nil
}

// LogView returns the events of the log from index from on, as seat
// viewer (-1: a spectator) may see them: a card moved where the viewer
// could not see it reads "?". Only those events are copied, so a caller
// that passes the length it saw last reads each event once.
func (g *Game) LogView(st *model.State, viewer, from int) []model.Event {
	if from >= len(st.Log) {
		return nil
	}
	out := make([]model.Event, 0, len(st.Log)-max(from, 0))
	for _, e := range st.Log[max(from, 0):] {
		if e.Hidden && !slices.Contains(e.Seen, viewer) {
			e.Card = "?"
		}
		e.Seen = nil
		out = append(out, e)
	}
	return out
}

// Sees tells whether seat viewer (-1: a spectator) may see which card id
// is, where it lies now: in a zone the viewer sees. A card still in the
// box, or that is no card, is not seen.
func (g *Game) Sees(st *model.State, viewer int, id string) (bool, error) {
	if g.Cards[id] == nil {
		return false, nil
	}
	for ref, cards := range st.AllZones() {
		if slices.Contains(cards, id) {
			return g.visible(st, ref, viewer)
		}
	}
	return false, nil
}

// DisplayName returns the name the definition gives to the node, card,
// good or action id (its `name`), or id itself when it has none.
func (g *Game) DisplayName(id string) string {
	if n := g.Board.Nodes[id]; n != nil && n.Name != "" {
		return n.Name
	}
	if c := g.Cards[id]; c != nil && c.Name != "" {
		return c.Name
	}
	if gd := g.GoodIndex[id]; gd != nil && gd.Name != "" {
		return gd.Name
	}
	if a := g.Actions[id]; a != nil && a.Name != "" {
		return a.Name
	}
	return id
}

// ZoneName returns the name the definition gives to a zone, by its
// reference: "name" for a global zone, "name/seat" for a player's, or the
// zone's id when it has no name.
func (g *Game) ZoneName(ref string) string {
	name, owner := model.SplitZoneRef(ref)
	if z := g.zoneDecl(name, owner); z != nil && z.Name != "" {
		return z.Name
	}
	return name
}

// PendingRule returns the rule text the definition quotes for the step
// the pending decision waits at (its `rule`, or that of a step around
// it), or "".
func (g *Game) PendingRule(st *model.State) string {
	if st.Pending == nil || len(st.Stack) == 0 {
		return ""
	}
	f := st.Stack[len(st.Stack)-1]
	if len(f.Cursors) == 0 {
		return ""
	}
	c := f.Cursors[len(f.Cursors)-1]
	if c.Block < 0 || int(c.Block) >= len(g.Blocks) || c.PC < 0 || int(c.PC) >= len(g.Blocks[c.Block].Steps) {
		return ""
	}
	return g.Blocks[c.Block].Steps[c.PC].Rule
}
