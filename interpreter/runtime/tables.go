package runtime

import (
	"slices"

	"github.com/haven-engine/haven/interpreter/model"
)

// This file numbers the counters and zones a game declares, once at
// compile time, for its states (model.Tables).

// NewTables numbers what the game declares.
func (g *Game) NewTables() *model.Tables {
	// A name may be both a global zone and a player zone ("name" and
	// "name/seat").
	var globals, players []string
	for _, z := range g.ZoneOrder {
		if g.Zones[z] != nil && !slices.Contains(globals, z) {
			globals = append(globals, z)
		}
		if g.Pzones[z] != nil && !slices.Contains(players, z) {
			players = append(players, z)
		}
	}
	var refs [][]string
	for _, z := range players {
		refs = append(refs, g.PzNames[z])
	}
	t := model.NewTables(model.TableDecl{
		Vars: g.Vars, PlayerVars: g.PlayerVars, Nodes: g.Board.Order, NodeVars: g.NodeVars, PieceVars: g.PieceVars,
		VarInit: g.VarInit, PvarInit: g.PvarInit, NvarInit: g.NvarInit, QvarInit: g.QvarInit,
		GlobalZones: append(globals, BoxZone), PlayerZones: players, PlayerZoneRefs: refs,
	})
	// The names are interned in the order InternNames boxes them, so
	// that a name's box and its string in the expressions are one.
	g.eachName(func(s string) { t.Intern(s) })
	t.IndexZones()
	return t
}

// bind ties a state to the game's tables (tables.bind).
func (g *Game) bind(s *model.State) error { return g.Tab.Bind(s) }
