package load

import (
	"bytes"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/token"

	"github.com/haven-engine/haven/diag"
)

// A variant patches the definition with a list of edits, `patch`, beside
// its `game`:
//
//	patch: [
//		{remove: "cards.la-chance-tourne"},
//		{replace: "cards.revers.count", with: 1},
//		{insert: {name: "toll", do: "padd(me, 'coins', -1)"}, after: "flow.deal"},
//	]
//
// CUE unifies a variant with the game and cannot undo a value the game
// fixed, so the edits act on the definition's syntax before CUE
// evaluates it: the game alone is built first, each edit's path (patch_path.go)
// is followed in it, and the places in the source files that write the
// value there (CUE reports them for every value, through lets, imported
// packages and embedded structs) are what the edit changes in the build
// with the variant:
//
//   - remove takes out every field, or list entry, that writes the value;
//   - replace takes out a fixed value and keeps a default's alternatives
//     without its mark (`*12 | int` stays `12 | int`, so the game's
//     bounds still hold), then puts the new value there;
//   - insert puts an entry into the list before or after the one named.
//
// The schema checks the result as it checks any game. A value written
// once and used in several places (a let, a package of lib/) changes in
// every one of them; a value made by a comprehension cannot be changed
// one at a time. The values a patch brings stay in the variant's file,
// as hidden fields the definition refers to, so that errors in them point
// at the variant.

// patchOp is one edit of a patch list.
type patchOp struct {
	kind  string // remove, replace or insert
	path  gamePath
	at    diag.Pos // the path as written: where the edit's errors are shown
	value ast.Expr // replace's with, insert's entry
	after bool     // insert after the entry named, rather than before
}

func (op *patchOp) String() string { return op.kind + " " + op.path.String() }

var patchKeys = []string{"remove", "replace", "with", "insert", "before", "after"}

// patchesOf reads the patch list of a parsed variant; decl is the index
// of its declaration in the file, -1 when it has none.
func patchesOf(errs *diag.List, f *ast.File) (ops []*patchOp, decl int) {
	decl = -1
	for i, d := range f.Decls {
		fd, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if name, _, _ := ast.LabelName(fd.Label); name != "patch" {
			continue
		}
		if decl >= 0 {
			errs.Add(Pos(fd.Pos()), "a second patch: a variant has one patch list")
			continue
		}
		decl = i
		list, ok := fd.Value.(*ast.ListLit)
		if !ok {
			errs.Add(Pos(fd.Value.Pos()), `patch: want a list of edits, [{remove: "PATH"}, {replace: "PATH", with: VALUE}, {insert: ENTRY, after: "PATH"}]`)
			continue
		}
		for _, e := range list.Elts {
			if op := patchOpOf(errs, e); op != nil {
				ops = append(ops, op)
			}
		}
	}
	return ops, decl
}

// patchOpOf reads one edit.
func patchOpOf(errs *diag.List, e ast.Expr) *patchOp {
	s, ok := e.(*ast.StructLit)
	if !ok {
		errs.Add(Pos(e.Pos()), `an edit is a struct: {remove: "PATH"}, {replace: "PATH", with: VALUE} or {insert: ENTRY, before: "PATH"} (or after:)`)
		return nil
	}
	fields := map[string]*ast.Field{}
	for _, d := range s.Elts {
		// An embedded value ({"x"}) is no field: LabelName is asked only
		// of a field's label.
		fd, ok := d.(*ast.Field)
		var name string
		var err error
		if ok {
			name, _, err = ast.LabelName(fd.Label)
		}
		if !ok || err != nil {
			errs.Add(Pos(d.Pos()), "an edit holds only the fields %s", strings.Join(patchKeys, ", "))
			return nil
		}
		if !contains(patchKeys, name) {
			hint := diag.DidYouMean(name, patchKeys)
			if hint == "" {
				hint = " (an edit holds " + strings.Join(patchKeys, ", ") + ")"
			}
			errs.Add(Pos(fd.Pos()), "unknown field %s of an edit%s", quote(name), hint)
			return nil
		}
		fields[name] = fd
	}
	var kinds []string
	for _, k := range []string{"remove", "replace", "insert"} {
		if fields[k] != nil {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		errs.Add(Pos(s.Pos()), "an edit does one of remove, replace or insert; found %s", orNone(kinds))
		return nil
	}
	op := &patchOp{kind: kinds[0]}
	pathField := fields[op.kind]
	switch op.kind {
	case "replace":
		w := fields["with"]
		if w == nil {
			errs.Add(Pos(s.Pos()), "replace needs with, the new value")
			return nil
		}
		op.value = w.Value
	case "insert":
		op.value = fields["insert"].Value
		b, a := fields["before"], fields["after"]
		if (b == nil) == (a == nil) {
			errs.Add(Pos(s.Pos()), `insert needs one of before or after: the entry it goes beside ("flow.deal", "setup[0]")`)
			return nil
		}
		pathField, op.after = b, a != nil
		if a != nil {
			pathField = a
		}
	}
	for _, k := range []string{"with", "before", "after"} {
		if fields[k] != nil && !(k == "with" && op.kind == "replace" || k != "with" && op.kind == "insert") {
			errs.Add(Pos(fields[k].Pos()), "%s belongs to %s, not to %s", k, map[string]string{"with": "replace", "before": "insert", "after": "insert"}[k], op.kind)
			return nil
		}
	}
	lit, ok := pathField.Value.(*ast.BasicLit)
	var text string
	var err error
	if ok && lit.Kind == token.STRING {
		text, err = literal.Unquote(lit.Value)
	}
	if !ok || lit.Kind != token.STRING || err != nil {
		errs.Add(Pos(pathField.Value.Pos()), `%s: want a path, as text: "cards.NAME", "flow[2]", "effects.NAME.do.STEP"`, fieldName(pathField))
		return nil
	}
	op.at = Pos(lit.Pos())
	if op.path, err = parsePath(text); err != nil {
		errs.Add(op.at, "%v", err)
		return nil
	}
	return op
}

func fieldName(f *ast.Field) string {
	name, _, _ := ast.LabelName(f.Label)
	return name
}

func orNone(l []string) string {
	if len(l) == 0 {
		return "none"
	}
	return strings.Join(l, " and ")
}

// nodeRef is a node of the definition's syntax by where it stands, so
// that a fresh parse of the same files finds it again.
type nodeRef struct {
	file   string
	offset int
	field  bool // an *ast.Field; otherwise an entry of a list
}

// plannedOp is an edit with the nodes that write its target.
type plannedOp struct {
	op   *patchOp
	file string // the variant's file
	refs []nodeRef
	elem bool // the target is an entry of a list
	// unify: replace puts the new value at the path from the variant's
	// file, as `game: PATH: VALUE`, once the game's own is taken out.
	unify bool
	// hidden is the hidden field of the variant's file that holds the
	// value the edit brings.
	hidden string
}

// planPatches follows the path of every edit in the game built alone and
// records the nodes that write the value there.
func planPatches(errs *diag.List, base cue.Value, file string, ops []*patchOp, fileIndex int) []*plannedOp {
	var out []*plannedOp
	for i, op := range ops {
		loc, err := locate(base, op.path)
		if err != nil {
			errs.Add(op.at, "%s: %v", op, err)
			continue
		}
		p := &plannedOp{op: op, file: file, elem: loc.elem, hidden: hiddenName(fileIndex, i)}
		last := op.path[len(op.path)-1]
		for _, n := range writers(loc.v) {
			if fd, ok := n.(*ast.Field); ok {
				if p.elem {
					continue
				}
				name, _, err := ast.LabelName(fd.Label)
				if _, pattern := fd.Label.(*ast.ListLit); pattern {
					continue
				}
				if err != nil {
					errs.Add(op.at, "%s: %s is made by the comprehension at %s: a patch cannot change one of the values it makes", op, op.path, Pos(fd.Pos()))
					p = nil
					break
				}
				if name == last.name {
					p.refs = append(p.refs, nodeRef{fd.Pos().Filename(), fd.Pos().Offset(), true})
				}
			} else if p.elem {
				p.refs = append(p.refs, nodeRef{n.Pos().Filename(), n.Pos().Offset(), false})
			}
		}
		if p == nil {
			continue
		}
		switch {
		case op.kind == "insert" && !p.elem:
			errs.Add(op.at, "%s: %s is not an entry of a list: insert puts an entry before or after another (flow.NAME, setup[0])", op, op.path)
			continue
		case op.kind == "replace" && !p.elem && !loc.inList:
			p.unify = true
		case len(p.refs) == 0:
			errs.Add(op.at, "%s: the game does not write %s: there is nothing to %s", op, op.path, op.kind)
			continue
		}
		out = append(out, p)
	}
	return out
}

// writers are the nodes of the definition's syntax that write v: the
// fields that declare it, or the entries of lists it is one of; never the
// schema's.
func writers(v cue.Value) []ast.Node {
	if !v.Exists() {
		return nil
	}
	op, args := v.Expr()
	if op != cue.AndOp {
		args = []cue.Value{v}
	}
	var out []ast.Node
	for _, a := range args {
		n := a.Source()
		if n == nil || strings.HasPrefix(n.Pos().Filename(), "schema/") || !n.Pos().IsValid() {
			continue
		}
		out = append(out, n)
	}
	return out
}

// ownPatches reports a patch list in a file of the game's own folder:
// CUE would take it for data, and a game writes its definition itself.
func ownPatches(errs *diag.List, srcs []source) {
	for _, s := range srcs {
		if !bytes.Contains(s.src, []byte("patch")) {
			continue
		}
		f, err := parseFile(s.name, s.src, 0)
		if err != nil {
			continue // the full parse reports it
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.Field); ok && fieldName(fd) == "patch" {
				errs.Add(Pos(fd.Pos()), "patch belongs in a variant (the game's variants/ folder): a game's own files write its definition as it is")
			}
		}
	}
}
