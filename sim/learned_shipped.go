package sim

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/haven-engine/haven/interpreter"
)

// ShippedModelFile is the name of the model a game folder ships beside
// its definition: the one a learned bot given no model plays by.
// ShippedModelGlob matches it and the models shipped for the game's
// options (model-great-europe.json…), each found by its hash.
const (
	ShippedModelFile = "model.json"
	ShippedModelGlob = "model*.json"
)

// shipped holds the models shipped with definitions, by the hash of the
// definition each was trained on.
var shipped sync.Map // hash → *Model

// ShipModel makes the model JSON b, shipped with a game's definition,
// the one a learned bot given no model plays that definition by. It
// plays only the definition it was trained on (a game folder ships one
// for each choice of its options): with variants or settings, or after
// an edit, the bot trains its own on first use.
func ShipModel(b []byte) error {
	m := new(Model)
	if err := json.Unmarshal(b, m); err != nil {
		return err
	}
	if len(m.Mean) != len(m.Names) || len(m.Scale) != len(m.Names) || len(m.Weights) != len(m.Names) {
		return fmt.Errorf("the model's lists of features and weights differ in length")
	}
	shipped.Store(m.Hash, m)
	return nil
}

// ShippedModel is the model shipped for g's definition (ShipModel), or
// nil when none was trained on it.
func ShippedModel(g *interpreter.Game) *Model {
	m, ok := shipped.Load(g.Hash())
	if !ok {
		return nil
	}
	return m.(*Model).copyFor(g)
}

// NearestShippedModel is the model shipped for g's game trained with
// the most of the options g was loaded with and the fewest others (a
// variant of a game on an option: the model of that option), matched to
// g by feature name. It is what a learned bot without a model of g's
// definition trains from (TrainedModel); nil when the game ships none.
func NearestShippedModel(g *interpreter.Game) *Model {
	chosen := g.Options()
	var best *Model
	var bestKey [2]int
	shipped.Range(func(_, v any) bool {
		m := v.(*Model)
		if m.Game != g.ID() {
			return true
		}
		same := 0
		for _, o := range m.Options {
			if slices.Contains(chosen, o) {
				same++
			}
		}
		key := [2]int{same, -len(m.Options)}
		if best == nil || cmp.Or(cmp.Compare(key[0], bestKey[0]), cmp.Compare(key[1], bestKey[1]), cmp.Compare(best.Hash, m.Hash)) > 0 {
			best, bestKey = m, key
		}
		return true
	})
	if best == nil {
		return nil
	}
	return best.copyFor(g)
}
