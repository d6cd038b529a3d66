package translate

import (
	"github.com/expr-lang/expr/ast"
)

// unsupportedAt names the construct at n that stopped a translation.
func unsupportedAt(n ast.Node) *Unsupported {
	if n == nil {
		return &Unsupported{What: "this expression"}
	}
	return &Unsupported{Loc: n.Location(), What: describe(n), Hint: hint(n)}
}

// hint says what to write instead of the construct at n, where there is
// a common way.
func hint(n ast.Node) string {
	switch n := n.(type) {
	case *ast.BuiltinNode:
		if n.Name == "groupBy" {
			return "its map is keyed by values of any type, which a state cannot hold; filter the list by each key instead"
		}
	case *ast.IdentifierNode:
		if n.Value == "$env" {
			return "name the local or the function itself"
		}
	case *ast.CallNode:
		if _, ok := n.Callee.(*ast.MemberNode); ok {
			return "call a function of the library instead"
		}
	case *ast.MemberNode:
		if n.Method {
			return "call a function of the library instead"
		}
	}
	return ""
}

// describe names a node as a designer writes it.
func describe(n ast.Node) string {
	switch n := n.(type) {
	case *ast.BuiltinNode:
		return n.Name + "()"
	case *ast.CallNode:
		switch c := n.Callee.(type) {
		case *ast.IdentifierNode:
			return c.Value + "()"
		case *ast.MemberNode:
			return "a method call"
		}
		return "this call"
	case *ast.MemberNode:
		switch {
		case n.Optional:
			return "optional member access (?.)"
		case n.Method:
			return "a method call"
		}
		if s, ok := n.Property.(*ast.StringNode); ok {
			return "the member ." + s.Value
		}
		return "this member access"
	case *ast.ChainNode:
		return "optional member access (?.)"
	case *ast.PointerNode:
		return "#" + n.Name
	case *ast.IdentifierNode:
		return n.Value
	case *ast.PredicateNode:
		return "a predicate here"
	case *ast.BinaryNode:
		return "the operator " + n.Operator
	case *ast.UnaryNode:
		return "the operator " + n.Operator
	case *ast.IntegerNode, *ast.FloatNode:
		return "this number"
	}
	return "this construct"
}
