package interpreter

// SetZone makes cards the cards of a zone of a state, for the tests of
// package interpreter_test that set a position up.
func SetZone(st *State, ref string, cards []string) { st.setZone(ref, cards) }
