package main

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// The documents' check reads the project's Markdown documents for what
// can drift from the tree: the paths they quote (this file) and the
// haven command lines they show (docs_commands_test.go), found as
// docs_markdown_test.go reads Markdown. TestDocs (docs_test.go) runs it
// over README.md and docs/.

// docChecker checks documents against the repository at root.
type docChecker struct {
	root string
	// top holds the names of the repository's top-level files and
	// folders: a quoted word whose first segment is one of them is a path.
	top map[string]bool
	// placeholders are the words a usage line or a path pattern uses for
	// something the reader fills in (GAME, FILE), from the CLI's own usage
	// lines and a few more.
	placeholders map[string]bool
	// files are the repository's Go and Markdown files, slash-separated
	// paths.
	files []string
}

// morePlaceholders are placeholder words the documents use beyond those
// of the CLI's usage lines.
var morePlaceholders = []string{"ID", "K", "OTHER", "X", "CARD", "KIND", "COMMAND"}

// newDocChecker reads what the check needs of the repository at root.
func newDocChecker(root string) (*docChecker, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	d := &docChecker{root: root, top: map[string]bool{}, placeholders: map[string]bool{}}
	for _, e := range entries {
		if e.Name() != ".git" {
			d.top[e.Name()] = true
		}
	}
	for _, c := range commands() {
		for _, w := range upper.FindAllString(c.usage, -1) {
			d.placeholders[w] = true
		}
	}
	for _, w := range morePlaceholders {
		d.placeholders[w] = true
	}
	err = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && e.Name() == ".git":
			return filepath.SkipDir
		case strings.HasSuffix(p, ".go"), strings.HasSuffix(p, ".md"):
			rel, err := filepath.Rel(root, p)
			d.files = append(d.files, filepath.ToSlash(rel))
			return err
		}
		return nil
	})
	return d, err
}

// fileEnds says whether a Go or Markdown file of the repository ends
// with the segments of p, which may hold wildcards.
func (d *docChecker) fileEnds(p string) bool {
	n := strings.Count(p, "/") + 1
	for _, f := range d.files {
		segs := strings.Split(f, "/")
		if len(segs) < n {
			continue
		}
		if ok, _ := path.Match(p, strings.Join(segs[len(segs)-n:], "/")); ok {
			return true
		}
	}
	return false
}

// documents lists README.md and every docs/**/*.md, relative to root.
func documents(root string) ([]string, error) {
	docs := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	return docs, err
}

// check returns one line per problem of the document at rel (relative to
// root) whose text is src: "rel:line: what is wrong".
func (d *docChecker) check(rel, src string) []string {
	var found []piece
	report := func(line int, format string, args ...any) {
		found = append(found, piece{fmt.Sprintf(format, args...), line})
	}
	dir := filepath.Dir(rel)
	text, blocks := splitFences(src)
	for _, b := range blocks {
		for _, c := range b.commands() {
			if msg := d.checkCommand(c.text, true); msg != "" && !d.showsItsError(c) {
				report(c.line, "%s", msg)
			}
		}
	}
	for _, s := range codeSpans(text) {
		if c, ok := commandLine(s.text); ok {
			if msg := d.checkCommand(c, false); msg != "" {
				report(s.line, "%s", msg)
			}
			continue
		}
		if msg := d.checkQuotedPath(dir, s.text); msg != "" {
			report(s.line, "%s", msg)
		}
	}
	for _, l := range links(text) {
		if msg := d.checkLink(dir, l.text); msg != "" {
			report(l.line, "%s", msg)
		}
	}
	slices.SortStableFunc(found, func(a, b piece) int { return a.line - b.line })
	var problems []string
	for _, p := range found {
		problems = append(problems, fmt.Sprintf("%s:%d: %s", rel, p.line, p.text))
	}
	return problems
}

// A piece is some text of a document and the line it starts on.
type piece struct {
	text string
	line int
}

// lineSuffix is the :line or :line:col after a quoted file's name.
var lineSuffix = regexp.MustCompile(`:\d+(:\d+)?$`)

// checkQuotedPath checks a code span that may be a path: a word whose
// first segment is a top-level entry of the repository or that starts
// with ./ or ../, or a Go or Markdown file's name, perhaps with some of
// its folders (which a file of the repository must end with). It may be
// relative to the
// repository or to the document, end in :line or :line:col, be a Go
// package pattern (./x/...), name a Go identifier in a package
// (load.Source), or be a pattern with placeholders (docs/sim/GAME.html,
// tests/scenarios/<game>/*.cue), which must match something.
func (d *docChecker) checkQuotedPath(dir, s string) string {
	if strings.ContainsAny(s, " \t\n\"'`()=,;$") || strings.Contains(s, "://") {
		return ""
	}
	p := lineSuffix.ReplaceAllString(s, "")
	p, _, _ = strings.Cut(p, "#")
	p = strings.TrimSuffix(strings.TrimSuffix(p, "/..."), "/…")
	if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "/") {
		return ""
	}
	first, _, multi := strings.Cut(strings.TrimPrefix(p, "./"), "/")
	switch {
	case strings.HasPrefix(p, "../"):
	case strings.HasPrefix(p, "./") && (d.top[first] || exists(filepath.Join(d.root, dir, first))):
	case multi && d.top[first]:
	case multi && exists(filepath.Join(d.root, dir, first)) && dir != ".":
	case strings.HasSuffix(p, ".go"), strings.HasSuffix(p, ".md"):
		// A Go or Markdown file named without all its folders (board.go,
		// runtime/memo.go, check*.go, bots.md): a file of the repository
		// ends so.
		if d.fileEnds(p) {
			return ""
		}
		return fmt.Sprintf("`%s`: no file of the repository is so named", s)
	default:
		return ""
	}
	if d.found(p) || d.found(filepath.Join(dir, p)) || d.goIdent(p) || d.goIdent(filepath.Join(dir, p)) {
		return ""
	}
	if pat, ok := d.pattern(p); ok {
		if d.found(pat) || d.found(filepath.Join(dir, pat)) {
			return ""
		}
	}
	return fmt.Sprintf("`%s`: no such file or folder", s)
}

// checkLink checks a link's target, relative to the document (or to the
// repository when it starts with /). URLs and anchors are not checked.
func (d *docChecker) checkLink(dir, target string) string {
	if target == "" || strings.HasPrefix(target, "#") || strings.Contains(target, ":") {
		return ""
	}
	p, _, _ := strings.Cut(target, "#")
	p, _, _ = strings.Cut(p, "?")
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	if strings.HasPrefix(p, "/") {
		p = strings.TrimPrefix(p, "/")
	} else {
		p = filepath.Join(dir, p)
	}
	if d.found(p) {
		return ""
	}
	return fmt.Sprintf("link (%s): no such file or folder", target)
}

// found says whether rel, relative to the repository, names a file or
// folder, or matches one when it is a pattern. A path into a folder
// beside the repository is checked only when that folder exists
// (../shared on a machine that has it); else it is taken as found.
func (d *docChecker) found(rel string) bool {
	p := filepath.Clean(filepath.Join(d.root, rel))
	if r, err := filepath.Rel(d.root, p); err == nil && (r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator))) {
		parts := strings.Split(r, string(filepath.Separator))
		i := 0
		for i < len(parts) && parts[i] == ".." {
			i++
		}
		if i == len(parts) {
			return true
		}
		beside := filepath.Join(append([]string{d.root}, parts[:i+1]...)...)
		if i+1 < len(parts) && !exists(beside) {
			return true
		}
	}
	if strings.ContainsAny(p, "*?[") {
		m, err := filepath.Glob(p)
		return err == nil && len(m) > 0
	}
	return exists(p)
}

// goIdent says whether p is a Go package of the repository followed by
// one of its names: interpreter/runtime.Machine, load.Source.
func (d *docChecker) goIdent(p string) bool {
	i := strings.LastIndex(p, "/") + 1
	j := strings.Index(p[i:], ".")
	if j <= 0 {
		return false
	}
	pkg := filepath.Join(d.root, p[:i+j])
	m, err := filepath.Glob(filepath.Join(pkg, "*.go"))
	return err == nil && len(m) > 0
}

// pattern turns a path with placeholders into a glob: <game> and a
// placeholder word (GAME, FILE) each become *.
func (d *docChecker) pattern(p string) (string, bool) {
	q := angle.ReplaceAllString(p, "*")
	q = upper.ReplaceAllStringFunc(q, func(w string) string {
		if d.placeholders[w] {
			return "*"
		}
		return w
	})
	return q, q != p || strings.ContainsAny(p, "*?")
}

// exists says whether a file or folder is at p.
func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
