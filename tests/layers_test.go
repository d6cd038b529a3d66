package tests

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/haven-engine/haven/interpreter"
)

const module = "github.com/haven-engine/haven/"

// interpreterLayers are the interpreter's packages in pipeline order, the
// lowest first: a package may import only packages listed before it.
// Every package under interpreter/ must be listed.
var interpreterLayers = []string{
	"interpreter/exprpos",   // a spot inside an expression → its CUE file
	"interpreter/budget",    // the limits of a definition and what is left of them
	"interpreter/board",     // the board's graph, its walks and costs
	"interpreter/model",     // the state, its tables and its JSON
	"interpreter/eval",      // the frame compiled closures run in; the library's calling convention
	"interpreter/notation",  // the text of moves: values as words, words of a move
	"interpreter/translate", // expr's checked tree → typed closures
	"interpreter/view",      // what a player or a bot may know of a state
	"interpreter/runtime",   // Game, the machine and its library, legal moves and apply, views, scoring
	"interpreter/compile",   // CUE value → runtime.Game: tables, expressions, steps, the load-time checks
	"interpreter/reference", // the designer's reference: library functions, steps, fields, hooks
	"interpreter",           // the public entry: Compile, Game, CompileExpr, aliases
	"interpreter/interpretertest",
}

// TestInterpreterLayers checks that no interpreter package imports one
// later in the pipeline, and that none is left out of the order.
func TestInterpreterLayers(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	imports := packageImports(t, filepath.Join(root, "interpreter"), root)
	if _, ok := imports["interpreter/model"]; !ok {
		t.Fatal("the interpreter's packages are not where this test looks")
	}
	for dir := range imports {
		if !slices.Contains(interpreterLayers, dir) {
			t.Errorf("%s is not in interpreterLayers: give it its place in the pipeline", dir)
		}
	}
	for _, bad := range layerViolations(interpreterLayers, imports) {
		t.Error(bad)
	}
}

// TestPublicEntry checks that the code outside the interpreter reaches it
// only through its public entry, package interpreter, whose Game shows
// methods and no field: the machine's fields are the compiler's.
func TestPublicEntry(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	imports := packageImports(t, root, root)
	for dir, imps := range imports {
		if dir == "interpreter" || strings.HasPrefix(dir, "interpreter/") {
			continue
		}
		for _, imp := range imps {
			if strings.HasPrefix(imp, module+"interpreter/") {
				t.Errorf("%s imports %s: use package interpreter, the public entry", dir, strings.TrimPrefix(imp, module))
			}
		}
	}
	if _, ok := imports["cmd/haven"]; !ok {
		t.Fatal("the packages outside the interpreter are not where this test looks")
	}
	game := reflect.TypeFor[interpreter.Game]()
	for i := range game.NumField() {
		if f := game.Field(i); f.IsExported() {
			t.Errorf("interpreter.Game has the exported field %s: give callers a method", f.Name)
		}
	}
}

// TestLayerViolations checks that the check finds an import of a later
// package and an import of one outside the order.
func TestLayerViolations(t *testing.T) {
	order := []string{"a", "b", "c"}
	got := layerViolations(order, map[string][]string{
		"a": {"fmt", module + "c"},
		"b": {module + "a"},
		"c": {module + "a", module + "b"},
	})
	want := []string{"a imports c, which comes later in the pipeline"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// layerViolations lists the imports, among the packages of order, of a
// package that comes at or after the importer.
func layerViolations(order []string, imports map[string][]string) []string {
	var bad []string
	for i, dir := range order {
		for _, imp := range imports[dir] {
			rel, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if j := slices.Index(order, rel); j >= i {
				bad = append(bad, dir+" imports "+rel+", which comes later in the pipeline")
			}
		}
	}
	return bad
}

// packageImports reads the imports of the non-test Go files of every
// package under base, by directory relative to root.
func packageImports(t *testing.T, base, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != base {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = p.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no package under %s", base)
	}
	return out
}
