package runtime

import (
	"hash/maphash"

	"github.com/haven-engine/haven/interpreter/model"
)

// MemoEntries tells whether c is kept by its inputs (memo.go) and how
// many values its table holds, for the tests of package runtime_test.
func MemoEntries(c *Code) (bool, int) {
	if c.memo == nil || c.memo == noMemo {
		return false, 0
	}
	return true, c.memo.count
}

// TypedParams is Game.typedParams, for the tests of package runtime_test.
func TypedParams(g *Game, x any) any { return g.typedParams(x) }

// FnKept tells whether the calls of the named function f of g are kept
// (fnmemo.go), how many its table holds and how many found their value
// there, for the tests of package runtime_test.
func FnKept(g *Game, f string) (kept bool, entries, hits int) {
	fn := g.Funcs[f]
	if fn.memo.table != nil {
		for _, e := range fn.memo.table {
			if e.epoch != 0 {
				entries++
			}
		}
	}
	return fn.kept, entries, fn.memo.hits
}

// MemoKeyed tells whether an expression kept by the locals vals (each
// one read) has a key for them, evaluated on st (memoPlan.key).
func MemoKeyed(vals []any, st *model.State) bool {
	p := &memoPlan{seed: maphash.MakeSeed()}
	for i := range vals {
		p.slots = append(p.slots, i)
	}
	_, _, ok := p.key(vals, false, st)
	return ok
}
