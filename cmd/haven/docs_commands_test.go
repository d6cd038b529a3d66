package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// The haven command lines the documents show: found in code blocks and
// code spans, their usage syntax undone, and parsed as haven parses them.

// placeholderValues are what a placeholder stands for when a command
// line is parsed: a flag that wants a number or a bot gets one. The
// other placeholders parse as the words they are.
var placeholderValues = map[string]string{
	"N": "1", "S": "1", "K": "1", "SEAT": "0", "DECISIONS": "100", "PERCENT": "90", "A": "1", "B": "2", "I": "0", "W": "2", "ID": "1", "DURATION": "1h",
	"SPEC": "random", "BOT": "random", "OTHER": "random",
}

// A shellCommand is a command line of a code block: the words after
// "haven" and the line that follows it, when that is haven's error.
type shellCommand struct {
	piece
	err string
}

// showsItsError says whether a command line of a code block is shown
// with the error haven gives it (an example of a mistake): the line
// after it is "haven: " and haven's message.
func (d *docChecker) showsItsError(c shellCommand) bool {
	_, err := parseLine(d.words(c.text))
	return err != nil && c.err != "" && strings.Contains(c.err, explain(err))
}

// commands are the haven command lines of a shell block: with prompts
// ("$ "), the prompted lines; without, every line. A line ending in a
// backslash goes on on the next; in a block without prompts, so does an
// indented line of options after a command (a usage line wrapped).
func (b block) commands() []shellCommand {
	switch b.info {
	case "", "sh", "shell", "bash", "console", "text":
	default:
		return nil
	}
	prompts := slices.ContainsFunc(b.lines, func(p piece) bool { return strings.HasPrefix(strings.TrimSpace(p.text), "$ ") })
	var out []shellCommand
	cur, cont := -1, false
	for _, l := range b.lines {
		t := strings.TrimSpace(l.text)
		options := strings.HasPrefix(t, "[") || strings.HasPrefix(t, "-")
		indented := l.text != strings.TrimLeft(l.text, " \t")
		switch {
		case cur >= 0 && (cont || !prompts && indented && options):
			out[cur].text += " " + t
		case prompts && !strings.HasPrefix(t, "$ "):
			if cur >= 0 && strings.HasPrefix(t, "haven: ") {
				out[cur].err = t
			}
			cur = -1
			continue
		default:
			out = append(out, shellCommand{piece: piece{strings.TrimPrefix(t, "$ "), l.line}})
			cur = len(out) - 1
		}
		cont = strings.HasSuffix(t, "\\")
		if cont {
			out[cur].text = strings.TrimSuffix(out[cur].text, "\\")
		}
	}
	var cmds []shellCommand
	for _, p := range out {
		for _, c := range splitShell(p.text) {
			if args, ok := commandLine(c); ok {
				cmds = append(cmds, shellCommand{piece{args, p.line}, p.err})
			}
		}
	}
	return cmds
}

// splitShell cuts a shell line into its commands at ;, &&, || and pipes
// (a | with a space before it: "A|B" is a usage line's choice), and
// drops a comment.
func splitShell(line string) []string {
	var out []string
	var cur strings.Builder
	quote := byte(0)
	for i := 0; i < len(line); i++ {
		c, rest := line[i], line[i:]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return append(out, cur.String())
		case strings.HasPrefix(rest, "&&"), strings.HasPrefix(rest, "||"):
			i++
			fallthrough
		case c == ';', c == '|' && i > 0 && line[i-1] == ' ':
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteByte(c)
	}
	return append(out, cur.String())
}

// commandLine returns the words after "haven" when s runs haven: as
// haven, ./haven, go run ./cmd/haven (or the module path), after
// variables set for it, time or a prompt.
func commandLine(s string) (string, bool) {
	w := strings.Fields(s)
	for len(w) > 0 && (w[0] == "$" || w[0] == "time" || strings.Contains(w[0], "=") && !strings.HasPrefix(w[0], "-")) {
		w = w[1:]
	}
	switch {
	case len(w) >= 2 && (w[0] == "haven" || w[0] == "./haven"):
		return strings.Join(w[1:], " "), true
	case len(w) >= 3 && w[0] == "go" && w[1] == "run":
		for i := 2; i < len(w); i++ {
			pkg, _, _ := strings.Cut(w[i], "@")
			if strings.HasSuffix(pkg, "cmd/haven") && i+1 < len(w) {
				return strings.Join(w[i+1:], " "), true
			}
			if !strings.HasPrefix(w[i], "-") {
				break
			}
		}
	}
	return "", false
}

// words splits a command line into the arguments the shell would give
// haven, the usage syntax undone: [optional] parts are kept, "..." is
// dropped, of A|B the first is kept, a <placeholder> is its name, and a
// placeholder that stands for a number or a bot is given one. Quoted
// words are left as they are. Redirections are dropped.
func (d *docChecker) words(line string) []string {
	var out []string
	var cur strings.Builder
	quoted, in := false, false
	flush := func() {
		if !in {
			return
		}
		w := cur.String()
		cur.Reset()
		in = false
		if !quoted {
			w = d.unusage(w)
		}
		quoted = false
		if w != "" {
			out = append(out, w)
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '\'' || c == '"':
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				j = len(line) - i - 1
			}
			cur.WriteString(line[i+1 : i+1+j])
			quoted, in = true, true
			i += j + 1
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	flush()
	// Redirections: >f, > f, 2>&1, <f, < f.
	var args []string
	for i := 0; i < len(out); i++ {
		w := out[i]
		if m := redirect.FindStringSubmatch(w); m != nil {
			if m[2] == "" {
				i++ // the file is the next word
			}
			continue
		}
		args = append(args, w)
	}
	return args
}

var (
	// redirect matches a shell redirection and its file, if joined.
	redirect = regexp.MustCompile(`^(\d?>>?|<)(.*)$`)
	// angle matches a placeholder in angle brackets, <game>.
	angle = regexp.MustCompile(`<([^<>]+)>`)
	// upper matches a word in capitals, which may be a placeholder.
	upper = regexp.MustCompile(`\b[A-Z][A-Z0-9]*\b`)
)

// unusage undoes the usage syntax of one unquoted word.
func (d *docChecker) unusage(w string) string {
	w = angle.ReplaceAllString(w, "$1")
	w = strings.NewReplacer("[", "", "]", "", "...", "", "…", "").Replace(w)
	if first, _, ok := strings.Cut(w, "|"); ok {
		w = first
	}
	return upper.ReplaceAllStringFunc(w, func(p string) string {
		if v, ok := placeholderValues[p]; ok {
			return v
		}
		return p
	})
}

// checkCommand checks the words after "haven": the command exists and
// knows each flag given; a command line of a code block, or a quoted one
// that gives arguments, must also parse as haven would parse it. A
// quoted "haven sim --out" names a flag and is not a command line.
func (d *docChecker) checkCommand(line string, full bool) string {
	args := d.words(line)
	if len(args) > 0 && d.placeholders[args[0]] || len(args) > 1 && args[0] == "help" && d.placeholders[args[1]] {
		return "" // haven COMMAND -h, haven help COMMAND
	}
	shown := "haven " + strings.Join(strings.Fields(line), " ")
	if r := []rune(shown); len(r) > 80 {
		shown = string(r[:79]) + "…"
	}
	fs, err := parseLine(args)
	if fs == nil {
		if err != nil {
			return fmt.Sprintf("%q: %s", shown, explain(err))
		}
		return ""
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			full = true
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			full = true
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			if name == "h" || name == "help" {
				continue
			}
			return fmt.Sprintf("%q: haven %s has no flag --%s", shown, args[0], name)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) {
			i++ // its value
		}
	}
	if !full {
		return ""
	}
	for _, v := range usageVariants(line) {
		if _, err := parseLine(d.words(v)); err != nil {
			return fmt.Sprintf("%q: %s", shown, explain(err))
		}
	}
	return ""
}

// usageVariants are the command lines a usage line stands for, one for
// each of its optional parts: "sim GAME [-n N] [--json]" gives "sim GAME",
// "sim GAME -n N" and "sim GAME --json", since a usage line may list
// options that do not go together. A line without optional parts is
// itself.
func usageVariants(line string) []string {
	var base strings.Builder
	var groups []string
	depth, start := 0, 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '[' && depth == 0 && (i == 0 || line[i-1] == ' '):
			depth, start = 1, i+1
		case c == '[' && depth > 0:
			depth++
		case c == ']' && depth > 0:
			depth--
			if depth == 0 {
				groups = append(groups, line[start:i])
				for strings.HasPrefix(line[i+1:], "...") {
					i += 3
				}
			}
		case depth == 0:
			base.WriteByte(c)
		}
	}
	if len(groups) == 0 {
		return []string{line}
	}
	out := []string{base.String()}
	for _, g := range groups {
		out = append(out, base.String()+" "+g)
	}
	return out
}

// explain is a usage error without its pointer to haven help.
func explain(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "; see 'haven help")
	return msg
}

// parseLine parses a command line as haven would and runs nothing: the
// flags of its command, if it has any, and its mistake, if any. A
// request for help is no mistake.
func parseLine(args []string) (*flag.FlagSet, error) {
	fs, _, err := parse(args, IO{In: strings.NewReader(""), Out: io.Discard, Err: io.Discard})
	var h *errHelp
	if errors.As(err, &h) {
		err = nil
	}
	return fs, err
}
