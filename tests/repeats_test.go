package tests

import (
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// This file is the part of TestExpressionProfile that asks what a cache
// of expressions' values by revision of the state could save
// (HAVEN_PROFILE_REPEATS=1): a cache that keeps an expression's value
// for the values of the locals it reads and the revisions of the parts
// of the state it reads, and answers while none of them has changed. The
// profile counts the time of the evaluations whose inputs were seen
// before in the run, with no bound on what is kept: what such a cache
// could save at most. Each input is a fingerprint of the part's
// content, so the count is exact for any granularity of revisions no
// finer than the parts below.

// The parts of a state an expression may read.
const (
	partZones    = 'Z' // the cards of the zones
	partPieces   = 'P' // the pieces: where they stand, their counters and strings
	partCounters = 'C' // vars, player vars, node vars
	partStocks   = 'S' // the goods each holder has
	changes      = '!' // a change, a roll or the game's end: never kept
)

// libraryParts are the parts each function of the library reads, ""
// for none (the board, the cards' definitions and its arguments only).
// A function of the definition reads any part.
var libraryParts = map[string]string{
	"get": "C", "pget": "C", "nget": "C", "qget": "P", "qstr": "P",
	"zone": "Z", "pzone": "Z", "pieces": "P", "piece": "P", "at": "P",
	"stock": "S", "has": "S",
	// Modifiers and costs run expressions of the definition.
	"modified": "ZPCS", "owns": "ZPCS", "costWalks": "ZPCS", "costDist": "ZPCS", "pathCost": "ZPCS",
	"card": "", "defs": "", "node": "", "nodes": "", "out": "", "into": "", "dist": "",
	"walks": "", "walksBack": "", "minus": "", "seat": "", "seats": "", "pz": "",
	"set": "!", "add": "!", "pset": "!", "padd": "!", "qset": "!", "qadd": "!", "nset": "!",
	"nadd": "!", "qsetstr": "!", "newPiece": "!", "moveCard": "!", "moveCardTop": "!",
	"draw": "!", "shuffle": "!", "place": "!", "unplace": "!", "transfer": "!",
	"roll": "!", "rollDie": "!", "note": "!",
	"legal": "!", "pending": "!", "finished": "!", "winners": "!", "score": "!",
}

// repeats keeps the inputs each expression was evaluated on.
type repeats struct {
	g        *runtime.Game
	reads    map[*runtime.Code]reads
	values   map[*runtime.Code]map[string]string
	differed int    // values that differed for inputs seen before
	first    string // the first of them
}

// reads is what an expression reads: parts of the state (or changes),
// and the locals of its scope it names.
type reads struct {
	parts  string
	locals []string
}

func newRepeats(t *testing.T, g *runtime.Game) *repeats {
	for name := range g.M.Lib {
		if _, ok := libraryParts[name]; !ok && g.Funcs[name] == nil {
			t.Fatalf("repeats_test.go: the library's %s reads which parts of the state?", name)
		}
	}
	return &repeats{g: g, reads: map[*runtime.Code]reads{}, values: map[*runtime.Code]map[string]string{}}
}

// readsOf reads an expression's calls and names.
func (r *repeats) readsOf(c *runtime.Code, env model.Scope) reads {
	if rd, ok := r.reads[c]; ok {
		return rd
	}
	var rd reads
	tree, err := parser.Parse(c.Src)
	if err != nil {
		rd.parts = string(changes)
		r.reads[c] = rd
		return rd
	}
	parts := map[rune]bool{}
	locals := map[string]bool{}
	ast.Walk(&tree.Node, visitor(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallNode:
			if id, ok := n.Callee.(*ast.IdentifierNode); ok {
				p, ok := libraryParts[id.Value]
				if !ok {
					p = "ZPCS"
				}
				for _, x := range p {
					parts[x] = true
				}
			}
		case *ast.BuiltinNode:
			// A function of the library named as one of expr's
			// builtins (get) parses as the builtin.
			for _, x := range libraryParts[n.Name] {
				parts[x] = true
			}
		case *ast.IdentifierNode:
			if env.Layout != nil && env.Layout.Find(n.Value) >= 0 {
				locals[n.Value] = true
			}
		}
	}))
	for _, x := range string(changes) + "ZPCS" {
		if parts[x] {
			rd.parts += string(x)
		}
	}
	rd.locals = slices.Sorted(maps.Keys(locals))
	r.reads[c] = rd
	return rd
}

// key is the inputs of an evaluation of c, "" for one never kept.
func (r *repeats) key(c *runtime.Code, env model.Scope, st *model.State) string {
	rd := r.readsOf(c, env)
	if strings.ContainsRune(rd.parts, changes) {
		return ""
	}
	var b strings.Builder
	for _, name := range rd.locals {
		fmt.Fprintf(&b, "%s=%v;", name, env.Vals[env.Layout.Find(name)])
	}
	for _, p := range rd.parts {
		fmt.Fprintf(&b, "%c%x;", p, partPrint(st, p))
	}
	return b.String()
}

// seen notes the value of an evaluation on its inputs and tells whether
// they were seen before.
func (r *repeats) seen(c *runtime.Code, key string, v any, err error) bool {
	if r == nil || key == "" {
		return false
	}
	got := fmt.Sprint(v, err)
	m := r.values[c]
	if m == nil {
		m = map[string]string{}
		r.values[c] = m
	}
	was, ok := m[key]
	if !ok {
		m[key] = got
		return false
	}
	if was != got {
		if r.differed == 0 {
			r.first = fmt.Sprintf("%s: %s, then %s, on %s", c.Src, was, got, key)
		}
		r.differed++
	}
	return true
}

// partPrint hashes what a part of the state holds.
func partPrint(st *model.State, part rune) uint64 {
	h := fnv.New64a()
	sorted := func(w io.Writer, m map[string][]string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprint(w, k, m[k])
		}
	}
	switch part {
	case partZones:
		sorted(h, st.ZoneMap())
	case partPieces:
		for _, p := range st.Pieces {
			fmt.Fprint(h, p.ID, p.At, p.Vars)
			strs := maps.Collect(model.PieceStrs(p))
			for _, k := range slices.Sorted(maps.Keys(strs)) {
				fmt.Fprint(h, k, strs[k])
			}
		}
	case partCounters:
		fmt.Fprint(h, st.VarMap(), st.PvarMaps(), st.NvarMaps())
	case partStocks:
		sorted(h, st.StockMap())
	}
	return h.Sum64()
}

// visitor adapts a function to ast.Visitor.
type visitor func(ast.Node)

func (f visitor) Visit(n *ast.Node) { f(*n) }

// TestRepeatsKnowLibrary keeps libraryParts whole: the profile's count of
// repeats is only as right as the parts it says each function reads.
func TestRepeatsKnowLibrary(t *testing.T) {
	src := load.Source{FS: definitions.Files, Prefix: "definitions"}
	ids, err := src.Games()
	require.NoError(t, err)
	require.NotEmpty(t, ids)
	for _, id := range ids {
		v, err := src.Game(id, load.Options{})
		require.NoError(t, err)
		g, err := compile.Compile(v)
		require.NoError(t, err)
		newRepeats(t, g)
	}
}
