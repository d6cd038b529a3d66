package runtime

import (
	"fmt"

	"github.com/haven-engine/haven/interpreter/notation"
)

// This file checks an action's parameter values against their types when
// a move is applied.

// valueFits checks, when a call runs, an argument whose type was not
// known at load against the type the effect declares.
func valueFits(v any, typ string) bool {
	switch typ {
	case "int":
		_, ok := v.(int)
		return ok
	case "bool":
		_, ok := v.(bool)
		return ok
	case "list":
		switch v.(type) {
		case []any, []string, []int, nil:
			return true
		}
		return false
	case "string":
		_, ok := v.(string)
		return ok
	}
	return true
}

// fits checks the candidates of an action's param against its declared
// type, for lists whose element type expr did not know at load.
func (p *Param) fits(a *Action, vals []any) error {
	for _, v := range vals {
		if !valueFits(v, p.Typ) {
			return fmt.Errorf("%s: %s.%s: candidate %s is not of the declared type %q", p.From.Pos, a.ID, p.Name, notation.Format(v), p.Typ)
		}
	}
	return nil
}
