// Package load reads a game definition: it parses the CUE files of a game
// folder together with the schema, applies variant files and --set
// overrides, and validates the result. A variant is unified with the
// game; its patch list (patch.go) and a --set of a value the game writes
// edit the game's syntax first, so that they can remove and replace what
// unification cannot. It is the first stage of Haven's pipeline: load →
// compile → run.
package load

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/token"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/schema"
)

// Source is where game folders are read from: an embedded file system or a
// directory on disk. Prefix is prepended to file names in error messages.
type Source struct {
	FS     fs.FS
	Prefix string
}

// Dir returns a Source reading game folders below a directory on disk.
func Dir(dir string) Source {
	return Source{FS: os.DirFS(dir), Prefix: dir}
}

// Options are the house rules applied on top of a definition.
type Options struct {
	// Variants are CUE files (package haven) unified with the game.
	Variants []string
	// Sets are overrides of the form path=value, path relative to game.
	Sets []string
	// Texts are variants given by their text, as a save carries them.
	Texts []Text
	// Choices are the options chosen, NAME=VALUE (option.go).
	Choices []string
	// Scoped applies each variant only to the game it belongs to, for a
	// command that loads every game with the same options (haven
	// serve): see Source.For.
	Scoped bool
}

// Text is a variant given by its source text; Name stands for its file
// in error messages.
type Text struct {
	Name string `json:"name"`
	Src  string `json:"text"`
}

// Games lists the game folders of a source, sorted: the folders with
// `*.cue` files of their own, except cue.mod. A folder of shared packages
// (lib/, whose packages sit one level down) is no game.
func (s Source) Games() ([]string, error) {
	entries, err := fs.ReadDir(s.FS, ".")
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range entries {
		if !e.IsDir() || e.Name() == path.Dir(modFile) {
			continue
		}
		if m, _ := fs.Glob(s.FS, e.Name()+"/*.cue"); len(m) > 0 {
			ids = append(ids, e.Name())
		}
	}
	sort.Strings(ids)
	return ids, nil
}

// VariantFiles lists the variant files shipped in a game folder.
func (s Source) VariantFiles(game string) []string {
	m, _ := fs.Glob(s.FS, game+"/variants/*.cue")
	sort.Strings(m)
	return m
}

// ReadVariant reads a variant shipped with a game, by its file base name.
func (s Source) ReadVariant(game, name string) ([]byte, string, error) {
	p := path.Join(game, "variants", strings.TrimSuffix(name, ".cue")+".cue")
	b, err := readFS(s.FS, p, s.name(p))
	return b, s.name(p), err
}

func (s Source) name(p string) string {
	if s.Prefix == "" {
		return p
	}
	return filepath.Join(s.Prefix, p)
}

// Game loads the game folder id from the source, applies the options and
// validates it against the schema. It returns the `game` value. Every
// problem found is reported in one diag.List.
func (s Source) Game(id string, opt Options) (cue.Value, error) {
	opt = s.For(id, opt)
	files, err := fs.Glob(s.FS, id+"/*.cue")
	if err != nil || len(files) == 0 {
		games, _ := s.Games()
		if hint := diag.DidYouMean(id, games); hint != "" {
			return cue.Value{}, fmt.Errorf("unknown game %q%s", id, hint)
		}
		return cue.Value{}, fmt.Errorf("unknown game %q (games: %s)", id, strings.Join(games, ", "))
	}
	var srcs []source
	for _, f := range files {
		b, err := readFS(s.FS, f, s.name(f))
		if err != nil {
			return cue.Value{}, err
		}
		srcs = append(srcs, source{s.name(f), b})
	}
	variants, sets, err := s.overrides(id, opt)
	if err != nil {
		return cue.Value{}, err
	}
	var errs diag.List
	ownPatches(&errs, srcs)
	srcs, out, gated := splitGated(&errs, srcs, chosenValues(sets))
	for _, v := range variants {
		if g := gateOf(&errs, v); g != nil {
			errs.Add(g.pos, "@option marks a file of the game's folder, loaded for an option value; a variant is loaded when it is chosen")
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	if err := checkTotal(s.name(id), append(append([]source{}, srcs...), variants...)); err != nil {
		return cue.Value{}, err
	}
	imports := importsModule(srcs)
	buildWith := func(srcs []source, out []gatedFile) (cue.Value, error) {
		var base baseInstance
		if imports {
			// cue/load reads the game's files and the packages they
			// import, afresh for each build.
			base = func() (*build.Instance, error) { return s.moduleInstance(id, out) }
			srcs = nil
		}
		return buildChecked(s.name(id), base, srcs, variants, sets)
	}
	game, err := buildWith(srcs, out)
	// An option whose value the game gave itself (its default, a
	// variant's) may be one that files left out belong to (gate.go).
	for err == nil && len(out) > 0 {
		var more []source
		if more, out = takeGated(game, out); len(more) == 0 {
			break
		}
		srcs = append(srcs, more...)
		if err = checkTotal(s.name(id), append(append([]source{}, srcs...), variants...)); err == nil {
			game, err = buildWith(srcs, out)
		}
	}
	if err != nil {
		return cue.Value{}, err
	}
	checkGates(&errs, game, gated)
	// One name per game: the folder is what the CLI, saves, scenarios
	// and the web board call it, and the id what its states carry.
	if v := game.LookupPath(cue.ParsePath("id")); v.Exists() {
		if name, _ := v.String(); name != path.Base(id) {
			errs.Add(Pos(v.Pos()), "id %q: the game's folder is %q: a game's id is its folder's name; rename one", name, path.Base(id))
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	return game, nil
}

// overrides reads the variants and parses the --set overrides of opt.
func (s Source) overrides(id string, opt Options) ([]source, []*setOverride, error) {
	var vs []source
	for _, v := range opt.Variants {
		b, name, err := s.variant(id, v)
		if err != nil {
			return nil, nil, err
		}
		vs = append(vs, source{name, b})
	}
	for _, t := range opt.Texts {
		vs = append(vs, source{t.Name, []byte(t.Src)})
	}
	var sets []*setOverride
	for _, set := range opt.Sets {
		o, err := parseSet(set)
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, o)
	}
	for _, c := range opt.Choices {
		o, err := parseOption(c)
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, o)
	}
	return vs, sets, nil
}

type source struct {
	name string
	src  []byte
}

// baseInstance makes the instance a build starts from: a game that imports
// packages, loaded by cue/load (imports.go). Nil starts from an empty one.
type baseInstance func() (*build.Instance, error)

// buildGame adds the schema and srcs to the base instance, builds it and
// validates the game.
// A patch, when given, edits the syntax of the sources before CUE
// evaluates them (patch.go).
func buildGame(dir string, base baseInstance, srcs []source, patch *overlay) (cue.Value, error) {
	return watched(dir, func() (cue.Value, error) { return parseAndEvaluate(dir, base, srcs, patch) })
}

// parseAndEvaluate parses the sources, then builds and validates them.
func parseAndEvaluate(dir string, base baseInstance, srcs []source, patch *overlay) (cue.Value, error) {
	schemaFiles, _ := fs.Glob(schema.Files, "*.cue")
	var all []source
	for _, f := range schemaFiles {
		b, _ := fs.ReadFile(schema.Files, f)
		all = append(all, source{"schema/" + f, b})
	}
	all = append(all, srcs...)

	// The sources are parsed while cue/load reads the base's packages.
	done := make(chan []parsed, 1)
	go func() { done <- parseAll(all) }()
	var errs diag.List
	inst := build.NewContext().NewInstance("haven", nil)
	if base != nil {
		var err error
		if inst, err = base(); err != nil {
			return cue.Value{}, err
		}
	}
	for i, p := range <-done {
		s, f := all[i], p.f
		if p.err != nil {
			addCUE(&errs, p.err)
			continue
		}
		lateGates(&errs, f)
		if f.PackageName() != "haven" {
			errs.Add(diag.Pos{File: s.name, Line: 1, Col: 1}, "want `package haven`, found %q", f.PackageName())
			continue
		}
		if err := inst.AddSyntax(f); err != nil {
			addCUE(&errs, err)
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	if patch != nil {
		if err := patch.apply(inst); err != nil {
			return cue.Value{}, err
		}
	}
	return evaluate(dir, inst, patch)
}

// evaluate builds the instance and validates its `game`.
func evaluate(dir string, inst *build.Instance, over *overlay) (cue.Value, error) {
	var errs diag.List
	var v cue.Value
	defer func() {
		hintFields(errs, v)
		// A missing field has no position: name the game's folder.
		for _, e := range errs {
			if e.Pos.File == "" {
				e.Pos.File = dir
			}
		}
	}()
	v = cuecontext.New().BuildInstance(inst)
	addCUE := func(l *diag.List, err error) { addCUEOver(l, err, over) }
	if err := v.Err(); err != nil {
		addCUE(&errs, err)
		return cue.Value{}, errs.Err()
	}
	game := v.LookupPath(cue.ParsePath("game"))
	if err := game.Validate(cue.Concrete(true)); err != nil {
		// Validate stops at the first error: validate each part of the
		// game as well, so that one load reports every problem.
		addCUE(&errs, err)
		if it, ferr := game.Fields(); ferr == nil {
			for it.Next() {
				if err := it.Value().Validate(cue.Concrete(true)); err != nil {
					addCUE(&errs, err)
				}
			}
		}
		return cue.Value{}, errs.Err()
	}
	return game, nil
}

// addCUE converts CUE's errors into positioned diag errors.
func addCUE(l *diag.List, err error) { addCUEOver(l, err, nil) }

// addCUEOver converts CUE's errors of a build with overrides: a conflict
// between an override and the game is shown at the override, saying
// where the game fixed the value and how to replace it (conflict.go).
func addCUEOver(l *diag.List, err error, over *overlay) {
	errs := cueerrors.Errors(err)
	missing := missingImports(errs)
	// CUE heads the ways a disjunction failed with a line of its own, of
	// the same path and no position, and sorts it among them: it is put
	// at the first of theirs, so that it prints before them. A conflict
	// with a fixed value among them says all there is to say, alone.
	var heads []string
	headOf := map[string]cueerrors.Error{}
	for _, e := range errs {
		if disjunctionHeading(e) {
			p := strings.Join(e.Path(), ".")
			heads = append(heads, p)
			headOf[p] = e
		}
	}
	for _, e := range errs {
		p := strings.Join(e.Path(), ".")
		if _, ok := headOf[p]; !ok {
			addOne(l, e, missing, over)
		}
	}
	for _, p := range heads {
		var items, plain diag.List
		for _, e := range errs {
			if strings.Join(e.Path(), ".") == p && !disjunctionHeading(e) {
				addOne(&items, e, missing, over)
				addOne(&plain, e, missing, nil)
			}
		}
		// One way conflicts with a value the game fixed, the others with
		// the schema's defaults: that one is the error. Several are a
		// choice among the game's values, none of them fixed.
		if fixed := conflictsRewritten(items); len(fixed) == 1 {
			*l = append(*l, fixed...)
			continue
		}
		items = plain
		var head diag.List
		addOne(&head, headOf[p], missing, nil)
		if len(head) == 1 && len(items) > 0 {
			first := items[0].Pos
			for _, x := range items[1:] {
				if less(x.Pos, first) {
					first = x.Pos
				}
			}
			head[0].Pos = first
		}
		*l = append(append(*l, head...), items...)
	}
}

// disjunctionHeading tells whether e is CUE's heading of the ways a
// disjunction failed.
func disjunctionHeading(e cueerrors.Error) bool {
	format, _ := e.Msg()
	return format == "%d errors in empty disjunction:"
}

// less orders positions as diag.List sorts them.
func less(a, b diag.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// addOne converts one of CUE's errors.
func addOne(l *diag.List, e cueerrors.Error, missing map[string]bool, over *overlay) {
	format, args := e.Msg()
	msg := fmt.Sprintf(format, args...)
	if pkg, ok := importNotDefined(msg); ok {
		// CUE names its module internals ("imported but not defined
		// in example.org/defs@v0:haven"): say it in the designer's words.
		msg = fmt.Sprintf("package %q not found", pkg)
	} else if pkg, ok := importNotFound(msg); ok && missing[pkg] {
		// CUE says it again where the package is used: once is enough.
		return
	}
	if p := e.Path(); len(p) > 0 {
		msg = strings.Join(p, ".") + ": " + msg
	}
	if over != nil {
		if at, m, ok := over.conflict(e, msg); ok {
			l.Add(at, "%s", m)
			return
		}
	}
	pos := e.Position()
	if !pos.IsValid() || strings.HasPrefix(pos.Filename(), "schema/") {
		// A conflict is best shown where the definition wrote it.
		for _, p := range e.InputPositions() {
			if p.IsValid() && !strings.HasPrefix(p.Filename(), "schema/") {
				pos = p
				break
			}
		}
	}
	l.Add(Pos(pos), "%s", msg)
}

// missingImports are the packages errs say are imported but not defined.
func missingImports(errs []cueerrors.Error) map[string]bool {
	var m map[string]bool
	for _, e := range errs {
		format, args := e.Msg()
		if pkg, ok := importNotDefined(fmt.Sprintf(format, args...)); ok {
			if m == nil {
				m = map[string]bool{}
			}
			m[pkg] = true
		}
	}
	return m
}

// importNotDefined is the package of CUE's `package "p" imported but not
// defined in …`.
func importNotDefined(msg string) (string, bool) {
	return quotedBetween(msg, "package ", " imported but not defined in ")
}

// importNotFound is the package of CUE's `import "p" not found`.
func importNotFound(msg string) (string, bool) {
	if !strings.HasSuffix(msg, " not found") {
		return "", false
	}
	return quotedBetween(strings.TrimSuffix(msg, " not found"), "import ", "")
}

// quotedBetween is the quoted string msg holds between prefix and a
// text that starts with sep ("" for the end of msg).
func quotedBetween(msg, prefix, sep string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, prefix)
	if !ok {
		return "", false
	}
	q := rest
	if sep != "" {
		i := strings.Index(rest, sep)
		if i < 0 {
			return "", false
		}
		q = rest[:i]
	}
	pkg, err := strconv.Unquote(q)
	return pkg, err == nil
}

// Pos converts a CUE position.
func Pos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	if strings.HasPrefix(p.Filename(), "--set ") || strings.HasPrefix(p.Filename(), "--option ") {
		// A --set is one line, the flag itself: it is its own position.
		return diag.Pos{File: p.Filename()}
	}
	return diag.Pos{File: p.Filename(), Line: p.Line(), Col: p.Column()}
}
