package compile

// This file compiles one expression: expr parses, type-checks and
// optimizes it, errors are mapped back into the CUE file, and the
// checked tree is translated to closures (package translate), the only
// way Haven runs an expression; a construct the translator does not
// cover is a load error.

import (
	"errors"
	"fmt"
	"strings"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	exprast "github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/exprpos"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/interpreter/translate"
	"github.com/haven-engine/haven/load"
)

// pure compiles an expression that must not change the state: a condition,
// a list of candidates or options, a score. They are evaluated whenever
// moves are listed, so a change made there would happen at random times.
func (c *compiler) pure(v cue.Value, s scope, opts ...expr.Option) *runtime.Code {
	cd := c.exprOf(v, s, true, opts...)
	if cd.Prog == nil {
		return cd
	}
	n := cd.Prog.Node()
	var visit Walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok {
			return
		}
		if id, ok := call.Callee.(*exprast.IdentifierNode); ok && changes[id.Value] {
			line, col := exprpos.LineCol(cd.Src, call.Location().From)
			c.errs.Add(exprpos.In(v, line, col), "%s changes the state: not allowed in a condition, a list of choices or a score", id.Value)
		}
	}
	exprast.Walk(&n, visit)
	return cd
}

// changes names the library functions that change the state.
var changes = map[string]bool{
	"set": true, "add": true, "pset": true, "padd": true, "qset": true, "qadd": true, "moveCard": true, "moveCardTop": true,
	"draw": true, "shuffle": true, "place": true, "unplace": true, "transfer": true,
	"roll": true, "rollDie": true, "note": true,
	"nset": true, "nadd": true, "qsetstr": true, "newPiece": true,
}

// IsChange tells whether the library function name changes the state.
func IsChange(name string) bool { return changes[name] }

// expr compiles one expression in scope s, mapping errors to the CUE file.
func (c *compiler) expr(v cue.Value, s scope, opts ...expr.Option) *runtime.Code {
	return c.exprOf(v, s, false, opts...)
}

// exprOf is expr; pure says the expression may change nothing (pure).
func (c *compiler) exprOf(v cue.Value, s scope, pure bool, opts ...expr.Option) *runtime.Code {
	src, err := v.String()
	if err != nil {
		c.errorf(v, "want an expression string: %v", err)
		return &runtime.Code{}
	}
	pos := load.Pos(v.Pos())
	env := types.Map{}
	for k, t := range s {
		env[k] = t
	}
	prog, err := c.conf.compile(c.g.M.Opts, src, env, opts...)
	cd := &runtime.Code{Prog: prog, Src: src, Pos: pos, Lit: exprpos.Of(v)}
	c.g.Codes = append(c.g.Codes, cd)
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			msg := clockHint(fe.Message)
			if msg == fe.Message {
				msg = hintExpr(c.g, fe.Message, s)
			}
			if strings.HasSuffix(fe.Message, " is not callable") {
				msg = c.hidden(src, fe, s, msg)
			}
			msg = plainTypes(msg)
			c.errs = append(c.errs, &diag.Error{Pos: exprpos.In(v, fe.Line, fe.Column), Msg: msg + exprpos.Indent(fe.Snippet)})
		} else {
			c.errorf(v, "%v", err)
		}
		return cd
	}
	c.checkNames(v, prog.Node())
	noteNodeFields(c.g, prog.Node())
	if bad := foldedType(prog); bad != "" {
		c.errorf(v, "%s", bad)
	}
	c.cycles(v, cd, c.scoring)
	intern := func(s string) string { return s }
	if c.g.Tab != nil {
		intern = c.g.Tab.Intern
	}
	shortcut(cd, c.lay, intern)
	var topts []translate.Option
	switch {
	case pure && c.body:
		topts = append(topts, translate.Body())
	case pure && paramsRead(&runtime.Code{Prog: prog}, c.paramsBefore) > 0:
		names := make([]string, len(c.paramsBefore))
		for i, p := range c.paramsBefore {
			names[i] = p.Name
		}
		topts = append(topts, translate.Listed(names))
	case pure && c.repeated:
		topts = append(topts, translate.Repeated())
	case pure:
		topts = append(topts, translate.Pure())
	}
	if c.g.Tab != nil {
		topts = append(topts, translate.Interned(c.g.Tab.Intern))
	}
	if cd.Fast, err = translate.Program(prog, c.g.M.Lib, c.lay, c.g.Keys, topts...); err != nil {
		c.errs = append(c.errs, unsupported(cd, err))
	}
	c.g.M.PlanMemo(cd, c.lay)
	return cd
}

// unsupported is the error of an expression the translator refused,
// at the construct it stopped at: Haven runs no expression on expr's VM.
func unsupported(cd *runtime.Code, err error) *diag.Error {
	var u *translate.Unsupported
	if !errors.As(err, &u) {
		return &diag.Error{Pos: cd.Pos, Msg: err.Error()}
	}
	line, col := exprpos.LineCol(cd.Src, u.Loc.From)
	return &diag.Error{Pos: cd.Lit.At(line, col), Msg: u.Error()}
}

// shortcut notes the expressions answered without running their
// closures: literals and bare names.
func shortcut(cd *runtime.Code, lay *model.Layout, intern func(string) string) {
	switch n := cd.Prog.Node().(type) {
	case *exprast.IdentifierNode:
		cd.Ident = lay.Find(n.Value)
		cd.IsIdent = cd.Ident >= 0
	default:
		cd.Konst, cd.IsConst = literal(n)
		// The game's own string, as the closures' constants are
		// (translate.Interned).
		if k, ok := cd.Konst.(string); ok {
			cd.Konst = intern(k)
		}
	}
}

func literal(n exprast.Node) (any, bool) {
	switch n := n.(type) {
	case *exprast.ConstantNode:
		switch n.Value.(type) {
		case bool, int, string:
			return n.Value, true
		}
	case *exprast.BoolNode:
		return n.Value, true
	case *exprast.IntegerNode:
		return n.Value, true
	case *exprast.StringNode:
		return n.Value, true
	case *exprast.ArrayNode:
		out := make([]any, len(n.Nodes))
		for i, x := range n.Nodes {
			v, ok := literal(x)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
	return nil, false
}

// Expr compiles an expression from outside the definition (a
// scenario's patch or expectation), whose first character stands at pos.
// It sees the same functions as the definition's own expressions, with
// `me` = 0.
//
// topts are the translator's options: translate.Repeated compiles the expression
// as one that changes nothing (a test of the parts it keeps).
func Expr(g *runtime.Game, src string, pos diag.Pos, topts ...translate.Option) (*runtime.Code, error) {
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
			msg = plainTypes(msg)
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
	intern := func(s string) string { return s }
	if g.Tab != nil {
		intern = g.Tab.Canon
	}
	shortcut(cd, g.Base, intern)
	if g.Tab != nil {
		// The game is compiled: its strings are read, never added to.
		topts = append(topts, translate.Interned(g.Tab.Canon))
	}
	if cd.Fast, err = translate.Program(prog, g.M.Lib, g.Base, g.Keys, topts...); err != nil {
		return nil, unsupported(cd, err)
	}
	return cd, nil
}

// hidden says which local hides a function the expression calls, when
// expr found a call of something that is not a function: a param or an
// `as` named like a library function (card, zone, node...) or a named
// one takes its place in the scope, and "string is not callable" alone
// does not say why. (expr itself refuses a let of a function's name.)
func (c *compiler) hidden(src string, fe *file.Error, s scope, msg string) string {
	tree, err := parser.Parse(src)
	if err != nil {
		return msg
	}
	found := ""
	var visit Walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok || found != "" {
			return
		}
		id, ok := call.Callee.(*exprast.IdentifierNode)
		if !ok {
			return
		}
		if _, local := s[id.Value]; !local {
			return
		}
		if c.g.M.Lib[id.Value].Name != "" || c.g.Funcs[id.Value] != nil {
			found = id.Value
		}
	}
	exprast.Walk(&tree.Node, visit)
	if found == "" {
		return msg
	}
	return fmt.Sprintf("%s is a local here (a param or an `as`), which hides the function %s(): rename the local", found, found)
}
