package load

import (
	"errors"
	"sort"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
)

// The names a variant or a --set writes are checked against the game
// they change, so that a typo is an error rather than a new, unused
// field that changes nothing:
//
//   - A variant or --set may change only the params the game declares.
//     A variant that needs a new param (the tunable number of a new
//     card) declares it under newParams (`game: newParams: x: *2 | int`);
//     the schema adds every newParams entry to params.
//   - A --set may change only a value that exists, in the game or in
//     the variants given with it: it adds nothing.
//
// Variants may still add cards, actions, effects and zones: those are
// checked where they are used (package interpreter).

// checkParams reports the params of game (the game with its variants)
// that neither base (the game alone) nor newParams declares.
func checkParams(errs *diag.List, base, game cue.Value) {
	known := fieldNames(base.LookupPath(cue.ParsePath("params")))
	known = append(known, fieldNames(game.LookupPath(cue.ParsePath("newParams")))...)
	ps := game.LookupPath(cue.ParsePath("params"))
	it, err := ps.Fields()
	if err != nil {
		return
	}
	for it.Next() {
		name := it.Selector().Unquoted()
		if contains(known, name) {
			continue
		}
		errs.Add(userPos(it.Value()), "%s", unknownParam(name, known))
	}
}

func unknownParam(name string, known []string) string {
	if hint := diag.DidYouMean(name, known); hint != "" {
		return "unknown param " + quote(name) + hint
	}
	return "unknown param " + quote(name) + " (params: " + strings.Join(sorted(known), ", ") +
		"; a variant declares a new param under newParams)"
}

// checkSet reports a --set whose path does not exist in game.
func checkSet(errs *diag.List, o *setOverride, game cue.Value) {
	at := diag.Pos{File: o.flag}
	v := game
	for i, part := range o.path {
		next := v.LookupPath(cue.MakePath(cue.Str(part)))
		if next.Exists() {
			v = next
			continue
		}
		where := "game"
		if i > 0 {
			where += "." + strings.Join(o.path[:i], ".")
		}
		if v.IncompleteKind() != cue.StructKind {
			errs.Add(at, "%s is a value, not a struct: it has no field %s", where, quote(part))
			return
		}
		known := fieldNames(v)
		if contains(known, part) {
			return // an optional field the game leaves out (board, cap...)
		}
		if i == 1 && o.path[0] == "params" {
			errs.Add(at, "%s", unknownParam(part, known))
			return
		}
		// A param's name alone is the likeliest slip: say the path.
		if i == 0 {
			params := fieldNames(game.LookupPath(cue.ParsePath("params")))
			if contains(params, part) {
				errs.Add(at, "game has no field %s (did you mean %s?)", quote(part), quote("params."+strings.Join(o.path, ".")))
				return
			}
			if s := diag.Suggest(part, params); s != "" && diag.Suggest(part, known) == "" {
				errs.Add(at, "game has no field %s (did you mean %s?)", quote(part), quote("params."+s))
				return
			}
		}
		if hint := diag.DidYouMean(part, known); hint != "" {
			errs.Add(at, "%s has no field %s%s", where, quote(part), hint)
		} else {
			errs.Add(at, "%s has no field %s (fields: %s); --set changes a value the game has, it adds none", where, quote(part), strings.Join(known, ", "))
		}
		return
	}
}

// userPos is where the definition (not the schema) wrote a value.
func userPos(v cue.Value) diag.Pos {
	p := Pos(v.Pos())
	if p.File != "" && !strings.HasPrefix(p.File, "schema/") {
		return p
	}
	_, args := v.Expr()
	for _, x := range args {
		if q := Pos(x.Pos()); q.File != "" && !strings.HasPrefix(q.File, "schema/") {
			return q
		}
	}
	return p
}

func fieldNames(v cue.Value) []string {
	var out []string
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	for it.Next() {
		out = append(out, it.Selector().Unquoted())
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func sorted(l []string) []string {
	out := append([]string(nil), l...)
	sort.Strings(out)
	return out
}

func quote(s string) string { return `"` + s + `"` }

// buildChecked builds the game from its own files with its variants and
// --set overrides, checking the names they write against the game they
// change. The game alone is built only when there are overrides, and
// for options alone only when the game with them does not build. The
// patches of variants, and the --set that replace a value the game
// writes, are planned on the game alone and applied to the syntax of the
// builds after it (patch.go).
func buildChecked(dir string, start baseInstance, game, variants []source, sets []*setOverride) (cue.Value, error) {
	if len(variants) == 0 && len(sets) == 0 {
		return buildGame(dir, start, game, nil)
	}
	var errs diag.List
	var patched []patchedSource
	for _, v := range variants {
		if f, err := parseFile(v.name, v.src, 0); err == nil {
			if ops, _ := patchesOf(&errs, f); len(ops) > 0 {
				patched = append(patched, patchedSource{v, ops})
			}
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	all := append(game[:len(game):len(game)], variants...)
	for _, o := range sets {
		if o.src != nil {
			all = append(all, source{o.flag, o.src})
		}
	}
	if len(variants) == 0 && onlyOptions(sets) {
		// Options alone: a game that builds with them chose values it
		// declares (CUE holds an option's value to its values, and an
		// option the game does not declare lacks them), so the game
		// alone, to check the names against, is built only when this
		// fails.
		if v, err := buildGame(dir, start, all, nil); err == nil {
			return v, nil
		}
	}
	base, err := buildGame(dir, start, game, nil)
	if err != nil {
		if len(patched) > 0 {
			// A patch is planned on the game alone.
			return cue.Value{}, err
		}
		// The game alone is not complete: its overrides may complete it
		// (a param with no default). There is nothing to check against.
		return buildGame(dir, start, all, nil)
	}
	// A --set of a value the game writes replaces it; any other is
	// unified with the game (and checked below).
	var unified []*setOverride
	over := variants
	all = append(game[:len(game):len(game)], variants...)
	for _, o := range sets {
		if o.option || !setPatches(base, o) {
			// A value the game does not write is unified with it, at
			// a path of fields; locate says what a path into a list
			// names.
			if o.src == nil {
				_, err := locate(base, o.gpath)
				errs.Add(diag.Pos{File: o.flag}, "%v", err)
				continue
			}
			unified = append(unified, o)
			continue
		}
		ps := o.patchSource()
		f, err := parseFile(ps.name, ps.src, 0)
		if err != nil {
			return cue.Value{}, err
		}
		ops, _ := patchesOf(&errs, f)
		patched = append(patched, patchedSource{ps, ops})
		over = append(over[:len(over):len(over)], ps)
	}
	for _, o := range unified {
		all = append(all, source{o.flag, o.src})
	}
	edit := &overlay{sources: map[string][]byte{}}
	for _, s := range append(over[:len(over):len(over)], variants...) {
		edit.sources[s.name] = s.src
	}
	for _, o := range unified {
		edit.sources[o.flag] = o.src
	}
	if len(patched) > 0 {
		for k, p := range patched {
			edit.files = append(edit.files, p.src.name)
			edit.plans = append(edit.plans, planPatches(&errs, base, p.src.name, p.ops, k)...)
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	mid := base
	if len(over) > 0 {
		if mid, err = buildGame(dir, start, append(game[:len(game):len(game)], over...), edit); err != nil {
			hintNewKeys(err, base)
			return cue.Value{}, err
		}
		checkParams(&errs, base, mid)
	}
	for _, o := range unified {
		if o.option {
			checkOption(&errs, o, mid)
		} else {
			checkSet(&errs, o, mid)
		}
	}
	if err := errs.Err(); err != nil {
		return cue.Value{}, err
	}
	if len(unified) == 0 {
		return mid, nil
	}
	return buildGame(dir, start, append(all, over[len(variants):]...), edit)
}

// patchedSource is a variant with its patch list.
type patchedSource struct {
	src source
	ops []*patchOp
}

// setPatches tells whether a --set replaces a value the game writes,
// rather than being unified with the game: a value written in a list is
// replaced or is an error, and so is a path that names no value of a list.
func setPatches(base cue.Value, o *setOverride) bool {
	loc, err := locate(base, o.gpath)
	if err != nil {
		return loc.inList || loc.v.IncompleteKind() == cue.ListKind
	}
	return len(writers(loc.v)) > 0 || loc.inList
}

// onlyOptions tells whether every override chooses an option's value.
func onlyOptions(sets []*setOverride) bool {
	for _, o := range sets {
		if _, _, ok := o.optionValue(); !ok {
			return false
		}
	}
	return true
}

// hintFields adds the closest allowed field to each "field not allowed"
// error: `game.plyers: field not allowed (did you mean "players"?)`.
func hintFields(errs diag.List, v cue.Value) {
	const notAllowed = ": field not allowed"
	for _, e := range errs {
		p, ok := strings.CutSuffix(e.Msg, notAllowed)
		if !ok {
			continue
		}
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			continue
		}
		name := strings.Trim(p[i+1:], `"`)
		var known []string
		for _, f := range fieldNames(v.LookupPath(cue.ParsePath(p[:i]))) {
			if f != name {
				known = append(known, f)
			}
		}
		e.Msg += diag.DidYouMean(name, known)
	}
}

// hintNewKeys adds, to an error in an entry a variant adds to a map of
// the game (a card, an action...), the entry of the game its key is
// likely a typo of: `game.cards.bred.name: incomplete value string (a new
// entry of cards; did you mean "bread"?)`.
func hintNewKeys(err error, base cue.Value) {
	var l diag.List
	if !errors.As(err, &l) {
		return
	}
	for _, e := range l {
		p, _, ok := strings.Cut(e.Msg, ": ")
		parts := strings.Split(p, ".")
		if !ok || len(parts) < 4 || parts[0] != "game" {
			continue
		}
		m := base.LookupPath(cue.MakePath(cue.Str(parts[1])))
		key := strings.Trim(parts[2], `"`)
		if m.IncompleteKind() != cue.StructKind || m.LookupPath(cue.MakePath(cue.Str(key))).Exists() {
			continue
		}
		if hint := diag.DidYouMean(key, fieldNames(m)); hint != "" {
			e.Msg += " (a new entry of " + parts[1] + "; " + strings.TrimPrefix(hint, " (")
		}
	}
}
