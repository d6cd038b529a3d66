package load

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cuelang.org/go/cue/token"
)

// A --set override is PATH=VALUE: PATH names a value as a variant's patch
// does (patch_path.go: `params.NAME`, `cards.NAME.count`, `flow[2].max`),
// VALUE a plain value: a whole number, true or false, or text, which needs
// no quotes. Text that reads as a number or a bool is written in double
// quotes ("3"). Anything else CUE would read as syntax (a struct, a list,
// a disjunction, a reference, a line break) is refused: --set changes one
// value, a variant file does the rest. A --set replaces the value the
// game writes there, fixed or a default, as a variant's
// `{replace: PATH, with: VALUE}` does; a value the game does not write (a
// param a variant adds, an option's value) is unified with it.

var (
	setInt = regexp.MustCompile(`^-?[0-9]+$`)
	// setSyntax are the characters that would make a value CUE syntax
	// rather than text.
	setSyntax = "{}[]()|&*\"`\\"
	setPart   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
)

// setOverride is one parsed --set.
type setOverride struct {
	flag  string   // the flag as given, for messages: "--set params.x=3"
	path  []string // relative to game, when it is names only
	gpath gamePath // the path as a patch reads it
	lit   string   // the value as a CUE literal
	src   []byte   // the CUE file that sets it by unification; nil for a path through a list
	// option marks an --option (option.go): path is options.NAME.value,
	// value the value chosen.
	option bool
	value  string
}

// parseSet parses PATH=VALUE into the CUE file `game: PATH: VALUE`.
func parseSet(set string) (*setOverride, error) {
	p, val, ok := strings.Cut(set, "=")
	p, val = strings.TrimSpace(p), strings.TrimSpace(val)
	if !ok || p == "" || val == "" {
		return nil, fmt.Errorf("--set %q: want PATH=VALUE, e.g. params.NAME=3", set)
	}
	if strings.ContainsFunc(set, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return nil, fmt.Errorf("--set %q: the value must be one line of plain text", set)
	}
	o := &setOverride{flag: "--set " + set}
	gp, err := parsePath(p)
	if err != nil {
		return nil, fmt.Errorf("--set %s: %v", set, err)
	}
	o.gpath = gp
	o.value = val
	lit, err := setValue(val)
	if err != nil {
		return nil, fmt.Errorf("--set %s: %v", set, err)
	}
	o.lit = lit
	if !gp.namesOnly() {
		return o, nil
	}
	parts := make([]string, len(gp))
	for i, seg := range gp {
		parts[i] = seg.name
	}
	o.path = parts
	var b strings.Builder
	b.WriteString("package haven\ngame: ")
	for _, part := range parts {
		if token.Lookup(part).IsKeyword() || strings.Contains(part, "-") {
			b.WriteString(strconv.Quote(part))
		} else {
			b.WriteString(part)
		}
		b.WriteString(": ")
	}
	b.WriteString(lit)
	b.WriteByte('\n')
	o.src = []byte(b.String())
	return o, nil
}

// patchSource is the --set as a variant of one edit, `{replace: PATH,
// with: VALUE}`: what a --set is when the game writes the value.
func (o *setOverride) patchSource() source {
	return source{o.flag, []byte("package haven\npatch: [{replace: " + strconv.Quote(o.gpath.String()) + ", with: " + o.lit + "}]\n")}
}

// setValue writes a plain value as a CUE literal.
func setValue(val string) (string, error) {
	switch {
	case setInt.MatchString(val), val == "true", val == "false":
		return val, nil
	case len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"':
		// Text in double quotes, as a shell passes "\"3\"".
		s, err := strconv.Unquote(val)
		if err != nil {
			return "", fmt.Errorf("bad quoted text %s", val)
		}
		return strconv.Quote(s), nil
	case strings.ContainsAny(val, setSyntax):
		return "", fmt.Errorf("the value must be a number, true, false or plain text; %q is CUE syntax (write a variant file for more than one value)",
			string(val[strings.IndexAny(val, setSyntax)]))
	}
	return strconv.Quote(val), nil
}
