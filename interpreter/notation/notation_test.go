package notation

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMoveWords(t *testing.T) {
	for _, s := range []string{"", "  ", "a", " take  2 ", "a\tb\u00a0c\u2003d", "x\xffy z", "é è"} {
		assert.Equal(t, strings.Fields(s), Words(s, []string{}), "%q", s)
	}
}

func TestFormat(t *testing.T) {
	assert.Equal(t, "a", Format("a"))
	assert.Equal(t, "-3", Format(-3))
	assert.Equal(t, "true", Format(true))
	assert.Equal(t, "[a,2,[b]]", Format([]any{"a", 2, []string{"b"}}))
	assert.Equal(t, "[1,2]", string(AppendFormat(nil, []int{1, 2})))
}

func TestOptions(t *testing.T) {
	assert.Equal(t, "none", Options(nil))
	assert.Equal(t, "0..4", Options([]any{0, 1, 2, 3, 4}))
	assert.Equal(t, "0, 1, 2", Options([]any{0, 1, 2}))
	assert.Equal(t, "a, b", Options([]any{"a", "b"}))
}
