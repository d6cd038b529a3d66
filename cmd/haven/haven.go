package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/haven-engine/haven/diag"
)

// IO is where a command reads and writes; tests give buffers.
type IO struct {
	In       io.Reader
	Out, Err io.Writer
}

// command is one subcommand: its usage line and the function that parses
// its arguments into its options. parse returns the flags it read them
// with and the function that runs the command; it reads no file and
// starts nothing (see parse).
type command struct {
	name    string
	usage   string // after "haven "
	summary string
	parse   func(c *command, io IO, args []string) (f *flags, run func() error, err error)
}

func commands() []*command {
	return []*command{
		gamesCommand, vetCommand, playCommand, runCommand, simCommand, runsCommand, trainCommand, testCommand, coverageCommand, replayCommand, serveCommand, docCommand,
	}
}

// Main runs haven with its arguments and returns the exit status: 0, 1
// for a failure, 2 for a usage error. Every error is reported on stderr
// as one line `haven: ...`, except definition errors, which are listed one
// positioned line each. A panic is reported as an internal error.
func Main(args []string, io IO) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(io.Err, "haven: internal error: %v\n", oneLine(fmt.Sprint(r)))
			code = 1
		}
	}()
	if len(args) == 0 {
		usage(io.Err)
		return 2
	}
	_, run, err := parse(args, io)
	var h *errHelp
	if errors.As(err, &h) {
		fmt.Fprint(io.Out, h.text)
		return 0
	}
	if err != nil {
		return report(io, err)
	}
	return report(io, run())
}

// parse parses a command line (the words after "haven") into the flags
// of its command (nil for help and version) and the function that runs
// it. It reads no file and starts nothing, so that a command line can be
// checked without running it. A request for a command's help is an
// *errHelp.
func parse(args []string, io IO) (*flag.FlagSet, func() error, error) {
	if len(args) == 0 {
		return nil, nil, usageErrorf("no command (commands: %s)", names())
	}
	switch args[0] {
	case "version", "-version", "--version":
		return nil, func() error { writeVersion(io.Out); return nil }, nil
	case "help", "-h", "-help", "--help":
		if len(args) == 1 {
			return nil, func() error { usage(io.Out); return nil }, nil
		}
		c := lookup(args[1])
		if c == nil {
			return nil, nil, usageErrorf("help: unknown command %q", args[1])
		}
		return nil, func() error {
			fmt.Fprintf(io.Out, "usage: haven %s\n\n%s\n", c.usage, c.summary)
			return nil
		}, nil
	}
	c := lookup(args[0])
	if c == nil {
		return nil, nil, usageErrorf("unknown command %q (commands: %s)", args[0], names())
	}
	f, run, err := c.parse(c, io, args[1:])
	return f.FlagSet, run, err
}

func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

func names() string {
	var out []string
	for _, c := range commands() {
		out = append(out, c.name)
	}
	return strings.Join(out, ", ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Haven runs rules-as-data board games.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  haven %s\n", c.usage)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands that load a game also take --defs DIR (definitions from DIR instead of")
	fmt.Fprintln(w, "the embedded ones), --variant FILE|NAME, --set PATH=VALUE and --option NAME=VALUE")
	fmt.Fprintln(w, "(all repeatable; 'haven games' lists each game's options).")
	fmt.Fprintln(w, "Run 'haven help COMMAND' for what a command does, 'haven --version' for the version.")
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// silentError ends a command that has already reported what went wrong
// (failing scenarios): exit status 1, nothing more printed.
type silentError struct{}

func (silentError) Error() string { return "" }

// report prints err and returns the exit status for it.
func report(io IO, err error) int {
	if err == nil {
		return 0
	}
	var list diag.List
	var ue *usageError
	switch {
	case errors.As(err, &silentError{}):
		return 1
	case errors.As(err, &list):
		// Definition errors: one positioned line each, as a compiler prints them.
		fmt.Fprintln(io.Err, list.Error())
		return 1
	case errors.As(err, &ue):
		fmt.Fprintf(io.Err, "haven: %s\n", oneLine(err.Error()))
		return 2
	}
	fmt.Fprintf(io.Err, "haven: %s\n", oneLine(err.Error()))
	return 1
}

// snippet matches the " (line:col)" and source lines expr appends to an
// evaluation error.
var snippet = regexp.MustCompile(` \(\d+:\d+\)\n(?s:.*)$`)

// oneLine keeps a message on one line: expr's source snippet is dropped
// and any other line break becomes "; ".
func oneLine(msg string) string {
	var lines []string
	for l := range strings.SplitSeq(snippet.ReplaceAllString(msg, ""), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "; ")
}
