package runtime_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/interpreter/interpretertest"
)

// peek is a small game of hidden cards: a hidden deck, hands only their
// owner sees, and an action whose pending choice holds, in a local, a
// card just dealt into the other player's hand.
const peek = `package haven

game: {
	id: "tiny"
	name: "Peek"
	players: {min: 2, max: 2}
	params: {}
	playerVars: pts: 0
	zones: {deck: visibility: "hidden", pile: {}}
	playerZones: hand: visibility: "owner"
	cards: {
		low: {name: "Low", kind: "x", count: 6, num: v: 1}
		high: {name: "High", kind: "x", count: 6, num: v: 2}
		star: {name: "Star", kind: "y", count: 2, num: v: 5}
	}
	setup: [
		{each: "zone('box')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck')"}]},
		{do: "shuffle('deck')"},
		{each: "[0, 1, 0, 1]", as: "p", loop: [{do: "draw('deck', pz('hand', p)) != ''"}]},
		{do: "moveCard(zone('deck')[0], 'deck', 'pile')"},
	]
	flow: [{each: "[1, 2, 3]", as: "r", loop: [
		{turn: {player: "0", actions: ["give"]}},
		{turn: {player: "1", actions: ["give"]}},
	]}]
	actions: give: do: [
		{let: "c", be: "draw('deck', pz('hand', 1 - me))"},
		{let: "both", be: "[c, zone('pile')[0]]"},
		{choose: {id: "times", options: "[1, 2]", as: "x"}},
		{do: "padd(me, 'pts', card(both[0]).num.v * x)"},
	]
	scoring: {score: "pget(me, 'pts')", tiebreak: [{name: "stars", value: "len(defs('y'))"}]}
}
`

func TestObserveHidesWhatTheSeatMayNotSee(t *testing.T) {
	g, err := compileSrc(t, peek)
	require.NoError(t, err)
	st, err := g.New(2, 7)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "give"))
	o, err := g.Observe(st, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"box": 0, "deck": 8, "hand/1": 3}, o.Hidden())
	v := o.View()
	assert.Equal(t, zoneOf(st, "hand/0"), v.Zones["hand/0"])
	assert.NotContains(t, v.Zones, "hand/1")
	b, err := json.Marshal(o)
	require.NoError(t, err)
	for _, c := range zonesOf(st)["hand/1"] {
		// A card the seat does not see is named once: in the pool.
		assert.Equal(t, 1, strings.Count(string(b), `"`+c+`"`), c)
	}
	assert.Contains(t, string(b), `{"zone":"hand/1","at":2}`, "the local holding the dealt card points at its place")
	assert.NotContains(t, string(b), `"rng":`+jsonInt(st.RNG))
}

// An observation hides a card when some zone the seat may not see holds
// one: not when every card lies where all see it, nor when the only
// zones hidden from it are empty.
func TestObservationHides(t *testing.T) {
	g, err := compileSrc(t, peek)
	require.NoError(t, err)
	st, err := g.New(2, 7)
	require.NoError(t, err)
	o, err := g.Observe(st, 0)
	require.NoError(t, err)
	assert.True(t, o.Hides())
	open := strings.Replace(peek, `zones: {deck: visibility: "hidden", pile: {}}`, `zones: {deck: {}, pile: {}}`, 1)
	open = strings.Replace(open, `playerZones: hand: visibility: "owner"`, `playerZones: hand: {}`, 1)
	g, err = compileSrc(t, open)
	require.NoError(t, err)
	st, err = g.New(2, 7)
	require.NoError(t, err)
	o, err = g.Observe(st, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"box": 0}, o.Hidden(), "only the empty box is hidden")
	assert.False(t, o.Hides())
}

func jsonInt(n uint64) string { b, _ := json.Marshal(n); return string(b) }

func TestSampleIsConsistentAndBlind(t *testing.T) {
	g, err := compileSrc(t, peek)
	require.NoError(t, err)
	for seed := uint64(1); seed <= 20; seed++ {
		st, err := g.New(2, seed)
		require.NoError(t, err)
		require.NoError(t, g.Apply(st, "give"))
		o, err := g.Observe(st, 0)
		require.NoError(t, err)
		other, err := interpretertest.OtherWorld(g, st, 0, interpreter.NewRand(seed^9))
		require.NoError(t, err)
		o2, err := g.Observe(other, 0)
		require.NoError(t, err)
		a, _ := json.Marshal(o)
		b, _ := json.Marshal(o2)
		require.JSONEq(t, string(a), string(b), "seed %d: observations differ", seed)

		s := o.Sample(interpreter.NewRand(3))
		s2 := o2.Sample(interpreter.NewRand(3))
		a, _ = json.Marshal(s)
		b, _ = json.Marshal(s2)
		require.JSONEq(t, string(a), string(b), "seed %d: samples differ", seed)
		// The sample keeps what seat 0 sees and every count.
		for ref, cards := range zonesOf(st) {
			assert.Len(t, zoneOf(s, ref), len(cards), ref)
		}
		assert.Equal(t, zoneOf(st, "hand/0"), zoneOf(s, "hand/0"))
		assert.Equal(t, zoneOf(st, "pile"), zoneOf(s, "pile"))
		var all []string
		for _, cards := range zonesOf(s) {
			all = append(all, cards...)
		}
		slices.Sort(all)
		assert.Len(t, slices.Compact(all), 14, "every card once")
		// A card's kind shows on its back: each place keeps its kind.
		for ref, cards := range zonesOf(st) {
			for i, c := range cards {
				assert.Equal(t, g.Card(c).Kind, g.Card(zoneOf(s, ref)[i]).Kind, "%s[%d]", ref, i)
			}
		}
		// The local that held the dealt card holds the card now dealt at
		// its place, and the sample plays on: the points follow it.
		dealt := zoneOf(s, "hand/1")[2]
		require.NoError(t, g.Apply(s, "times 2"))
		want := 2 * g.Card(dealt).Num["v"]
		assert.Equal(t, want, s.PlayerVar(0, "pts"), "seed %d", seed)
	}
}

// Samples differ with the generator: the hidden cards are really dealt.
func TestSampleVaries(t *testing.T) {
	g, err := compileSrc(t, peek)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	o, err := g.Observe(st, 0)
	require.NoError(t, err)
	seen := map[string]bool{}
	for i := uint64(0); i < 20; i++ {
		s := o.Sample(interpreter.NewRand(i))
		seen[slices.Concat(zoneOf(s, "deck"), zoneOf(s, "hand/1"))[0]+zoneOf(s, "deck")[1]] = true
	}
	assert.Greater(t, len(seen), 3)
}

// zoneOf is the cards of a zone of a state.
func zoneOf(st *interpreter.State, ref string) []string {
	cards, _ := st.Zone(ref)
	return cards
}

// zonesOf is the zones of a state by reference.
func zonesOf(st *interpreter.State) map[string][]string {
	m := map[string][]string{}
	for _, ref := range st.ZoneRefs() {
		m[ref] = zoneOf(st, ref)
	}
	return m
}

// A zone the game does not declare (a save's) is kept by reference, not
// by number: it is hidden as the box is, in the order of the references
// among the game's zones, and a sample deals into it, a card of the kind
// each place showed. The order does not depend on a map's: every
// observation of the state is the same.
func TestObserveZonesKeptByReference(t *testing.T) {
	g, err := compileSrc(t, peek)
	require.NoError(t, err)
	st, err := g.New(2, 7)
	require.NoError(t, err)
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	zones := raw["zones"].(map[string]any)
	deck := zones["deck"].([]any)
	zones["aaa"], zones["zzz"], zones["deck"] = deck[:1], deck[1:3], deck[3:]
	b, err = json.Marshal(raw)
	require.NoError(t, err)
	saved := new(interpreter.State)
	require.NoError(t, json.Unmarshal(b, saved))

	o, err := g.Observe(saved, 0)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"aaa": 1, "box": 0, "deck": len(deck) - 3, "hand/1": 2, "zzz": 2}, o.Hidden())
	first, err := json.Marshal(o)
	require.NoError(t, err)
	for range 20 {
		again, err := g.Observe(saved, 0)
		require.NoError(t, err)
		b, err := json.Marshal(again)
		require.NoError(t, err)
		require.JSONEq(t, string(first), string(b), "an observation in the order of a map")
	}
	s := o.Sample(interpreter.NewRand(1))
	for _, ref := range []string{"aaa", "zzz", "deck"} {
		require.Len(t, zoneOf(s, ref), len(zoneOf(saved, ref)), ref)
		for i, c := range zoneOf(saved, ref) {
			assert.Equal(t, g.Card(c).Kind, g.Card(zoneOf(s, ref)[i]).Kind, "%s[%d]", ref, i)
		}
	}
}
