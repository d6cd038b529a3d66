package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

var vetCommand = &command{
	name:  "vet",
	usage: "vet [PATH|GAME] [--variant FILE|NAME]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Load and compile games and list every error found, one file:line:col line each.\n" +
		"PATH is a definitions folder (every game in it), a game folder, or one variant\n" +
		"file in a game folder's variants/ (checked with that game); GAME an embedded\n" +
		"game; nothing means every embedded game. A game is checked alone and with each\n" +
		"variant it ships, or only with the --variant and --set given. The last line\n" +
		"says what was checked, and from where.",
	parse: vetParse,
}

type vetOptions struct {
	IO
	Path     string // "" means the embedded definitions
	Variants []string
	Sets     []string
	Choices  []string
}

func vetParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &vetOptions{IO: io}
	f := newFlags(c)
	f.Var((*list)(&opts.Variants), "variant", "check with a variant: a CUE `FILE` or the name of a variant shipped with the game (repeatable)")
	f.Var((*list)(&opts.Sets), "set", "check with a value overridden, as `PATH=VALUE` (repeatable)")
	f.Var((*list)(&opts.Choices), "option", "check with an option chosen, as `NAME=VALUE` (repeatable)")
	pos, err := f.parse(args, 0, 1)
	if len(pos) == 1 {
		opts.Path = pos[0]
	}
	return f, func() error { return runVet(opts) }, err
}

// vetTarget is what a vet checks: games of a source, and the variant
// file PATH named, if any.
type vetTarget struct {
	src     load.Source
	games   []string
	variant string // a variant file given as PATH
	where   string // where the games were read from, for the last line
}

func runVet(opts *vetOptions) error {
	t, err := vetTargetOf(opts.Path)
	if err != nil {
		return err
	}
	given := opts.Variants
	if t.variant != "" {
		given = append([]string{t.variant}, given...)
	}
	chosen := len(given) > 0 || len(opts.Sets) > 0 || len(opts.Choices) > 0
	if len(t.games) > 1 && chosen {
		return fmt.Errorf("vet: --variant, --set and --option apply to one game; name it (haven vet GAME --variant FILE)")
	}
	// Every game is checked alone first; a variant or an option value
	// is checked once its game is clean: until then its errors would
	// mostly repeat the game's. Each round's checks run side by side.
	var first []*vetCheck
	for _, id := range t.games {
		opt := load.Options{}
		if chosen {
			opt = load.Options{Variants: given, Sets: opts.Sets, Choices: opts.Choices}
		}
		first = append(first, &vetCheck{id: id, opt: opt})
	}
	runChecks(t.src, first)
	var errs diag.List
	checked, options := len(first), 0
	var then []*vetCheck
	for _, c := range first {
		errs = append(errs, c.errs...)
		if chosen || c.errs != nil {
			continue
		}
		for _, v := range t.src.VariantFiles(c.id) {
			then = append(then, &vetCheck{id: c.id, opt: load.Options{Variants: []string{strings.TrimSuffix(path.Base(v), ".cue")}}})
			checked++
		}
		// Each value of each option other than its default, alone.
		for _, op := range load.GameOptions(c.game) {
			for _, val := range op.Values {
				if val != op.Default {
					then = append(then, &vetCheck{id: c.id, opt: load.Options{Choices: []string{op.Name + "=" + val}}})
					options++
				}
			}
		}
	}
	runChecks(t.src, then)
	for _, c := range then {
		errs = append(errs, c.errs...)
	}
	if err := errs.Err(); err != nil {
		return err
	}
	what := plural(len(t.games), "game")
	if len(t.games) == 1 {
		what = t.games[0]
	}
	var with []string
	for _, v := range given {
		with = append(with, "variant "+v)
	}
	for _, s := range opts.Sets {
		with = append(with, "--set "+s)
	}
	for _, c := range opts.Choices {
		with = append(with, "--option "+c)
	}
	switch {
	case len(with) > 0:
		what += " with " + strings.Join(with, ", ")
	case checked > len(t.games) && options > 0:
		what += fmt.Sprintf(", alone, with %s and with %s", plural(checked-len(t.games), "shipped variant"), plural(options, "option value"))
	case checked > len(t.games):
		what += fmt.Sprintf(", alone and with %s", plural(checked-len(t.games), "shipped variant"))
	case options > 0:
		what += fmt.Sprintf(", alone and with %s", plural(options, "option value"))
	}
	fmt.Fprintf(opts.Out, "ok: %s (%s)\n", what, t.where)
	return nil
}

// vetTargetOf finds what PATH names: a definitions folder, a game folder,
// a variant file, or an embedded game. A path on disk always wins over an
// embedded game of the same name, and the last line of vet says which.
func vetTargetOf(p string) (*vetTarget, error) {
	embedded := load.Source{FS: definitions.Files}
	if p == "" {
		ids, err := embedded.Games()
		return &vetTarget{src: embedded, games: ids, where: "embedded"}, err
	}
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		ids, _ := embedded.Games()
		for _, id := range ids {
			if id == p {
				return &vetTarget{src: embedded, games: []string{id}, where: "embedded"}, nil
			}
		}
		return nil, fmt.Errorf("vet %s: no such file or folder, nor an embedded game%s", p, orList(p, ids))
	case fi.IsDir() && hasCUE(p):
		return gameFolder(p)
	case fi.IsDir():
		src := load.Dir(p)
		ids, err := src.Games()
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 {
			return nil, fmt.Errorf("vet %s: no game in this folder: a game folder holds .cue files, a definitions folder holds game folders", p)
		}
		return &vetTarget{src: src, games: ids, where: "in " + p}, nil
	case !strings.HasSuffix(p, ".cue"):
		return nil, fmt.Errorf("vet %s: not a .cue file nor a folder", p)
	}
	dir := filepath.Dir(p)
	if filepath.Base(dir) == "variants" && hasCUE(filepath.Dir(dir)) {
		t, err := gameFolder(filepath.Dir(dir))
		if err != nil {
			return nil, err
		}
		t.variant = p
		return t, nil
	}
	return nil, fmt.Errorf("vet %s: a variant is checked with its game: put it in GAME/variants/, or write haven vet GAME --variant %s (a game is checked by its folder)", p, p)
}

// gameFolder is the game in folder dir, read from disk.
func gameFolder(dir string) (*vetTarget, error) {
	d := filepath.Clean(dir)
	if b := filepath.Base(d); b == "." || b == ".." {
		// The folder's own name is the game's: find it.
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		d = abs
	}
	return &vetTarget{src: load.Dir(filepath.Dir(d)), games: []string{filepath.Base(d)}, where: "from " + dir}, nil
}

// hasCUE tells whether dir is a game folder: it has .cue files, and is
// not the root of a CUE module, whose files (the schema saved for
// editors) are no game.
func hasCUE(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "cue.mod", "module.cue")); err == nil {
		return false
	}
	m, _ := fs.Glob(os.DirFS(dir), "*.cue")
	return len(m) > 0
}

// orList is a hint for a name that names nothing: the closest of names,
// or all of them.
func orList(name string, names []string) string {
	if hint := diag.DidYouMean(name, names); hint != "" {
		return hint
	}
	return " (games: " + strings.Join(names, ", ") + ")"
}

// vet loads and compiles one game with opt, adding its errors to errs,
// and tells whether there were none. An error CUE gives no position for
// is put on the game folder (and variant).
// vetCheck is one load and compile of a game: alone, with a variant,
// with an option value, or with what the command line gave.
type vetCheck struct {
	id   string
	opt  load.Options
	game cue.Value // the game loaded, when it loaded
	errs diag.List // nil when it compiled
}

// vetCompile compiles a game for vet (a test makes it panic).
var vetCompile = interpreter.Compile

// runChecks runs checks side by side, one per core.
func runChecks(src load.Source, checks []*vetCheck) {
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, c := range checks {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c.run(src)
		})
	}
	wg.Wait()
}

// run loads and compiles the game, keeping its errors. It runs on a
// goroutine of its own, which Main's recover does not cover: a panic is
// this check's internal error.
func (c *vetCheck) run(src load.Source) {
	defer func() {
		if r := recover(); r != nil {
			c.errs.Add(c.where(), "internal error: %s", oneLine(fmt.Sprint(r)))
		}
	}()
	v, err := src.Game(c.id, c.opt)
	if err == nil {
		c.game = v
		_, err = vetCompile(v)
	}
	if err == nil {
		return
	}
	where := c.where()
	var l diag.List
	if !errors.As(err, &l) {
		c.errs.Add(where, "%s", oneLine(err.Error()))
		return
	}
	for _, e := range l {
		if e.Pos.File == "" {
			e = &diag.Error{Pos: where, Msg: e.Msg}
		}
		c.errs = append(c.errs, e)
	}
}

// where names the check, for an error that has no position of its own.
func (c *vetCheck) where() diag.Pos {
	where := diag.Pos{File: c.id}
	if len(c.opt.Variants) > 0 {
		where.File += " (variant " + c.opt.Variants[0] + ")"
	}
	if len(c.opt.Choices) > 0 {
		where.File += " (--option " + c.opt.Choices[0] + ")"
	}
	return where
}
