package exprpos

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/haven-engine/haven/diag"
)

func TestAt(t *testing.T) {
	one := Literal{Pos: diag.Pos{File: "g.cue", Line: 4, Col: 9}}
	assert.Equal(t, diag.Pos{File: "g.cue", Line: 4, Col: 13}, one.At(1, 3), "after the opening quote")
	assert.Equal(t, diag.Pos{File: "g.cue", Line: 5, Col: 3}, one.At(2, 2))
	multi := Literal{Pos: diag.Pos{File: "g.cue", Line: 4, Col: 9}, multi: true, indent: 4}
	assert.Equal(t, diag.Pos{File: "g.cue", Line: 5, Col: 7}, multi.At(1, 2), "under the indentation CUE strips")
	assert.Equal(t, diag.Pos{}, Literal{}.At(1, 2), "no file: no position")
}

func TestLineCol(t *testing.T) {
	line, col := LineCol("ab\ncé d", 5)
	assert.Equal(t, 2, line)
	assert.Equal(t, 2, col)
	assert.Equal(t, "x\n\t| ^", Indent("x\n | ^"))
}
