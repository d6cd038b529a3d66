package coverage_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/coverage"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario"
)

func texts(b *coverage.Book) []string {
	var out []string
	for _, s := range b.Sentences {
		out = append(out, s.Text)
	}
	return out
}

func headings(b *coverage.Book) []string {
	var out []string
	for _, s := range b.Sections {
		out = append(out, s.Heading)
	}
	return out
}

// TestSplit checks the cuts the four languages of the shipped books
// need: abbreviations, numbers, list numbers, bullet lists, tables,
// markup, headings of every kind, and lines of one sentence joined.
func TestSplit(t *testing.T) {
	b := coverage.Split(`# Spielregeln

Jeder Spieler erhält z.B. 3 Karten. Danach beginnt der Älteste.
Er zahlt € 100.000 an die Bank.

**Start:**

1. Speler kiest een starthaven. (Bijvoorbeeld Rotterdam)
2. Speler plaatst zijn schepen.

Kans:

- Rotterdam
- Quebec
- Dakar
A	B	<b>Optie 1:</b> Beweeg één schip. Beweeg het andere schip.

Phase 2

Le joueur choisit une couleur, p. ex. le rouge! Ensuite M. Dupont joue. À vous?
Wait... then "Go". Done.
`, nil)
	assert.Equal(t, []string{"Spielregeln", "Start", "Kans", "Phase 2"}, headings(b))
	assert.Equal(t, []string{
		"Jeder Spieler erhält z.B. 3 Karten.",
		"Danach beginnt der Älteste.",
		"Er zahlt € 100.000 an die Bank.",
		"1. Speler kiest een starthaven.",
		"(Bijvoorbeeld Rotterdam)",
		"2. Speler plaatst zijn schepen.",
		"Rotterdam Quebec Dakar",
		"A / B / Optie 1: Beweeg één schip.",
		"Beweeg het andere schip.",
		"Le joueur choisit une couleur, p. ex. le rouge!",
		"Ensuite M. Dupont joue.",
		"À vous?",
		`Wait... then "Go".`,
		"Done.",
	}, texts(b))
	assert.Equal(t, 3, b.Sentences[0].Line)
	assert.Equal(t, 4, b.Sentences[2].Line, "a sentence on a joined line")
	assert.Equal(t, "Start", b.Sentences[3].Section.Heading)
	assert.Equal(t, 13, b.Sentences[6].Line, "a list of names is one sentence, at its first line")
}

// TestSplitPrintedPages checks the text of a printed book: a word cut at
// a line's end, a sentence that goes on after a page break, bullets.
func TestSplitPrintedPages(t *testing.T) {
	b := coverage.Split("Er darf bis zu drei Geschäfte ma-\nchen. Die Spieler setzen\n\nihre Dockarbeiter ein.\n\n■ 16 Fabriken (in 4 Farben)\n- ▶ Die Schiffskarten liegen offen.\n\n▶ Der Händler darf Geschäfte ma-\n\nchen. Ein Geschäft ist ein Einkauf.\n", nil)
	assert.Equal(t, []string{
		"Er darf bis zu drei Geschäfte machen.",
		"Die Spieler setzen ihre Dockarbeiter ein.",
		"16 Fabriken (in 4 Farben)",
		"Die Schiffskarten liegen offen.",
		"Der Händler darf Geschäfte machen.",
		"Ein Geschäft ist ein Einkauf.",
	}, texts(b))
	assert.Equal(t, []int{1, 2, 6, 7, 9, 11}, []int{b.Sentences[0].Line, b.Sentences[1].Line, b.Sentences[2].Line, b.Sentences[3].Line, b.Sentences[4].Line, b.Sentences[5].Line})
}

// measureTally measures the package's own game against its book.
func measureTally(t *testing.T) *coverage.Report {
	t.Helper()
	game, err := load.Dir("testdata/defs").Game("tally", load.Options{})
	require.NoError(t, err)
	cfg, err := coverage.ConfigOf(game)
	require.NoError(t, err)
	scs, err := scenario.LoadDir("testdata/scenarios")
	require.NoError(t, err)
	quotes := append(coverage.DefinitionQuotes(game), coverage.ScenarioQuotes("tally", scs)...)
	book, err := os.ReadFile("testdata/tally.en.txt")
	require.NoError(t, err)
	rep, err := coverage.Measure(coverage.Split(string(book), cfg.Languages), quotes, cfg)
	require.NoError(t, err)
	return rep
}

// TestMeasure checks how each sentence of the tiny book is covered: a
// quote that joins sentences, one that takes part of a sentence, one
// too short to count, and the not-a-rule list by section and by quote.
func TestMeasure(t *testing.T) {
	rep := measureTally(t)
	var got []string
	for _, x := range rep.Results {
		got = append(got, x.Status.String())
	}
	assert.Equal(t, []string{
		"not a rule", // Contents: 1 track 4 gems
		"scenario",   // Players take turns, e.g. the oldest first.
		"both",       // On your turn add 1 to the total.
		"definition", // You may instead pay a gem to add 2 or 3.
		"scenario",   // The game ends when the total reaches 10.
		"scenario",   // The player with the most points wins.
		"not a rule", // Tip: jump early.
	}, got)
	assert.Equal(t, "game.actions.jump.text", rep.Results[3].Definition[0].Where)
	assert.Equal(t, "turns: the oldest first, one each", rep.Results[2].Scenarios[0].Where)
	assert.Equal(t, "a tip", rep.Results[6].NotRule.Reason)
	assert.Equal(t, coverage.Counts{Sentences: 7, Both: 1, Definition: 1, Scenario: 3, NotRules: 2}, rep.Counts())
	assert.InDelta(t, 100, rep.Counts().Percent(), 0.01)
	require.Len(t, rep.Unused, 1)
	assert.Equal(t, "Contnts", rep.Unused[0].Section)
}

// TestQuoteParts checks the two ways a quote covers a sentence, and the
// parts too short to count.
func TestQuoteParts(t *testing.T) {
	b := coverage.Split("Draw two cards. Then play one of them on the table.\n\nPass the dice to the left.", nil)
	rep, err := coverage.Measure(b, []*coverage.Quote{
		coverage.NewQuote(coverage.Definition, "a", "a.cue:1:1", "Ruling: \"Draw two cards.\" and \"play one of them\"."),
		coverage.NewQuote(coverage.Scenario, "b", "b.cue:1:1", "Pass the dice ... to the right"),
	}, coverage.Config{})
	require.NoError(t, err)
	assert.Equal(t, coverage.ByDefinition, rep.Results[0].Status, "a whole sentence quoted inside a ruling")
	assert.Equal(t, coverage.ByDefinition, rep.Results[1].Status, "four words of the sentence between quotation marks")
	assert.Equal(t, coverage.Uncovered, rep.Results[2].Status, "parts of three words or fewer count for nothing")
	assert.InDelta(t, 200.0/3, rep.Counts().Percent(), 0.01)
}

// TestTranslations checks a book of two translations: only the
// standing one counts, a quoted translation covers its counterpart,
// and an uncovered sentence shows its translation.
func TestTranslations(t *testing.T) {
	b := coverage.Split(`REGELS

Gooi de dobbelsteen. Zet je pion vooruit.

RULES

Throw the die. Move your pawn forward.
`, map[string]string{"nl": "Regels", "en": "Rules"})
	require.Len(t, b.Sentences, 4)
	assert.Equal(t, "en", b.Sentences[2].Section.Lang)
	cfg := coverage.Config{Language: "nl", Languages: map[string]string{"nl": "Regels", "en": "Rules"}}
	rep, err := coverage.Measure(b, []*coverage.Quote{
		coverage.NewQuote(coverage.Scenario, "s", "s.cue:1:1", "Move your pawn forward."),
	}, cfg)
	require.NoError(t, err)
	require.Len(t, rep.Standing, 2)
	first, second := rep.Standing[0], rep.Standing[1]
	assert.False(t, first.Covered())
	assert.Equal(t, "Throw the die.", first.Counterparts[0].Sentence.Text)
	assert.True(t, second.Covered())
	assert.Equal(t, 4, second.Through.Sentence.N)
	assert.Equal(t, coverage.Counts{Sentences: 2, Through: 1, Uncovered: 1}, rep.Counts())

	var out bytes.Buffer
	rep.Print(&out)
	assert.Contains(t, out.String(), "  #1 line 3 (REGELS): Gooi de dobbelsteen.\n      en #3 line 7: Throw the die.\n")

	cfg.Language = "fr"
	_, err = coverage.Measure(b, nil, cfg)
	assert.EqualError(t, err, `the standing language "fr" is not one of the book's translations (en, nl)`)
}

// TestAlignment checks that translations are paired by what they say,
// not by position: a sentence only one translation has, found by the
// sentences' lengths, and by their numbers.
func TestAlignment(t *testing.T) {
	langs := map[string]string{"nl": "Regels", "en": "Rules"}
	counterparts := func(book string) [][]int {
		t.Helper()
		rep, err := coverage.Measure(coverage.Split(book, langs), nil, coverage.Config{Language: "nl", Languages: langs})
		require.NoError(t, err)
		var got [][]int
		for _, x := range rep.Standing {
			var ns []int
			for _, o := range x.Counterparts {
				ns = append(ns, o.Sentence.N)
			}
			got = append(got, ns)
		}
		return got
	}
	assert.Equal(t, [][]int{{4}, {5, 6}, {7}}, counterparts(`REGELS

Gooi de dobbelsteen en tel de ogen. Betaal de bank. Zet je pion een stap vooruit op het bord.

RULES

Throw the die and count its pips. Pay the bank. This is the most exciting moment of the whole long game! Move your pawn one step forward on the board.
`))
	assert.Equal(t, [][]int{{4}, {5}, {6, 7}}, counterparts(`REGELS

Gooi de dobbelsteen. Neem 3 kaarten. Betaal 5 euro aan de bank.

RULES

Throw the die. Take 3 cards. Pay 5 euros to the bank. Pay 2 euros to the player.
`))
}

// TestPrint checks the report a reader sees and the one tools read.
func TestPrint(t *testing.T) {
	rep := measureTally(t)
	var out bytes.Buffer
	rep.Print(&out)
	assert.Equal(t, `  line   section  sentences  both  definition  scenario  translation  not a rule  not covered
     3  Contents          1     0           0         0            0           1            0
     8   Playing          3     1           1         1            0           0            0
    13   The end          3     0           0         2            0           1            0
7 sentences: 1 both, 1 definition only, 3 scenario only, 0 through a translation, 2 not a rule, 0 not covered: 100.0% of 5 rules covered

not a rule:
  #1 line 5 (Contents): 1 track 4 gems — components
  #7 line 17 (The end): Tip: jump early. — a tip
testdata/defs/tally/game.cue:15:32: not a rule: the section "Contnts" (did you mean "Contents"?) matches no sentence of the book
`, out.String())

	out.Reset()
	require.NoError(t, rep.PrintSentence(&out, 3))
	assert.Equal(t, `#3 line 10 (Playing): On your turn add 1 to the total.
status: both
definition testdata/defs/tally/game.cue:23:10: game.actions.step.text
scenario testdata/scenarios/tally.cue:9:12: turns: the oldest first, one each
`, out.String())
	assert.EqualError(t, rep.PrintSentence(&out, 8), "no sentence 8: the book has 7")

	out.Reset()
	require.NoError(t, rep.JSON(&out))
	var doc struct {
		Percent  float64
		Sections []struct {
			Heading   string
			Sentences []struct {
				N      int
				Status string
			}
		}
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	assert.InDelta(t, 100, doc.Percent, 0.01)
	assert.Equal(t, "The end", doc.Sections[2].Heading)
	assert.Equal(t, "not a rule", doc.Sections[2].Sentences[2].Status)
}
