package interpreter_test

import (
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// exprField matches an expression of a shipped definition: the string
// of a field that holds one.
var exprField = regexp.MustCompile(`\b(?:do|when|if|each|while|be|score|value|from|let|return|player|options|count|after)\s*:\s*("(?:[^"\\\n]|\\.)*")`)

// shippedExprs are the expressions of the shipped definitions, a seed
// corpus: most name what the test game lacks, and exercise the checker.
func shippedExprs(f *testing.F) []string {
	var out []string
	err := fs.WalkDir(definitions.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(p) < 4 || p[len(p)-4:] != ".cue" {
			return err
		}
		b, err := fs.ReadFile(definitions.Files, p)
		if err != nil {
			return err
		}
		for _, m := range exprField.FindAllSubmatch(b, -1) {
			if s, err := strconv.Unquote(string(m[1])); err == nil {
				out = append(out, s)
			}
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	return out
}

// FuzzExpr compiles a fuzzed expression against the test game and, when
// it compiles, evaluates it on a fresh state: a positioned error or a
// value, never a panic, a hang or the memory exhausted; and where it
// gives a value without changing the state, expr's VM gives the same
// (testdata/fuzz/FuzzExpr holds what it found: 0/0, NaN both ways).
func FuzzExpr(f *testing.F) {
	for _, s := range []string{
		`1 + me * 3`, `reduce(1..2, #acc + #, 0)`, `len(reduce(1..100, #acc + #acc, 'ab'))`,
		`len(walks('x', 1000000000000))`, `count(1..999999, all(1..999999, # > 0))`,
		`repeat('abc', 100000000)`, `score(me)`, `winners()`, `legal()`, `now()`,
		`filter(zone('deck'), card(#).kind == 'k')`, `map(pieces(), .id)`, `concat(zone('deck'), [1], 2..3)`,
		`let x = 2; let y = x * 3; y + x`, `sortBy(zone('deck'), #, 'desc')`, `groupBy(1..9, # % 3)`,
		`moveCard('one', 'deck', 'box')`, `place('pawn-0-1', 'y')`, `split(params.word, ',')[1]`,
		`one(1..3, # > 2)`, `filter(1..5, # % 2 == 1)[-1]`, `map(1..3, #index)`, `[nil, 1][0] ?? 2`,
		`find(pieces(), .owner == 5)?.id`, `'harbour' contains 'bo'`, `'sea-12' matches '^sea-[0-9]+$'`,
		`sum(1..4)`, `sortBy(1..4, #, ['desc'][0])`, `reduce(1..4, concat(#acc, [#index]), [])`,
		// Parts kept (translate.Repeated): of the state alone, with a
		// local, and ones that read a loop's element, which are not.
		`map(1..3, len(zone('deck')) + #)`, `filter(pieces(), len(filter(pieces(), .owner == me)) > 0 && .owner == me)`,
		`filter(1..3, count(concat(zone('deck'), [#]), # == 2) > 0)`, `map(1..3, let x = #; len(filter(1..x, len(zone('deck')) > 0)))`,
		// Kept by the values of the locals they read (translate.Body).
		`len(filter(pieces(), .owner == me)) + len(filter(pieces(), .owner != me))`, `concat(filter(zone('deck'), me > 0), map(pieces(), .owner + me))`,
		// Loops keyed by kind and owner (translate's pieceindex.go).
		`count(pieces(), .kind == 'pawn' && .owner == me && .at == '')`, `find(pieces(), .owner == 1 && .kind == 'pawn')?.id`,
		// Loops over a zone answered from its tally of definitions
		// (translate's carddefs.go).
		`count(zone('deck'), card(#).def == 'two')`, `let d = 'one'; any(zone('deck'), d == card(#).def)`,
		`findLast(zone('deck'), card(#).def == 'two')`, `findIndex(zone('deck'), card(#).def == 'one')`,
		// concat of two lists: typed, boxed from a zone's strings, or of a
		// value of unknown type (translate's concat2, concatTyped).
		`concat(zone('deck'), ['done'])`, `concat([], zone('deck'))`, `let l = [me]; concat(l, zone('deck'))`, `concat(params.word, [1])`,
	} {
		f.Add(s)
	}
	for _, s := range shippedExprs(f) {
		f.Add(s)
	}
	g, _ := interpretertest.SmallGame(f)
	f.Fuzz(func(t *testing.T, src string) {
		e, err := g.CompileExpr(src, diag.Pos{File: "f", Line: 1, Col: 1})
		if err != nil {
			return
		}
		st, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, gerr := g.Eval(st, e)
		if gerr != nil || changes(src) {
			return
		}
		// expr's VM is the oracle of Haven's one evaluator: where the
		// closures gave a value without changing the state, the VM
		// (which did the same work) gives the same.
		vst, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		interpreter.UseVM(g, true)
		want, werr := g.Eval(vst, e)
		interpreter.UseVM(g, false)
		// %#v tells values apart as DeepEqual does, but prints NaN alike.
		if werr != nil || !reflect.DeepEqual(want, got) && fmt.Sprintf("%#v", want) != fmt.Sprintf("%#v", got) {
			if werr != nil || !ordering.MatchString(src) {
				t.Fatalf("%s: VM %#v (%v), closures %#v", src, want, werr, got)
			}
			// The VM leaves ties to sort.Sort and lists maps in Go's
			// map order; the engine's order is the closures'
			// (TestOrderWithTies pins it).
			want = got
		}
		// The same, its parts that read only the state or none of a
		// loop's elements, or locals by their values, kept
		// (translate.Body), evaluated twice.
		k, err := interpreter.CompileKept(g, src, diag.Pos{File: "f", Line: 1, Col: 1})
		if err != nil {
			t.Fatalf("%s: compiles alone but not as kept: %v", src, err)
		}
		kst, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			kept, kerr := g.Eval(kst, k)
			if kerr != nil || !reflect.DeepEqual(want, kept) && fmt.Sprintf("%#v", want) != fmt.Sprintf("%#v", kept) {
				t.Fatalf("%s: VM %#v, closures with parts kept %#v (%v)", src, want, kept, kerr)
			}
		}
	})
}

// ordering matches a call of a builtin whose order the engine sets and
// expr's VM leaves to the standard library or to Go's map order.
var ordering = regexp.MustCompile(`\b(sortBy|sort|keys|values|toPairs)\s*\(`)

// callee matches a name called in an expression.
var callee = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*\(`)

// changes tells whether src may call a function that changes the state
// (or draws a random number): FuzzExpr compares only what does not.
func changes(src string) bool {
	for _, m := range callee.FindAllStringSubmatch(src, -1) {
		if compile.IsChange(m[1]) {
			return true
		}
	}
	return false
}

// FuzzApply applies a fuzzed move to a fresh game: an illegal move is
// refused, never a panic.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"pass", "pass x", "", " ", "pass\n", "pass\x00", "é", "take 99999999999999999999"} {
		f.Add(s)
	}
	g, _ := interpretertest.SmallGame(f)
	f.Fuzz(func(t *testing.T, move string) {
		st, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		_ = g.Apply(st, move)
		_, _ = g.Legal(st)
	})
}
