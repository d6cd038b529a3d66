package runtime

import (
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// SetZone makes cards the cards of a zone of a state, for the tests of
// package runtime_test that set a position up.
func SetZone(st *model.State, ref string, cards []string) { st.SetZone(ref, cards) }

// KeyedSites is how many calls m translated to find their counter by a
// joined name's key (keyedcounters.go).
func KeyedSites(m *Machine) int { return m.keyedSites }

// MachineFrame is the machine's outermost evaluation frame (nil before
// any evaluation), for the tests of package runtime_test.
func MachineFrame(m *Machine) *eval.Frame {
	if len(m.frames) == 0 {
		return nil
	}
	return m.frames[0]
}

// PieceOf is the piece of st whose id is id (idtable.go), for the tests
// of package runtime_test.
func PieceOf(g *Game, st *model.State, id string) *model.Piece { return g.pieceOf(st, id) }

// Evaluating is how many evaluations m has under way, for the tests of
// package runtime_test.
func Evaluating(m *Machine) int { return m.top }

// ActionLocals are the locals m lists a turn's actions in, for the tests
// of package runtime_test.
func ActionLocals(m *Machine) []any { return m.actVals[:cap(m.actVals)] }

// SpareFrames are the ended frames m keeps for reuse, for the tests of
// package runtime_test.
func SpareFrames(m *Machine) []*model.Frame { return m.spare }
