// Package diag holds positioned errors: every problem in a definition is
// reported as file:line:col: message, and all problems of one load together.
package diag

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a source file; Line and Col count from 1.
type Pos struct {
	File string
	Line int
	Col  int
}

// String renders the position as file:line:col.
func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is one positioned problem.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.File == "" {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// List collects the errors of one load.
type List []*Error

// Add appends an error at pos.
func (l *List) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Err returns the list sorted and deduplicated as an error, or nil when empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return l[i].Msg < l[j].Msg
	})
	out := l[:0]
	for i, e := range l {
		if i > 0 && e.Error() == l[i-1].Error() {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Error prints every error on its own line.
func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
