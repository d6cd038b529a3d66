package compile

// This file holds the checks made at load on compiled expressions:
// names given as string constants, and which params a condition reads.

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	exprast "github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/exprpos"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// checkNames reports names given as string constants that the definition
// does not declare: a var, zone, die or node misspelt is caught at load.
func (c *compiler) checkNames(v cue.Value, n exprast.Node) {
	checkNames(c.g, exprpos.Of(v), c.srcOf(v), n, &c.errs)
}

func checkNames(g *runtime.Game, l exprpos.Literal, src string, n exprast.Node, errs *diag.List) {
	unknown := func(at exprast.Node, what, name string, known []string) {
		if name == "" || slices.Contains(known, name) || strings.HasSuffix(what, "piece") && isPieceID(g, name) {
			return
		}
		line, col := exprpos.LineCol(src, at.Location().From)
		msg := unknownName(what, name, known)
		if fn, w, ok := strings.Cut(what, ": "); ok {
			msg = fn + ": " + unknownName(w, name, known)
		}
		errs.Add(l.At(line, col), "%s", msg)
	}
	var visit Walker = func(node exprast.Node) {
		switch node := node.(type) {
		case *exprast.MemberNode:
			checkParamKey(g, l, src, node, errs)
		case *exprast.CallNode:
			id, ok := node.Callee.(*exprast.IdentifierNode)
			if !ok {
				return
			}
			report := func(i int, what string, known []string) {
				if i < len(node.Arguments) {
					if s, ok := node.Arguments[i].(*exprast.StringNode); ok {
						unknown(s, id.Value+": "+what, s.Value, known)
					}
				}
			}
			switch id.Value {
			case "get", "set", "add":
				report(0, "var", g.Vars)
			case "pget", "pset", "padd":
				report(1, "player var", g.PlayerVars)
			case "qget", "qset", "qadd":
				report(1, "piece var", g.PieceVars)
			case "nget", "nset", "nadd":
				report(0, "node", g.Board.Order)
				report(1, "node var", g.NodeVars)
			case "qstr", "qsetstr":
				report(1, "piece string var", g.PieceStrs)
			case "newPiece":
				report(0, "kind of piece", g.PieceKindIDs)
			case "zone", "shuffle":
				report(0, "zone", zoneNames(g, false))
			case "draw":
				report(0, "zone", zoneNames(g, false))
				report(1, "zone", zoneNames(g, false))
			case "moveCard", "moveCardTop":
				report(0, "card", g.CardOrder)
				report(1, "zone", zoneNames(g, false))
				report(2, "zone", zoneNames(g, false))
			case "pz", "pzone":
				report(0, "player zone", zoneNames(g, true))
			case "card":
				report(0, "card", g.CardOrder)
			case "defs":
				report(0, "card kind", keys(g.Defs))
				kindRef(g, node.Arguments[0])
			case "piece", "unplace":
				report(0, "piece", pieceIDs(g))
			case "rollDie":
				report(0, "die", keys(g.Dice))
			case "node", "out", "into", "at", "walks", "walksBack":
				report(0, "node", g.Board.Order)
			case "dist", "costDist":
				report(0, "node", g.Board.Order)
				report(1, "node", g.Board.Order)
			case "place":
				report(0, "piece", pieceIDs(g))
				report(1, "node", g.Board.Order)
			case "nodes":
				report(0, "node kind", keys(g.Board.Kinds))
			case "transfer":
				report(0, "good", goodIDs(g))
			case "has":
				report(1, "good", goodIDs(g))
			}
		case *exprast.BinaryNode:
			// card(c).def == 'x', .kind in ['a', 'b']: a field that holds
			// a name compared with a constant.
			switch node.Operator {
			case "==", "!=":
				for _, pair := range [][2]exprast.Node{{node.Left, node.Right}, {node.Right, node.Left}} {
					if what, known := fieldNames(g, pair[0]); what != "" {
						if s, ok := pair[1].(*exprast.StringNode); ok {
							unknown(s, what, s.Value, known)
							if what == "card kind" {
								kindRef(g, s)
							}
						}
					}
				}
			case "in", "not in":
				if what, known := fieldNames(g, node.Left); what != "" {
					if arr, ok := node.Right.(*exprast.ArrayNode); ok {
						for _, e := range arr.Nodes {
							if s, ok := e.(*exprast.StringNode); ok {
								unknown(s, what, s.Value, known)
								if what == "card kind" {
									kindRef(g, s)
								}
							}
						}
					}
				}
			}
		}
	}
	exprast.Walk(&n, visit)
}

// kindRef notes a kind an expression names as a constant.
func kindRef(g *runtime.Game, n exprast.Node) {
	if s, ok := n.(*exprast.StringNode); ok {
		if g.KindRefs == nil {
			g.KindRefs = map[string]bool{}
		}
		g.KindRefs[s.Value] = true
	}
}

// fieldNames tells what names a field of a card, node, piece or edge
// holds, when n reads one: a card's `.def` (card types) and `.kind`, a
// node's `.kind`, a piece's `.kind` and `.at` (a node), an edge's `.from`
// and `.to`. The type expr's checker gave the base tells which; a base of
// unknown type is not checked.
func fieldNames(g *runtime.Game, n exprast.Node) (string, []string) {
	m, ok := n.(*exprast.MemberNode)
	if !ok {
		return "", nil
	}
	p, ok := m.Property.(*exprast.StringNode)
	if !ok {
		return "", nil
	}
	t := m.Node.Type()
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == reflect.TypeOf(model.Card{}) && p.Value == "def":
		return "card", cardDefs(g)
	case t == reflect.TypeOf(model.Card{}) && p.Value == "kind":
		return "card kind", keys(g.Defs)
	case t == reflect.TypeOf(board.Node{}) && p.Value == "kind":
		return "node kind", keys(g.Board.Kinds)
	case t == reflect.TypeOf(model.Piece{}) && p.Value == "kind":
		return "piece kind", g.PieceKindIDs
	case t == reflect.TypeOf(model.Piece{}) && p.Value == "at":
		return "node", append([]string{""}, g.Board.Order...)
	case t == reflect.TypeOf(board.Edge{}) && (p.Value == "from" || p.Value == "to"):
		return "node", g.Board.Order
	}
	return "", nil
}

// unknownName is the message for a name that is not declared: the
// closest declared one when there is one, else the list of them.
func unknownName(what, name string, known []string) string {
	if hint := diag.DidYouMean(name, known); hint != "" {
		return fmt.Sprintf("unknown %s %q%s", what, name, hint)
	}
	var listed []string
	for _, k := range sorted(known) {
		if k != "" {
			listed = append(listed, k)
		}
	}
	if len(listed) > 12 {
		listed = append(listed[:12], fmt.Sprintf("… %d in all", len(listed)))
	}
	if len(listed) == 0 {
		return fmt.Sprintf("unknown %s %q (none declared)", what, name)
	}
	return fmt.Sprintf("unknown %s %q (declared: %s)", what, name, strings.Join(listed, ", "))
}

// isPieceID tells whether id is one a piece may have: kind-seat-n, with
// a declared kind and a seat the game allows. (How many pieces of a kind
// there are is an expression over the player count.)
func isPieceID(g *runtime.Game, id string) bool {
	for _, k := range g.PieceKindIDs {
		rest, ok := strings.CutPrefix(id, k+"-")
		if !ok {
			continue
		}
		seat, n, ok := strings.Cut(rest, "-")
		p, err1 := strconv.Atoi(seat)
		k, err2 := strconv.Atoi(n)
		if ok && err1 == nil && err2 == nil && p >= 0 && p < g.MaxPlayers && k >= 1 {
			return true
		}
	}
	return false
}

// pieceIDs are ids a misspelt piece id is compared with: the first few
// pieces of every kind and seat.
func pieceIDs(g *runtime.Game) []string {
	var out []string
	for _, k := range g.PieceKindIDs {
		for p := 0; p < g.MaxPlayers; p++ {
			for n := 1; n <= 5; n++ {
				out = append(out, fmt.Sprintf("%s-%d-%d", k, p, n))
			}
		}
	}
	return out
}

func cardDefs(g *runtime.Game) []string {
	var out []string
	for _, ds := range g.Defs {
		out = append(out, ds...)
	}
	sort.Strings(out)
	return out
}

// Walker calls itself on every node of an expression's tree, for
// exprast.Walk.
type Walker func(exprast.Node)

// Visit calls w on the node.
func (w Walker) Visit(n *exprast.Node) { w(*n) }

func (c *compiler) srcOf(v cue.Value) string { s, _ := v.String(); return s }

func zoneNames(g *runtime.Game, perPlayer bool) []string {
	if perPlayer {
		return keys(g.Pzones)
	}
	return append(keys(g.Zones), runtime.BoxZone)
}

func goodIDs(g *runtime.Game) []string {
	var out []string
	for _, gd := range g.GoodList {
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
func paramsRead(c *runtime.Code, ps []runtime.Param) int {
	if c.Prog == nil {
		return len(ps)
	}
	need := 0
	n := c.Prog.Node()
	var visit Walker = func(node exprast.Node) {
		if id, ok := node.(*exprast.IdentifierNode); ok {
			for k, p := range ps {
				if p.Name == id.Value && k+1 > need {
					need = k + 1
				}
			}
		}
	}
	exprast.Walk(&n, visit)
	return need
}

// engineTypes says the engine's types in a designer's words, where
// expr's messages name them as Go does ("mismatched types model.Card
// and int").
var engineTypes = func() *strings.Replacer {
	var pairs []string
	for _, v := range []any{model.Card{}, board.Node{}, model.Piece{}, board.Edge{}} {
		rt := reflect.TypeOf(v)
		word := strings.ToLower(rt.Name())
		pairs = append(pairs, "*"+rt.String(), word, rt.String(), word)
	}
	return strings.NewReplacer(pairs...)
}()

// plainTypes rewrites the engine's Go type names in msg as a designer
// says them.
func plainTypes(msg string) string { return engineTypes.Replace(msg) }

// hintExpr adds the closest known name to expr's "unknown name",
// "unknown field" (a param) and "has no field" (of a card, node, piece or
// edge) errors.
func hintExpr(g *runtime.Game, msg string, s scope) string {
	var name string
	var known []string
	switch {
	case strings.HasPrefix(msg, "unknown name "):
		name = strings.TrimPrefix(msg, "unknown name ")
		for k := range s {
			known = append(known, k)
		}
		for k := range g.M.Lib {
			known = append(known, k)
		}
	case strings.HasPrefix(msg, "unknown field "):
		name = strings.TrimPrefix(msg, "unknown field ")
		for k := range g.ParamTypes {
			known = append(known, k)
		}
	case strings.HasPrefix(msg, "type ") && strings.Contains(msg, " has no field "):
		t, field, _ := strings.Cut(strings.TrimPrefix(msg, "type "), " has no field ")
		name = field
		for _, v := range []any{model.Card{}, board.Node{}, model.Piece{}, board.Edge{}} {
			rt := reflect.TypeOf(v)
			if !strings.HasSuffix(t, "."+rt.Name()) {
				continue
			}
			for _, f := range reflect.VisibleFields(rt) {
				if tag := f.Tag.Get("expr"); tag != "" && tag != "-" {
					known = append(known, tag)
				}
			}
			// Say it in the designer's words, not Go's type name.
			msg = "a " + strings.ToLower(rt.Name()) + " has no field " + field
			if _, ok := v.(model.Piece); ok && slices.Contains(g.PieceVars, field) {
				return msg + " (read the piece var with qget(.id, '" + field + "'))"
			} else if ok && field == "vars" {
				return msg + " (read a piece var with qget(.id, 'name'))"
			}
			slices.Sort(known)
			if hint := diag.DidYouMean(name, known); hint != "" {
				return msg + hint
			}
			return msg + " (its fields: " + strings.Join(known, ", ") + ")"
		}
	default:
		return msg
	}
	slices.Sort(known)
	return msg + diag.DidYouMean(name, known)
}

// checkParamKey reports a constant key into a keyed param that the param
// does not declare: `params.prices['bred']` is caught at load.
func checkParamKey(g *runtime.Game, l exprpos.Literal, src string, m *exprast.MemberNode, errs *diag.List) {
	key, ok := m.Property.(*exprast.StringNode)
	if !ok {
		return
	}
	inner, ok := m.Node.(*exprast.MemberNode)
	if !ok {
		return
	}
	if id, ok := inner.Node.(*exprast.IdentifierNode); !ok || id.Value != "params" {
		return
	}
	name, ok := inner.Property.(*exprast.StringNode)
	if !ok {
		return
	}
	var known []string
	switch p := g.Params[name.Value].(type) {
	case map[string]int:
		known = keys(p)
	case map[string][]int:
		known = keys(p)
	default:
		return
	}
	for _, k := range known {
		if k == key.Value {
			return
		}
	}
	line, col := exprpos.LineCol(src, m.Property.Location().From)
	errs.Add(l.At(line, col), "params.%s: unknown key %q (declared: %s)", name.Value, key.Value, strings.Join(sorted(known), ", "))
}
