package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMoveWords(t *testing.T) {
	for _, s := range []string{"", "  ", "a", " take  2 ", "a\tb\u00a0c\u2003d", "x\xffy z", "é è"} {
		assert.Equal(t, strings.Fields(s), moveWords(s, []string{}), "%q", s)
	}
}
