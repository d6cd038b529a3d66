package compile

// This file notes which player vars the definition sets to a node's
// number field, so that a caller may read such a var as naming a node
// (the learned bot's board features) without guessing it from values.

import (
	"slices"

	exprast "github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/runtime"
)

// noteNodeFields records in g.PvarNodeFields each player var n sets,
// by a call pset(p, 'NAME', node(x).num.FIELD), to FIELD: a plain
// assignment of the field, not a sum with it (padd) nor a value
// computed from it.
func noteNodeFields(g *runtime.Game, n exprast.Node) {
	var visit Walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok || len(call.Arguments) != 3 {
			return
		}
		if id, ok := call.Callee.(*exprast.IdentifierNode); !ok || id.Value != "pset" {
			return
		}
		name, ok := call.Arguments[1].(*exprast.StringNode)
		if !ok {
			return
		}
		field, ok := nodeNumField(call.Arguments[2])
		if !ok {
			return
		}
		if g.PvarNodeFields == nil {
			g.PvarNodeFields = map[string][]string{}
		}
		fields := g.PvarNodeFields[name.Value]
		if i, found := slices.BinarySearch(fields, field); !found {
			g.PvarNodeFields[name.Value] = slices.Insert(fields, i, field)
		}
	}
	exprast.Walk(&n, visit)
}

// nodeNumField is FIELD of an expression node(x).num.FIELD (or
// node(x).num['FIELD']).
func nodeNumField(n exprast.Node) (string, bool) {
	outer, ok := n.(*exprast.MemberNode)
	if !ok {
		return "", false
	}
	field, ok := outer.Property.(*exprast.StringNode)
	if !ok {
		return "", false
	}
	inner, ok := outer.Node.(*exprast.MemberNode)
	if !ok {
		return "", false
	}
	if num, ok := inner.Property.(*exprast.StringNode); !ok || num.Value != "num" {
		return "", false
	}
	call, ok := inner.Node.(*exprast.CallNode)
	if !ok {
		return "", false
	}
	if id, ok := call.Callee.(*exprast.IdentifierNode); !ok || id.Value != "node" {
		return "", false
	}
	return field.Value, true
}
