package translate

// A comparison with a joined text, `join(route, '>') == choice`, made
// without joining: the parts are matched against the other text in
// place. A route chosen by its text is found again this way, and the
// text of every route it is compared with would otherwise be built.

import (
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
)

// joinParts are the closures of a join(list, glue) the translator made:
// strs when the list is known to be a []string, else list; join is the
// joined value as the join node gives it, from the list and glue read.
type joinParts struct {
	strs func(*eval.Frame) []string
	list func(*eval.Frame) any
	glue func(*eval.Frame) string
	join func(fr *eval.Frame, l any, glue string) any
}

// noteJoin keeps the parts of the join node n, for a comparison with it.
func (t *translator) noteJoin(n ast.Node, p joinParts) {
	if t.joins == nil {
		t.joins = map[ast.Node]joinParts{}
	}
	t.joins[n] = p
}

// joinEqual is n, `join(l, g) == x` or `x == join(l, g)`, both sides
// translated already, as a comparison that builds no text; ok is false
// for any other comparison.
func (t *translator) joinEqual(n *ast.BinaryNode, l, r eval.Val) (func(*eval.Frame) bool, bool) {
	if p, ok := t.joins[n.Left]; ok {
		return p.equal(r.Box, true), true
	}
	if p, ok := t.joins[n.Right]; ok {
		return p.equal(l.Box, false), true
	}
	return nil, false
}

// equal compares the joined text with other's value, reading the
// join's operands before other's when first, after them else (the
// order of the sides).
func (p joinParts) equal(other func(*eval.Frame) any, first bool) func(*eval.Frame) bool {
	if strs := p.strs; strs != nil {
		glue := p.glue
		return func(fr *eval.Frame) bool {
			var y any
			if !first {
				y = other(fr)
			}
			l, g := strs(fr), glue(fr)
			if first {
				y = other(fr)
			}
			if s, ok := y.(string); ok {
				return joinedIs(l, g, s)
			}
			return runtime.Equal(fr.Boxes.String(fr.Boxes.Join(l, g)), y)
		}
	}
	list, glue, join := p.list, p.glue, p.join
	return func(fr *eval.Frame) bool {
		var y any
		if !first {
			y = other(fr)
		}
		l, g := list(fr), glue(fr)
		if first {
			y = other(fr)
		}
		if parts, ok := l.([]string); ok {
			if s, ok := y.(string); ok {
				return joinedIs(parts, g, s)
			}
		}
		return runtime.Equal(join(fr, l, g), y)
	}
}

// joinedIs tells whether strings.Join(parts, glue) == s.
func joinedIs(parts []string, glue, s string) bool {
	for i, part := range parts {
		if i > 0 {
			if !strings.HasPrefix(s, glue) {
				return false
			}
			s = s[len(glue):]
		}
		if !strings.HasPrefix(s, part) {
			return false
		}
		s = s[len(part):]
	}
	return s == ""
}
