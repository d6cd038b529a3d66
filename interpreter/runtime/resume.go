package runtime

import (
	"encoding/json"
	"fmt"
	"reflect"

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
		if len(f.Cursors) == 0 || f.Cursors[0].Block < 0 || int(f.Cursors[0].Block) >= len(g.Blocks) {
			return fmt.Errorf("a frame (%s) of the saved state names no block of this definition", f.Cause)
		}
		f.Scope.Place(g.Blocks[f.Cursors[0].Block].Lay)
		f.Scope.Vals[model.SlotParams] = g.typedParams(f.Scope.Vals[model.SlotParams])
	}
	return nil
}

// typedParams gives the params a frame read from JSON holds the Go types
// of the game's own (a keyed param is a map[string][]int, not a
// map[string]any of []any of float64), which the closures read them as:
// the game's params themselves when they are the same, as they are but
// in a save made by hand.
func (g *Game) typedParams(x any) any {
	m, ok := x.(map[string]any)
	if !ok {
		return x
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
		want, ok := g.ParamList[k]
		if !ok || want == nil {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			continue
		}
		typed := reflect.New(reflect.TypeOf(want))
		if json.Unmarshal(b, typed.Interface()) == nil {
			out[k] = typed.Elem().Interface()
		}
	}
	if reflect.DeepEqual(out, g.ParamList) {
		return g.ParamList
	}
	return out
}
