package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A typed map read by a key known at run time keeps the value it read
// last (translate's lastIndex): the same key again gives it, another key
// or another map reads anew, as expr's VM does.
func TestFastLastIndex(t *testing.T) {
	g, st := smallGame(t)
	for _, tc := range []struct {
		src  string
		want any
	}{
		{`map(['a', 'b', 'a', 'zz', 'b'], params.caps[#])`, []any{2, 5, 2, 0, 5}},
		{`map(['a', 'a', 'b', 'b'], len(params.prices[#]))`, []any{3, 3, 1, 1}},
		{`map(['b', 'a'], params.prices[#][0])`, []any{4, 1}},
		{`let r = ['a', 1, 'b']; map([r[0], r[2], r[0]], params.caps[#])`, []any{2, 5, 2}},
		{`let r = ['a', 1]; params.caps[r[0]] + params.caps['b']`, 7},
		{`map(zone('deck'), card(#).num.points)`, nil},
	} {
		fast, slow, ferr, serr := both(t, g, st, tc.src)
		require.NoError(t, serr, tc.src)
		require.NoError(t, ferr, tc.src)
		assert.Equal(t, slow, fast, tc.src)
		if tc.want != nil {
			assert.EqualValues(t, tc.want, fast, tc.src)
		}
	}
}
