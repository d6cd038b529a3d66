package load

import (
	"fmt"
	"sort"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
)

// An option is a choice a game declares (`options: map: {default,
// values}`); `--option NAME=VALUE` chooses a value. It is a --set of
// `options.NAME.value` whose name and value are checked against the
// game's declaration first, so a typo is one line with "did you mean".

// parseOption parses NAME=VALUE into the override that sets the value.
func parseOption(opt string) (*setOverride, error) {
	name, val, ok := strings.Cut(opt, "=")
	name, val = strings.TrimSpace(name), strings.TrimSpace(val)
	if !ok || name == "" || val == "" || !setPart.MatchString(name) || !setPart.MatchString(val) {
		return nil, fmt.Errorf("--option %q: want NAME=VALUE, e.g. --option map=NAME (haven games lists each game's options)", opt)
	}
	o, err := parseSet("options." + name + ".value=" + val)
	if err != nil {
		return nil, fmt.Errorf("--option %s: %v", opt, err)
	}
	o.flag = "--option " + name + "=" + val
	o.option = true
	return o, nil
}

// checkOption reports an option the game does not declare, or a value
// the option does not offer.
func checkOption(errs *diag.List, o *setOverride, game cue.Value) {
	checkChoice(errs, diag.Pos{File: o.flag}, o.path[1], o.value, GameOptions(game))
}

// checkChoice reports, at pos, an option name that opts do not declare
// or a value its option does not offer: what --option and a file's
// @option (gate.go) both name.
func checkChoice(errs *diag.List, at diag.Pos, name, v string, opts []Option) {
	var names []string
	for _, op := range opts {
		names = append(names, op.Name)
	}
	var op *Option
	for i := range opts {
		if opts[i].Name == name {
			op = &opts[i]
		}
	}
	if op == nil {
		if len(names) == 0 {
			errs.Add(at, "the game has no options")
		} else if hint := diag.DidYouMean(name, names); hint != "" {
			errs.Add(at, "unknown option %s%s", quote(name), hint)
		} else {
			errs.Add(at, "unknown option %s (options: %s)", quote(name), strings.Join(names, ", "))
		}
		return
	}
	if contains(op.Values, v) {
		return
	}
	if hint := diag.DidYouMean(v, op.Values); hint != "" {
		errs.Add(at, "option %s has no value %s%s", name, quote(v), hint)
	} else {
		errs.Add(at, "option %s has no value %s (values: %s)", name, quote(v), strings.Join(op.Values, ", "))
	}
}

// Option is one option a game declares, for listings.
type Option struct {
	Name    string   `json:"name"`
	Text    string   `json:"text,omitempty"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
}

// GameOptions lists the options of a loaded game, sorted by name, each
// with its values in the order the definition writes them.
func GameOptions(game cue.Value) []Option {
	var out []Option
	it, err := game.LookupPath(cue.ParsePath("options")).Fields()
	if err != nil {
		return nil
	}
	for it.Next() {
		v := it.Value()
		op := Option{Name: it.Selector().Unquoted()}
		op.Text, _ = v.LookupPath(cue.ParsePath("text")).String()
		op.Default, _ = v.LookupPath(cue.ParsePath("default")).String()
		op.Values = fieldNames(v.LookupPath(cue.ParsePath("values")))
		out = append(out, op)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// optionHint tells, for a --variant name no variant file has, which
// option offers that name as a value: "--option version=free-play".
func (s Source) optionHint(id, v string) string {
	game, err := s.Game(id, Options{})
	if err != nil {
		return ""
	}
	for _, op := range GameOptions(game) {
		if contains(op.Values, v) {
			return fmt.Sprintf("; %s is a value of the option %s: --option %s=%s", v, op.Name, op.Name, v)
		}
	}
	return ""
}
