package interpreter

import (
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/translate"
)

// CompileKept compiles an expression from outside the definition as one
// that changes nothing, evaluated again and again: the parts it keeps
// (translate.Repeated) are kept.
func CompileKept(g *Game, src string, pos diag.Pos) (*Expr, error) {
	cd, err := compile.Expr(g.rt, src, pos, translate.Repeated())
	if err != nil {
		return nil, err
	}
	return &Expr{cd}, nil
}

// UseVM makes g run its expressions on expr's VM (on) or on the
// translated closures (off): the VM is the tests' oracle.
func UseVM(g *Game, on bool) { g.rt.M.NoFast = on }
