package load

import (
	"strconv"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/token"

	"github.com/haven-engine/haven/diag"
)

// Applying planned edits to the syntax of a build (patch.go).

// overlay is what a build with overrides adds to the game's own files:
// the planned edits of patches, applied to the syntax after the game's
// files, its packages and the variants are parsed and before CUE
// evaluates them, and the overrides' texts, to say where a conflict
// with a fixed value was written (conflict.go).
type overlay struct {
	plans []*plannedOp
	files []string // the files whose patch lists the plans come from
	// sources are the variants' and --set's texts by file name.
	sources map[string][]byte
}

func (e *overlay) apply(inst *build.Instance) error {
	files := map[string]*ast.File{}
	var walk func(*build.Instance)
	seen := map[*build.Instance]bool{}
	walk = func(i *build.Instance) {
		if seen[i] {
			return
		}
		seen[i] = true
		for _, f := range i.Files {
			files[f.Filename] = f
		}
		for _, imp := range i.Imports {
			walk(imp)
		}
	}
	walk(inst)
	var errs diag.List
	// The patch lists leave the variants' files; the values they bring
	// stay there as hidden fields.
	values := map[string]ast.Expr{}
	for k, name := range e.files {
		f := files[name]
		if f == nil {
			continue
		}
		var ignore diag.List
		ops, decl := patchesOf(&ignore, f)
		if decl < 0 {
			continue
		}
		f.Decls = append(f.Decls[:decl:decl], f.Decls[decl+1:]...)
		for j, op := range ops {
			if op.value != nil {
				h := hiddenName(k, j)
				values[h] = op.value
				f.Decls = append(f.Decls, &ast.Field{Label: ast.NewIdent(h), Value: op.value})
			}
		}
	}
	idx := newSyntaxIndex(files)
	for _, p := range e.plans {
		// A build without the variant (the checks' own) leaves its
		// edits out.
		if files[p.file] != nil {
			e.applyOne(&errs, idx, files, p, values[p.hidden])
		}
	}
	return errs.Err()
}

func (e *overlay) applyOne(errs *diag.List, idx *syntaxIndex, files map[string]*ast.File, p *plannedOp, value ast.Expr) {
	op := p.op
	var nodes []ast.Node
	for _, r := range p.refs {
		n := idx.find(r)
		if n == nil {
			errs.Add(op.at, "%s: the definition's source at %s:%d changed under the patch", op, r.file, r.offset)
			return
		}
		if c := idx.enclosing(n); c != nil {
			errs.Add(op.at, "%s: %s is written inside the comprehension at %s, which makes many values: a patch cannot change one of them", op, op.path, Pos(c.Pos()))
			return
		}
		nodes = append(nodes, n)
	}
	// newValue is what stands at a node of file: a reference to the
	// variant's hidden field in a file of the game's package, the value
	// itself in an imported package, which cannot see the variant.
	newValue := func(file string) ast.Expr {
		if f := files[file]; f == nil || f.PackageName() == "haven" {
			return ast.NewIdent(p.hidden)
		}
		if id := firstReference(value); id != nil {
			errs.Add(Pos(id.Pos()), "%s: %s is written in %s, a package the game imports, which cannot see the variant's names: write the value out", op, op.path, file)
			return nil
		}
		return value
	}
	switch {
	case p.elem:
		for _, n := range nodes {
			list, i := idx.inList(n)
			if list == nil {
				errs.Add(op.at, "%s: the entry at %s is not written in a list: a patch changes only entries written out", op, Pos(n.Pos()))
				return
			}
			switch op.kind {
			case "remove":
				list.Elts = append(list.Elts[:i:i], list.Elts[i+1:]...)
			case "replace":
				if v := newValue(n.Pos().Filename()); v != nil {
					list.Elts[i] = v
				}
			case "insert":
				v := newValue(n.Pos().Filename())
				if v == nil {
					return
				}
				if op.after {
					i++
				}
				list.Elts = append(list.Elts[:i:i], append([]ast.Expr{v}, list.Elts[i:]...)...)
			}
			idx.reindex(list)
		}
	case op.kind == "remove":
		for _, n := range nodes {
			idx.removeField(n.(*ast.Field))
		}
	default: // replace a field
		placed := p.unify
		for _, n := range nodes {
			fd := n.(*ast.Field)
			stripped, hadDefault := stripDefault(fd.Value)
			if !placed {
				v := newValue(n.Pos().Filename())
				if v == nil {
					return
				}
				if hadDefault {
					v = &ast.BinaryExpr{X: stripped, Op: token.AND, Y: v}
				}
				fd.Value, placed = v, true
			} else if hadDefault {
				fd.Value = stripped
			} else {
				idx.removeField(fd)
			}
		}
		if p.unify {
			f := files[p.file]
			var x ast.Expr = ast.NewIdent(p.hidden)
			for i := len(op.path) - 1; i >= 0; i-- {
				x = &ast.StructLit{Elts: []ast.Decl{&ast.Field{Label: pathLabel(op.path[i].name), Value: x}}}
			}
			f.Decls = append(f.Decls, &ast.Field{Label: ast.NewIdent("game"), Value: x})
		}
	}
}

// hiddenName is the hidden field that holds the value of edit j of the
// k-th patched file.
func hiddenName(k, j int) string {
	return "_patch" + strconv.Itoa(k) + "_" + strconv.Itoa(j)
}

// stripDefault removes the default mark of a disjunction, keeping its
// alternatives: `*12 | int` becomes `12 | int`.
func stripDefault(x ast.Expr) (ast.Expr, bool) {
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.MUL {
			return x.X, true
		}
	case *ast.ParenExpr:
		if y, ok := stripDefault(x.X); ok {
			return &ast.ParenExpr{Lparen: x.Lparen, X: y, Rparen: x.Rparen}, true
		}
	case *ast.BinaryExpr:
		if x.Op == token.OR {
			l, a := stripDefault(x.X)
			r, b := stripDefault(x.Y)
			if a || b {
				return &ast.BinaryExpr{X: l, OpPos: x.OpPos, Op: token.OR, Y: r}, true
			}
		}
	}
	return x, false
}

// firstReference is the first identifier of x that names a value rather
// than a builtin type or function.
func firstReference(x ast.Expr) *ast.Ident {
	var found *ast.Ident
	ast.Walk(x, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Field:
			// A label is not a reference; its value may hold one.
			ast.Walk(n.Value, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && found == nil && !builtinName(id.Name) {
					found = id
				}
				return found == nil
			}, nil)
			return false
		case *ast.Ident:
			if !builtinName(n.Name) {
				found = n
			}
		}
		return true
	}, nil)
	return found
}

func builtinName(s string) bool {
	switch s {
	case "_", "int", "string", "bool", "number", "float", "bytes", "null", "true", "false", "len", "close", "and", "or", "div", "mod", "quo", "rem":
		return true
	}
	return false
}

// syntaxIndex finds the nodes of parsed files by where they stand, and
// each node's parent.
type syntaxIndex struct {
	files  map[string]*ast.File
	byPos  map[string]map[int][]ast.Node // file → offset → nodes
	parent map[ast.Node]ast.Node
}

func newSyntaxIndex(files map[string]*ast.File) *syntaxIndex {
	return &syntaxIndex{files: files, byPos: map[string]map[int][]ast.Node{}, parent: map[ast.Node]ast.Node{}}
}

// index walks a file once, when a node of it is first looked for.
func (x *syntaxIndex) index(name string) map[int][]ast.Node {
	if m, ok := x.byPos[name]; ok {
		return m
	}
	m := map[int][]ast.Node{}
	x.byPos[name] = m
	f := x.files[name]
	if f == nil {
		return m
	}
	var stack []ast.Node
	ast.Walk(f, func(n ast.Node) bool {
		if len(stack) > 0 {
			x.parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		if p := n.Pos(); p.IsValid() && p.Filename() == name {
			m[p.Offset()] = append(m[p.Offset()], n)
		}
		return true
	}, func(ast.Node) { stack = stack[:len(stack)-1] })
	return m
}

func (x *syntaxIndex) find(r nodeRef) ast.Node {
	for _, n := range x.index(r.file)[r.offset] {
		if _, ok := n.(*ast.Field); ok == r.field {
			if r.field {
				return n
			}
			if _, inList := x.parent[n].(*ast.ListLit); inList {
				return n
			}
		}
	}
	// An entry that is not written in a list: the first node there.
	if !r.field {
		for _, n := range x.index(r.file)[r.offset] {
			if _, ok := n.(*ast.Field); !ok {
				return n
			}
		}
	}
	return nil
}

// enclosing is the comprehension n is written in, if any.
func (x *syntaxIndex) enclosing(n ast.Node) ast.Node {
	for p := x.parent[n]; p != nil; p = x.parent[p] {
		if _, ok := p.(*ast.Comprehension); ok {
			return p
		}
	}
	return nil
}

// inList is the list n is an entry of, and its index there.
func (x *syntaxIndex) inList(n ast.Node) (*ast.ListLit, int) {
	list, ok := x.parent[n].(*ast.ListLit)
	if !ok {
		return nil, 0
	}
	for i, e := range list.Elts {
		if e == n {
			return list, i
		}
	}
	return nil, 0
}

func (x *syntaxIndex) reindex(list *ast.ListLit) {
	for _, e := range list.Elts {
		x.parent[e] = list
	}
}

// removeField takes a field out of the struct or file that holds it.
func (x *syntaxIndex) removeField(fd *ast.Field) {
	switch p := x.parent[fd].(type) {
	case *ast.StructLit:
		p.Elts = without(p.Elts, ast.Decl(fd))
	case *ast.File:
		p.Decls = without(p.Decls, ast.Decl(fd))
	}
}

func without(l []ast.Decl, d ast.Decl) []ast.Decl {
	out := l[:0:0]
	for _, e := range l {
		if e != d {
			out = append(out, e)
		}
	}
	return out
}
