package translate

import (
	"errors"
	"reflect"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// loop translates a builtin that runs a predicate over a list: all, any,
// none, filter (with the map the optimizer may fold into it), map,
// count, sum, find, findIndex, findLastIndex, findLast and sortBy. The element is bound in a slot of the
// frame while the predicate runs.
func (t *translator) loop(n *ast.BuiltinNode, use listUse) eval.Val {
	if split, ok := t.keptPrefix(n); ok {
		n = split
	}
	var predicate ast.Node
	switch {
	case len(n.Arguments) == 1 && (n.Name == "sum" || n.Name == "count"):
		// sum(l) and count(l) read each element itself, as sum(l, #).
		p := &ast.PointerNode{}
		p.SetLocation(n.Location())
		predicate = p
	case len(n.Arguments) < 2:
		unsupported()
	default:
		pred, ok := n.Arguments[1].(*ast.PredicateNode)
		if !ok {
			unsupported()
		}
		predicate = pred.Node
	}
	l := t.items(n.Arguments[0])
	k := t.bind("", l.kind())
	var body eval.Val
	var test func() func(*eval.Frame) bool
	if pl, ok := l.(typedItems[*model.Piece]); ok && skipsFailed(n.Name) {
		if pt, rest, ok := t.splitPieceTests(predicate); ok {
			pt.slot = k
			pl.pre = pt.pass
			l = pl
			if t.listsPieces(n.Arguments[0]) {
				if ix, rest := pieceKeys(pt); ix != nil {
					l = indexedPieces{pl, rest, ix}
				}
			}
			test = func() func(*eval.Frame) bool { return rest }
		}
	}
	if sl, ok := l.(typedItems[string]); ok {
		if keeps := t.listsZone(n.Arguments[0]); keeps != nil {
			if ct, ok := t.defTest(predicate); ok {
				ct.keeps = keeps
				l = talliedCards{sl, ct}
			}
		}
	}
	if test == nil {
		body = t.node(predicate)
		test = func() func(*eval.Frame) bool { return eval.As[bool](body) }
	}
	var mapped func(*eval.Frame) any
	if n.Map != nil {
		mapped = t.node(n.Map).Box
	}
	t.unbind()
	loc := n.Location()
	var mk func(*eval.Frame, int) []any
	switch n.Name {
	case "filter", "map", "sortBy":
		mk = t.maker(use)
	}
	if n.Name == "sortBy" {
		t.usesScratch = true // its keys
	}
	switch n.Name {
	case "any":
		return eval.Mk(l.found(k, test(), true))
	case "all":
		f := l.found(k, test(), false)
		return eval.Mk(func(fr *eval.Frame) bool { return !f(fr) })
	case "none":
		f := l.found(k, test(), true)
		return eval.Mk(func(fr *eval.Frame) bool { return !f(fr) })
	case "filter":
		return eval.Mk(l.filter(k, test(), mapped, mk))
	case "map":
		return eval.Mk(l.mapped(k, body.Box, mk))
	case "count":
		threshold := -1
		if n.Threshold != nil {
			threshold = *n.Threshold
		}
		return eval.Mk(l.count(k, test(), threshold))
	case "sum":
		if f, ok := eval.Typed[int](body); ok {
			return eval.Mk(l.sumInt(k, f))
		}
		return eval.Mk(l.sum(k, body.Box, loc))
	case "find":
		var missing error
		if n.Throws {
			missing = errNoElement
		}
		return eval.Mk(l.find(k, test(), mapped, missing, loc))
	case "findIndex", "findLastIndex":
		// The VM's answer when no element passes is nil, not -1.
		f := l.index(k, test(), n.Name == "findLastIndex")
		return eval.Mk(func(fr *eval.Frame) any {
			if i := f(fr); i >= 0 {
				return i
			}
			return nil
		})
	case "one":
		// The VM counts every element, then compares the count with 1.
		f := l.count(k, test(), -1)
		return eval.Mk(func(fr *eval.Frame) bool { return f(fr) == 1 })
	case "findLast":
		return eval.Mk(t.findLast(n, l, k, test(), mapped))
	case "sortBy":
		if len(n.Arguments) == 3 {
			if order, ok := n.Arguments[2].(*ast.StringNode); !ok || order.Value != "asc" && order.Value != "desc" {
				return eval.Mk(sortByOrder(t.node(n.Arguments[2]).Box, l.sortBy(k, body.Box, false, mk), l.sortBy(k, body.Box, true, mk), loc))
			}
			return eval.Mk(l.sortBy(k, body.Box, n.Arguments[2].(*ast.StringNode).Value == "desc", mk))
		}
		return eval.Mk(l.sortBy(k, body.Box, false, mk))
	}
	unsupported()
	return eval.Val{}
}

// skipsFailed tells whether a builtin reads its predicate only to keep,
// count or find the elements it holds for (or, for all, the first it
// fails for), so that an element failing the predicate's leading tests
// may be passed by without binding it (piecetests.go).
func skipsFailed(name string) bool {
	switch name {
	case "any", "all", "none", "filter", "count", "find", "one":
		return true
	}
	return false
}

// errNoElement is the error of filter(...)[0] on an empty result, once
// the optimizer has turned it into find.
var errNoElement = errors.New("reflect: slice index out of range")

// items is the list a loop runs over. Each method returns the closure of
// one builtin, binding the elements in slot k.
type items interface {
	kind() eval.SlotKind
	found(k int, test func(*eval.Frame) bool, want bool) func(*eval.Frame) bool
	filter(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any
	mapped(k int, f func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any
	count(k int, test func(*eval.Frame) bool, threshold int) func(*eval.Frame) int
	sumInt(k int, f func(*eval.Frame) int) func(*eval.Frame) int
	sum(k int, f func(*eval.Frame) any, loc file.Location) func(*eval.Frame) any
	find(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame) any
	sortBy(k int, f func(*eval.Frame) any, desc bool, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any
	index(k int, test func(*eval.Frame) bool, last bool) func(*eval.Frame) int
	findLast(k int, test func(*eval.Frame) bool) func(*eval.Frame) any
}

// items translates the list argument of a loop: typed when its Go type
// is known, otherwise a value whose elements are bound boxed.
func (t *translator) items(n ast.Node) items {
	v := t.transient(n)
	switch f := v.Fn.(type) {
	case func(*eval.Frame) []string:
		return typedItems[string]{f, func(_ *eval.Frame, s *eval.Slot, x string) { s.Str = x }, eval.SlotStr, nil}
	case func(*eval.Frame) []int:
		return typedItems[int]{f, func(_ *eval.Frame, s *eval.Slot, x int) { s.Int = x }, eval.SlotInt, nil}
	case func(*eval.Frame) [][]string:
		return typedItems[[]string]{f, func(_ *eval.Frame, s *eval.Slot, x []string) { s.List, s.Any, s.HasAny = x, nil, false }, eval.SlotList, nil}
	case func(*eval.Frame) []any:
		return typedItems[any]{f, func(_ *eval.Frame, s *eval.Slot, x any) { s.Any = x }, eval.SlotAny, nil}
	case func(*eval.Frame) []*model.Piece:
		return typedItems[*model.Piece]{f, func(_ *eval.Frame, s *eval.Slot, x *model.Piece) { s.Any = x }, eval.SlotAny, nil}
	case func(*eval.Frame) []*board.Edge:
		return typedItems[*board.Edge]{f, func(_ *eval.Frame, s *eval.Slot, x *board.Edge) { s.Any = x }, eval.SlotAny, nil}
	}
	return dynItems{deref(n, v).Box}
}

type typedItems[E any] struct {
	list func(*eval.Frame) []E
	set  func(*eval.Frame, *eval.Slot, E)
	k    eval.SlotKind
	// pre, when set, runs before the element is bound: the leading
	// tests of the predicate (piecetests.go), test the rest of it.
	pre func(*eval.Frame, E) bool
}

func (l typedItems[E]) kind() eval.SlotKind { return l.k }

func (l typedItems[E]) found(k int, test func(*eval.Frame) bool, want bool) func(*eval.Frame) bool {
	run := foundIn(l.set, k, l.pre, test, want)
	return func(fr *eval.Frame) bool { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) filter(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	run := filterOf(l.set, k, l.pre, test, mapped, mk)
	return func(fr *eval.Frame) []any { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) mapped(k int, f func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	run := mapOf(l.set, k, f, mk)
	return func(fr *eval.Frame) []any { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) count(k int, test func(*eval.Frame) bool, threshold int) func(*eval.Frame) int {
	run := countIf(l.set, k, l.pre, test, threshold)
	return func(fr *eval.Frame) int { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) sumInt(k int, f func(*eval.Frame) int) func(*eval.Frame) int {
	run := sumIntOf(l.set, k, f)
	return func(fr *eval.Frame) int { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) sum(k int, f func(*eval.Frame) any, loc file.Location) func(*eval.Frame) any {
	run := sumOf(l.set, k, f, loc)
	return func(fr *eval.Frame) any { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) find(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame) any {
	run := findIn(l.set, k, l.pre, test, mapped, missing, loc)
	return func(fr *eval.Frame) any { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) sortBy(k int, f func(*eval.Frame) any, desc bool, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	run := sortOf(l.set, k, f, desc, mk)
	return func(fr *eval.Frame) []any { return run(fr, l.list(fr)) }
}

// dynItems is a list known only at run time (a local, an element of a
// list of lists): its elements are bound boxed, as the VM's loops hold
// them, and the loop runs over the list's own backing array.
type dynItems struct{ list func(*eval.Frame) any }

func (dynItems) kind() eval.SlotKind { return eval.SlotDyn }

func setAny[E any](_ *eval.Frame, s *eval.Slot, x E) { s.Any, s.Lazy = x, false }

// setInt binds an int boxed in the frame's boxes (none allocated for it).
func setInt(fr *eval.Frame, s *eval.Slot, x int) { s.Any, s.Lazy = fr.Boxes.Int(x), false }

// setList binds a list of strings boxed in the frame's boxes, marked
// boxed (HasAny) so that a filter keeps the box (keepElem).
func setList(fr *eval.Frame, s *eval.Slot, x []string) {
	s.Any, s.Lazy, s.HasAny = fr.Boxes.Strings(x), false, true
}

// setStr binds a string unboxed: read boxes it, once (SlotDyn).
func setStr(_ *eval.Frame, s *eval.Slot, x string) { s.Str, s.Lazy = x, true }

// loops is one loop for each kind of list dynItems runs over directly.
type loops[R any] struct {
	a func(*eval.Frame, []any) R
	s func(*eval.Frame, []string) R
	i func(*eval.Frame, []int) R
	l func(*eval.Frame, [][]string) R
}

// dynamic runs the loop that fits the list: over []any, []string, []int
// or [][]string, and any other list through reflection.
func dynamic[R any](list func(*eval.Frame) any, run loops[R]) func(*eval.Frame) R {
	return func(fr *eval.Frame) R {
		switch l := list(fr).(type) {
		case []any:
			return run.a(fr, l)
		case []string:
			return run.s(fr, l)
		case []int:
			return run.i(fr, l)
		case [][]string:
			return run.l(fr, l)
		default:
			return run.a(fr, reflectItems(l))
		}
	}
}

// reflectItems reads any other list as the VM's loops do, through
// reflection; a value that is no list fails as it fails there.
func reflectItems(l any) []any {
	v := reflect.ValueOf(l)
	out := make([]any, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface()
	}
	return out
}

func (d dynItems) found(k int, test func(*eval.Frame) bool, want bool) func(*eval.Frame) bool {
	return dynamic(d.list, loops[bool]{
		foundIn(setAny[any], k, nil, test, want), foundIn(setStr, k, nil, test, want),
		foundIn(setInt, k, nil, test, want), foundIn(setList, k, nil, test, want),
	})
}

func (d dynItems) filter(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	return dynamic(d.list, loops[[]any]{
		filterOf(setAny[any], k, nil, test, mapped, mk), filterOf(setStr, k, nil, test, mapped, mk),
		filterOf(setInt, k, nil, test, mapped, mk), filterOf(setList, k, nil, test, mapped, mk),
	})
}

func (d dynItems) mapped(k int, f func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	return dynamic(d.list, loops[[]any]{
		mapOf(setAny[any], k, f, mk), mapOf(setStr, k, f, mk),
		mapOf(setInt, k, f, mk), mapOf(setList, k, f, mk),
	})
}

func (d dynItems) count(k int, test func(*eval.Frame) bool, threshold int) func(*eval.Frame) int {
	return dynamic(d.list, loops[int]{
		countIf(setAny[any], k, nil, test, threshold), countIf(setStr, k, nil, test, threshold),
		countIf(setInt, k, nil, test, threshold), countIf(setList, k, nil, test, threshold),
	})
}

func (d dynItems) sumInt(k int, f func(*eval.Frame) int) func(*eval.Frame) int {
	return dynamic(d.list, loops[int]{
		sumIntOf(setAny[any], k, f), sumIntOf(setStr, k, f),
		sumIntOf(setInt, k, f), sumIntOf(setList, k, f),
	})
}

func (d dynItems) sum(k int, f func(*eval.Frame) any, loc file.Location) func(*eval.Frame) any {
	return dynamic(d.list, loops[any]{
		sumOf(setAny[any], k, f, loc), sumOf(setStr, k, f, loc),
		sumOf(setInt, k, f, loc), sumOf(setList, k, f, loc),
	})
}

func (d dynItems) find(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame) any {
	return dynamic(d.list, loops[any]{
		findIn(setAny[any], k, nil, test, mapped, missing, loc), findIn(setStr, k, nil, test, mapped, missing, loc),
		findIn(setInt, k, nil, test, mapped, missing, loc), findIn(setList, k, nil, test, mapped, missing, loc),
	})
}

func (l typedItems[E]) index(k int, test func(*eval.Frame) bool, last bool) func(*eval.Frame) int {
	run := indexIn(l.set, k, test, last)
	return func(fr *eval.Frame) int { return run(fr, l.list(fr)) }
}

func (l typedItems[E]) findLast(k int, test func(*eval.Frame) bool) func(*eval.Frame) any {
	run := lastIn(l.set, k, test)
	return func(fr *eval.Frame) any { return run(fr, l.list(fr)) }
}

func (d dynItems) index(k int, test func(*eval.Frame) bool, last bool) func(*eval.Frame) int {
	return dynamic(d.list, loops[int]{
		indexIn(setAny[any], k, test, last), indexIn(setStr, k, test, last),
		indexIn(setInt, k, test, last), indexIn(setList, k, test, last),
	})
}

func (d dynItems) findLast(k int, test func(*eval.Frame) bool) func(*eval.Frame) any {
	return dynamic(d.list, loops[any]{
		lastIn(setAny[any], k, test), lastIn(setStr, k, test),
		lastIn(setInt, k, test), lastIn(setList, k, test),
	})
}

// indexIn is the index of the first (or last) element that passes, or -1.
func indexIn[E any](set func(*eval.Frame, *eval.Slot, E), k int, test func(*eval.Frame) bool, last bool) func(*eval.Frame, []E) int {
	return func(fr *eval.Frame, l []E) int {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		for j := range l {
			i := j
			if last {
				i = len(l) - 1 - j
			}
			set(fr, s, l[i])
			s.Index = int32(i)
			if test(fr) {
				return i
			}
		}
		return -1
	}
}

// lastIn is the last element that passes, or nil.
func lastIn[E any](set func(*eval.Frame, *eval.Slot, E), k int, test func(*eval.Frame) bool) func(*eval.Frame, []E) any {
	return func(fr *eval.Frame, l []E) any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		for i := len(l) - 1; i >= 0; i-- {
			set(fr, s, l[i])
			s.Index = int32(i)
			if test(fr) {
				return keepElem(fr, s, l[i])
			}
		}
		return nil
	}
}

func (d dynItems) sortBy(k int, f func(*eval.Frame) any, desc bool, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	return dynamic(d.list, loops[[]any]{
		sortOf(setAny[any], k, f, desc, mk), sortOf(setStr, k, f, desc, mk),
		sortOf(setInt, k, f, desc, mk), sortOf(setList, k, f, desc, mk),
	})
}

// The loops themselves, one per builtin, generic in the element type.
// Each reads the list once and its elements by index, as the VM does.

// foundIn tells whether test gives want for some element (any: true;
// all and none negate it).
func foundIn[E any](set func(*eval.Frame, *eval.Slot, E), k int, pre func(*eval.Frame, E) bool, test func(*eval.Frame) bool, want bool) func(*eval.Frame, []E) bool {
	return func(fr *eval.Frame, l []E) bool {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		for i := range l {
			if pre != nil && !pre(fr, l[i]) {
				if !want {
					return true
				}
				continue
			}
			set(fr, s, l[i])
			s.Index = int32(i)
			if (test == nil || test(fr)) == want {
				return true
			}
		}
		return false
	}
}

// filterOf gathers the elements kept in the frame's buffer, then copies
// them out at their exact number; a filter run by the predicate of
// another appends after the outer one's elements and takes them away.
func filterOf[E any](set func(*eval.Frame, *eval.Slot, E), k int, pre func(*eval.Frame, E) bool, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame, []E) []any {
	return func(fr *eval.Frame, l []E) []any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		start := len(fr.Buf)
		for i := range l {
			if pre != nil && !pre(fr, l[i]) {
				continue
			}
			set(fr, s, l[i])
			s.Index = int32(i)
			if test == nil || test(fr) {
				if mapped != nil {
					fr.Buf = append(fr.Buf, mapped(fr))
				} else {
					fr.Buf = append(fr.Buf, keepElem(fr, s, l[i]))
				}
			}
		}
		out := mk(fr, len(fr.Buf)-start)
		copy(out, fr.Buf[start:])
		clear(fr.Buf[start:])
		fr.Buf = fr.Buf[:start]
		return out
	}
}

func mapOf[E any](set func(*eval.Frame, *eval.Slot, E), k int, f func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame, []E) []any {
	return func(fr *eval.Frame, l []E) []any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		out := mk(fr, len(l))
		for i := range l {
			set(fr, s, l[i])
			s.Index = int32(i)
			out[i] = f(fr)
		}
		return out
	}
}

// countIf counts the elements test holds for, stopping at threshold
// when the optimizer set one (-1: none).
func countIf[E any](set func(*eval.Frame, *eval.Slot, E), k int, pre func(*eval.Frame, E) bool, test func(*eval.Frame) bool, threshold int) func(*eval.Frame, []E) int {
	return func(fr *eval.Frame, l []E) int {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		n := 0
		for i := range l {
			if pre != nil && !pre(fr, l[i]) {
				continue
			}
			set(fr, s, l[i])
			s.Index = int32(i)
			if test == nil || test(fr) {
				n++
				if n == threshold {
					break
				}
			}
		}
		return n
	}
}

func sumIntOf[E any](set func(*eval.Frame, *eval.Slot, E), k int, f func(*eval.Frame) int) func(*eval.Frame, []E) int {
	return func(fr *eval.Frame, l []E) int {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		acc := 0
		for i := range l {
			set(fr, s, l[i])
			s.Index = int32(i)
			acc = f(fr) + acc
		}
		return acc
	}
}

func sumOf[E any](set func(*eval.Frame, *eval.Slot, E), k int, f func(*eval.Frame) any, loc file.Location) func(*eval.Frame, []E) any {
	return func(fr *eval.Frame, l []E) any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		var acc any = 0
		for i := range l {
			set(fr, s, l[i])
			s.Index = int32(i)
			v := f(fr)
			acc = eval.Guard(loc, func() any { return runtime.Add(v, acc) })
		}
		return acc
	}
}

func findIn[E any](set func(*eval.Frame, *eval.Slot, E), k int, pre func(*eval.Frame, E) bool, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame, []E) any {
	return func(fr *eval.Frame, l []E) any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		for i := range l {
			if pre != nil && !pre(fr, l[i]) {
				continue
			}
			set(fr, s, l[i])
			s.Index = int32(i)
			if test == nil || test(fr) {
				if mapped != nil {
					return mapped(fr)
				}
				return keepElem(fr, s, l[i])
			}
		}
		if missing != nil {
			eval.Fail(loc, missing)
		}
		return nil
	}
}

func sortOf[E any](set func(*eval.Frame, *eval.Slot, E), k int, f func(*eval.Frame) any, desc bool, mk func(*eval.Frame, int) []any) func(*eval.Frame, []E) []any {
	return func(fr *eval.Frame, l []E) []any {
		fr.Spend(len(l))
		s := &fr.Slots[k]
		// The keys never leave the sort: they are cut from the arena.
		array, values := mk(fr, len(l))[:0], fr.Scratch(len(l))[:0]
		for i := range l {
			set(fr, s, l[i])
			s.Index = int32(i)
			array = append(array, boxElem(fr, l[i]))
			values = append(values, f(fr))
		}
		// Stable, by the engine's own algorithm: equal keys keep the
		// list's order, on every Go release. No evaluation runs while
		// it sorts.
		fr.SortStable(array, values, desc)
		return array
	}
}

// accName binds reduce's accumulator, #acc: no name an expression
// declares starts with #.
const accName = "#acc"

// errReduceEmpty is the VM's error for reduce over an empty list with no
// initial value.
var errReduceEmpty = errors.New("reduce of empty array with no initial value")

// reduce translates reduce(list, body[, initial]) as the VM runs it: the
// list is evaluated, then the initial value (else the first element is
// the accumulator and the loop starts at the second); the body sees the
// element as # and the accumulator as #acc, and its value is the next
// accumulator. A list of strings is read without boxing it; an
// accumulator that is a []any from the start and from every body (a
// concat) is kept unboxed between steps.
func (t *translator) reduce(n *ast.BuiltinNode, use listUse) eval.Val {
	if len(n.Arguments) < 2 {
		unsupported()
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		unsupported()
	}
	lv := deref(n.Arguments[0], t.transient(n.Arguments[0]))
	list := lv.Box
	strs, _ := lv.Fn.(func(*eval.Frame) []string)
	anys, _ := lv.Fn.(func(*eval.Frame) []any)
	ints, _ := lv.Fn.(func(*eval.Frame) []int)
	if v, ok := t.reduceConcat(n, pred, func(fr *eval.Frame) reduceList { return reduceItems(fr, list, strs, anys, ints) }, use); ok {
		return v
	}
	var init func(*eval.Frame) any
	var initList func(*eval.Frame) []any
	if len(n.Arguments) == 3 {
		iv := deref(n.Arguments[2], t.node(n.Arguments[2]))
		init = iv.Box
		initList, _ = iv.Fn.(func(*eval.Frame) []any)
	}
	k := t.bind("", eval.SlotAny)
	acc := t.bind(accName, eval.SlotAny)
	bv := t.node(pred.Node)
	t.unbind()
	t.unbind()
	if _, ok := bv.Fn.(func(*eval.Frame) []any); ok && initList != nil {
		// Translate the body again with #acc typed: it reads the
		// accumulator as the []any it is.
		k = t.bind("", eval.SlotAny)
		acc = t.bind(accName, eval.SlotAnys)
		bv = t.node(pred.Node)
		t.unbind()
		t.unbind()
		if f, ok := bv.Fn.(func(*eval.Frame) []any); ok {
			return eval.Mk(func(fr *eval.Frame) []any {
				items := reduceItems(fr, list, strs, anys, ints)
				n := items.len()
				fr.Spend(n)
				a := initList(fr)
				for i := 0; i < n; i++ {
					fr.Slots[k].Any = items.item(fr, i)
					fr.Slots[k].Index = int32(i)
					s := &fr.Slots[acc]
					s.Anys, s.Any, s.HasAny = a, nil, false
					a = f(fr)
				}
				return a
			})
		}
		unsupported()
	}
	body := bv.Box
	loc := n.Location()
	return eval.Mk(func(fr *eval.Frame) any {
		items := reduceItems(fr, list, strs, anys, ints)
		n := items.len()
		fr.Spend(n)
		var a any
		i := 0
		if init != nil {
			a = init(fr)
		} else {
			if n == 0 {
				eval.Fail(loc, errReduceEmpty)
			}
			a, i = items.item(fr, 0), 1
		}
		for ; i < n; i++ {
			fr.Slots[k].Any = items.item(fr, i)
			fr.Slots[k].Index = int32(i)
			fr.Slots[acc].Any = a
			a = body(fr)
		}
		return a
	})
}

// reduceList is reduce's list, evaluated: a []string, a []int or a
// []any, read as they are.
type reduceList struct {
	l  []any
	ss []string
	is []int
}

func (r *reduceList) len() int { return len(r.l) + len(r.ss) + len(r.is) }

// item is the i-th element, boxed.
func (r *reduceList) item(fr *eval.Frame, i int) any {
	switch {
	case r.ss != nil:
		return fr.BoxStr(r.ss[i])
	case r.is != nil:
		return r.is[i]
	}
	return r.l[i]
}

// reduceItems evaluates reduce's list: a []string, a []int or a []any
// as it is (typed, or found at run time), any other list as a []any.
func reduceItems(fr *eval.Frame, list func(*eval.Frame) any, strs func(*eval.Frame) []string, anys func(*eval.Frame) []any, ints func(*eval.Frame) []int) reduceList {
	switch {
	case strs != nil:
		return reduceList{ss: strs(fr)}
	case anys != nil:
		return reduceList{l: anys(fr)} // not boxed on the way
	case ints != nil:
		return reduceList{is: ints(fr)}
	}
	switch x := list(fr).(type) {
	case []any:
		return reduceList{l: x}
	case []string:
		return reduceList{ss: x}
	case []int:
		return reduceList{is: x}
	default:
		return reduceList{l: reflectItems(x)}
	}
}

// boxElem is an element of a list as a value: a string with the game's
// boxes (no allocation for a name it declares), an int in the frame's,
// anything else as it is.
func boxElem[E any](fr *eval.Frame, x E) any {
	switch v := any(x).(type) {
	case string:
		return fr.BoxStr(v)
	case int:
		return fr.Boxes.Int(v)
	}
	return x
}

// keepElem is the element bound in slot s, which a loop keeps: a list
// of strings the predicate already boxed (HasAny, reset by the typed
// setter; a SlotDyn's Any is always the element) is not boxed again.
func keepElem[E any](fr *eval.Frame, s *eval.Slot, x E) any {
	if _, ok := any(x).([]string); ok && s.HasAny {
		return s.Any
	}
	return boxElem(fr, x)
}
