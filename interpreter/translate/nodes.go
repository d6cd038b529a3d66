package translate

import (
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
)

// node translates one node of a checked tree (see compiler.compile in
// expr for what the VM does with each). A value of a type the checker
// knows that its closure yields as any reads typed too (withChecked).
func (t *translator) node(n ast.Node) eval.Val {
	if kind := t.hoistable(n); kind != notKept {
		return t.hoist(n, kind)
	}
	outer := t.at
	t.at = n
	v := withChecked(n, t.nodeOf(n))
	t.at = outer // not deferred: a translation stopped keeps its node
	return v
}

// nodeOf is node before withChecked.
func (t *translator) nodeOf(n ast.Node) eval.Val {
	// Only this node may be transient or the root, not the ones inside
	// it (but the branches of a conditional and the body of a let,
	// whose value is this node's).
	use := t.use
	t.use = kept
	switch n := n.(type) {
	case *ast.NilNode:
		return eval.Const[any](nil)
	case *ast.BoolNode:
		return eval.Const(n.Value)
	case *ast.IntegerNode:
		switch kindOf(n) {
		case reflect.Int:
			return eval.Const(n.Value)
		case reflect.Float64:
			return eval.Const(float64(n.Value))
		}
		unsupported()
	case *ast.FloatNode:
		if kindOf(n) != reflect.Float64 {
			unsupported()
		}
		return eval.Const(n.Value)
	case *ast.StringNode:
		return eval.Const(t.interned(n.Value))
	case *ast.ConstantNode:
		if l, ok := n.Value.([]any); ok {
			// A list literal the optimizer folded (['done']) stays a list,
			// for the consumers of lists (a conditional between it and
			// another list is still one).
			return eval.Const(t.internedList(l))
		}
		if s, ok := n.Value.(string); ok {
			return eval.Const(t.interned(s))
		}
		return eval.Const(n.Value)
	case *ast.IdentifierNode:
		return t.ident(n)
	case *ast.PointerNode:
		b, ok := t.lookup("")
		switch n.Name {
		case "":
		case "acc":
			b, ok = t.lookupAcc()
		case "index":
			if !ok {
				unsupported()
			}
			k := b.slot
			return eval.Mk(func(fr *eval.Frame) int { return int(fr.Slots[k].Index) })
		default:
			unsupported()
		}
		if !ok {
			unsupported()
		}
		return readChecked(n, b)
	case *ast.UnaryNode:
		return t.unary(n)
	case *ast.BinaryNode:
		return t.binary(n, use)
	case *ast.SliceNode:
		return t.slice(n)
	case *ast.ChainNode:
		return t.chain(n)
	case *ast.MemberNode:
		return t.member(n)
	case *ast.CallNode:
		return t.call(n, use)
	case *ast.BuiltinNode:
		return t.builtin(n, use)
	case *ast.ConditionalNode:
		cond := eval.As[bool](t.operand(n.Cond))
		t.use = use
		a := t.node(n.Exp1)
		t.use = use
		return choose(cond, a, t.node(n.Exp2))
	case *ast.ArrayNode:
		elems := make([]func(*eval.Frame) any, len(n.Nodes))
		for i, x := range n.Nodes {
			elems[i] = t.node(x).Box
		}
		if len(elems) == 0 {
			use = kept // Fresh's empty list, as before
		}
		mk := t.maker(use)
		return eval.Mk(func(fr *eval.Frame) []any {
			out := mk(fr, len(elems))
			for i, e := range elems {
				out[i] = e(fr)
			}
			return out
		})
	case *ast.MapNode:
		return t.mapLit(n)
	case *ast.SequenceNode:
		vals := make([]func(*eval.Frame) any, len(n.Nodes))
		for i, x := range n.Nodes {
			vals[i] = t.node(x).Box
		}
		return eval.Mk(func(fr *eval.Frame) any {
			var out any
			for _, v := range vals {
				out = v(fr)
			}
			return out
		})
	case *ast.VariableDeclaratorNode:
		v := t.node(n.Value)
		k := t.slots
		kind, set := store(v, k)
		t.bind(n.Name, kind)
		t.use = use
		body := t.node(n.Expr)
		t.unbind()
		return before(set, body)
	}
	unsupported()
	return eval.Val{}
}

// ident reads a let, or a local of the scope by its slot. A local not
// bound reads as nil, as a name missing from the VM's map.
func (t *translator) ident(n *ast.IdentifierNode) eval.Val {
	if b, ok := t.lookup(n.Value); ok && n.Value != "" {
		return readChecked(n, b)
	}
	if kindOf(n) == reflect.Func || n.Value == "$env" || t.lay == nil {
		unsupported()
	}
	k := t.lay.Find(n.Value)
	if k < 0 {
		unsupported()
	}
	return checkedLocal(n, k)
}

func (t *translator) unary(n *ast.UnaryNode) eval.Val {
	switch n.Operator {
	case "!", "not":
		x := eval.As[bool](t.operand(n.Node))
		return eval.Mk(func(fr *eval.Frame) bool { return !x(fr) })
	case "-":
		v := t.operand(n.Node)
		if x, ok := eval.Typed[int](v); ok {
			return eval.Mk(func(fr *eval.Frame) int { return -x(fr) })
		}
		x, loc := v.Box, n.Location()
		return eval.Mk(func(fr *eval.Frame) any {
			v := x(fr)
			return eval.Guard(loc, func() any { return runtime.Negate(v) })
		})
	}
	unsupported()
	return eval.Val{}
}

func (t *translator) binary(n *ast.BinaryNode, use listUse) eval.Val {
	switch n.Operator {
	case "&&", "and", "||", "or":
		return t.logical(n)
	case "==", "!=":
		eq := t.equal(n)
		if n.Operator == "!=" {
			return eval.Mk(func(fr *eval.Frame) bool { return !eq(fr) })
		}
		return eval.Mk(eq)
	case "<", ">", "<=", ">=":
		return t.compare(n)
	case "+", "-", "*":
		return t.arith(n)
	case "in":
		return t.in(n)
	case "/":
		l, r := t.operand(n.Left), t.operand(n.Right)
		if v, ok := floatArith(n.Operator, l, r); ok {
			return v
		}
		return numArith(n.Operator, numOf(l), numOf(r), n.Location())
	case "%":
		a, b, loc := t.operand(n.Left).Box, t.operand(n.Right).Box, n.Location()
		op := map[string]func(a, b any) any{
			"/":  func(a, b any) any { return runtime.Divide(a, b) },
			"%":  func(a, b any) any { return runtime.Modulo(a, b) },
			"in": func(a, b any) any { return runtime.In(a, b) },
		}[n.Operator]
		return eval.Mk(func(fr *eval.Frame) any {
			x, y := a(fr), b(fr)
			return eval.Guard(loc, func() any { return op(x, y) })
		})
	case "..":
		return t.rangeOf(n, use)
	case "startsWith", "endsWith", "contains":
		return t.affix(n)
	case "matches":
		return t.matches(n)
	case "??":
		// The left, unless it is nil: then the right, evaluated only then.
		a, b := t.operand(n.Left).Box, t.operand(n.Right).Box
		return eval.Mk(func(fr *eval.Frame) any {
			if v := a(fr); !runtime.IsNil(v) {
				return v
			}
			return b(fr)
		})
	}
	unsupported()
	return eval.Val{}
}

// affix is a startsWith b, a endsWith b, a contains b, as the VM runs
// them: false when either is nil; otherwise both must be strings.
func (t *translator) affix(n *ast.BinaryNode) eval.Val {
	test := strings.HasPrefix
	switch n.Operator {
	case "endsWith":
		test = strings.HasSuffix
	case "contains":
		test = strings.Contains
	}
	l, r := t.operand(n.Left), t.operand(n.Right)
	a, aok := l.Fn.(func(*eval.Frame) string)
	b, bok := r.Fn.(func(*eval.Frame) string)
	if aok && bok {
		return eval.Mk(func(fr *eval.Frame) bool { return test(a(fr), b(fr)) })
	}
	x, y, loc := l.Box, r.Box, n.Location()
	return eval.Mk(func(fr *eval.Frame) bool {
		p, q := x(fr), y(fr)
		if runtime.IsNil(p) || runtime.IsNil(q) {
			return false
		}
		return eval.Guard(loc, func() bool { return test(p.(string), q.(string)) })
	})
}

// slice is a[from:to] as runtime.Slice cuts it: bounds counted from the
// end when negative, then clamped; a list keeps sharing its array (lists
// are never changed in place), a string is cut by bytes.
func (t *translator) slice(n *ast.SliceNode) eval.Val {
	base, loc := t.node(n.Node), n.Location()
	var to, from func(*eval.Frame) int
	if n.To != nil {
		to = intOf(t.operand(n.To), loc)
	}
	if n.From != nil {
		from = intOf(t.operand(n.From), loc)
	}
	bounds := func(fr *eval.Frame, length int) (int, int) {
		b := length
		if to != nil {
			b = to(fr)
		}
		a := 0
		if from != nil {
			a = from(fr)
		}
		if a < 0 {
			a += length
		}
		a = max(a, 0)
		if b < 0 {
			b += length
		}
		b = min(max(b, 0), length)
		return min(a, b), b
	}
	switch f := base.Fn.(type) {
	case func(*eval.Frame) []string:
		return eval.Mk(func(fr *eval.Frame) []string {
			l := f(fr)
			a, b := bounds(fr, len(l))
			return l[a:b]
		})
	case func(*eval.Frame) []any:
		return eval.Mk(func(fr *eval.Frame) []any {
			l := f(fr)
			a, b := bounds(fr, len(l))
			return l[a:b]
		})
	case func(*eval.Frame) string:
		return eval.Mk(func(fr *eval.Frame) string {
			s := f(fr)
			a, b := bounds(fr, len(s))
			return s[a:b]
		})
	}
	// A value known only at run time: runtime.Slice, with the bounds
	// the VM hands it (len of the value when there is no end, 0 when
	// there is no start).
	x := deref(n.Node, base).Box
	var tb, fb func(*eval.Frame) any
	if n.To != nil {
		tb = t.operand(n.To).Box
	}
	if n.From != nil {
		fb = t.operand(n.From).Box
	}
	return eval.Mk(func(fr *eval.Frame) any {
		v := x(fr)
		var hi, lo any = 0, 0
		if tb != nil {
			hi = tb(fr)
		} else {
			hi = eval.Guard(loc, func() int { return runtime.Len(v) })
		}
		if fb != nil {
			lo = fb(fr)
		}
		return eval.Guard(loc, func() any { return runtime.Slice(v, lo, hi) })
	})
}

// logical is && and ||: the left side decides, as a bool, whether the
// right is evaluated; the result is the value of the side that decided.
func (t *translator) logical(n *ast.BinaryNode) eval.Val {
	and := n.Operator == "&&" || n.Operator == "and"
	l := eval.As[bool](t.operand(n.Left))
	right := t.operand(n.Right)
	if r, ok := right.Fn.(func(*eval.Frame) bool); ok {
		if and {
			return eval.Mk(func(fr *eval.Frame) bool { return l(fr) && r(fr) })
		}
		return eval.Mk(func(fr *eval.Frame) bool { return l(fr) || r(fr) })
	}
	r := right.Box
	v := eval.Mk(func(fr *eval.Frame) any {
		if l(fr) != and {
			return !and
		}
		return r(fr)
	})
	if rc, ok := eval.Typed[bool](right); ok {
		// Asserting the side that decided is asserting the value.
		v.Checked = func(fr *eval.Frame) bool {
			if l(fr) != and {
				return !and
			}
			return rc(fr)
		}
	}
	return v
}

// equal follows the compiler's choice of instruction: ints and strings
// of plain types compare directly, anything else through runtime.Equal.
func (t *translator) equal(n *ast.BinaryNode) func(*eval.Frame) bool {
	lk, rk := kindOf(n.Left), kindOf(n.Right)
	simple := n.Left.Type().PkgPath() == "" && n.Right.Type().PkgPath() == ""
	l, r := t.operand(n.Left), t.operand(n.Right)
	if f, ok := t.joinEqual(n, l, r); ok {
		return f
	}
	switch {
	case lk == reflect.Int && rk == reflect.Int && simple:
		return equalOf(eval.As[int](l), eval.As[int](r), t.lit(n.Left), t.lit(n.Right))
	case lk == reflect.String && rk == reflect.String && simple:
		return equalOf(eval.As[string](l), eval.As[string](r), t.lit(n.Left), t.lit(n.Right))
	}
	if a, ok := l.Fn.(func(*eval.Frame) string); ok {
		b := r.Box
		return func(fr *eval.Frame) bool {
			x, y := a(fr), b(fr)
			if s, ok := y.(string); ok {
				return x == s
			}
			return runtime.Equal(x, y)
		}
	}
	a, b := l.Box, r.Box
	return func(fr *eval.Frame) bool { return runtime.Equal(a(fr), b(fr)) }
}

// lit is a literal node's value, its string interned (Interned), and
// whether the node is a literal.
type lit struct {
	v  any
	ok bool
}

func (t *translator) lit(n ast.Node) lit {
	v, ok := litValue(n)
	if s, isStr := v.(string); isStr {
		v = t.interned(s)
	}
	return lit{v, ok}
}

// equalOf is a == b; a literal on either side is compared as it is, not
// called for.
func equalOf[T int | string](a, b func(*eval.Frame) T, l, r lit) func(*eval.Frame) bool {
	if k, ok := r.v, r.ok; ok {
		if k, ok := k.(T); ok {
			return func(fr *eval.Frame) bool { return a(fr) == k }
		}
	}
	if k, ok := l.v, l.ok; ok {
		if k, ok := k.(T); ok {
			return func(fr *eval.Frame) bool { return k == b(fr) }
		}
	}
	return func(fr *eval.Frame) bool { return a(fr) == b(fr) }
}

func (t *translator) compare(n *ast.BinaryNode) eval.Val {
	var ints func(a, b int) bool
	var op func(a, b any) bool
	switch n.Operator {
	case "<":
		ints, op = func(a, b int) bool { return a < b }, runtime.Less
	case ">":
		ints, op = func(a, b int) bool { return a > b }, runtime.More
	case "<=":
		ints, op = func(a, b int) bool { return a <= b }, runtime.LessOrEqual
	default:
		ints, op = func(a, b int) bool { return a >= b }, runtime.MoreOrEqual
	}
	l, r := t.operand(n.Left), t.operand(n.Right)
	a, aok := eval.Typed[int](l)
	b, bok := eval.Typed[int](r)
	if aok && bok {
		return eval.Mk(ordered(n.Operator, a, b))
	}
	if v, ok := floatCompare(n.Operator, l, r); ok {
		return v
	}
	if v, ok := stringCompare(n.Operator, l, r); ok {
		return v
	}
	// Numbers known only at run time compare directly too, unboxed
	// where arithmetic gave them; anything else goes through expr's
	// runtime.
	return eval.Mk(numCompare(n.Operator, numOf(l), numOf(r), ints, op, n.Location()))
}

func (t *translator) arith(n *ast.BinaryNode) eval.Val {
	l, r := t.operand(n.Left), t.operand(n.Right)
	a, aok := eval.Typed[int](l)
	b, bok := eval.Typed[int](r)
	if aok && bok {
		switch n.Operator {
		case "+":
			return eval.Mk(func(fr *eval.Frame) int { return a(fr) + b(fr) })
		case "-":
			return eval.Mk(func(fr *eval.Frame) int { return a(fr) - b(fr) })
		default:
			return eval.Mk(func(fr *eval.Frame) int { return a(fr) * b(fr) })
		}
	}
	if v, ok := floatArith(n.Operator, l, r); ok {
		return v
	}
	s, sok := eval.Typed[string](l)
	u, uok := eval.Typed[string](r)
	if sok && uok && n.Operator == "+" {
		loc := n.Location()
		m := new(eval.JoinMemo[string])
		return eval.Mk(func(fr *eval.Frame) string {
			a, b := s(fr), u(fr)
			if v, ok := m.Find(a, b); ok {
				fr.Grow(len(v), loc)
				return v
			}
			v := fr.Join(a, b, loc)
			m.Keep(a, b, v)
			return v
		})
	}
	return numArith(n.Operator, numOf(l), numOf(r), n.Location())
}

// dynArith is arithmetic on values of types known only at run time, as
// the VM does it.
func dynArith(fr *eval.Frame, p, q any, op func(a, b any) any, m *eval.JoinMemo[any], loc file.Location) any {
	if m != nil {
		// A name built at run time ('price.' + good) is most often
		// one the game declares: its box, with no new string.
		if a, ok := p.(string); ok {
			if b, ok := q.(string); ok {
				if v, ok := m.Find(a, b); ok {
					return fr.Sized(v, loc)
				}
				v, ok := eval.JoinedName(fr.Boxed, a, b)
				if !ok {
					// Else cut from the frame's chunks, not made.
					v = fr.Boxes.String(fr.Boxes.Concat(a, b))
				}
				m.Keep(a, b, v)
				return fr.Sized(v, loc)
			}
		}
	}
	return fr.Sized(eval.Guard(loc, func() any { return op(p, q) }), loc)
}

// rangeOf is a..b, a list of ints; like the VM, it refuses a list larger
// than expr's memory budget. A transient range, or the value of a Temp
// evaluation, is cut from the frame's arena of ints.
func (t *translator) rangeOf(n *ast.BinaryNode, use listUse) eval.Val {
	loc := n.Location()
	a, b := intOf(t.operand(n.Left), loc), intOf(t.operand(n.Right), loc)
	mk := func(fr *eval.Frame, lo, hi int) []int { return runtime.MakeRange(lo, hi) }
	switch use {
	case scratch:
		t.usesScratch = true
		mk = func(fr *eval.Frame, lo, hi int) []int { return rangeInto(fr.ScratchInts(max(hi-lo+1, 0)), lo) }
	case root:
		mk = func(fr *eval.Frame, lo, hi int) []int {
			if fr.InTemp() {
				return rangeInto(fr.ScratchInts(max(hi-lo+1, 0)), lo)
			}
			return runtime.MakeRange(lo, hi)
		}
	}
	return eval.Mk(func(fr *eval.Frame) []int {
		lo, hi := a(fr), b(fr)
		if hi-lo+1 >= memoryBudget {
			eval.Fail(loc, "memory budget exceeded")
		}
		fr.Spend(max(hi-lo+1, 0))
		return mk(fr, lo, hi)
	})
}

// rangeInto fills l with lo, lo+1...
func rangeInto(l []int, lo int) []int {
	for i := range l {
		l[i] = lo + i
	}
	return l
}

// memoryBudget is expr's conf.DefaultMemoryBudget.
const memoryBudget = 1e6

// call is a call of a library function, made directly; its list may be
// cut from the frame's arena when it is transient (Func.Scratch).
func (t *translator) call(n *ast.CallNode, use listUse) eval.Val {
	f, args := t.callArgs(n)
	if f.Named != nil {
		if s, ok := n.Arguments[f.NameArg].(*ast.StringNode); ok {
			if v, ok := f.Named(n.Location(), s.Value, args); ok {
				return v
			}
		}
	}
	if f.Keyed != nil {
		if j, ok := t.joined(n.Arguments[f.NameArg]); ok {
			j.Whole = f.Call(n.Location(), args)
			if v, ok := f.Keyed(n.Location(), j, args); ok {
				return v
			}
		}
	}
	if use == scratch && f.Scratch != nil {
		t.usesScratch = true
		return f.Scratch(n.Location(), args)
	}
	return f.Call(n.Location(), args)
}

// joined is a name joined from a constant prefix and a key, 'price.' +
// good, when the key is a string or a variable: the call may then
// resolve it by its key (Func.Keyed). Its key is translated again, apart
// from the + the call's argument holds; both are pure closures, and a
// variable of another type than string is read again, for free, by the
// call as it would be made (Joined.Whole).
func (t *translator) joined(n ast.Node) (eval.Joined, bool) {
	b, ok := n.(*ast.BinaryNode)
	if !ok || b.Operator != "+" {
		return eval.Joined{}, false
	}
	p, ok := b.Left.(*ast.StringNode)
	if !ok {
		return eval.Joined{}, false
	}
	j := eval.Joined{Prefix: p.Value, At: b.Location()}
	v := t.operand(b.Right)
	if s, ok := eval.Typed[string](v); ok {
		j.Key = func(fr *eval.Frame) (string, bool) { return s(fr), true }
		return j, true
	}
	switch b.Right.(type) {
	case *ast.IdentifierNode, *ast.PointerNode:
	default:
		return eval.Joined{}, false
	}
	box := v.Box
	if box == nil {
		return eval.Joined{}, false
	}
	j.Key = func(fr *eval.Frame) (string, bool) {
		s, ok := box(fr).(string)
		return s, ok
	}
	return j, true
}

// lenOfCall is len of a call of a library function that counts without
// making the list (Func.Len).
func (t *translator) lenOfCall(n ast.Node) (eval.Val, bool) {
	c, ok := n.(*ast.CallNode)
	if !ok {
		return eval.Val{}, false
	}
	if id, ok := c.Callee.(*ast.IdentifierNode); !ok || t.lib[id.Value].Len == nil {
		return eval.Val{}, false
	}
	f, args := t.callArgs(c)
	return f.Len(c.Location(), args), true
}

// callArgs finds the library function a call names and translates its
// arguments.
func (t *translator) callArgs(n *ast.CallNode) (eval.Func, []eval.Val) {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		unsupported()
	}
	f, ok := t.lib[id.Value]
	if !ok {
		unsupported()
	}
	fn := n.Callee.Type()
	args := make([]eval.Val, len(n.Arguments))
	for i, a := range n.Arguments {
		// The VM dereferences a pointer passed where no pointer is
		// expected; no function of the library takes one.
		if kindOf(a) == reflect.Pointer && fn.In(i).Kind() != reflect.Pointer {
			unsupported()
		}
		if f.ReadsArgs {
			args[i] = t.transient(a)
		} else {
			args[i] = t.node(a)
		}
	}
	return f, args
}

// choose is a conditional: typed when both branches yield the same type.
func choose(c func(*eval.Frame) bool, a, b eval.Val) eval.Val {
	if v, ok := pick[bool](c, a, b); ok {
		return v
	}
	if v, ok := pick[int](c, a, b); ok {
		return v
	}
	if v, ok := pick[string](c, a, b); ok {
		return v
	}
	if v, ok := pick[[]any](c, a, b); ok {
		return v
	}
	if v, ok := pick[[]string](c, a, b); ok {
		return v
	}
	x, y := a.Box, b.Box
	v := eval.Mk(func(fr *eval.Frame) any {
		if c(fr) {
			return x(fr)
		}
		return y(fr)
	})
	// Lists of two kinds (a range and a literal, a list built and a
	// list of strings read from the state) are kept as they are, as the
	// VM keeps them, but read as one list of values by a caller that
	// asks for a list (Code.List, Code.Temp), which would get one
	// anyway: so that the list may be cut from the arena.
	if lx, ly := eval.ListOf(a), eval.ListOf(b); lx != nil && ly != nil {
		v.List = func(fr *eval.Frame) []any {
			if c(fr) {
				return lx(fr)
			}
			return ly(fr)
		}
	}
	// Where each branch is of a type the checker knows, asserting the
	// branch taken is asserting the value.
	v.Checked = pickChecked[int](c, a, b)
	if v.Checked == nil {
		v.Checked = pickChecked[string](c, a, b)
	}
	if v.Checked == nil {
		v.Checked = pickChecked[bool](c, a, b)
	}
	return v
}

// pickChecked is the Checked closure of a conditional whose branches
// both read as T (eval.Typed), or nil.
func pickChecked[T any](c func(*eval.Frame) bool, a, b eval.Val) any {
	x, ok := eval.Typed[T](a)
	y, ok2 := eval.Typed[T](b)
	if !ok || !ok2 {
		return nil
	}
	return func(fr *eval.Frame) T {
		if c(fr) {
			return x(fr)
		}
		return y(fr)
	}
}

func pick[T any](c func(*eval.Frame) bool, a, b eval.Val) (eval.Val, bool) {
	x, ok := a.Fn.(func(*eval.Frame) T)
	y, ok2 := b.Fn.(func(*eval.Frame) T)
	if !ok || !ok2 {
		return eval.Val{}, false
	}
	return eval.Mk(func(fr *eval.Frame) T {
		if c(fr) {
			return x(fr)
		}
		return y(fr)
	}), true
}

// before runs set, then the body: a let and the expression it scopes.
func before(set func(*eval.Frame), body eval.Val) eval.Val {
	switch f := body.Fn.(type) {
	case func(*eval.Frame) bool:
		return eval.Mk(func(fr *eval.Frame) bool { set(fr); return f(fr) })
	case func(*eval.Frame) int:
		return eval.Mk(func(fr *eval.Frame) int { set(fr); return f(fr) })
	case func(*eval.Frame) string:
		return eval.Mk(func(fr *eval.Frame) string { set(fr); return f(fr) })
	}
	b := body.Box
	v := eval.Mk(func(fr *eval.Frame) any { set(fr); return b(fr) })
	switch f := body.Checked.(type) {
	case func(*eval.Frame) int:
		v.Checked = func(fr *eval.Frame) int { set(fr); return f(fr) }
	case func(*eval.Frame) bool:
		v.Checked = func(fr *eval.Frame) bool { set(fr); return f(fr) }
	case func(*eval.Frame) string:
		v.Checked = func(fr *eval.Frame) string { set(fr); return f(fr) }
	}
	return v
}

// mapLit translates a map literal. One whose keys and values are all
// constants is made once, at load, and shared: no expression changes a
// map in place. Otherwise a map is made at each evaluation, as the VM
// does, the first of two pairs with one key winning, as in the VM.
func (t *translator) mapLit(n *ast.MapNode) eval.Val {
	keys := make([]func(*eval.Frame) string, len(n.Pairs))
	vals := make([]func(*eval.Frame) any, len(n.Pairs))
	konst := map[string]any{}
	allConst := true
	for i, x := range n.Pairs {
		p, ok := x.(*ast.PairNode)
		if !ok || kindOf(p.Key) != reflect.String {
			unsupported()
		}
		keys[i], vals[i] = eval.As[string](t.node(p.Key)), t.node(p.Value).Box
		k, kc := litValue(p.Key)
		vl := t.lit(p.Value)
		v, vc := vl.v, vl.ok
		if !kc || !vc {
			allConst = false
		} else if _, dup := konst[k.(string)]; !dup {
			konst[k.(string)] = v
		}
	}
	if allConst {
		return eval.Const(konst)
	}
	loc := n.Location()
	return eval.Mk(func(fr *eval.Frame) map[string]any {
		fr.Grow(len(keys), loc)
		m := make(map[string]any, len(keys))
		for i := range keys {
			k, v := keys[i](fr), vals[i](fr)
			if _, dup := m[k]; !dup {
				m[k] = v
			}
		}
		return m
	})
}

// litValue is the value of a literal node, as the VM would push it.
func litValue(n ast.Node) (any, bool) {
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.IntegerNode:
		if kindOf(n) == reflect.Int {
			return x.Value, true
		}
	case *ast.BoolNode:
		return x.Value, true
	}
	return nil, false
}

// in is a in b. A list of a known type is read as it is, without boxing
// it, and may be cut from the arena (in keeps no list); each element is
// compared as runtime.In compares it.
func (t *translator) in(n *ast.BinaryNode) eval.Val {
	l, r := t.operand(n.Left), deref(n.Right, t.transient(n.Right))
	a := l.Box
	switch list := r.Fn.(type) {
	case func(*eval.Frame) []any:
		return eval.Mk(func(fr *eval.Frame) bool {
			x := a(fr)
			for _, e := range list(fr) {
				if runtime.Equal(e, x) {
					return true
				}
			}
			return false
		})
	case func(*eval.Frame) []int:
		if n, ok := l.Fn.(func(*eval.Frame) int); ok {
			return eval.Mk(func(fr *eval.Frame) bool { return slices.Contains(list(fr), n(fr)) })
		}
	case func(*eval.Frame) []string:
		if s, ok := l.Fn.(func(*eval.Frame) string); ok {
			return eval.Mk(func(fr *eval.Frame) bool { return slices.Contains(list(fr), s(fr)) })
		}
		return eval.Mk(func(fr *eval.Frame) bool {
			x := a(fr)
			if s, ok := x.(string); ok {
				return slices.Contains(list(fr), s)
			}
			for _, e := range list(fr) {
				if runtime.Equal(e, x) {
					return true
				}
			}
			return false
		})
	}
	b, loc := r.Box, n.Location()
	return eval.Mk(func(fr *eval.Frame) any {
		x, y := a(fr), b(fr)
		if found, ok := inList(x, y); ok {
			return found
		}
		return eval.Guard(loc, func() any { return runtime.In(x, y) })
	})
}

// inList is x in y where y is a list of the types a value holds, found
// as runtime.In finds it but without reflection, which boxes each
// element it reads (an int past 255 is an allocation); ok is false for
// any other y.
func inList(x, y any) (found, ok bool) {
	switch l := y.(type) {
	case []any:
		for _, e := range l {
			if runtime.Equal(e, x) {
				return true, true
			}
		}
		return false, true
	case []int:
		if n, isInt := x.(int); isInt {
			return slices.Contains(l, n), true
		}
	case []string:
		if s, isStr := x.(string); isStr {
			return slices.Contains(l, s), true
		}
	}
	return false, false
}

// interned is the game's own string for a constant (Interned).
func (t *translator) interned(s string) string {
	if t.intern == nil {
		return s
	}
	return t.intern(s)
}

// internedList is a constant list with its strings interned, a new list
// when one changes.
func (t *translator) internedList(l []any) []any {
	if t.intern == nil {
		return l
	}
	var out []any
	for i, x := range l {
		s, ok := x.(string)
		if !ok {
			continue
		}
		if c := t.intern(s); unsafe.StringData(c) != unsafe.StringData(s) {
			if out == nil {
				out = slices.Clone(l)
			}
			out[i] = c
		}
	}
	if out == nil {
		return l
	}
	return out
}
