package interpreter

// This file holds the checks made at load on compiled expressions:
// names given as string constants, and which params a condition reads.

import (
	"sort"
	"strings"

	"cuelang.org/go/cue"
	exprast "github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/diag"
)

// checkNames reports names given as string constants that the definition
// does not declare: a var, zone, die or node misspelt is caught at load.
func (c *compiler) checkNames(v cue.Value, n exprast.Node) {
	c.g.checkNames(litOf(v), c.srcOf(v), n, &c.errs)
}

func (g *Game) checkNames(l lit, src string, n exprast.Node, errs *diag.List) {
	var visit walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok {
			return
		}
		id, ok := call.Callee.(*exprast.IdentifierNode)
		if !ok {
			return
		}
		arg := func(i int) (string, bool) {
			if i >= len(call.Arguments) {
				return "", false
			}
			s, ok := call.Arguments[i].(*exprast.StringNode)
			if !ok {
				return "", false
			}
			return s.Value, true
		}
		report := func(i int, what string, known []string) {
			name, ok := arg(i)
			if !ok {
				return
			}
			for _, k := range known {
				if k == name {
					return
				}
			}
			loc := call.Arguments[i].Location()
			line, col := lineCol(src, loc.From)
			errs.Add(l.at(line, col), "%s: unknown %s %q (declared: %s)", id.Value, what, name, strings.Join(sorted(known), ", "))
		}
		switch id.Value {
		case "get", "set", "add":
			report(0, "var", g.vars)
		case "pget", "pset", "padd":
			report(1, "player var", g.playerVars)
		case "qget", "qset", "qadd":
			report(1, "piece var", g.pieceVars)
		case "nget", "nset", "nadd":
			report(0, "node", g.board.order)
			report(1, "node var", g.nodeVars)
		case "qstr", "qsetstr":
			report(1, "piece string var", g.pieceStrs)
		case "newPiece":
			report(0, "kind of piece", g.pieceKindIDs())
		case "zone", "shuffle", "draw":
			report(0, "zone", g.zoneNames(false))
		case "pz", "pzone":
			report(0, "player zone", g.zoneNames(true))
		case "rollDie":
			report(0, "die", keys(g.dice))
		case "node", "out", "into", "at":
			report(0, "node", g.board.order)
		case "nodes":
			report(0, "node kind", keys(g.board.kinds))
		case "transfer":
			report(0, "good", g.goodIDs())
		}
	}
	exprast.Walk(&n, visit)
}

type walker func(exprast.Node)

func (w walker) Visit(n *exprast.Node) { w(*n) }

func (c *compiler) srcOf(v cue.Value) string { s, _ := v.String(); return s }

func lineCol(src string, from int) (int, int) {
	line, col := 1, 0
	for i, r := range []rune(src) {
		if i == from {
			break
		}
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	return line, col
}

func (g *Game) zoneNames(perPlayer bool) []string {
	if perPlayer {
		return keys(g.pzones)
	}
	return append(keys(g.zones), boxZone)
}

func (g *Game) goodIDs() []string {
	var out []string
	for _, gd := range g.goods {
		out = append(out, gd.ID)
	}
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// paramsRead is how many leading params an expression needs bound: one
// more than the index of the last param it names.
func paramsRead(c *code, ps []param) int {
	if c.prog == nil {
		return len(ps)
	}
	need := 0
	n := c.prog.Node()
	var visit walker = func(node exprast.Node) {
		if id, ok := node.(*exprast.IdentifierNode); ok {
			for k, p := range ps {
				if p.name == id.Value && k+1 > need {
					need = k + 1
				}
			}
		}
	}
	exprast.Walk(&n, visit)
	return need
}

func (g *Game) pieceKindIDs() []string {
	var out []string
	for _, k := range g.pieceKinds {
		out = append(out, k.ID)
	}
	return out
}
