package runtime

import (
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/view"
)

// FullView is the whole state shaped as a view, every zone open: what a
// person debugging a game or a test reads. It shares no memory with the
// state.
func (g *Game) FullView(st *model.State) *view.View {
	v := &view.View{
		Game: st.Game, Viewer: -1, Players: st.Players,
		Vars: st.VarMap(), PlayerVars: st.PvarMaps(), NodeVars: st.NvarMaps(),
		Pieces:  model.ClonePiecesApart(st.Pieces),
		Pending: model.ClonePending(st.Pending), Finished: st.Finished,
	}
	buf := make([]string, 0, st.Units())
	v.Stocks, buf = model.CloneLists(st.StockMap(), buf)
	v.Zones, _ = model.CloneLists(st.ZoneMap(), buf)
	return v
}

// ViewState is a state made from a view, for reading it as the game
// does (scoring a view): the zones the viewer may not see are empty, and
// there is nothing under way. It shares no memory with the view.
func (g *Game) ViewState(v *view.View) *model.State {
	st := &model.State{
		Game: v.Game, Players: v.Players, Pieces: model.ClonePiecesApart(v.Pieces),
		Pending: model.ClonePending(v.Pending), Finished: v.Finished, Moves: []string{},
	}
	buf := make([]string, 0, model.Units(v.Zones)+model.Units(v.Stocks))
	stocks, buf := model.CloneLists(v.Stocks, buf)
	st.SetStockMap(stocks)
	zones, _ := model.CloneLists(v.Zones, buf)
	if zones == nil {
		zones = map[string][]string{}
	}
	for ref := range v.Hidden {
		zones[ref] = nil // unseen: counted as empty
	}
	st.Unbind(model.CloneMap(v.Vars), model.ClonePlayerVars(v.PlayerVars), model.CloneNodeVars(v.NodeVars), zones)
	if g.bind(st) != nil {
		// A view of fewer seats than its players: keep them by name.
		st.Unbind(model.CloneMap(v.Vars), model.ClonePlayerVars(v.PlayerVars), model.CloneNodeVars(v.NodeVars), zones)
	}
	return st
}
