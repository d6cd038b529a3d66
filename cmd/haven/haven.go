package main

import (
	"errors"
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
// its arguments into its options and runs it.
type command struct {
	name    string
	usage   string // after "haven "
	summary string
	run     func(c *command, io IO, args []string) error
}

func commands() []*command {
	return []*command{
		gamesCommand, vetCommand, playCommand, runCommand, simCommand, testCommand, replayCommand, serveCommand,
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
	name := args[0]
	switch name {
	case "version", "-version", "--version":
		writeVersion(io.Out)
		return 0
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := lookup(args[1]); c != nil {
				fmt.Fprintf(io.Out, "usage: haven %s\n\n%s\n", c.usage, c.summary)
				return 0
			}
			return report(io, usageErrorf("help: unknown command %q", args[1]))
		}
		usage(io.Out)
		return 0
	}
	c := lookup(name)
	if c == nil {
		return report(io, usageErrorf("unknown command %q (commands: %s)", name, names()))
	}
	return report(io, c.run(c, io, args[1:]))
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
