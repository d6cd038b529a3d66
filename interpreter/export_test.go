package interpreter

import (
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/translate"
)

// CompileKept compiles an expression from outside the definition as one
// that changes nothing, evaluated again and again as a function's body
// is: the parts it keeps (translate.Body, which keeps what Repeated does
// and the parts that read locals too, by their values) are kept.
func CompileKept(g *Game, src string, pos diag.Pos) (*Expr, error) {
	cd, err := compile.Expr(g.rt, src, pos, translate.Body())
	if err != nil {
		return nil, err
	}
	return &Expr{cd}, nil
}

// UseVM makes g run its expressions on expr's VM (on) or on the
// translated closures (off): the VM is the tests' oracle.
func UseVM(g *Game, on bool) { g.rt.M.NoFast = on }
