package translate

import (
	"reflect"
	"slices"

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

// Body is Repeated for a named function's body, evaluated again and
// again on one state with other arguments: a loop builtin of it that
// reads arguments too is kept for each values of them, while the state
// stays the same (eval.HoistBy). Not for a modifier's body, whose
// locals (the value modified) change with nearly every evaluation:
// there the parts' lists, made to outlive the evaluation, would cost
// more than the values found.
func Body() Option {
	return func(t *translator) { t.pure, t.repeated, t.byLocals = true, true, true }
}

// Interned makes each string constant of the expression the string
// intern gives for its bytes: the game's own (model.Tables.Intern), so
// that the name it holds is found by its address wherever the game
// looks it up (a zone, a stock's holder, a card, a node).
func Interned(intern func(string) string) Option {
	return func(t *translator) { t.intern = intern }
}

// Listed is Repeated for the candidates of an action's param, or a
// condition of it, that read params before it (params names them):
// listed again for each of their values. A loop builtin of it that
// reads locals of the scope which are not these params (`me`, what the
// action sees of its turn) is kept by their values as in a Body
// (eval.HoistBy): those locals hold the same values for a whole
// listing, so `any(pzone('transport', me), ...)` is computed once a
// listing, not once for each candidate of the param before. A part that
// reads one of the params still changes with nearly every evaluation,
// and is not kept.
func Listed(params []string) Option {
	return func(t *translator) {
		t.pure, t.repeated, t.byLocals, t.varying = true, true, true, params
	}
}

// hoistKind is how a part is kept (eval.Hoist).
type hoistKind uint8

const (
	notKept hoistKind = iota
	// perEpoch: the part reads only the state (and params), and is kept
	// while the state stays the same.
	perEpoch
	// perEntry: the part reads locals of the scope too, which one
	// evaluation does not change, and is kept for one evaluation: a
	// part of a loop's predicate that reads none of the loop's
	// elements (`modified('rondel', me, 3)` for each field of a
	// rondel) is computed once, not once an element.
	perEntry
	// perEpochBy: a loop builtin of a function's Body that reads
	// locals of the scope too (at most maxKeyLocals), kept while the
	// state stays the same and those locals hold the same ints, strings
	// or bools: in a function's body, the nodes a player's filter
	// keeps, for every node a path of his pawn ends on (eval.HoistBy).
	perEpochBy
)

// maxKeyLocals is how many locals a part kept by their values may read.
const maxKeyLocals = 4

// hoistable tells how n is kept, if it is: a part of a pure expression
// that calls the library and reads nothing bound inside the expression
// around it (no let, no element of a loop). Inside a loop's predicate
// any such part is kept (perEntry, or perEpoch when it reads no local);
// elsewhere only a loop builtin (filter, map, any, count...) that reads
// no local, and only where the expression is Repeated. Not the whole
// expression, which its caller evaluates once, and only the outermost
// part, not the ones inside it.
func (t *translator) hoistable(n ast.Node) hoistKind {
	if !t.pure || t.hoisting || n == t.root {
		return notKept
	}
	switch n.(type) {
	case *ast.BuiltinNode, *ast.CallNode, *ast.BinaryNode, *ast.UnaryNode, *ast.ConditionalNode, *ast.MemberNode:
	default:
		return notKept
	}
	inLoop := t.inLoop()
	if !inLoop && (!t.repeated || !loopBuiltin(n)) {
		return notKept // before walking n: most nodes stop here
	}
	ok, locals := t.reads(n)
	switch {
	case !ok:
		return notKept
	case inLoop && len(locals) > 0:
		return perEntry
	case len(locals) > maxKeyLocals, len(locals) > 0 && (!t.byLocals || t.readsVarying(locals)):
		return notKept
	case len(locals) > 0:
		return perEpochBy
	}
	return perEpoch
}

// loopBuiltin tells whether n is a builtin that loops with a predicate.
func loopBuiltin(n ast.Node) bool {
	b, ok := n.(*ast.BuiltinNode)
	if !ok {
		return false
	}
	k, ok := builtin.Index[b.Name]
	return ok && builtin.Builtins[k].Predicate
}

// reads tells whether n reads the state (it calls the library) and
// nothing bound inside the expression around it: no let, no element of
// a loop. locals are the slots of the locals of the scope it reads (the
// game's params are not one).
func (t *translator) reads(n ast.Node) (ok bool, locals []int) {
	calls := false
	ok = true
	// The sets are small: slices, searched, allocate less than maps.
	var lets []string
	var bound, pointers []*ast.PointerNode // bound: to an element of a loop inside n
	var idents, callees []*ast.IdentifierNode
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
			callees = append(callees, id)
			calls = true
		case *ast.IdentifierNode:
			idents = append(idents, x)
		case *ast.PointerNode:
			pointers = append(pointers, x)
		case *ast.VariableDeclaratorNode:
			lets = append(lets, x.Name)
		case *ast.BuiltinNode:
			inner := func(y ast.Node) {
				var mark visitor = func(z ast.Node) {
					if p, isP := z.(*ast.PointerNode); isP {
						bound = append(bound, p)
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
		return false, nil
	}
	for _, p := range pointers {
		if !slices.Contains(bound, p) {
			return false, nil // the element of a loop around n
		}
	}
	for _, id := range idents {
		// expr refuses a let that redeclares a name: a name is the
		// library's, a let's of n, the params, a local, or bound around
		// n (a let there).
		switch {
		case slices.Contains(callees, id), slices.Contains(lets, id.Value), id.Value == "params":
		case t.local(id.Value):
			if k := t.lay.Find(id.Value); !slices.Contains(locals, k) {
				locals = append(locals, k)
			}
		default:
			return false, nil // bound around n
		}
	}
	return true, locals
}

// readsVarying tells whether one of the locals in slots is one of the
// params a Listed expression is listed again for.
func (t *translator) readsVarying(slots []int) bool {
	for _, k := range slots {
		if slices.Contains(t.varying, t.lay.Names[k]) {
			return true
		}
	}
	return false
}

// keptPrefix splits a filter of a Listed expression whose predicate
// reads a param it is listed for only in its last conjuncts: `filter(l,
// p && q)`, q reading the param, becomes `filter(filter(l, p), q)`, and
// the inner filter, reading no param, is kept (hoistable). expr's
// optimizer fuses `filter(filter(pieces(), onWater), q)` into one
// filter, so without this the ships on the water would be found again
// for each candidate of the param q reads. The conjuncts run in their
// order on each element, so the filter keeps the same elements in the
// same order; only an error's element may differ (the first conjuncts
// now run over all elements before the last ones). ok is false where
// no leading conjunct may be kept.
func (t *translator) keptPrefix(n *ast.BuiltinNode) (split *ast.BuiltinNode, ok bool) {
	if t.varying == nil || t.hoisting || n.Name != "filter" || len(n.Arguments) != 2 {
		return nil, false
	}
	pred, isPred := n.Arguments[1].(*ast.PredicateNode)
	if !isPred {
		return nil, false
	}
	conj := boolTerms(pred.Node, nil)
	for cut := len(conj) - 1; cut > 0; cut-- {
		inner := &ast.BuiltinNode{Name: "filter", Arguments: []ast.Node{n.Arguments[0], predicateOf(conj[:cut], pred)}}
		inner.SetType(n.Arguments[0].Type())
		inner.SetLocation(n.Location())
		if t.hoistable(inner) == notKept {
			continue
		}
		split = &ast.BuiltinNode{Name: "filter", Arguments: []ast.Node{inner, predicateOf(conj[cut:], pred)}, Map: n.Map}
		split.SetType(n.Type())
		split.SetLocation(n.Location())
		return split, true
	}
	return nil, false
}

// boolTerms is conjuncts for a predicate expr's optimizer may have
// fused: the && it adds between two filters' predicates is typed any,
// its terms bool. nil where a term is no bool.
func boolTerms(n ast.Node, out []ast.Node) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") && (b.Type() == nil || b.Type().Kind() == reflect.Interface) {
		if out = boolTerms(b.Left, out); out == nil {
			return nil
		}
		return boolTerms(b.Right, out)
	}
	return conjuncts(n, out)
}

// predicateOf is the predicate of the conjuncts cs, at p's place.
func predicateOf(cs []ast.Node, p *ast.PredicateNode) *ast.PredicateNode {
	x := cs[0]
	for _, c := range cs[1:] {
		b := &ast.BinaryNode{Operator: "&&", Left: x, Right: c}
		b.SetType(boolType)
		b.SetLocation(c.Location())
		x = b
	}
	out := &ast.PredicateNode{Node: x}
	out.SetType(p.Type())
	out.SetLocation(p.Location())
	return out
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

// hoist translates n, a part kept as kind says. A part kept while the
// state stays the same outlives the evaluation, so its list is not the
// frame's arena's: where its consumer reads and drops it (transient),
// it is cut from an array of the part's own, which only its next
// computation, in a later epoch, writes over, once no consumer of the
// last one runs; elsewhere it is made fresh. A part kept for one
// evaluation is made as it would be.
//
// A part kept by the values of the locals it reads is made fresh: its
// next computation may come in the same epoch, for other values, while
// a consumer of the last one still runs (a function that calls itself).
func (t *translator) hoist(n ast.Node, kind hoistKind) eval.Val {
	t.hoisting = true
	var slots []int
	switch kind {
	case perEpoch:
		if t.use == scratch {
			t.use, t.owned = owned, new([]any)
		} else {
			t.use = kept
		}
	case perEpochBy:
		t.use = kept
		_, slots = t.reads(n)
	}
	v := t.node(n)
	t.hoisting, t.owned = false, nil
	var ok bool
	if kind == perEpochBy {
		v, ok = eval.HoistBy(v, slots)
	} else {
		v, ok = eval.Hoist(v, kind == perEntry)
	}
	if ok {
		t.hoisted++
	}
	return v
}

// visitor adapts a function to ast.Visitor.
type visitor func(ast.Node)

func (f visitor) Visit(n *ast.Node) { f(*n) }
