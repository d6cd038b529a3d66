package translate

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
)

// findLast is the last element of a list that passes a test, or nil. The
// optimizer makes it of filter(l, p)[-1] (which fails on an empty result:
// n.Throws) and of map(filter(l, p), m)[-1] (the element mapped).
func (t *translator) findLast(n *ast.BuiltinNode, l items, k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any) func(*eval.Frame) any {
	loc := n.Location()
	if mapped == nil && !n.Throws {
		return l.findLast(k, test)
	}
	// index leaves the element it returns bound in slot k, for mapped.
	idx := l.index(k, test, true)
	if mapped != nil {
		throws := n.Throws
		return func(fr *eval.Frame) any {
			if idx(fr) < 0 {
				if throws {
					eval.Fail(loc, errNoElement)
				}
				return nil
			}
			return mapped(fr)
		}
	}
	last := l.findLast(k, test)
	return func(fr *eval.Frame) any {
		// A nil found is told from none found by the index, looked
		// for only then.
		if v := last(fr); v != nil || idx(fr) >= 0 {
			return v
		}
		eval.Fail(loc, errNoElement)
		return nil
	}
}

// sortByOrder is sortBy with an order known only at run time: "asc" or
// "desc", else the VM's error.
func sortByOrder(order func(*eval.Frame) any, asc, desc func(*eval.Frame) []any, loc file.Location) func(*eval.Frame) []any {
	return func(fr *eval.Frame) []any {
		o, ok := order(fr).(string)
		if !ok {
			eval.Fail(loc, "sortBy order argument must be a string")
		}
		switch o {
		case "asc":
			return asc(fr)
		case "desc":
			return desc(fr)
		}
		eval.Fail(loc, "unknown order, use asc or desc")
		return nil
	}
}
