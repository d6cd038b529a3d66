package interpreter

import (
	"errors"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/exprpos"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/interpreter/translate"
	"github.com/haven-engine/haven/interpreter/vmguard"
)

// Expr is an expression compiled against a Game from outside its
// definition: a scenario's state patch or expectation. It sees the same
// functions as the definition's own expressions, with `me` = 0.
type Expr struct {
	c *runtime.Code
}

// CompileExpr compiles src, whose first character stands at pos.
func (gw *Game) CompileExpr(src string, pos diag.Pos) (*Expr, error) {
	g := gw.Game
	env := types.Map{"me": types.Int, "numPlayers": types.Int, "params": g.ParamTypes}
	opts := append([]expr.Option{expr.Env(env)}, g.M.Opts...)
	prog, err := expr.Compile(src, opts...)
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			p := pos
			if fe.Line == 1 {
				p.Col += fe.Column
			} else {
				p.Line += fe.Line - 1
				p.Col = fe.Column + 1
			}
			msg := clockHint(fe.Message)
			if msg == fe.Message {
				msg = hintExpr(g, fe.Message, scope{"me": types.Int, "numPlayers": types.Int, "params": g.ParamTypes})
			}
			return nil, &diag.Error{Pos: p, Msg: msg + exprpos.Indent(fe.Snippet)}
		}
		return nil, &diag.Error{Pos: pos, Msg: err.Error()}
	}
	var errs diag.List
	l := exprpos.Literal{Pos: diag.Pos{File: pos.File, Line: pos.Line, Col: pos.Col - 1}}
	checkNames(g, l, src, prog.Node(), &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if bad := foldedType(prog); bad != "" {
		return nil, &diag.Error{Pos: pos, Msg: bad}
	}
	cd := &runtime.Code{Prog: prog, Src: src, Pos: pos, Lit: l}
	shortcut(cd, g.Base)
	cd.Fast = translate.Program(prog, g.M.Lib, g.Base)
	if cd.Fast == nil && !cd.IsConst && !cd.IsIdent {
		if cd.Prog, err = vmguard.Compile(src, opts, &g.M.Budget); err != nil {
			return nil, &diag.Error{Pos: pos, Msg: "this expression cannot be bounded on expr's VM: " + err.Error()}
		}
	}
	return &Expr{cd}, nil
}

// Eval runs a compiled expression on a state. Changes it makes (a patch)
// are logged with cause "patch".
func (g *Game) Eval(st *model.State, e *Expr) (any, error) { return g.EvalPatch(st, e.c) }
