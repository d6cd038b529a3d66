package load

import (
	"fmt"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/token"

	"github.com/haven-engine/haven/diag"
)

// A path names one value of a game, relative to `game`, the same way in a
// variant's patch, a --set and an error message:
//
//	cards.revers.count          a field: names joined by dots
//	flow[2]                     an entry of a list, counted from 0
//	effects.phase-1.do.deal     an entry of a list by its name: a step's
//	                            `name`, a tiebreak's `name`, or a string
//	                            of a list of ids (turn.actions.storm)
//	actions.sail.when."no ship" a key that is not a name, in double quotes
//
// A leading `game.` is accepted and dropped.

// pathSeg is one step of a path: a name, or an index into a list.
type pathSeg struct {
	name    string
	index   int
	isIndex bool
}

func (s pathSeg) String() string {
	if s.isIndex {
		return "[" + strconv.Itoa(s.index) + "]"
	}
	if isPathName(s.name) {
		return s.name
	}
	return strconv.Quote(s.name)
}

type gamePath []pathSeg

func (p gamePath) String() string {
	var b strings.Builder
	for i, s := range p {
		if i > 0 && !s.isIndex {
			b.WriteByte('.')
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// namesOnly tells whether no step of the path is an index.
func (p gamePath) namesOnly() bool {
	for _, s := range p {
		if s.isIndex {
			return false
		}
	}
	return true
}

func isPathName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// parsePath reads a path.
func parsePath(s string) (gamePath, error) {
	var p gamePath
	rest, start := s, 0
	for first := true; ; first = false {
		if !first {
			switch {
			case rest == "":
				if len(p) > 0 && p[0].name == "game" && !p[0].isIndex && len(p) > 1 {
					p = p[1:] // the path is relative to game; game. means it
				}
				return p, nil
			case rest[0] == '.':
				rest = rest[1:]
			case rest[0] != '[':
				return nil, fmt.Errorf("path %q: %q is not a name; %s", s, badPart(s[start:]), pathHelp)
			}
		}
		start = len(s) - len(rest)
		if len(rest) > 0 && rest[0] == '[' && !first {
			end := strings.IndexByte(rest, ']')
			n, err := strconv.Atoi(rest[1:max(end, 1)])
			if end < 0 || err != nil || n < 0 {
				return nil, fmt.Errorf("path %q: want [N], N an entry's number counted from 0", s)
			}
			p, rest = append(p, pathSeg{index: n, isIndex: true}), rest[end+1:]
			continue
		}
		if len(rest) > 0 && rest[0] == '"' {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("path %q: a quoted key is not closed", s)
			}
			name, _ := strconv.Unquote(q)
			p, rest = append(p, pathSeg{name: name}), rest[len(q):]
			continue
		}
		i := 0
		for i < len(rest) && isPathName(rest[i:i+1]) {
			i++
		}
		if i == 0 {
			return nil, fmt.Errorf("path %q: %q is not a name; %s", s, badPart(rest), pathHelp)
		}
		p, rest = append(p, pathSeg{name: rest[:i]}), rest[i:]
	}
}

const pathHelp = "a path is names joined by dots, relative to game, e.g. params.NAME, cards.NAME.count, flow[2]"

// badPart is the part of a path that does not read, up to the next dot.
func badPart(rest string) string {
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		return rest[:i]
	}
	return rest
}

// located is a value of the game a path names, with where it sits.
type located struct {
	v      cue.Value
	parent cue.Value // the struct or list that holds it
	elem   bool      // an entry of a list rather than a field
	index  int       // its index, for an entry
	// inList: the path goes through an entry of a list, so CUE cannot
	// write it as nested fields.
	inList bool
}

// locate follows a path in game. A step that names nothing is an error
// that says what there is, with the closest name, and the value reached
// before it.
func locate(game cue.Value, p gamePath) (located, error) {
	cur := located{v: game}
	for i, seg := range p {
		where := "game"
		if i > 0 {
			where = p[:i].String()
		}
		v := cur.v
		switch v.IncompleteKind() {
		case cue.ListKind:
			n := listLen(v)
			idx := seg.index
			if !seg.isIndex {
				idx = -1
				var names []string
				for j := range n {
					name := entryName(v.LookupPath(cue.MakePath(cue.Index(j))))
					if name == seg.name {
						idx = j
						break
					}
					if name != "" {
						names = append(names, name)
					}
				}
				if idx < 0 {
					if hint := diag.DidYouMean(seg.name, names); hint != "" {
						return cur, fmt.Errorf("%s has no entry named %s%s", where, quote(seg.name), hint)
					}
					return cur, fmt.Errorf("%s has no entry named %s (%s); give a step a name, or say %s[N]", where, quote(seg.name), entriesText(n, names), where)
				}
			} else if idx >= n {
				return cur, fmt.Errorf("%s has %s: there is no [%d]", where, entriesText(n, nil), idx)
			}
			cur = located{v: v.LookupPath(cue.MakePath(cue.Index(idx))), parent: v, elem: true, index: idx, inList: true}
		case cue.StructKind:
			if seg.isIndex {
				return cur, fmt.Errorf("%s is a struct, not a list: it has no [%d]", where, seg.index)
			}
			// A key a pattern allows (any card's id) exists to
			// LookupPath: a field is one the struct lists.
			known := fieldNames(v)
			next := v.LookupPath(cue.MakePath(cue.Str(seg.name)))
			if !contains(known, seg.name) {
				if hint := diag.DidYouMean(seg.name, known); hint != "" {
					return cur, fmt.Errorf("%s has no field %s%s", where, quote(seg.name), hint)
				}
				return cur, fmt.Errorf("%s has no field %s (fields: %s)", where, quote(seg.name), strings.Join(sorted(known), ", "))
			}
			cur = located{v: next, parent: v, inList: cur.inList}
		default:
			return cur, fmt.Errorf("%s is a value, not a struct or a list: it has no %s", where, quote(seg.String()))
		}
	}
	return cur, nil
}

func listLen(v cue.Value) int {
	n, _ := v.Len().Int64()
	return int(n)
}

// entryName is the name a path gives an entry of a list: its own text for
// a string (an id of a turn's actions), its `name` field for a struct (a
// step, a tiebreak).
func entryName(v cue.Value) string {
	if s, err := v.String(); err == nil {
		return s
	}
	if s, err := v.LookupPath(cue.ParsePath("name")).String(); err == nil {
		return s
	}
	return ""
}

func entriesText(n int, names []string) string {
	s := fmt.Sprintf("%d entries", n)
	switch {
	case n == 0:
		s = "no entries"
	case n == 1:
		s = "1 entry, [0]"
	default:
		s += fmt.Sprintf(", [0] to [%d]", n-1)
	}
	if len(names) > 0 {
		s += "; named: " + strings.Join(names, ", ")
	}
	return s
}

// pathLabel is a CUE label for a name: an identifier where it can be one.
func pathLabel(name string) ast.Label {
	if ast.IsValidIdent(name) && !token.Lookup(name).IsKeyword() && !strings.HasPrefix(name, "_") && !strings.HasPrefix(name, "#") {
		return ast.NewIdent(name)
	}
	return ast.NewString(name)
}
