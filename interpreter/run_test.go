package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWalks(t *testing.T) {
	g, _ := smallGame(t)
	b := g.board
	assert.Equal(t, [][]string{{"y"}}, b.walks("x", 1, false))
	assert.Equal(t, [][]string{nil}, b.walks("x", 0, false))
	assert.Nil(t, b.walks("x", 2, false))
	assert.Nil(t, b.walks("x", -1, false))
	assert.Nil(t, b.walks("y", 1, false))
	assert.Equal(t, [][]string{{"x"}}, b.walks("y", 1, true))
}

func TestMoveWords(t *testing.T) {
	for _, s := range []string{"", "  ", "a", " take  2 ", "a\tb\u00a0c\u2003d", "x\xffy z", "é è"} {
		assert.Equal(t, strings.Fields(s), moveWords(s, []string{}), "%q", s)
	}
}
