package load

import (
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"github.com/haven-engine/haven/diag"
)

// A file of a game folder may belong to one value of one of the game's
// options: the attribute `@option(NAME=VALUE)`, before or just after
// its package clause, loads the file only when the game is played with
// that value. CUE evaluates every file it is given, so a map, its layout
// or cards that only one value uses cost a game played with another
// value nothing.
//
// A value is known before CUE evaluates anything when --option or a
// --set of options.NAME.value gives it. Otherwise the game is built
// without the files of that option, and if the value it then has (its
// default, or a variant's) is one of theirs, built again with them: a
// file that belongs to an option's default value costs its games a
// second evaluation, so the files that belong to values other than the
// default are the ones to mark. Every gate of the folder is checked on
// every load, so a gate naming no option or value of the game is an
// error even where its file is left out.

// gate is the option value a file belongs to.
type gate struct {
	option, value string
	pos           diag.Pos
}

// gateOf reads the @option attribute of a file; nil when it has none or
// does not parse (the full parse reports that).
func gateOf(errs *diag.List, s source) *gate {
	f, err := parseFile(s.name, s.src, parser.PackageClauseOnly)
	if err != nil {
		return nil
	}
	var g *gate
	for _, d := range f.Decls {
		a, ok := d.(*ast.Attribute)
		if !ok {
			continue
		}
		name, body := a.Split()
		if name != "option" {
			continue
		}
		at := Pos(a.Pos())
		opt, val, ok := strings.Cut(body, "=")
		opt, val = strings.TrimSpace(opt), strings.TrimSpace(val)
		switch {
		case g != nil:
			errs.Add(at, "a file belongs to one option value: a second @option")
		case !ok || !setPart.MatchString(opt) || !setPart.MatchString(val):
			errs.Add(at, "%s: want @option(NAME=VALUE), the option and the value this file is loaded for", a.Text)
		default:
			g = &gate{opt, val, at}
		}
	}
	return g
}

// gatedFile is a file of the game and the option value it belongs to.
type gatedFile struct {
	src source
	g   *gate
}

// splitGated reads the gates of a game's files. It returns the files
// loaded for the values chosen (a file with no gate always is) and
// those left out.
func splitGated(errs *diag.List, srcs []source, chosen map[string]string) (in []source, out, all []gatedFile) {
	for _, s := range srcs {
		g := gateOf(errs, s)
		if g != nil {
			all = append(all, gatedFile{s, g})
		}
		if g == nil || chosen[g.option] == g.value {
			in = append(in, s)
		} else {
			out = append(out, gatedFile{s, g})
		}
	}
	return in, out, all
}

// chosenValues are the option values the overrides give: --option
// NAME=VALUE and --set options.NAME.value=VALUE.
func chosenValues(sets []*setOverride) map[string]string {
	m := map[string]string{}
	for _, o := range sets {
		if name, v, ok := o.optionValue(); ok {
			m[name] = v
		}
	}
	return m
}

// optionValue is the option and the value an override chooses, when it
// is an --option or a --set of options.NAME.value.
func (o *setOverride) optionValue() (name, value string, ok bool) {
	if len(o.path) != 3 || o.path[0] != "options" || o.path[2] != "value" {
		return "", "", false
	}
	v := o.value
	if u, err := strconv.Unquote(v); err == nil {
		v = u
	}
	return o.path[1], v, true
}

// takeGated moves out of out the files whose option has their value in
// the built game.
func takeGated(game cue.Value, out []gatedFile) (take []source, rest []gatedFile) {
	for _, f := range out {
		v, err := game.LookupPath(cue.MakePath(cue.Str("options"), cue.Str(f.g.option), cue.Str("value"))).String()
		if err == nil && v == f.g.value {
			take = append(take, f.src)
		} else {
			rest = append(rest, f)
		}
	}
	return take, rest
}

// checkGates reports each gate that names an option the game does not
// declare or a value its option does not offer.
func checkGates(errs *diag.List, game cue.Value, gated []gatedFile) {
	if len(gated) == 0 {
		return
	}
	opts := GameOptions(game)
	for _, f := range gated {
		checkChoice(errs, f.g.pos, f.g.option, f.g.value, opts)
	}
}

// lateGates reports each @option of a parsed file that stands after its
// first declaration: only the attributes before and just after the
// package clause are the file's, and one further down would gate
// nothing.
func lateGates(errs *diag.List, f *ast.File) {
	header := true
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package:
		case *ast.Attribute:
			if name, _ := d.Split(); name == "option" && !header {
				errs.Add(Pos(d.Pos()), "%s gates nothing here: put it before the package clause", d.Text)
			}
		default:
			header = false
		}
	}
}
