package runtime

import "github.com/haven-engine/haven/interpreter/model"

// EvalPatch runs a compiled expression from outside the definition on a
// state. Changes it makes (a patch) are logged with cause "patch".
func (g *Game) EvalPatch(st *model.State, cd *Code) (any, error) {
	g.M.St = st
	g.M.decide()
	g.M.cause = "patch"
	return g.M.Eval(cd, g.Scope(g.Base, 0, st.Players))
}
