package web

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

const walkBoards = `{
	seats: ["Ann", "Bob", "Cy"]
	seatColors: ["#111111", "#222222", "#333333"]
	tracks: [{
		group: "Counters"
		label: "Rounds"
		spaces: "1..4"
		marks: [{value: "get('round') + 10", label: "Round marker", color: "#abcdef"}]
	}, {
		group: "Counters"
		label: "Cards in hand"
		spaces: "['none', 'one', 'two']"
		marks: [{at: "map(seats(0), len(pzone('hand', #)))", bySeat: true, label: "cards"}]
	}, {
		label: "Steps"
		spaces: "0..2"
		marks: [{at: "[0, 2]", label: "step"}]
	}]
	slotBoards: [{
		label: "Path"
		worker: label: "Walker"
		rows: [
			{label: "Home", places: "3", holds: "map(filter(pieces(), .at == 'home'), .id)"},
			{label: "Counted", places: "['a', 'b', 'c']", holds: "2"},
			{label: "Seats", places: "3", holds: "[-1, 2, true]"},
			{label: "Ann's hand", places: "1", holds: "pzone('hand', 0)"},
			{label: "Deck", places: "3", holds: "zone('deck')"},
		]
	}]
}`

// TestTracksAndSlotBoards: a track's spaces come from its expression and
// its markers stand where theirs say (a number past the end on the last
// space, a list one marker each, by seat in the seats' colours); tracks
// of a group are drawn together. A slot board's slots hold what its
// expressions list, pieces in their owner's colour, a count as workers,
// cards by name, and only what the viewing seat may see.
func TestTracksAndSlotBoards(t *testing.T) {
	_, c := walkPresented(t, walkBoards)
	a := c.state("walk")
	require.Equal(t, 0, a.Viewer)
	require.Len(t, a.Tracks, 2)
	assert.Equal(t, "Counters", a.Tracks[0].Label)
	require.Len(t, a.Tracks[0].Tracks, 2)
	rounds := a.Tracks[0].Tracks[0]
	assert.Empty(t, rounds.Error)
	require.Len(t, rounds.Spaces, 4)
	assert.Equal(t, []string{"1", "2", "3", "4"}, []string{rounds.Spaces[0].Text, rounds.Spaces[1].Text, rounds.Spaces[2].Text, rounds.Spaces[3].Text})
	assert.Empty(t, rounds.Spaces[0].Marks)
	assert.Equal(t, []markView{{Color: "#abcdef", Title: "Round marker"}}, rounds.Spaces[3].Marks, "round 11 is past the end: on the last space")

	hand := a.Tracks[0].Tracks[1]
	assert.Equal(t, "one", hand.Spaces[1].Text)
	assert.Equal(t, []markView{{Color: "#111111", Title: "Ann: cards"}}, hand.Spaces[1].Marks, "Ann holds one card")
	assert.Equal(t, []markView{{Color: "#222222", Title: "Bob: cards"}}, hand.Spaces[0].Marks, "Bob's hand is not Ann's to count")

	steps := a.Tracks[1]
	assert.Empty(t, steps.Label, "a track of no group")
	require.Len(t, steps.Tracks[0].Spaces, 3)
	assert.Len(t, steps.Tracks[0].Spaces[0].Marks, 1)
	assert.Empty(t, steps.Tracks[0].Spaces[1].Marks)
	assert.Len(t, steps.Tracks[0].Spaces[2].Marks, 1)

	require.Len(t, a.SlotBoards, 1)
	rows := a.SlotBoards[0].Rows
	require.Len(t, rows, 5)
	worker := &markView{Color: "#7f8c8d", Title: "Walker"}
	for _, r := range rows {
		assert.Empty(t, r.Error, r.Label)
	}
	assert.Equal(t, []slotView{
		{Hold: &markView{Color: "#111111", Title: "pawn 1 (Ann)"}},
		{Hold: &markView{Color: "#222222", Title: "pawn 1 (Bob)"}},
		{},
	}, rows[0].Slots, "two players' pawns at home")
	assert.Equal(t, []slotView{{Text: "a", Hold: worker}, {Text: "b", Hold: worker}, {Text: "c"}}, rows[1].Slots)
	assert.Equal(t, []slotView{{}, {Hold: &markView{Color: "#333333", Title: "Cy"}}, {Hold: worker}}, rows[2].Slots, "a seat by its colour, true a worker")
	require.Len(t, rows[3].Slots, 1)
	assert.Contains(t, []string{"Sun", "Moon", "Star"}, rows[3].Slots[0].Card, "Ann sees her card by its name")
	assert.Equal(t, make([]slotView, 3), rows[4].Slots, "the hidden deck shows nothing")
	assert.Contains(t, a.HTML, `data-row="Ann&#39;s hand"`)
	assert.Contains(t, a.HTML, `title="Round marker"`)

	c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	b := c.state("walk")
	require.Equal(t, 1, b.Viewer)
	assert.Empty(t, b.SlotBoards[0].Rows[3].Slots[0].Card, "Bob does not see Ann's card")
	assert.Equal(t, "pawn 1 (Bob)", b.SlotBoards[0].Rows[0].Slots[0].Hold.Title, "Ann's pawn left home")
	assert.Nil(t, b.SlotBoards[0].Rows[0].Slots[1].Hold)
}

// TestBoardErrors: a track's or slot's expression that does not compile,
// a mark with no place and a good the game lacks are errors at their
// positions.
func TestBoardErrors(t *testing.T) {
	src := load.Dir("testdata")
	for _, tt := range []struct{ look, want string }{
		{`{tracks: [{label: "T", spaces: "1..", marks: []}]}`, "look.cue:3:55: unexpected token EOF"},
		{`{tracks: [{label: "T", spaces: "1..3", marks: [{label: "m"}]}]}`, `look.cue:3:76: presentation.tracks: a mark of "T" needs one of at and value`},
		{`{tracks: [{label: "T", spaces: "1..3", marks: [{at: "1", label: "m", good: "wool"}]}]}`, `presentation.tracks: the game has no good "wool"`},
		{`{slotBoards: [{label: "B", worker: label: "W", rows: [{label: "R", places: "3", holds: "gett('round')"}]}]}`, `look.cue:3:109: unknown name gett (did you mean "get"?)`},
	} {
		_, err := compileGame(src, "walk", load.Options{Texts: []load.Text{{Name: "look.cue", Src: "package haven\n\ngame: presentation: " + tt.look + "\n"}}})
		require.Error(t, err, tt.look)
		assert.Contains(t, err.Error(), tt.want)
	}
}

// TestWordsOfMoves: a move's words read by the presentation's words, a
// word of parts part by part, a list item by item with each card the
// viewer may not see masked; a word nothing names marks the move raw,
// and a choice's label stands in for its prompt.
func TestWordsOfMoves(t *testing.T) {
	s, c := walkPresented(t, `{seats: ["Ann", "Bob"], words: {left: "Links", right: "Rechts"}, choices: go: "Gehen"}`)
	a := c.state("walk")
	require.Len(t, a.Moves, 2)
	for _, m := range a.Moves {
		assert.False(t, m.Raw, m.Text)
	}
	assert.Equal(t, []string{"Gehen: Links", "Gehen: Rechts"}, []string{a.Moves[0].Desc, a.Moves[1].Desc}, "a named action reads by its label in choices")

	tb := s.entry("walk")
	tb.mu.Lock()
	defer tb.mu.Unlock()
	w := tb.words(0)
	ann, _ := tb.st.Zone("hand/0")
	require.Len(t, ann, 1)
	other := "sun"
	if ann[0] == "sun" {
		other = "moon"
	}
	desc, masked, raw := w.describe(tb.st, "go left>right ["+ann[0]+","+other+"] []")
	assert.Equal(t, "Gehen: Links → Rechts, "+tb.g.Card(ann[0]).Name+" + ?, —", desc)
	assert.True(t, masked, "a card Ann may not see is masked")
	assert.False(t, raw)
	desc, _, raw = w.describe(tb.st, "go left:end")
	assert.Equal(t, "Gehen: Links: end", desc)
	assert.True(t, raw, "end has no name")
	_, _, raw = w.describe(tb.st, "stroll left")
	assert.True(t, raw, "an action of no name")
	assert.Equal(t, "Gehen", w.pr.prompt("go", "Walk one step."))

	_, c = walkPresented(t, `{seats: ["Ann", "Bob"]}`)
	for _, m := range c.state("walk").Moves {
		assert.True(t, m.Raw, "%s: a node of no name reads by its id", m.Text)
	}
}

// TestCardListsInWords: a card's list of ids (a contract's products)
// reads by the presentation's words, its notation on hover.
func TestCardListsInWords(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	s, ts := newTestServer(t, Options{Source: src, Seed: 7, Bots: []int{1, 2}, Bot: "random"})
	a := newClient(t, s, ts).state("masters-of-trade")
	found := 0
	for _, z := range a.Zones {
		for _, c := range z.Cards {
			card := s.entry("masters-of-trade").g.Card(c.ID)
			if card.Kind != "contract" {
				continue
			}
			found++
			assert.NotContains(t, c.Fields, card.List["requires"][0], "%s: %s", c.ID, c.Fields)
			assert.Contains(t, a.HTML, `title="requires: `+strings.Join(card.List["requires"], ", ")+`"`)
		}
	}
	assert.Positive(t, found, "the open contracts")
	assert.Contains(t, a.HTML, "Benötigt <b>")
}

// TestNodesInTheGamesWords: a board two games share is drawn in each
// game's words: Masters of Trade's page labels the shared Rotterdam
// board's spaces by its presentation (German), Rotterdam's by the
// board's own names (French).
func TestNodesInTheGamesWords(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	s, ts := newTestServer(t, Options{Source: src, Seed: 7, Bots: []int{1, 2}, Bot: "random"})
	c := newClient(t, s, ts)
	mot := c.state("masters-of-trade").HTML
	assert.Contains(t, mot, ">Maas, Ankerplatz 1<")
	assert.Contains(t, mot, ">Startposition 2<")
	assert.NotContains(t, mot, "Meuse")
	assert.NotContains(t, mot, "Position de départ")
	rot := c.state("rotterdam").HTML
	assert.Contains(t, rot, ">Meuse, ancre 1<")
	assert.NotContains(t, rot, "Ankerplatz")
}
