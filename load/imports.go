package load

import (
	"context"
	"errors"
	"fmt"

	"io/fs"
	"path"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	cueerrors "cuelang.org/go/cue/errors"
	cueload "cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/mod/modfile"
	"cuelang.org/go/mod/module"

	"github.com/haven-engine/haven/diag"
)

// A game folder may import packages of the CUE module that holds the
// definitions (a folder with `cue.mod/module.cue`): an expansion imports
// the board and cards of its base game instead of copying them. Such a
// game is loaded by cuelang.org/go's cue/load, the loader of the stock cue
// command, so an import resolves exactly as `cue vet` resolves it. The
// files come from the Source's fs.FS through an Overlay rooted at a
// virtual directory, so embedded definitions and --defs DIR load the same
// way, and ParseFile names every file as the Source does, so positions in
// an imported file read `lib/pkg/file.cue:line:col`.

// virtualRoot is where the Source's files appear to cue/load. It exists
// nowhere on disk: every file is given in the Overlay.
const virtualRoot = "/haven-definitions"

// modFile is the module file that makes the definitions folder a CUE module.
const modFile = "cue.mod/module.cue"

// importsModule reports whether a game's files import a package that is
// not in CUE's standard library (whose import paths have no dot in their
// first element).
func importsModule(srcs []source) bool {
	for _, s := range srcs {
		f, err := parser.ParseFile(s.name, s.src, parser.ImportsOnly)
		if err != nil {
			continue // the full parse reports it
		}
		for spec := range f.ImportSpecs() {
			p := strings.Trim(spec.Path.Value, `"`)
			if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") {
				return true
			}
		}
	}
	return false
}

// moduleInstance loads the game folder id, and the packages it imports,
// with cue/load, but for the files of out (gate.go). It returns the
// game's instance, to which the schema, variants and sets are then added.
func (s Source) moduleInstance(id string, out []gatedFile) (*build.Instance, error) {
	left := map[string]bool{}
	for _, f := range out {
		left[f.src.name] = true
	}
	if _, err := fs.Stat(s.FS, modFile); err != nil {
		return nil, fmt.Errorf("%s: the game imports a package, but %s is missing: the definitions folder must be a CUE module", s.name(id), s.name(modFile))
	}
	overlay := map[string]cueload.Source{}
	names := map[string]string{} // virtual path → name shown in positions
	var own []source             // the game's files, named as positions show them
	var ownAt []string           // and their virtual paths
	err := fs.WalkDir(s.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".cue" || left[s.name(p)] {
			return err
		}
		if path.Dir(p) == "." {
			// A file at the module's root would be part of every
			// package haven below it (cue/load reads a package's
			// files in the folders above it too): the schema saved
			// there for editors (haven doc --schema) is no part of a
			// game, which is checked against Haven's own schema.
			return nil
		}
		b, err := readFS(s.FS, p, s.name(p))
		if err != nil {
			return err
		}
		v := path.Join(virtualRoot, p)
		overlay[v] = cueload.FromBytes(b)
		names[v] = s.name(p)
		if path.Dir(p) == id {
			own, ownAt = append(own, source{s.name(p), b}), append(ownAt, v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The game's own files, which cue/load reads first, are parsed at
	// once, side by side; one that fails is left to ParseFile, which
	// reports it as cue/load reads it.
	var late diag.List
	for i, p := range parseAll(own) {
		if p.err == nil {
			lateGates(&late, p.f)
			overlay[ownAt[i]] = cueload.FromFile(p.f)
		}
	}
	if err := late.Err(); err != nil {
		return nil, err
	}
	cfg := &cueload.Config{
		Dir:        path.Join(virtualRoot, id),
		ModuleRoot: virtualRoot,
		Overlay:    overlay,
		Package:    "haven",
		// Only packages of this module are loaded: nothing is fetched.
		Registry: noRegistry{},
		ParseFile: func(name string, src any, cfg parser.Config) (*ast.File, error) {
			if n, ok := names[name]; ok {
				name = n
			}
			// cue/load hands over the bytes of a file of the Overlay,
			// which readFS has bounded.
			b, ok := src.([]byte)
			if !ok {
				return nil, fmt.Errorf("%s: unexpected source %T", name, src)
			}
			return parseFile(name, b, cfg.Mode)
		},
	}
	insts := cueload.Instances([]string{"."}, cfg)
	if len(insts) != 1 {
		return nil, fmt.Errorf("%s: cue/load found %d packages, want 1", s.name(id), len(insts))
	}
	inst := insts[0]
	if inst.Err != nil {
		var l diag.List
		for _, e := range cueerrors.Errors(inst.Err) {
			// Msg holds only "import failed"; Error has the reason too.
			msg := strings.TrimSuffix(e.Error(), ":")
			if i := strings.Index(msg, "import failed"); i >= 0 {
				msg = msg[i:]
			}
			pos := Pos(e.Position())
			if pos.File == "" {
				pos.File = s.name(id)
			}
			// The reason repeats the position: say it once.
			msg = strings.ReplaceAll(msg, pos.String()+": ", "")
			l.Add(pos, "%s", msg)
		}
		return nil, l.Err()
	}
	return inst, nil
}

// noRegistry refuses to fetch a module: the definitions' imports are all
// packages of their own module.
type noRegistry struct{}

var errNoRegistry = errors.New("only packages of the definitions' own module can be imported")

func (noRegistry) ModFile(context.Context, module.Version) (*modfile.File, error) {
	return nil, errNoRegistry
}

func (noRegistry) Fetch(context.Context, module.Version) (module.SourceLoc, error) {
	return module.SourceLoc{}, errNoRegistry
}

func (noRegistry) ModuleVersions(context.Context, string) ([]string, error) {
	return nil, errNoRegistry
}
