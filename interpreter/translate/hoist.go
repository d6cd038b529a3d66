package translate

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"

	"github.com/haven-engine/haven/interpreter/eval"
)

// Option changes how Program translates an expression.
type Option func(*translator)

// Pure says the expression changes nothing: a condition, a param's
// candidates, a choice's options, a score (the compiler refuses a
// change in one). A part of it inside a loop that loops over what it
// reads of the state and reads no local (`filter(nodes('start'), ...)`
// for each element of another list) is then computed once while the
// state stays the same (eval.Hoist), not once for each element.
func Pure() Option { return func(t *translator) { t.pure = true } }

// Repeated is Pure for an expression evaluated again and again while
// the state stays the same: the candidates of a param or a condition
// that reads the params before it (listed once for each of their
// values), a function's body, a modifier's. Its parts that read only
// the state are kept wherever they stand: the ships on the water, in
// the candidates of a param that follows another, are computed once a
// listing of moves, rather than once for each candidate before.
func Repeated() Option { return func(t *translator) { t.pure, t.repeated = true, true } }

// hoistable tells whether n is such a part: not the whole expression
// (which its caller evaluates once), inside a loop unless the
// expression is Repeated, a loop builtin (filter, map, any,
// count...) over something a call reads, and reading nothing of the
// scope: no local, no let or element bound outside it. The outermost
// such part is kept, not the ones inside it.
func (t *translator) hoistable(n ast.Node) bool {
	if !t.pure || t.hoisting || n == t.root || !t.repeated && !t.inLoop() {
		return false
	}
	b, ok := n.(*ast.BuiltinNode)
	if !ok {
		return false
	}
	if k, ok := builtin.Index[b.Name]; !ok || !builtin.Builtins[k].Predicate {
		return false
	}
	return t.reads(n)
}

// reads tells whether n reads the state (it calls the library) and
// nothing of its scope but the game's params.
func (t *translator) reads(n ast.Node) bool {
	calls, ok := false, true
	lets := map[string]bool{}
	bound := map[*ast.PointerNode]bool{} // pointers to an element of a loop inside n
	var pointers []*ast.PointerNode
	var idents []*ast.IdentifierNode
	callees := map[*ast.IdentifierNode]bool{}
	var visit visitor
	visit = func(x ast.Node) {
		switch x := x.(type) {
		case *ast.CallNode:
			id, isID := x.Callee.(*ast.IdentifierNode)
			if !isID {
				ok = false
				return
			}
			if _, lib := t.lib[id.Value]; !lib {
				ok = false
				return
			}
			callees[id] = true
			calls = true
		case *ast.IdentifierNode:
			idents = append(idents, x)
		case *ast.PointerNode:
			pointers = append(pointers, x)
		case *ast.VariableDeclaratorNode:
			lets[x.Name] = true
		case *ast.BuiltinNode:
			inner := func(y ast.Node) {
				var mark visitor = func(z ast.Node) {
					if p, isP := z.(*ast.PointerNode); isP {
						bound[p] = true
					}
				}
				ast.Walk(&y, mark)
			}
			for _, a := range x.Arguments {
				if _, isPred := a.(*ast.PredicateNode); isPred {
					inner(a)
				}
			}
			if x.Map != nil {
				// What the optimizer folded (map(filter(l, p), f)): Walk
				// does not visit it.
				inner(x.Map)
				ast.Walk(&x.Map, visit)
			}
		}
	}
	ast.Walk(&n, visit)
	if !ok || !calls {
		return false
	}
	for _, p := range pointers {
		if !bound[p] {
			return false // the element of a loop around n
		}
	}
	for _, id := range idents {
		if callees[id] {
			continue
		}
		if lets[id.Value] && !t.local(id.Value) && !t.bound(id.Value) {
			continue // a let of n's own
		}
		if id.Value == "params" && !lets[id.Value] && !t.bound(id.Value) {
			continue
		}
		return false // a local, or a let or element bound outside n
	}
	return true
}

// inLoop tells whether the node being translated is inside a loop's
// predicate, evaluated for each element.
func (t *translator) inLoop() bool {
	for _, b := range t.binds {
		if b.name == "" {
			return true
		}
	}
	return false
}

// local tells whether a name is a local of the scope.
func (t *translator) local(name string) bool { return t.lay != nil && t.lay.Find(name) >= 0 }

// bound tells whether a name is bound by a let or a loop around the node
// being translated.
func (t *translator) bound(name string) bool {
	for _, b := range t.binds {
		if b.name == name {
			return true
		}
	}
	return false
}

// hoist translates n, a hoistable part, as a value kept while the state
// stays the same. It outlives the evaluation, so its list is not the
// frame's arena's: where its consumer reads and drops it (transient),
// it is cut from an array of the part's own, which only its next
// computation, in a later epoch, writes over, once no consumer of the
// last one runs; elsewhere it is made fresh.
func (t *translator) hoist(n ast.Node) (eval.Val, bool) {
	t.hoisting = true
	if t.use == scratch {
		t.use, t.owned = owned, new([]any)
	} else {
		t.use = kept
	}
	v := t.node(n)
	t.hoisting, t.owned = false, nil
	v, ok := eval.Hoist(v)
	if ok {
		t.hoisted++
	}
	return v, ok
}

// visitor adapts a function to ast.Visitor.
type visitor func(ast.Node)

func (f visitor) Visit(n *ast.Node) { f(*n) }
