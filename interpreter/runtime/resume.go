package runtime

import (
	"fmt"

	"github.com/haven-engine/haven/interpreter/model"
)

// resume places the locals of frames read from JSON in the slots of
// their bodies: a frame's body is the block of its first cursor.
func (g *Game) resume(st *model.State) error {
	if err := g.bind(st); err != nil {
		return err
	}
	for _, f := range st.Stack {
		if f.Scope.Placed() {
			continue
		}
		if len(f.Cursors) == 0 || f.Cursors[0].Block < 0 || f.Cursors[0].Block >= len(g.Blocks) {
			return fmt.Errorf("a frame (%s) of the saved state names no block of this definition", f.Cause)
		}
		f.Scope.Place(g.Blocks[f.Cursors[0].Block].Lay)
	}
	return nil
}
