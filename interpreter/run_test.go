package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWalks(t *testing.T) {
	g, _ := smallGame(t)
	b := g.board
	walks := func(from string, n int, back bool) [][]string {
		paths, ok := b.Walks(from, n, back, 100)
		assert.True(t, ok)
		return paths
	}
	assert.Equal(t, [][]string{{"y"}}, walks("x", 1, false))
	assert.Equal(t, [][]string{nil}, walks("x", 0, false))
	assert.Nil(t, walks("x", 2, false))
	assert.Nil(t, walks("x", -1, false))
	assert.Nil(t, walks("y", 1, false))
	assert.Equal(t, [][]string{{"x"}}, walks("y", 1, true))
	assert.Nil(t, walks("x", 1_000_000_000_000, false))
	_, ok := b.Walks("x", 1, false, 0)
	assert.False(t, ok, "over the limit")
}

func TestMoveWords(t *testing.T) {
	for _, s := range []string{"", "  ", "a", " take  2 ", "a\tb\u00a0c\u2003d", "x\xffy z", "é è"} {
		assert.Equal(t, strings.Fields(s), moveWords(s, []string{}), "%q", s)
	}
}
