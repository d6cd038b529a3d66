package runtime

import "github.com/haven-engine/haven/interpreter/model"

// SetZone makes cards the cards of a zone of a state, for the tests of
// package runtime_test that set a position up.
func SetZone(st *model.State, ref string, cards []string) { st.SetZone(ref, cards) }
