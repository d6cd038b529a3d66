package runtime

// Expressions of the board, kept by their inputs. The board never
// changes while a game runs, nor do the cards' definitions: an
// expression that reads nothing else (no state, no function of the
// state) is a function of the locals it reads, and where it walks the
// board (the routes of a ship of a number of steps, filtered, mapped) it
// is worth keeping its value for those locals instead of walking again
// at every decision. This is the table of reachable destinations a
// hand-written engine builds at load, built as the game asks for it.
//
// An expression is kept when (memoPlan):
//   - every function it calls is one of boardFuncs, every builtin one of
//     expr's (all pure: the clock's are refused at compile time), and it
//     names no global;
//   - it is worth it: it walks the board (walks, walksBack) and loops
//     over what it finds (filter, map, reduce, any, ...). Looking a
//     value up costs a few hundred nanoseconds (the hash of the key, a
//     table too large for the cache): about what a loop over a local
//     list costs, and what the board's own table of walks (WalksKept)
//     costs for a bare walks(from, n);
//   - it reads at most memoMaxKeys locals (params, the game's constant,
//     does not count), and at each evaluation each of them holds a
//     string, an int, a bool, nil, or a list of strings or of lists of
//     strings; a list counts as itself, by its address and length, not
//     by its elements: a list, once made, is never changed in place (the
//     walks a board keeps are shared the same way), and the table holds
//     the list, so its address cannot be reused for another while it is
//     there. The one exception is a list a bot's sample deals hidden
//     cards into (model.State.NewList): the sample's next deal lays
//     other cards over it, at the same address. A local that holds such
//     a list, or a list of lists or of values with one among them, is
//     no key (model.State.LaidOver, of the state evaluated): nothing is
//     kept for it.
//
// A value kept is a copy of the first value computed (a shallow one: a
// list's elements are strings or lists never changed, the value being
// made of the board and of locals that hold no list laid over), shared
// by every evaluation that finds it. An evaluation that finds it is
// charged the work the first one was (the budgets run out alike); when
// that would overrun the budget, or nest deeper than allowed, the
// expression is evaluated instead, to fail as it would have.
//
// The plan and the table live in the Code, which belongs to one Game:
// like the machine, they are used by one goroutine at a time (a Game
// runs one state at a time).

import (
	"hash/maphash"
	"slices"
	"strings"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"

	"github.com/haven-engine/haven/interpreter/model"
)

// memoMaxKeys is how many locals a kept expression may read.
const memoMaxKeys = 4

// memoMaxEntries bounds the values kept per expression: past it, the
// table is emptied and filled anew.
const memoMaxEntries = 4096

// boardFuncs are the library's functions whose results depend only on
// their arguments, the board and the cards' definitions.
var boardFuncs = map[string]bool{
	"node": true, "nodes": true, "out": true, "into": true, "dist": true,
	"walks": true, "walksBack": true, "card": true, "defs": true, "minus": true,
}

// loopBuiltin reports whether an expr builtin walks a list with a
// predicate (filter, map, reduce, any, ...). Every builtin left is pure:
// the clock's are refused when a game is compiled.
func loopBuiltin(name string) bool {
	k, ok := builtin.Index[name]
	return ok && builtin.Builtins[k].Predicate
}

// memoPlan is how an expression is kept: the slots of the locals its
// value depends on, and the values kept, by the hash of their key.
type memoPlan struct {
	lay   *model.Layout // the layout slots are of
	slots []int
	seed  maphash.Seed
	table map[uint64][]memoEntry
	count int // the entries in table
}

// noMemo marks an expression found not to be kept.
var noMemo = &memoPlan{}

// memoPart is one local of a key: a scalar, or a list by its address.
type memoPart struct {
	kind uint8 // 0 nil, 1 string, 2 int, 3 bool, 4 []string, 5 [][]string, 6 []any
	s    string
	i    int
	p    unsafe.Pointer
}

// memoKey is the locals an evaluation read, and whether its value was
// asked for as a list (evalList) or boxed (Eval).
type memoKey struct {
	parts [memoMaxKeys]memoPart
	list  bool
}

// memoEntry is a value kept, its key, and the work computing it cost.
type memoEntry struct {
	key   memoKey
	v     any
	l     []any
	spent int
}

// PlanMemo decides how c is kept, for evaluations in the layout lay
// (the compiler calls it once expr has checked c, while c's expr
// program is still there: a game keeps no program once compiled).
func (m *Machine) PlanMemo(c *Code, lay *model.Layout) {
	if c.memo == nil {
		c.setMemo(m.planMemo(c, lay))
	}
}

// setMemo keeps c's plan, and whether the run loop may run c's closures
// straight (direct).
func (c *Code) setMemo(p *memoPlan) {
	c.memo = p
	c.direct = p == noMemo && c.Fast != nil && !c.IsIdent && !c.IsConst
}

// memoOf returns how c is kept in the layout lay: planned by PlanMemo,
// else on its first evaluation. A plan is for the layout it was made
// for: the slots it reads are that layout's.
func (m *Machine) memoOf(c *Code, lay *model.Layout) *memoPlan {
	if c.memo == nil {
		c.setMemo(m.planMemo(c, lay))
	}
	if c.memo.lay != lay {
		return noMemo
	}
	return c.memo
}

// planMemo decides whether c is kept, and by which locals.
func (m *Machine) planMemo(c *Code, lay *model.Layout) *memoPlan {
	if c.Prog == nil || lay == nil || !strings.Contains(c.Src, "walks") {
		return noMemo // kept only where it walks the board: walks, walksBack
	}
	root := c.Prog.Node()
	ok, walks, loops := true, false, false
	callees := map[*ast.IdentifierNode]bool{}
	lets := map[string]bool{}
	var idents []*ast.IdentifierNode
	var visit memoVisitor
	visit = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.NilNode, *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.StringNode,
			*ast.ConstantNode, *ast.UnaryNode, *ast.BinaryNode, *ast.ChainNode, *ast.MemberNode,
			*ast.SliceNode, *ast.PredicateNode, *ast.PointerNode, *ast.ConditionalNode,
			*ast.SequenceNode, *ast.ArrayNode, *ast.MapNode, *ast.PairNode:
		case *ast.IdentifierNode:
			idents = append(idents, n)
		case *ast.VariableDeclaratorNode:
			lets[n.Name] = true
		case *ast.CallNode:
			id, isID := n.Callee.(*ast.IdentifierNode)
			if !isID || !boardFuncs[id.Value] || m.G.Funcs[id.Value] != nil {
				ok = false
				return
			}
			callees[id] = true
			walks = walks || id.Value == "walks" || id.Value == "walksBack"
		case *ast.BuiltinNode:
			if m.Lib[n.Name].Name != "" {
				ok = false
				return
			}
			loops = loops || loopBuiltin(n.Name)
			if n.Map != nil {
				// What the optimizer folded into a filter (map(filter(l,
				// p), f)): ast.Walk does not visit it.
				ast.Walk(&n.Map, visit)
			}
		default:
			ok = false
		}
	}
	ast.Walk(&root, visit)
	if !ok || !walks || !loops {
		return noMemo
	}
	var slots []int
	for _, id := range idents {
		if callees[id] || lets[id.Value] {
			continue
		}
		k := lay.Find(id.Value)
		if k < 0 {
			return noMemo // a global, or a name of expr's environment
		}
		if k != model.SlotParams && !slices.Contains(slots, k) {
			slots = append(slots, k)
		}
	}
	for name := range lets {
		if lay.Find(name) >= 0 {
			return noMemo // a let shadowing a local: keep it simple
		}
	}
	if len(slots) > memoMaxKeys {
		return noMemo
	}
	return &memoPlan{lay: lay, slots: slots, seed: maphash.MakeSeed(), table: map[uint64][]memoEntry{}}
}

// memoVisitor adapts a function to ast.Visitor.
type memoVisitor func(ast.Node)

func (f memoVisitor) Visit(n *ast.Node) { f(*n) }

// key makes the key of an evaluation with the locals vals, and its
// hash; ok is false when a local holds a value a key cannot stand for,
// a list of st that may be laid over among them (model.State.LaidOver).
// Refused, rather than never laid over (a sample would allocate at every
// deal) or keyed by its elements (a hash each): no shipped game reads one.
func (p *memoPlan) key(vals []any, list bool, st *model.State) (k memoKey, h uint64, ok bool) {
	k.list = list
	h = 0x9e3779b97f4a7c15
	if list {
		h++
	}
	for j, slot := range p.slots {
		part := &k.parts[j]
		switch v := vals[slot].(type) {
		case nil:
		case string:
			part.kind, part.s = 1, v
			h ^= maphash.String(p.seed, v)
		case int:
			part.kind, part.i = 2, v
		case bool:
			part.kind = 3
			if v {
				part.i = 1
			}
		case []string:
			if st.LaidOver(v) {
				return k, 0, false
			}
			part.kind, part.p, part.i = 4, unsafe.Pointer(unsafe.SliceData(v)), len(v)
		case [][]string:
			// The board's walks; checked all the same where st has
			// lists laid over, so that no function need promise it.
			if st.MayLayOver() {
				for _, e := range v {
					if st.LaidOver(e) {
						return k, 0, false
					}
				}
			}
			part.kind, part.p, part.i = 5, unsafe.Pointer(unsafe.SliceData(v)), len(v)
		case []any:
			for _, e := range v {
				switch e := e.(type) {
				case string:
				case []string:
					if st.LaidOver(e) {
						return k, 0, false
					}
				default:
					return k, 0, false
				}
			}
			part.kind, part.p, part.i = 6, unsafe.Pointer(unsafe.SliceData(v)), len(v)
		default:
			return k, 0, false
		}
		h = (h ^ uint64(part.kind) ^ uint64(part.i)*0xff51afd7ed558ccd ^ uint64(uintptr(part.p))) * 0xc4ceb9fe1a85ec53
		h ^= h >> 29
	}
	return k, h, true
}

// find returns the entry of k (its hash h), if kept.
func (p *memoPlan) find(k *memoKey, h uint64) *memoEntry {
	bucket := p.table[h]
	for i := range bucket {
		if bucket[i].key.equal(k, len(p.slots)) {
			return &bucket[i]
		}
	}
	return nil
}

// equal compares the first n parts of two keys.
func (k *memoKey) equal(o *memoKey, n int) bool {
	if k.list != o.list {
		return false
	}
	for j := range n {
		a, b := &k.parts[j], &o.parts[j]
		if a.kind != b.kind || a.i != b.i || a.p != b.p || a.s != b.s {
			return false
		}
	}
	return true
}

// memoEval evaluates c through its table, as a list when list is set:
// ok is false when c is not kept, or not for these locals (the caller
// evaluates it then).
func (m *Machine) memoEval(c *Code, env model.Scope, list bool) (v any, l []any, ok bool, err error) {
	p := m.memoOf(c, env.Layout)
	if p == noMemo {
		return nil, nil, false, nil
	}
	k, h, ok := p.key(env.Vals, list, m.St)
	if !ok {
		return nil, nil, false, nil
	}
	if e := p.find(&k, h); e != nil {
		if m.top > 0 && m.top >= m.G.Limits.Depth {
			return nil, nil, false, nil
		}
		saved := m.Budget
		if m.top == 0 && m.depth == 0 {
			m.evaluating()
		}
		if m.Budget.Spend(e.spent) != nil {
			m.Budget = saved
			return nil, nil, false, nil
		}
		return e.v, e.l, true, nil
	}
	before := m.Budget.Decision
	if list {
		l, err = runIn(m, c, env, c.Fast.List)
	} else {
		v, err = m.RunFast(c, env)
	}
	if err != nil {
		return nil, nil, true, err
	}
	if p.count >= memoMaxEntries {
		clear(p.table)
		p.count = 0
	}
	e := memoEntry{key: k, v: keptValue(v), spent: before - m.Budget.Decision}
	if list && l != nil {
		e.l = slices.Clip(append([]any{}, l...))
	}
	p.table[h] = append(p.table[h], e)
	p.count++
	return e.v, e.l, true, nil
}

// keptValue is the copy of a value a table keeps: a list is copied (nil
// stays nil), so that whatever the evaluation cut it from may be reused.
func keptValue(v any) any {
	switch x := v.(type) {
	case []any:
		if x != nil {
			return slices.Clip(append([]any{}, x...))
		}
	case []string:
		if x != nil {
			return slices.Clip(append([]string{}, x...))
		}
	case [][]string:
		if x != nil {
			return slices.Clip(append([][]string{}, x...))
		}
	}
	return v
}
