package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nullRecords are games in which sixty cards are taken at random, each
// by a third of the seats, whatever the seat's luck: no card does
// anything, and a report that marks one as significant is fooled by
// luck.
func nullRecords(games int) []GameRecord {
	rng := rand.New(rand.NewPCG(7, 11))
	recs := make([]GameRecord, games)
	for i := range recs {
		rec := GameRecord{Seed: uint64(i + 1), Bots: []string{"random", "random", "random"}, Length: 100}
		for p := 0; p < 3; p++ {
			rec.Scores = append(rec.Scores, rng.IntN(20))
			cards := map[string]int{}
			for c := 0; c < 60; c++ {
				if rng.IntN(3) == 0 {
					cards[fmt.Sprintf("card-%02d", c)]++
				}
			}
			rec.Cards = append(rec.Cards, cards)
			rec.Actions = append(rec.Actions, map[string]int{})
		}
		rec.Winners = []int{rng.IntN(3)}
		recs[i] = rec
	}
	return recs
}

// Sixty cards that do nothing, tested at 95% each, show some rows below
// p = 0.05 by luck alone; corrected for the family, none is marked.
func TestNoCardSignificantByLuck(t *testing.T) {
	r := Summarize(3, nullRecords(300))
	require.Len(t, r.Cards, 60)
	lucky := 0
	for _, a := range r.Cards {
		if a.WinP < Alpha || a.ScoreP < Alpha {
			lucky++
		}
		assert.False(t, a.Significant, "%s: p %.3f (win %.4f, score %.4f) marked significant", a.Name, a.P, a.WinP, a.ScoreP)
		assert.GreaterOrEqual(t, a.P, min(a.WinP, a.ScoreP), "%s: a corrected p-value is never below its raw one", a.Name)
	}
	assert.Greater(t, lucky, 0, "the family is large enough for luck to show uncorrected")
}

// A card that wins every game it is taken in stays significant after the
// correction.
func TestStrongCardSurvivesCorrection(t *testing.T) {
	recs := nullRecords(300)
	for i := range recs {
		w := recs[i].Winners[0]
		recs[i].Cards[w]["strong"] = 1
	}
	r := Summarize(3, recs)
	var strong *Attribution
	for i := range r.Cards {
		if r.Cards[i].Name == "strong" {
			strong = &r.Cards[i]
		}
	}
	require.NotNil(t, strong)
	assert.True(t, strong.Significant, "p %.4f", strong.P)
}

// The catalog names the rows, counts the rounds, and lists the card
// types no seat took; a comparison lists those the change brought in.
func TestCatalogNamesAndUntaken(t *testing.T) {
	recs := []GameRecord{
		{Seed: 1, Bots: []string{"a", "b"}, Scores: []int{1, 2}, Winners: []int{1}, Length: 10, Rounds: 3,
			Actions: []map[string]int{{"buy": 1}, {}}, Cards: []map[string]int{{"gold": 1}, {}}},
		{Seed: 2, Bots: []string{"a", "b"}, Scores: []int{2, 1}, Winners: []int{0}, Length: 12, Rounds: 5,
			Actions: []map[string]int{{}, {"buy": 2}}, Cards: []map[string]int{{}, {"gold": 2}}},
	}
	base := &Catalog{Cards: []Named{{"gold", "Gold"}, {"lead", "Lead"}}, Actions: []Named{{"buy", "Buy a card"}}, Rounds: "round"}
	r := Summarize(2, recs)
	r.Name(base)
	require.NotNil(t, r.Rounds)
	assert.Equal(t, 4.0, r.Rounds.Mean)
	assert.Equal(t, "round", r.RoundsOf)
	assert.Equal(t, "Buy a card", r.Actions[0].Label)
	assert.Equal(t, "Gold", r.Cards[0].Label)
	assert.Equal(t, []Named{{"lead", "Lead"}}, r.Untaken)

	changed := Summarize(2, recs)
	changed.Name(&Catalog{Cards: []Named{{"gold", "Gold"}, {"lead", "Lead"}, {"prototype", "Prototype"}}, Rounds: "round"})
	c := Compare("variant", r, changed)
	assert.Equal(t, []Named{{"prototype", "Prototype"}}, c.Untaken, "only the card the change brought in")
	require.NotNil(t, c.Rounds)
	assert.Equal(t, 2, c.Rounds.N)

	// When the games say which cards left the box, a card that never did
	// is not in play: listed apart, not warned of.
	recs[0].Played, recs[1].Played = []string{"gold"}, []string{"gold"}
	played := Summarize(2, recs)
	played.Name(base)
	assert.Empty(t, played.Untaken)
	assert.Equal(t, []Named{{"lead", "Lead"}}, played.Boxed)
	recs[1].Played = []string{"gold", "lead"}
	played = Summarize(2, recs)
	played.Name(base)
	assert.Equal(t, []Named{{"lead", "Lead"}}, played.Untaken, "in play in one game, taken in none")
	assert.Empty(t, played.Boxed)

	// A game that does not count rounds gives no length in rounds.
	recs[1].Rounds = 0
	assert.Nil(t, Summarize(2, recs).Rounds)
}

// A sweep of one setting is plotted against its values; card types no
// seat took are warned of; each table says what its marks mean.
func TestHTMLSweepAndWarnings(t *testing.T) {
	opt := Options{Games: 40, Players: 2, Seed: 1}
	base, err := Run(compileBonus(t, "params.bonus=0"), opt)
	require.NoError(t, err)
	base.Name(&Catalog{Cards: []Named{{"ghost", "Ghost card"}}})
	var cs []*Comparison
	for _, v := range []string{"3", "6"} {
		r, err := Run(compileBonus(t, "params.bonus="+v), opt)
		require.NoError(t, err)
		c := Compare("--set params.bonus="+v, base, r)
		c.Sets = []string{"params.bonus=" + v}
		cs = append(cs, c)
	}
	var b strings.Builder
	m := &Meta{Game: "race", Players: 2, Bots: []string{"random"}, Sets: []string{"params.bonus=0"}, Sweep: []string{"params.bonus"}}
	require.NoError(t, WriteHTML(&b, "sweep", m, base, cs))
	page := b.String()
	for _, want := range []string{"Sweep of params.bonus", "Win rate against params.bonus", "Mean score against params.bonus",
		"<strong>Warning:</strong> 1 card types in play", "Ghost card (ghost)", "p (Holm)", "Holm&#39;s method", "share of games"} {
		assert.Contains(t, page, want)
	}
	// Without a sweep there is no sweep plot.
	b.Reset()
	m.Sweep = nil
	require.NoError(t, WriteHTML(&b, "sweep", m, base, cs))
	assert.NotContains(t, b.String(), "Sweep of")
}

// crn deals two decks and rolls a die at setup; withExtra adds a card to
// the first deck, as a variant that prototypes a card does.
const crn = `package haven

game: {
	id: "crn"
	name: "CRN"
	players: {min: 2, max: 2}
	vars: {round: 0, die: 0}
	zones: {"deck-a": visibility: "hidden", "deck-b": visibility: "hidden"}
	cards: {
		a: {name: "A", kind: "a", count: 5}
		b: {name: "B", kind: "b", count: 8}
	}
	setup: [
		{each: "filter(zone('box'), card(#).kind == 'a')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck-a')"}]},
		{each: "filter(zone('box'), card(#).kind == 'b')", as: "c", loop: [{do: "moveCard(c, 'box', 'deck-b')"}]},
		{do: "shuffle('deck-a')"},
		{do: "shuffle('deck-b')"},
		{do: "set('die', roll(6))"},
	]
	flow: [{while: "get('round') < 1", loop: [{do: "add('round', 1)"}, {turn: {player: "0", actions: ["pass"]}}]}]
	actions: pass: do: []
	scoring: {score: "0", tiebreak: [], show: {}}
}
`

// Two versions of a game played on one seed share every draw the change
// does not touch: a card more in one deck leaves the other deck's order
// and the die as they were (common random numbers), where one generator
// for everything deals the rest anew.
func TestCommonRandomNumbers(t *testing.T) {
	base := compileRace(t, strings.Replace(crn, `id: "crn"`, `id: "race"`, 1))
	extra := compileRace(t, strings.Replace(strings.Replace(crn, `id: "crn"`, `id: "race"`, 1),
		`b: {name: "B", kind: "b", count: 8}`, `b: {name: "B", kind: "b", count: 8}
		x: {name: "X", kind: "a", count: 1}`, 1))
	apart := 0
	for seed := uint64(1); seed <= 20; seed++ {
		s1, err := base.New(2, seed)
		require.NoError(t, err)
		s2, err := extra.New(2, seed)
		require.NoError(t, err)
		require.Len(t, s2.ZoneCards("deck-a"), 6)
		assert.Equal(t, s1.ZoneCards("deck-b"), s2.ZoneCards("deck-b"), "seed %d: deck b", seed)
		assert.Equal(t, s1.Var("die"), s2.Var("die"), "seed %d: the die", seed)

		o1, err := base.NewOneStream(2, seed)
		require.NoError(t, err)
		o2, err := extra.NewOneStream(2, seed)
		require.NoError(t, err)
		if !slices.Equal(o1.ZoneCards("deck-b"), o2.ZoneCards("deck-b")) || o1.Var("die") != o2.Var("die") {
			apart++
		}
	}
	assert.Greater(t, apart, 10, "with one generator the card changes the other deck or the die")
}
