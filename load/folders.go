package load

import (
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// Folders lists the folders, relative to the source, that a game is read
// from: the game's own folder first, then, sorted, the folder of every
// package of the definitions' module that it imports, directly or through
// another package (an expansion's lib/ package). A change to any file in
// them can change the game; nothing outside them can, but for the schema
// and the module file. A file that does not parse adds no import: loading
// the game reports it.
func (s Source) Folders(id string) []string {
	mod := s.modulePath()
	seen := map[string]bool{id: true}
	queue := []string{id}
	var imported []string
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		files, _ := fs.Glob(s.FS, dir+"/*.cue")
		for _, f := range files {
			b, err := readFS(s.FS, f, s.name(f))
			if err != nil {
				continue
			}
			syn, err := parseFile(s.name(f), b, parser.ImportsOnly)
			if err != nil {
				continue
			}
			for spec := range syn.ImportSpecs() {
				if d, ok := moduleFolder(mod, spec); ok && !seen[d] {
					seen[d] = true
					queue = append(queue, d)
					imported = append(imported, d)
				}
			}
		}
	}
	slices.Sort(imported)
	return append([]string{id}, imported...)
}

// moduleFolder is the folder of an imported package that belongs to
// the module mod ("example.org/defs"), relative to the module's root.
func moduleFolder(mod string, spec *ast.ImportSpec) (string, bool) {
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil || mod == "" {
		return "", false
	}
	p, _, _ = strings.Cut(p, ":") // a package qualifier: path:name
	p, _, _ = strings.Cut(p, "@") // a major version: path@v0
	rel, ok := strings.CutPrefix(p, mod+"/")
	if !ok || rel == "" || !fs.ValidPath(rel) {
		return "", false
	}
	return path.Clean(rel), true
}

// modulePath is the path the definitions' module declares in
// cue.mod/module.cue, without its major version; "" when there is none.
func (s Source) modulePath() string {
	b, err := readFS(s.FS, modFile, s.name(modFile))
	if err != nil {
		return ""
	}
	f, err := parseFile(s.name(modFile), b, 0)
	if err != nil {
		return ""
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if name, _, _ := ast.LabelName(fd.Label); name != "module" {
			continue
		}
		if lit, ok := fd.Value.(*ast.BasicLit); ok {
			if m, err := strconv.Unquote(lit.Value); err == nil {
				m, _, _ = strings.Cut(m, "@")
				return m
			}
		}
	}
	return ""
}
