// Package scenario checks a game's rules with scenarios written as data.
//
// A scenario file is CUE (package scenario) holding `scenarios`, keyed by
// name, and validated against the embedded schema.cue. A scenario names a
// game, quotes the rule it checks, patches the state after setup, plays
// moves (some of which must be rejected) and states expectations; every
// failure points at the line of the file that failed:
//
//	tests/scenarios/loading.cue:12:5: scenario load-limit: expected has("ship-0-1", "grain") == 2, but has("ship-0-1", "grain") is 3
package scenario

import (
	_ "embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/load"
)

//go:embed schema.cue
var schemaSrc []byte

// schemaFile is the name the embedded schema carries in CUE's positions.
const schemaFile = "scenario/schema.cue"

// Scenario is one rule scenario, read from a scenario file.
type Scenario struct {
	Name string
	File string
	Pos  diag.Pos // where the scenario is named
	Game string
	Rule string

	Players  int
	Seed     uint64
	Variants []string // resolved: a path, or the name of a shipped variant
	Sets     []string
	Choices  []string // options chosen, NAME=VALUE
	Patch    []Text
	Moves    []Step
	Expect   []Text
}

// Text is a string of a scenario file with the position of its first
// character, so that an error inside it points into the file.
type Text struct {
	Src string
	Pos diag.Pos
}

// StepKind tells what a step of Moves checks.
type StepKind int

const (
	// Play is a move that must be legal.
	Play StepKind = iota
	// Reject is a move that must be rejected with an error containing Fails.
	Reject
	// Check is a condition that must hold at that point.
	Check
	// Patch is an expression run on the state at that point (dice set
	// for the next turn, a card slipped into a hand).
	Patch
)

// Step is one element of a scenario's moves.
type Step struct {
	Kind  StepKind
	Text  Text   // the move, or the condition of a Check
	Fails string // for Reject: a part of the expected error
	// As is the seat whose view a Check is judged on, plus one (0: the
	// whole state).
	As int
}

// LoadDir reads every *.cue file below dir, recursively, in path order.
// Files of package haven are variants that scenarios name, and are
// skipped. Problems of all files are reported together as a diag.List.
func LoadDir(dir string) ([]*Scenario, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".cue") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var all []*Scenario
	var errs diag.List
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if isVariant(f, b) {
			continue
		}
		scs, err := Parse(f, b)
		if err != nil {
			if l, ok := err.(diag.List); ok {
				errs = append(errs, l...)
				continue
			}
			return nil, err
		}
		all = append(all, scs...)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return all, nil
}

func isVariant(name string, src []byte) bool {
	f, err := parser.ParseFile(name, src, parser.PackageClauseOnly)
	return err == nil && f.PackageName() == "haven"
}

// Parse reads the scenarios of one file, validated against the schema.
// Relative variant paths are resolved against the file's folder.
func Parse(filename string, src []byte) ([]*Scenario, error) {
	var errs diag.List
	f, err := parser.ParseFile(filename, src, parser.ParseComments)
	if err != nil {
		addCUE(&errs, err, nil)
		return nil, errs.Err()
	}
	if f.PackageName() != "scenario" {
		errs.Add(diag.Pos{File: filename, Line: 1, Col: 1}, "want `package scenario`, found %q", f.PackageName())
		return nil, errs.Err()
	}
	names := namePositions(f)
	schema, err := parser.ParseFile(schemaFile, schemaSrc)
	if err != nil {
		return nil, fmt.Errorf("scenario schema: %v", err) // a bug: the schema is embedded
	}
	inst := build.NewContext().NewInstance("scenario", nil)
	for _, x := range []*ast.File{schema, f} {
		if err := inst.AddSyntax(x); err != nil {
			addCUE(&errs, err, names)
		}
	}
	v := cuecontext.New().BuildInstance(inst)
	if err := v.Err(); err != nil {
		addCUE(&errs, err, names)
		return nil, errs.Err()
	}
	if err := v.Validate(cue.Concrete(true)); err != nil {
		addCUE(&errs, err, names)
		return nil, errs.Err()
	}

	dir := filepath.Dir(filename)
	var out []*Scenario
	it, _ := v.LookupPath(cue.ParsePath("scenarios")).Fields()
	for it.Next() {
		name := it.Selector().Unquoted()
		out = append(out, decode(name, filename, dir, names[name], it.Value()))
	}
	return out, nil
}

// decode turns a validated scenario value into a Scenario.
func decode(name, file, dir string, pos diag.Pos, v cue.Value) *Scenario {
	sc := &Scenario{Name: name, File: file, Pos: pos}
	sc.Game = str(v.LookupPath(cue.ParsePath("game")))
	sc.Rule = str(v.LookupPath(cue.ParsePath("rule")))
	// 0 when the scenario leaves it to the game (Run).
	n, _ := v.LookupPath(cue.ParsePath("players")).Int64()
	sc.Players = int(n)
	seed, _ := v.LookupPath(cue.ParsePath("seed")).Uint64()
	sc.Seed = seed
	for _, t := range texts(v, "variants") {
		sc.Variants = append(sc.Variants, resolveVariant(dir, t.Src))
	}
	for _, t := range texts(v, "options") {
		sc.Choices = append(sc.Choices, t.Src)
	}
	for _, t := range texts(v, "set") {
		sc.Sets = append(sc.Sets, t.Src)
	}
	sc.Patch = texts(v, "patch")
	sc.Expect = texts(v, "expect")
	it, _ := v.LookupPath(cue.ParsePath("moves")).List()
	for it.Next() {
		x := it.Value()
		switch {
		case x.IncompleteKind() == cue.StringKind:
			sc.Moves = append(sc.Moves, Step{Kind: Play, Text: text(x)})
		case x.LookupPath(cue.ParsePath("expect")).Exists():
			step := Step{Kind: Check, Text: text(x.LookupPath(cue.ParsePath("expect")))}
			if as, err := x.LookupPath(cue.ParsePath("as")).Int64(); err == nil {
				step.As = int(as) + 1
			}
			sc.Moves = append(sc.Moves, step)
		case x.LookupPath(cue.ParsePath("patch")).Exists():
			sc.Moves = append(sc.Moves, Step{Kind: Patch, Text: text(x.LookupPath(cue.ParsePath("patch")))})
		default:
			sc.Moves = append(sc.Moves, Step{Kind: Reject,
				Text:  text(x.LookupPath(cue.ParsePath("move"))),
				Fails: str(x.LookupPath(cue.ParsePath("fails")))})
		}
	}
	return sc
}

// resolveVariant makes a variant path relative to the scenario file; a
// name that is no file there is left for the loader to find among the
// game's shipped variants.
func resolveVariant(dir, v string) string {
	if filepath.IsAbs(v) {
		return v
	}
	p := filepath.Join(dir, v)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return v
}

func str(v cue.Value) string {
	s, _ := v.String()
	return s
}

func texts(v cue.Value, field string) []Text {
	var out []Text
	it, _ := v.LookupPath(cue.ParsePath(field)).List()
	for it.Next() {
		out = append(out, text(it.Value()))
	}
	return out
}

// text reads a string with the position of its first character: the
// literal's position plus its opening quote.
func text(v cue.Value) Text {
	t := Text{Src: str(v), Pos: load.Pos(v.Pos())}
	lit, ok := v.Source().(*ast.BasicLit)
	if !ok || t.Pos.File == "" {
		return t
	}
	raw := lit.Value
	hashes := len(raw) - len(strings.TrimLeft(raw, "#"))
	if strings.HasPrefix(raw[hashes:], `"""`) || strings.HasPrefix(raw[hashes:], `'''`) {
		// A multi-line string starts on the next line, indented as its
		// closing quotes are.
		last := raw[strings.LastIndexByte(raw, '\n')+1:]
		t.Pos.Line++
		t.Pos.Col = len(last) - len(strings.TrimLeft(last, " \t")) + 1
		return t
	}
	t.Pos.Col += hashes + 1
	return t
}

// namePositions finds where each scenario is named in the file, whether
// written `scenarios: name: {...}` or `scenarios: {name: {...}}`.
func namePositions(f *ast.File) map[string]diag.Pos {
	out := map[string]diag.Pos{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.Field)
		if !ok || label(fd.Label) != "scenarios" {
			continue
		}
		st, ok := fd.Value.(*ast.StructLit)
		if !ok {
			continue
		}
		for _, e := range st.Elts {
			if g, ok := e.(*ast.Field); ok {
				name := label(g.Label)
				if _, seen := out[name]; !seen && name != "" {
					out[name] = load.Pos(g.Label.Pos())
				}
			}
		}
	}
	return out
}

func label(l ast.Label) string {
	name, _, err := ast.LabelName(l)
	if err != nil {
		return ""
	}
	return name
}

// addCUE converts CUE's errors into positioned errors in the scenario
// file. An error CUE places in the embedded schema is moved to the
// scenario it is about; of the alternatives of a failed disjunction only
// the first is kept, under a message saying what is allowed.
func addCUE(l *diag.List, err error, names map[string]diag.Pos) {
	seen := map[string]bool{}
	for _, e := range cueerrors.Errors(err) {
		path := e.Path()
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(msg, "empty disjunction") {
			continue
		}
		key := strings.Join(path, ".")
		if seen[key] {
			continue
		}
		seen[key] = true
		pos := load.Pos(e.Position())
		if pos.File == "" || pos.File == schemaFile {
			pos = diag.Pos{}
			for _, p := range e.InputPositions() {
				if q := load.Pos(p); q.File != "" && q.File != schemaFile {
					pos = q
					break
				}
			}
		}
		if len(path) >= 2 && path[0] == "scenarios" {
			if pos.File == "" {
				pos = names[path[1]]
			}
			msg = explain(path[2:], msg)
			msg = "scenario " + path[1] + ": " + msg
		} else if key != "" {
			msg = key + ": " + msg
		}
		l.Add(pos, "%s", msg)
	}
}

// explain rewrites CUE's message about a scenario field into the rule
// the schema states.
func explain(path []string, msg string) string {
	if len(path) == 0 {
		return msg
	}
	field := strings.Join(path, ".")
	switch {
	case len(path) == 1 && (path[0] == "rule" || path[0] == "game") && strings.Contains(msg, "incomplete"):
		if path[0] == "rule" {
			return "rule is missing: quote the rule text this scenario checks"
		}
		return "game is missing: name the folder of the game it plays"
	case len(path) == 1 && (path[0] == "rule" || path[0] == "game") && strings.Contains(msg, `!=""`):
		return path[0] + " is empty"
	case path[0] == "moves" && len(path) >= 2:
		return field + ": want a move \"...\", {move: \"...\", fails: \"...\"} or {expect: \"...\"} (" + msg + ")"
	}
	return field + ": " + msg
}
