package compile_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// The parts of a pure expression that read only the state are kept
// while it stays the same (translate.Repeated) where the expression is
// evaluated again and again on one state: the candidates of a param or
// a condition that read a param before them, a function's body. The
// first param's candidates and a condition of no param are listed once
// a listing: only a part inside a loop is kept there.
func TestRepeatedExpressionsHoist(t *testing.T) {
	src := replaceOnce(t, interpretertest.Tiny, `actions: ["take", "pass"]`, `actions: ["take", "pass", "pick"]`)
	src = replaceOnce(t, src, `pass: {}`, `pass: {}
		pick: {
			params: {
				a: {type: "int", from: "map(filter(seats(0), pget(#, 'coins') >= 0), #)"}
				b: {type: "int", from: "filter(map(filter(seats(0), pget(#, 'coins') >= 0), # + 1), # != a)"}
			}
			when: {
				"after a": "any(filter(seats(0), pget(#, 'coins') >= 0), # == a)"
				"alone": "any(filter(seats(0), pget(#, 'coins') >= 0), # == me)"
			}
			do: [{do: "padd(me, 'coins', rich(b))"}]
		}`)
	src = replaceOnce(t, src, `scoring: {`, `functions: rich: {params: {p: "int"}, returns: "int", be: "count(filter(seats(0), pget(#, 'coins') > 0), # == p)"}
	scoring: {`)
	g, err := interpretertest.LoadRuntime(t, "tiny", map[string]string{"game.cue": src})
	require.NoError(t, err)
	a := g.Actions["pick"]
	require.Len(t, a.ParamList, 2)
	assert.Equal(t, 0, a.ParamList[0].From.Fast.Hoisted, "the first param: listed once")
	assert.Equal(t, 1, a.ParamList[1].From.Fast.Hoisted, "a param after another")
	require.Len(t, a.When, 2)
	hoisted := map[string]int{}
	for _, w := range a.When {
		hoisted[w.Msg] = w.Code.Fast.Hoisted
	}
	assert.Equal(t, map[string]int{"after a": 1, "alone": 0}, hoisted)
	assert.Equal(t, 1, g.Funcs["rich"].Be.Fast.Hoisted, "a function's body")

	// The game plays as before.
	gm, err := interpretertest.Load(t, "tiny", map[string]string{"game.cue": src})
	require.NoError(t, err)
	st, err := gm.New(2, 1)
	require.NoError(t, err)
	moves, err := gm.Legal(st)
	require.NoError(t, err)
	var texts []string
	for _, m := range moves {
		texts = append(texts, m.Text)
	}
	assert.Subset(t, texts, []string{"pick 0 1", "pick 0 2", "pick 1 2"})
	assert.NotContains(t, texts, "pick 1 1")
}

// A modifier's body is evaluated for every value it modifies: its parts
// that read only the state are kept too.
func TestModifierBodiesHoist(t *testing.T) {
	src := replaceOnce(t, interpretertest.Small, `two: {name: "Two", kind: "k", count: 2}`,
		`two: {name: "Two", kind: "k", count: 2, mods: deep: {target: "fee", be: "value + count(filter(nodes('port'), node(#).num.depth > 0), true)"}}`)
	src = replaceOnce(t, src, `zones: deck: {}`, `zones: deck: {}
	playerZones: hand: active: true`)
	g, err := interpretertest.LoadRuntime(t, "small", map[string]string{"game.cue": src})
	require.NoError(t, err)
	require.Len(t, g.CardRules["two"].Mods, 1)
	assert.Equal(t, 1, g.CardRules["two"].Mods[0].Be.Fast.Hoisted)
}

// In the candidates of a param after another, a part that reads `me`
// but no param is kept by me's value while the state stays the same
// (translate.Listed): it is computed again when the state changes
// between listings, and read from the state a listing is given (a copy
// changed apart from it), never from the last one listed.
func TestListedPartsReadingMe(t *testing.T) {
	src := replaceOnce(t, interpretertest.Tiny, `actions: ["take", "pass"]`, `actions: ["take", "pass", "give"]`)
	src = replaceOnce(t, src, `pass: {}`, `pass: {}
		give: {
			params: {
				a: {type: "int", from: "seats(0)"}
				b: {type: "int", from: "concat(filter(seats(0), pget(#, 'coins') > 0 && # != me), [a + 10])"}
			}
			do: []
		}
		lend: {
			params: {
				a: {type: "int", from: "seats(0)"}
				b: {type: "int", from: "filter(filter(seats(0), pget(#, 'coins') > 0 && # != me), # != a)"}
			}
			do: []
		}`)
	src = replaceOnce(t, src, `actions: ["take", "pass", "give"]`, `actions: ["take", "pass", "give", "lend"]`)
	g, err := interpretertest.LoadRuntime(t, "tiny", map[string]string{"game.cue": src})
	require.NoError(t, err)
	require.Len(t, g.Actions["give"].ParamList, 2)
	assert.Equal(t, 1, g.Actions["give"].ParamList[1].From.Fast.Hoisted, "the other players with coins, kept by me")
	// expr fuses the two filters into one whose predicate reads a last:
	// its leading terms are kept apart (a filter of their own).
	assert.Equal(t, 1, g.Actions["lend"].ParamList[1].From.Fast.Hoisted, "the filter before # != a")

	gm, err := interpretertest.Load(t, "tiny", map[string]string{"game.cue": src})
	require.NoError(t, err)
	listed := func(st *interpreter.State, action string) []string {
		t.Helper()
		moves, err := gm.Legal(st)
		require.NoError(t, err)
		var out []string
		for _, m := range moves {
			if strings.HasPrefix(m.Text, action+" ") {
				out = append(out, m.Text)
			}
		}
		return out
	}
	gives := func(st *interpreter.State) []string { return listed(st, "give") }
	lends := func(st *interpreter.State) []string { return listed(st, "lend") }
	st, err := gm.New(2, 1)
	require.NoError(t, err)
	assert.Equal(t, []string{"give 0 10", "give 1 11"}, gives(st), "no one with coins")
	assert.Empty(t, lends(st))
	before := st.Clone()
	require.NoError(t, gm.Apply(st, "pass"))
	require.NoError(t, gm.Apply(st, "take 2"))
	assert.Equal(t, []string{"give 0 1", "give 0 10", "give 1 1", "give 1 11"}, gives(st),
		"seat 0 again, seat 1 has coins now: the state changed")
	assert.Equal(t, []string{"lend 0 1"}, lends(st))
	assert.Equal(t, []string{"give 0 10", "give 1 11"}, gives(before), "the copy taken before")
	assert.Empty(t, lends(before))
	require.NoError(t, gm.Apply(before, "take 1"))
	assert.Equal(t, []string{"give 0 0", "give 0 10", "give 1 0", "give 1 11"}, gives(before), "seat 1 listed: seat 0 has coins")
	assert.Equal(t, []string{"lend 1 0"}, lends(before))
}
