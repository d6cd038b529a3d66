package interpreter

import (
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// Expr is an expression compiled against a Game from outside its
// definition: a scenario's state patch or expectation. It sees the same
// functions as the definition's own expressions, with `me` = 0.
type Expr struct {
	c *runtime.Code
}

// CompileExpr compiles src, whose first character stands at pos.
func (g *Game) CompileExpr(src string, pos diag.Pos) (*Expr, error) {
	cd, err := compile.Expr(g.rt, src, pos)
	if err != nil {
		return nil, err
	}
	return &Expr{cd}, nil
}

// Eval runs a compiled expression on a state. Changes it makes (a patch)
// are logged with cause "patch".
func (g *Game) Eval(st *model.State, e *Expr) (any, error) { return g.rt.EvalPatch(st, e.c) }
