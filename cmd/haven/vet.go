package main

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

var vetCommand = &command{
	name:  "vet",
	usage: "vet [DIR]",
	summary: "Load and compile every game folder in DIR (default: the embedded definitions),\n" +
		"alone and with each variant it ships, and list every error found, one\n" +
		"file:line:col line each. Prints \"ok: N games\" when there is none.",
	run: vetMain,
}

type vetOptions struct {
	IO
	Dir string // "" means the embedded definitions
}

func vetMain(c *command, io IO, args []string) error {
	opts := &vetOptions{IO: io}
	f := newFlags(c)
	pos, err := f.parse(args, 0, 1)
	if len(pos) == 1 {
		opts.Dir = pos[0]
	}
	return runParsed(io, err, func() error { return runVet(opts) })
}

func runVet(opts *vetOptions) error {
	gf := gameFlags{Defs: opts.Dir}
	src, err := gf.source()
	if err != nil {
		return err
	}
	ids, err := src.Games()
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		where := opts.Dir
		if where == "" {
			where = "the embedded definitions"
		}
		return fmt.Errorf("vet: no game folders in %s", where)
	}
	var errs diag.List
	for _, id := range ids {
		// A variant is checked once its game is clean: until then its
		// errors would mostly repeat the game's.
		if !vet(&errs, src, id, load.Options{}) {
			continue
		}
		for _, v := range src.VariantFiles(id) {
			vet(&errs, src, id, load.Options{Variants: []string{strings.TrimSuffix(path.Base(v), ".cue")}})
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "ok: %s\n", plural(len(ids), "game"))
	return nil
}

// vet loads and compiles one game with opt, adding its errors to errs,
// and tells whether there were none. An error CUE gives no position for
// is put on the game folder (and variant).
func vet(errs *diag.List, src load.Source, id string, opt load.Options) bool {
	v, err := src.Game(id, opt)
	if err == nil {
		_, err = interpreter.Compile(v)
	}
	if err == nil {
		return true
	}
	where := diag.Pos{File: id}
	if len(opt.Variants) > 0 {
		where.File += " (variant " + opt.Variants[0] + ")"
	}
	var l diag.List
	if !errors.As(err, &l) {
		errs.Add(where, "%s", oneLine(err.Error()))
		return false
	}
	for _, e := range l {
		if e.Pos.File == "" {
			e = &diag.Error{Pos: where, Msg: e.Msg}
		}
		*errs = append(*errs, e)
	}
	return false
}
