package compile_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// funcs is the deck game with named functions to get wrong.
var funcs = strings.Replace(deck, `	triggers: [`, `	functions: {
		half: {params: n: "int", returns: "int", be: "n / 2 > 0 ? 1 : 0"}
		twice: {params: n: "int", returns: "int", be: "half(n) + half(n)"}
	}
	triggers: [`, 1)

// Mistakes a designer makes are answered at load, in one line at the
// place to mend.
func TestMistakesAtLoad(t *testing.T) {
	_, err := compileSrc(t, funcs)
	require.NoError(t, err, "a function may call another")
	for _, tc := range []struct {
		name, src, from, to, want string
	}{
		{"a function that calls itself", funcs, `be: "n / 2 > 0 ? 1 : 0"`, `be: "n > 0 ? half(n - 1) : 0"`,
			"tiny/game.cue:40:48: function half calls itself (half → half): a function may not call itself; write the repetition with map, filter, reduce or a walk"},
		{"functions that call each other", funcs, `be: "n / 2 > 0 ? 1 : 0"`, `be: "twice(n)"`,
			"tiny/game.cue:40:48: function half calls itself through twice (half → twice → half): a function may not call itself; write the repetition with map, filter, reduce or a walk"},
		{"a param named as a library function", deck, `do: [{do: "draw('pile', pz('hand', me))"}]`,
			`params: card: from: "zone('pile')", when: "a bread": "card(card).def == 'bread'", do: []`,
			"tiny/game.cue:28:64: card is a local here (a param or an `as`), which hides the function card(): rename the local"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileSrc(t, replaceOnce(t, tc.src, tc.from, tc.to))
			require.Error(t, err)
			assert.Equal(t, tc.want, strings.SplitN(err.Error(), "\n", 2)[0])
		})
	}
}
