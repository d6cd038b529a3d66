package translate

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// A loop over pieces whose predicate begins with tests of the element's
// own fields (`.kind == 'ship' && .owner == p && .at != '' && ...`) runs
// those tests on the piece itself, in one closure, before it binds the
// element and runs the rest of the predicate: a piece of another kind
// or owner costs a comparison, not the closures of a field read, an
// equality and an &&. The tests run in the predicate's order and stop
// at the first that fails, as && does, so the rest of the predicate runs
// for exactly the pieces it ran for before, and what it reads, charges
// and fails with is the same.

// pieceField is a field of a piece a test reads.
type pieceField uint8

const (
	pieceKind pieceField = iota
	pieceOwner
	pieceAt
	pieceID
)

// pieceTest is `.field == other` (or !=): other a string or an int that
// reads no element of a loop, evaluated where the predicate evaluated it.
type pieceTest struct {
	field pieceField
	neg   bool
	str   func(*eval.Frame) string
	num   func(*eval.Frame) int
	// steady says that other is a constant or a name: reading it
	// charges nothing and gives the same all loop long, so an index may
	// read it once (pieceindex.go); lit is a string constant's text.
	steady, hasLit bool
	lit            string
}

// pieceTests are the leading tests of a predicate; full is the whole
// predicate, run for an element that is no piece (a nil in a list made
// by hand), to fail as it would have.
type pieceTests struct {
	tests []pieceTest
	full  func(*eval.Frame) bool
	slot  int // the element's
}

// pass runs the tests on p, in order, stopping at the first that fails.
func (pt *pieceTests) pass(fr *eval.Frame, p *model.Piece) bool {
	if p == nil {
		fr.Slots[pt.slot].Any = p
		return pt.full(fr)
	}
	for i := range pt.tests {
		t := &pt.tests[i]
		var eq bool
		switch t.field {
		case pieceKind:
			eq = p.Kind == t.str(fr)
		case pieceAt:
			eq = p.At == t.str(fr)
		case pieceID:
			eq = p.ID == t.str(fr)
		default:
			eq = p.Owner == t.num(fr)
		}
		if eq == t.neg {
			return false
		}
	}
	return true
}

// splitPieceTests splits the predicate of a loop over pieces into its
// leading field tests and the rest, translated with the element bound.
// ok is false when it has no leading test; rest is nil when the tests
// are the whole predicate.
func (t *translator) splitPieceTests(pred ast.Node) (pt *pieceTests, rest func(*eval.Frame) bool, ok bool) {
	terms := conjuncts(pred, nil)
	if terms == nil {
		return nil, nil, false
	}
	var tests []pieceTest
	n := 0
	for _, term := range terms {
		pt, ok := t.pieceTest(term)
		if !ok {
			break
		}
		tests = append(tests, pt)
		n++
	}
	if n == 0 {
		return nil, nil, false
	}
	var parts []func(*eval.Frame) bool
	for _, term := range terms[n:] {
		parts = append(parts, eval.As[bool](t.node(term)))
	}
	full := eval.As[bool](t.node(pred))
	switch len(parts) {
	case 0:
	case 1:
		rest = parts[0]
	case 2:
		a, b := parts[0], parts[1]
		rest = func(fr *eval.Frame) bool { return a(fr) && b(fr) }
	default:
		rest = func(fr *eval.Frame) bool {
			for _, p := range parts {
				if !p(fr) {
					return false
				}
			}
			return true
		}
	}
	return &pieceTests{tests: tests, full: full}, rest, true
}

// conjuncts lists the terms of a chain of && in the order they run; nil
// when a term is not a bool (&& then gives the value of its right side,
// which the loop asserts) or n is no &&.
func conjuncts(n ast.Node, out []ast.Node) []ast.Node {
	if n.Type() != boolType {
		return nil
	}
	b, ok := n.(*ast.BinaryNode)
	if !ok || b.Operator != "&&" && b.Operator != "and" {
		return append(out, n)
	}
	out = conjuncts(b.Left, out)
	if out == nil {
		return nil
	}
	return conjuncts(b.Right, out)
}

// pieceTest reads `.kind == 'ship'`, `.owner != p`, `.at == ”`... as a
// test of the element's field, when the other side reads no element.
func (t *translator) pieceTest(n ast.Node) (pieceTest, bool) {
	b, ok := n.(*ast.BinaryNode)
	if !ok || b.Operator != "==" && b.Operator != "!=" {
		return pieceTest{}, false
	}
	field, other, ok := elementField(b.Left, b.Right)
	if !ok {
		if field, other, ok = elementField(b.Right, b.Left); !ok {
			return pieceTest{}, false
		}
	}
	if other.Type().PkgPath() != "" || readsElement(other) {
		return pieceTest{}, false
	}
	pt := pieceTest{field: field, neg: b.Operator == "!="}
	_, pt.steady = other.(*ast.IdentifierNode)
	// The sides run left to right, as equal runs them; the field's side
	// reads nothing that can fail, so only the other side's order
	// matters, and it runs once either way.
	switch field {
	case pieceOwner:
		if kindOf(other) != reflect.Int {
			return pieceTest{}, false
		}
		if k, ok := litValue(other); ok {
			c := k.(int)
			pt.num, pt.steady = func(*eval.Frame) int { return c }, true
		} else {
			pt.num = eval.As[int](t.operand(other))
		}
	default:
		if kindOf(other) != reflect.String {
			return pieceTest{}, false
		}
		if l := t.lit(other); l.ok {
			c := l.v.(string)
			pt.str, pt.steady, pt.hasLit, pt.lit = func(*eval.Frame) string { return c }, true, true, c
		} else {
			pt.str = eval.As[string](t.operand(other))
		}
	}
	return pt, true
}

// elementField tells whether n is a field of the loop's element (`.kind`),
// and which; other is the test's other side.
func elementField(n, other ast.Node) (pieceField, ast.Node, bool) {
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || m.Method {
		return 0, nil, false
	}
	p, ok := m.Node.(*ast.PointerNode)
	if !ok || p.Name != "" || m.Node.Type() != pieceType {
		return 0, nil, false
	}
	name, ok := m.Property.(*ast.StringNode)
	if !ok {
		return 0, nil, false
	}
	switch name.Value {
	case "kind":
		return pieceKind, other, true
	case "owner":
		return pieceOwner, other, true
	case "at":
		return pieceAt, other, true
	case "id":
		return pieceID, other, true
	}
	return 0, nil, false
}

// readsElement tells whether n reads an element of a loop (#, #index, or
// a named one), or binds anything: such a side is left in the predicate.
func readsElement(n ast.Node) bool {
	found := false
	ast.Walk(&n, visitor(func(x ast.Node) {
		switch x.(type) {
		case *ast.PointerNode, *ast.PredicateNode, *ast.VariableDeclaratorNode:
			found = true
		}
	}))
	return found
}
