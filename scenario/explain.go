package scenario

import (
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
)

// explain says why a condition is false, by the values of the sides of
// its comparison (`get("round") is 2`) or the first false part of an
// `&&`. Parts are evaluated on a copy of the state, so an expectation
// with side effects cannot change the game it reports on.
func (p *player) explain(st *interpreter.State, src string) string {
	tree, err := parser.Parse(src)
	if err == nil {
		if why := p.why(st, tree.Node); why != "" {
			return why
		}
	}
	return "it is false"
}

func (p *player) why(st *interpreter.State, n ast.Node) string {
	if u, ok := n.(*ast.UnaryNode); ok && (u.Operator == "!" || u.Operator == "not") {
		if v, ok := p.value(st, u.Node); ok && !literal(u.Node) {
			return u.Node.String() + " is " + show(v)
		}
		return ""
	}
	b, ok := n.(*ast.BinaryNode)
	if !ok {
		return ""
	}
	switch b.Operator {
	case "&&", "and":
		for _, side := range []ast.Node{b.Left, b.Right} {
			if v, ok := p.value(st, side); ok && v == false {
				if w := p.why(st, side); w != "" {
					return w
				}
				return side.String() + " is false"
			}
		}
	case "==", "!=", "<", "<=", ">", ">=", "in", "contains", "startsWith", "endsWith", "matches":
		var parts []string
		for _, side := range []ast.Node{b.Left, b.Right} {
			if literal(side) {
				continue
			}
			v, ok := p.value(st, side)
			if !ok {
				return ""
			}
			parts = append(parts, side.String()+" is "+show(v))
		}
		return strings.Join(parts, " and ")
	}
	return ""
}

// value evaluates a part of a condition on a copy of the state.
func (p *player) value(st *interpreter.State, n ast.Node) (any, bool) {
	e, err := p.g.CompileExpr(n.String(), diag.Pos{})
	if err != nil {
		return nil, false
	}
	v, err := p.g.Eval(st.Clone(), e)
	return v, err == nil
}

func literal(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.IntegerNode, *ast.FloatNode, *ast.StringNode, *ast.BoolNode, *ast.NilNode, *ast.ConstantNode:
		return true
	case *ast.UnaryNode:
		return x.Operator == "-" && literal(x.Node)
	case *ast.ArrayNode:
		for _, e := range x.Nodes {
			if !literal(e) {
				return false
			}
		}
		return true
	}
	return false
}
