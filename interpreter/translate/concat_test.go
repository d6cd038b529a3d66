package translate

import (
	"testing"

	"github.com/expr-lang/expr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// concat of two lists gives what the VM gives, whatever each list's
// type: typed lists, strings boxed from a []string, a value of unknown
// type, empty lists; and fails where the VM fails.
func TestConcatTwoAsTheVM(t *testing.T) {
	for _, src := range []string{
		`concat([1, 2], [3])`,
		`concat(split("a,b", ","), ["c"])`,
		`concat(["z"], split("a,b", ","))`,
		`concat(split("a", ","), split("b,c", ","))`,
		`let l = [[1], [2]]; concat(l, [[3]])`,
		`let l = ["x"]; concat([1], l)`,
		`concat([], [4])`,
		`concat([5], [])`,
		`len(concat([], []))`,
		`concat(split("", ","), [])`,
		`concat(filter([1, 2, 3], # > 1), map([1, 2], # * 10))`,
		`concat([1, 2], [3], [4, 5])`,
	} {
		prog, err := expr.Compile(src)
		require.NoError(t, err, src)
		want, err := expr.Run(prog, nil)
		require.NoError(t, err, src)
		c, err := Program(prog, nil, nil, nil)
		require.NoError(t, err, src)
		require.NotNil(t, c, src)
		assert.Equal(t, want, c.Run(newFrame(c)), src)
	}
}
