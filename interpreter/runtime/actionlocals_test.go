package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// A listing of a turn's actions writes the seats and params into the
// locals the actions share once, every action reads them, and every
// local is let go after the last action: nothing of the listing stays
// alive in the machine.
func TestListingLetsActionLocalsGo(t *testing.T) {
	src := replaceOnce(t, small, `actions: ["pass"]`, `actions: ["pass", "pick"]`)
	src = replaceOnce(t, src, `actions: pass: {}`, `actions: {
		pass: {when: ok: "me == 0"}
		pick: {params: k: {type: "int", from: "[1, 2, me + 3]"}, when: ok: "k + me > 1 && len(params.word) == 3"}
	}`)
	g, err := interpretertest.LoadRuntime(t, "small", map[string]string{"game.cue": src})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	moves, err := g.Legal(st)
	require.NoError(t, err)
	var texts []string
	for _, m := range moves {
		texts = append(texts, m.Text)
	}
	assert.Equal(t, []string{"pass", "pick 2", "pick 3"}, texts)
	require.NotEmpty(t, runtime.ActionLocals(g.M))
	for _, v := range runtime.ActionLocals(g.M) {
		assert.Nil(t, v)
	}
}
