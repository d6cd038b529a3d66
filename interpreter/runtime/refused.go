package runtime

// This file says why an answer to a choice was refused, as the
// definition explains it (a choice's `why`).

import (
	"github.com/haven-engine/haven/interpreter/model"
)

// why is ": " and the text of the first reason of s that holds for the
// refused answer, or "". The answer is bound to the choice's local for
// the time of the check only.
func (g *Game) why(f *model.Frame, s *Step, answer string) string {
	if len(s.Why) == 0 {
		return ""
	}
	old := f.Scope.Vals[s.AsSlot]
	defer func() { f.Scope.Vals[s.AsSlot] = old }()
	f.Scope.Vals[s.AsSlot] = answer
	for _, w := range s.Why {
		if v, err := g.M.Eval(w.Code, f.Scope); err == nil && v == true {
			return ": " + w.Name
		}
	}
	return ""
}
