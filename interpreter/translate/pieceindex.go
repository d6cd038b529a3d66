package translate

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// A loop over pieces() whose predicate begins with `.kind == 'ship'`,
// `.owner == me`, or the one then the other, visits only the pieces
// those tests pass, not every piece: the loop keeps where they stand in
// the list, from one run to the next.
//
// It can because the list is the state's pieces (eval.Func.Pieces):
// pieces are only appended, and a piece's kind and owner (its
// model.PieceDef, shared by the copies of its state) never change. So
// positions found in one list hold in any list whose piece at the last
// position looked at has the same PieceDef: that list is the one looked
// at, or it grew since, or it is a copy of either. The loop then only
// looks at the pieces appended since; any other list (another game,
// another state, a state read from a save) is looked at anew.
//
// What the loop reads, charges and fails with is unchanged: it charges
// the whole list, binds the candidates at their own index, in order, and
// runs the predicate's other tests and the rest of it on them as
// before. A piece the keys' tests fail reads nothing but its own fields,
// so passing it by changes nothing else. The owner's side is read once,
// the first time the plain loop would have read it (at the first piece
// of the kind): it is a constant or a name, the same all loop long.
// all is not indexed: a piece the keys fail answers it.
//
// The index is the loop's own, in the closures of one compiled game,
// which one goroutine runs at a time.

// pieceIndex is where, in the pieces looked at, stand the pieces that
// pass a loop's keys: its leading `.kind == <constant>` and/or
// `.owner == <constant or name>`.
type pieceIndex struct {
	kind   string
	byKind bool
	owner  func(*eval.Frame) int // nil: not keyed by owner
	// n pieces are looked at, the last with def last.
	n    int
	last *model.PieceDef
	// at holds their positions when the loop is not keyed by owner;
	// owners holds them by owner, in the order owners first appear.
	at     []int32
	owners []ownerPositions
}

// ownerPositions are the positions of one owner's pieces.
type ownerPositions struct {
	owner int
	at    []int32
}

// pieceKeys finds a loop's keys among the leading tests of pt: a kind
// tested against a constant, then an owner tested against a constant or
// a name, or either alone. rest runs the tests the keys leave (nil:
// none); ix is nil when the predicate has no key.
func pieceKeys(pt *pieceTests) (ix *pieceIndex, rest *pieceTests) {
	ix = &pieceIndex{}
	i := 0
	if t := pt.tests[0]; t.field == pieceKind && !t.neg && t.hasLit {
		ix.kind, ix.byKind = t.lit, true
		i++
	}
	if i < len(pt.tests) {
		if t := pt.tests[i]; t.field == pieceOwner && !t.neg && t.steady {
			ix.owner = t.num
			i++
		}
	}
	if i == 0 {
		return nil, nil
	}
	if i < len(pt.tests) {
		left := *pt
		left.tests = pt.tests[i:]
		rest = &left
	}
	return ix, rest
}

// look brings the index up to the list l; false when l holds no piece
// (a nil), for the plain loop.
func (ix *pieceIndex) look(l []*model.Piece) bool {
	if ix.n > len(l) || ix.n > 0 && l[ix.n-1].PieceDef != ix.last {
		// Another list: new arrays, as a loop further up (the same
		// expression run by its own predicate) may be reading the old.
		ix.n, ix.last, ix.at, ix.owners = 0, nil, nil, nil
	}
	for ; ix.n < len(l); ix.n++ {
		p := l[ix.n]
		if p == nil {
			ix.n, ix.last, ix.at, ix.owners = 0, nil, nil, nil
			return false
		}
		if ix.byKind && p.Kind != ix.kind {
			continue
		}
		if ix.owner == nil {
			ix.at = append(ix.at, int32(ix.n))
			continue
		}
		j := 0
		for j < len(ix.owners) && ix.owners[j].owner != p.Owner {
			j++
		}
		if j == len(ix.owners) {
			ix.owners = append(ix.owners, ownerPositions{owner: p.Owner})
		}
		ix.owners[j].at = append(ix.owners[j].at, int32(ix.n))
	}
	if ix.n > 0 {
		ix.last = l[ix.n-1].PieceDef
	}
	return true
}

// candidates are the positions of the pieces that pass the keys, once
// the index has looked at the list. The owner's side is read only when
// a piece passes the kind's test, where the plain loop first reads it.
func (ix *pieceIndex) candidates(fr *eval.Frame) []int32 {
	if ix.owner == nil {
		return ix.at
	}
	if len(ix.owners) == 0 {
		return nil
	}
	o := ix.owner(fr)
	for j := range ix.owners {
		if ix.owners[j].owner == o {
			return ix.owners[j].at
		}
	}
	return nil
}

// listsPieces tells whether n is a call of the library's pieces().
func (t *translator) listsPieces(n ast.Node) bool {
	c, ok := n.(*ast.CallNode)
	if !ok || len(c.Arguments) != 0 {
		return false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	return ok && t.lib[id.Value].Pieces
}

// indexedPieces is a loop over pieces() with keys: the plain loop (its
// pre the predicate's leading tests), which the builtins that take no
// keys run (skipsFailed), and rest, the tests the keys leave.
type indexedPieces struct {
	typedItems[*model.Piece]
	rest *pieceTests
	ix   *pieceIndex
}

// candidates reads the list, charges it, and gives the positions of the
// pieces that pass the keys; ok is false when the index cannot look at
// the list, which the plain loop then runs over, charging it itself.
func (l indexedPieces) candidates(fr *eval.Frame) (ps []*model.Piece, at []int32, ok bool) {
	ps = l.list(fr)
	if !l.ix.look(ps) {
		return ps, nil, false
	}
	fr.Spend(len(ps))
	return ps, l.ix.candidates(fr), true
}

// The loops below are foundIn, filterOf, countIf and findIn (loop.go)
// over the candidates, each bound at its own index.

func (l indexedPieces) found(k int, test func(*eval.Frame) bool, want bool) func(*eval.Frame) bool {
	if !want {
		return l.typedItems.found(k, test, want)
	}
	run := foundIn(l.set, k, l.pre, test, want)
	return func(fr *eval.Frame) bool {
		ps, at, ok := l.candidates(fr)
		if !ok {
			return run(fr, ps)
		}
		s := &fr.Slots[k]
		for _, i := range at {
			if l.rest != nil && !l.rest.pass(fr, ps[i]) {
				continue
			}
			s.Any, s.Index = ps[i], i // as items binds a piece
			if test == nil || test(fr) {
				return true
			}
		}
		return false
	}
}

func (l indexedPieces) filter(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, mk func(*eval.Frame, int) []any) func(*eval.Frame) []any {
	run := filterOf(l.set, k, l.pre, test, mapped, mk)
	return func(fr *eval.Frame) []any {
		ps, at, ok := l.candidates(fr)
		if !ok {
			return run(fr, ps)
		}
		s := &fr.Slots[k]
		start := len(fr.Buf)
		for _, i := range at {
			if l.rest != nil && !l.rest.pass(fr, ps[i]) {
				continue
			}
			s.Any, s.Index = ps[i], i // as items binds a piece
			if test == nil || test(fr) {
				if mapped != nil {
					fr.Buf = append(fr.Buf, mapped(fr))
				} else {
					fr.Buf = append(fr.Buf, keepElem(fr, s, ps[i]))
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

func (l indexedPieces) count(k int, test func(*eval.Frame) bool, threshold int) func(*eval.Frame) int {
	run := countIf(l.set, k, l.pre, test, threshold)
	return func(fr *eval.Frame) int {
		ps, at, ok := l.candidates(fr)
		if !ok {
			return run(fr, ps)
		}
		s := &fr.Slots[k]
		n := 0
		for _, i := range at {
			if l.rest != nil && !l.rest.pass(fr, ps[i]) {
				continue
			}
			s.Any, s.Index = ps[i], i // as items binds a piece
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

func (l indexedPieces) find(k int, test func(*eval.Frame) bool, mapped func(*eval.Frame) any, missing error, loc file.Location) func(*eval.Frame) any {
	run := findIn(l.set, k, l.pre, test, mapped, missing, loc)
	return func(fr *eval.Frame) any {
		ps, at, ok := l.candidates(fr)
		if !ok {
			return run(fr, ps)
		}
		s := &fr.Slots[k]
		for _, i := range at {
			if l.rest != nil && !l.rest.pass(fr, ps[i]) {
				continue
			}
			s.Any, s.Index = ps[i], i // as items binds a piece
			if test == nil || test(fr) {
				if mapped != nil {
					return mapped(fr)
				}
				return keepElem(fr, s, ps[i])
			}
		}
		if missing != nil {
			eval.Fail(loc, missing)
		}
		return nil
	}
}
