package interpreter

import (
	"slices"

	"github.com/haven-engine/haven/interpreter/model"
)

// This file numbers the counters and zones a game declares, once at
// compile time, for its states (model.Tables).

// newTables numbers what the game declares.
func (g *Game) newTables() *model.Tables {
	// A name may be both a global zone and a player zone ("name" and
	// "name/seat").
	var globals, players []string
	for _, z := range g.zoneOrder {
		if g.zones[z] != nil && !slices.Contains(globals, z) {
			globals = append(globals, z)
		}
		if g.pzones[z] != nil && !slices.Contains(players, z) {
			players = append(players, z)
		}
	}
	var refs [][]string
	for _, z := range players {
		refs = append(refs, g.pzNames[z])
	}
	return model.NewTables(model.TableDecl{
		Vars: g.vars, PlayerVars: g.playerVars, Nodes: g.board.Order, NodeVars: g.nodeVars, PieceVars: g.pieceVars,
		VarInit: g.varInit, PvarInit: g.pvarInit, NvarInit: g.nvarInit, QvarInit: g.qvarInit,
		GlobalZones: append(globals, boxZone), PlayerZones: players, PlayerZoneRefs: refs,
	})
}

// bind ties a state to the game's tables (tables.bind).
func (g *Game) bind(s *model.State) error { return g.tab.Bind(s) }
