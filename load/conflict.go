package load

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/token"

	"github.com/haven-engine/haven/diag"
)

// A variant or a --set that gives a value the game fixed conflicts with
// it: CUE unifies, and `3` and `1` have no common value. CUE reports the
// conflict at one of its sides, often the game's (a package of lib/). The
// designer wrote the other: the error is shown there, says where the
// value is fixed, and gives the patch that replaces it:
//
//	short.cue:3:41: game.cards."la-chance-tourne".count: conflicting values 3 and 1:
//	  fixed at lib/rotterdam/transport.cue:17:10; a variant replaces a fixed value
//	  with patch: [{replace: "cards.la-chance-tourne.count", with: 1}]
//
// (one line).

// conflict rewrites a conflict between an override and a value fixed
// elsewhere; ok is false for any other error.
func (o *overlay) conflict(e cueerrors.Error, msg string) (diag.Pos, string, bool) {
	format, args := e.Msg()
	if !strings.HasPrefix(format, "conflicting values") || len(args) != 2 {
		return diag.Pos{}, "", false
	}
	var mine, fixed token.Pos
	for _, p := range append([]token.Pos{e.Position()}, e.InputPositions()...) {
		if !p.IsValid() || strings.HasPrefix(p.Filename(), "schema/") {
			continue
		}
		if _, ok := o.sources[p.Filename()]; ok && !mine.IsValid() {
			mine = p
		} else if !fixed.IsValid() && (!mine.IsValid() || p.Filename() != mine.Filename() || p.Offset() != mine.Offset()) {
			fixed = p
		}
	}
	if !mine.IsValid() || !fixed.IsValid() {
		return diag.Pos{}, "", false
	}
	path := gamePathOf(e.Path())
	with := "VALUE"
	if src := o.sources[mine.Filename()]; mine.Offset() < len(src) {
		for _, a := range args {
			if s := fmt.Sprint(a); bytes.HasPrefix(src[mine.Offset():], []byte(s)) {
				with = s
			}
		}
	}
	if strings.HasPrefix(mine.Filename(), "--set ") {
		if _, ok := o.sources[fixed.Filename()]; !ok {
			return diag.Pos{}, "", false
		}
		// A --set replaces what the game writes: this value is fixed by
		// a variant given with it.
		return Pos(mine), fmt.Sprintf("%s: fixed at %s, by a variant given with the --set", msg, Pos(fixed)), true
	}
	return Pos(mine), fmt.Sprintf("%s: fixed at %s; %s", msg, Pos(fixed), replaceHint(path, with)), true
}

// replaceHint says how a variant replaces a fixed value.
func replaceHint(path, with string) string {
	return fmt.Sprintf("a variant replaces a fixed value with patch: [{replace: %q, with: %s}]", path, with)
}

// conflictsRewritten are the errors of l that conflict rewrote.
func conflictsRewritten(l diag.List) diag.List {
	var out diag.List
	for _, e := range l {
		if strings.Contains(e.Msg, replaceHint("", "")[:40]) || strings.HasSuffix(e.Msg, ", by a variant given with the --set") {
			out = append(out, e)
		}
	}
	return out
}

// gamePathOf is CUE's path of an error, as a patch writes it.
func gamePathOf(sel []string) string {
	var p gamePath
	for i, s := range sel {
		if i == 0 && s == "game" {
			continue
		}
		if u, err := unquoteLabel(s); err == nil {
			s = u
		}
		if n, ok := listIndex(s); ok {
			p = append(p, pathSeg{index: n, isIndex: true})
			continue
		}
		p = append(p, pathSeg{name: s})
	}
	return p.String()
}

func unquoteLabel(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		return strconv.Unquote(s)
	}
	return s, nil
}

// listIndex reads CUE's name of a list entry in a path, its index.
func listIndex(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}
