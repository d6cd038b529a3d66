package translate

import (
	"reflect"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// A loop over a zone's list (zone(z), pzone(name, p)) whose predicate is
// `card(#).def == d`, d a constant or a name, answers count, any, none,
// one, find, findIndex and findLast from a tally of the list's card
// definitions: how many cards of each, the first and the last position.
// The tally is made once for a list and kept by the list's identity,
// its first element's address and its length: a zone's list is never
// changed in place (a change makes a new list), and the kept tally holds
// the list, so that its memory is not reused for another while kept. A
// list a bot's sample dealt hidden cards into is changed in place by the
// sample's next deal (model.State.LaidOver): the plain loop runs over it,
// and no tally is kept.
//
// What the loop reads, charges and fails with is unchanged: it charges
// the whole list, and binds the element it gives (find, findLast) in its
// slot, as the loop leaves it. A list holding an id that is no card has
// no tally: the plain loop runs over it and fails where it failed. d is
// read once, where the loop first read it (at the first element); a
// constant or a name reads nothing that charges or fails.
//
// The tallies are the loop's own, in the closures of one compiled game,
// which one goroutine runs at a time; a few lists are kept, the oldest
// made over first.

// tallyWays is how many lists a loop keeps the tallies of.
const tallyWays = 8

// cardTally keeps the tallies of the lists one loop ran over.
type cardTally struct {
	keeps  func([]string) bool // the zone call's eval.Func.Zone
	cardOf func(string) *model.Card
	def    func(*eval.Frame) string
	kept   [tallyWays]defTally
	next   int
}

// defTally is the tally of one list, which it holds.
type defTally struct {
	list []string
	defs []defCount
}

// defCount is how many cards of a definition a list holds, and where
// the first and the last stand.
type defCount struct {
	def         string
	n           int
	first, last int
}

// of is the tally of l, made when l is not kept; nil when l is empty,
// may be laid over or holds an id that is no card.
func (c *cardTally) of(l []string) *defTally {
	if len(l) == 0 || !c.keeps(l) {
		return nil
	}
	for i := range c.kept {
		e := &c.kept[i]
		if len(e.list) == len(l) && unsafe.SliceData(e.list) == unsafe.SliceData(l) {
			return e
		}
	}
	e := &c.kept[c.next]
	defs := e.defs[:0]
	for i, id := range l {
		cd := c.cardOf(id)
		if cd == nil {
			e.list, e.defs = nil, defs
			return nil
		}
		j := 0
		for j < len(defs) && defs[j].def != cd.Def {
			j++
		}
		if j == len(defs) {
			defs = append(defs, defCount{def: cd.Def, first: i})
		}
		defs[j].n++
		defs[j].last = i
	}
	e.list, e.defs = l, defs
	c.next = (c.next + 1) % tallyWays
	return e
}

// count is the tally of def, nil when the list holds none.
func (e *defTally) count(def string) *defCount {
	for j := range e.defs {
		if e.defs[j].def == def {
			return &e.defs[j]
		}
	}
	return nil
}

// listsZone tells whether n is a call of the library's zone lists, and
// gives the test of the lists it may keep.
func (t *translator) listsZone(n ast.Node) func([]string) bool {
	c, ok := n.(*ast.CallNode)
	if !ok {
		return nil
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	return t.lib[id.Value].Zone
}

// defTest reads a predicate `card(#).def == d` (or `d == card(#).def`),
// d a string constant or a name: the tally it can be answered from.
func (t *translator) defTest(pred ast.Node) (*cardTally, bool) {
	b, ok := pred.(*ast.BinaryNode)
	if !ok || b.Operator != "==" {
		return nil, false
	}
	cardOf, ok := t.cardDef(b.Left)
	other := b.Right
	if !ok {
		if cardOf, ok = t.cardDef(b.Right); !ok {
			return nil, false
		}
		other = b.Left
	}
	if kindOf(other) != reflect.String {
		return nil, false
	}
	if l := t.lit(other); l.ok {
		c := l.v.(string)
		return &cardTally{cardOf: cardOf, def: func(*eval.Frame) string { return c }}, true
	}
	if _, ok := other.(*ast.IdentifierNode); !ok || readsElement(other) {
		return nil, false
	}
	return &cardTally{cardOf: cardOf, def: eval.As[string](t.operand(other))}, true
}

// cardDef tells whether n is `card(#).def`, and gives card's lookup.
func (t *translator) cardDef(n ast.Node) (func(string) *model.Card, bool) {
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || m.Method {
		return nil, false
	}
	if name, ok := m.Property.(*ast.StringNode); !ok || name.Value != "def" {
		return nil, false
	}
	c, ok := m.Node.(*ast.CallNode)
	if !ok || len(c.Arguments) != 1 {
		return nil, false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	if !ok || t.lib[id.Value].CardOf == nil {
		return nil, false
	}
	if p, ok := c.Arguments[0].(*ast.PointerNode); !ok || p.Name != "" {
		return nil, false
	}
	return t.lib[id.Value].CardOf, true
}

// talliedCards is a loop over a zone's list answered from its tally
// where it can be; the plain loop otherwise.
type talliedCards struct {
	typedItems[string]
	t *cardTally
}

// tally reads the list and its tally; when there is one, it charges the
// list and reads the definition looked for.
func (l talliedCards) tally(fr *eval.Frame) (ids []string, c *defCount, ok bool) {
	ids = l.list(fr)
	e := l.t.of(ids)
	if e == nil {
		return ids, nil, false
	}
	fr.Spend(len(ids))
	return ids, e.count(l.t.def(fr)), true
}

// bind binds the i-th element in slot k, as the loop leaves it.
func (l talliedCards) bind(fr *eval.Frame, k int, ids []string, i int) {
	s := &fr.Slots[k]
	l.set(fr, s, ids[i])
	s.Index = int32(i)
}

func (l talliedCards) found(k int, test func(*eval.Frame) bool, want bool) func(*eval.Frame) bool {
	if !want {
		return l.typedItems.found(k, test, want)
	}
	run := foundIn(l.set, k, nil, test, want)
	return func(fr *eval.Frame) bool {
		ids, c, ok := l.tally(fr)
		if !ok {
			return run(fr, ids)
		}
		return c != nil
	}
}

func (l talliedCards) count(k int, test func(*eval.Frame) bool, threshold int) func(*eval.Frame) int {
	run := countIf(l.set, k, nil, test, threshold)
	return func(fr *eval.Frame) int {
		ids, c, ok := l.tally(fr)
		if !ok {
			return run(fr, ids)
		}
		if c == nil {
			return 0
		}
		if threshold > 0 && c.n > threshold {
			return threshold
		}
		return c.n
	}
}

func (l talliedCards) find(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame) any {
	run := findIn(l.set, k, nil, test, mapped, missing, loc)
	return func(fr *eval.Frame) any {
		ids, c, ok := l.tally(fr)
		if !ok {
			return run(fr, ids)
		}
		if c == nil {
			if missing != nil {
				eval.Fail(loc, missing)
			}
			return nil
		}
		l.bind(fr, k, ids, c.first)
		if mapped != nil {
			return mapped(fr)
		}
		return keepElem(fr, &fr.Slots[k], ids[c.first])
	}
}

func (l talliedCards) index(k int, test func(*eval.Frame) bool, last bool) func(*eval.Frame) int {
	run := indexIn(l.set, k, test, last)
	return func(fr *eval.Frame) int {
		ids, c, ok := l.tally(fr)
		if !ok {
			return run(fr, ids)
		}
		if c == nil {
			return -1
		}
		i := c.first
		if last {
			i = c.last
		}
		l.bind(fr, k, ids, i)
		return i
	}
}

func (l talliedCards) findLast(k int, test func(*eval.Frame) bool) func(*eval.Frame) any {
	run := lastIn(l.set, k, test)
	return func(fr *eval.Frame) any {
		ids, c, ok := l.tally(fr)
		if !ok {
			return run(fr, ids)
		}
		if c == nil {
			return nil
		}
		l.bind(fr, k, ids, c.last)
		return keepElem(fr, &fr.Slots[k], ids[c.last])
	}
}
