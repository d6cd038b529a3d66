// Package exprpos maps a position inside an expression, which expr
// reports by line and column of the expression's own text, back to the
// CUE file the expression is written in: the string literal's position
// plus the offset inside it, for one-line and multi-line (""") strings
// alike. Every error an expression raises, at load or at run time, is
// positioned through it, expr's caret snippet kept (Indent).
package exprpos

import (
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/load"
)

// Indent indents the lines of expr's caret snippet under a message.
func Indent(snippet string) string {
	return strings.ReplaceAll(snippet, "\n | ", "\n\t| ")
}

// Literal maps a line and column inside an expression to its CUE file: the
// string literal's own position plus the offset inside it.
type Literal struct {
	Pos    diag.Pos // where the literal starts
	multi  bool     // a """ string: content starts on the next line
	indent int      // the indentation CUE strips from a multi-line string
}

// Of is the literal of an expression's CUE value.
func Of(v cue.Value) Literal {
	l := Literal{Pos: load.Pos(v.Pos())}
	b, ok := v.Source().(*ast.BasicLit)
	if !ok || l.Pos.File == "" {
		return l
	}
	raw := b.Value
	if strings.HasPrefix(raw, `"""`) || strings.HasPrefix(raw, "#\"\"\"") {
		last := raw[strings.LastIndexByte(raw, '\n')+1:]
		l.multi, l.indent = true, len(last)-len(strings.TrimLeft(last, " \t"))
	}
	return l
}

// At is the file position of line and col (1-based line, 0-based col)
// inside the expression.
func (l Literal) At(line, col int) diag.Pos {
	p := l.Pos
	if p.File == "" {
		return p
	}
	switch {
	case l.multi:
		p.Line += line
		p.Col = l.indent + col + 1
	case line == 1:
		p.Col += 1 + col
	default:
		p.Line += line - 1
		p.Col = col + 1
	}
	return p
}

// In is the file position of line and col inside the expression
// of a CUE value.
func In(v cue.Value, line, col int) diag.Pos { return Of(v).At(line, col) }

// LineCol is the line (1-based) and column (0-based) of the rune at
// offset from in src.
func LineCol(src string, from int) (int, int) {
	line, col := 1, 0
	for i, r := range []rune(src) {
		if i == from {
			break
		}
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	return line, col
}
