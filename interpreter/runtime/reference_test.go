package runtime

import (
	"reflect"
	"strings"
	"testing"

	"github.com/expr-lang/expr/conf"
	"github.com/stretchr/testify/assert"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/reference"
)

// TestLibraryHasReference checks that every function of the library has
// an entry in the designer's reference, and that every function entry
// is a function of the library.
func TestLibraryHasReference(t *testing.T) {
	m := &Machine{}
	var lib []string
	for _, f := range append(m.library(), m.playLibrary()...) {
		lib = append(lib, f.Name)
	}
	var documented []string
	for _, e := range reference.Of(reference.Function) {
		documented = append(documented, e.Name)
		assert.Contains(t, lib, e.Name, "the reference documents %s, which is not a library function", e.Name)
	}
	for _, name := range lib {
		assert.Contains(t, documented, name, "the library function %s has no entry in package reference", name)
	}
}

// TestReferenceSignatures checks the types of every function entry's
// signature against those expr reads from the library.
func TestReferenceSignatures(t *testing.T) {
	m := &Machine{}
	made := conf.CreateNew()
	for _, f := range append(m.library(), m.playLibrary()...) {
		f.Option(made)
	}
	for _, e := range reference.Of(reference.Function) {
		fn := made.Functions[e.Name]
		if fn == nil || len(fn.Types) != 1 {
			continue // TestLibraryHasReference reports it
		}
		ft := fn.Types[0]
		var args []string
		for i := range ft.NumIn() {
			args = append(args, typeWord(ft.In(i)))
		}
		params, result, _ := strings.Cut(strings.TrimPrefix(e.Signature, e.Name+"("), ") ")
		var written []string
		for p := range strings.SplitSeq(params, ", ") {
			if _, typ, ok := strings.Cut(p, " "); ok {
				written = append(written, typ)
			}
		}
		assert.Equal(t, args, written, "the arguments of %s", e.Signature)
		assert.Equal(t, typeWord(ft.Out(0)), result, "the result of %s", e.Signature)
	}
}

// typeWord is the word a signature uses for a Go type.
func typeWord(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[*model.Card]():
		return "card"
	case reflect.TypeFor[*model.Piece]():
		return "piece"
	case reflect.TypeFor[*board.Node]():
		return "node"
	case reflect.TypeFor[*board.Edge]():
		return "edge"
	}
	switch t.Kind() {
	case reflect.Slice:
		return "[]" + typeWord(t.Elem())
	case reflect.Interface:
		return "list"
	}
	return t.String()
}
