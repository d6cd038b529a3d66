package view

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
