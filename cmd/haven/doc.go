package main

import (
	"fmt"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
)

var docCommand = &command{
	name:  "doc",
	usage: "doc [NAME] [--markdown]",
	summary: "Print the designer's reference: with no NAME, the index of library functions,\n" +
		"step kinds, definition fields and hooks; with a NAME, its entry (signature,\n" +
		"returns, errors, budget, keys, example). --markdown prints the whole reference\n" +
		"as docs/reference.md holds it.",
	parse: docParse,
}

type docOptions struct {
	IO
	Name     string
	Markdown bool
}

func docParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &docOptions{IO: io}
	f := newFlags(c)
	f.BoolVar(&opts.Markdown, "markdown", false, "print the whole reference in Markdown")
	pos, err := f.parse(args, 0, 1)
	if err == nil && len(pos) == 1 {
		opts.Name = pos[0]
		if opts.Markdown {
			err = f.usageErrorf("--markdown prints the whole reference: give no NAME")
		}
	}
	return f, func() error { return runDoc(opts) }, err
}

func runDoc(opts *docOptions) error {
	switch {
	case opts.Markdown:
		interpreter.WriteReferenceMarkdown(opts.Out)
		return nil
	case opts.Name == "":
		interpreter.WriteReferenceIndex(opts.Out)
		return nil
	}
	entries := interpreter.Reference(opts.Name)
	if len(entries) == 0 {
		return fmt.Errorf("doc: no entry %q%s; 'haven doc' lists them", opts.Name, diag.DidYouMean(opts.Name, interpreter.ReferenceNames()))
	}
	for i, e := range entries {
		if i > 0 {
			fmt.Fprintln(opts.Out)
		}
		interpreter.WriteReferenceEntry(opts.Out, e)
	}
	return nil
}
