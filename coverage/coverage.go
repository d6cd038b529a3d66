// Package coverage measures how much of a rule book a game quotes: which
// sentences the definition quotes (an action's, a step's, a card's text)
// and which a rule scenario quotes in its rule, both, or neither.
//
// Split cuts the book into sections of sentences; Measure matches every
// sentence against the quotes, compared without case, punctuation, quote
// characters or markup. A quote covers a sentence when the sentence lies
// within it (a quote may join several) or when a part of the quote of
// four words or more, between ellipses, slashes or quotation marks, lies
// within the sentence (a quote may take part of one). Sentences the
// definition marks as no rules count apart. In a book of several
// translations only the standing language counts; a sentence of another
// is shown under its standing counterpart where that one is not covered,
// and covers it where it is quoted itself.
//
// It comes after package scenario in the pipeline: it reads the quotes of
// a game's value and of its scenarios.
package coverage

import (
	"fmt"
	"sort"
	"strings"
)

// Kind says where a quote was found.
type Kind int

const (
	// Definition is a text or rule field of the game definition.
	Definition Kind = iota
	// Scenario is the rule field of a scenario.
	Scenario
)

// Quote is a text of the definition or of a scenario that quotes the book.
type Quote struct {
	Kind  Kind
	Where string // the field's path, or the scenario's name
	Pos   string // file:line:col
	Text  string
	norm  string
	frags []string
}

// NotRule marks sentences that are no rules: those Quote quotes, or the
// sections whose heading is Section; Reason says why (credits, components,
// flavour, a tip, an example another quote covers).
type NotRule struct {
	Quote   string `json:"quote,omitempty"`
	Section string `json:"section,omitempty"`
	Reason  string `json:"reason"`
	Pos     string `json:"pos,omitempty"`
	norm    string
	frags   []string
}

// Config is what a definition says about its rule book.
type Config struct {
	// Language is the language that stands, in a book of translations.
	Language string
	// Languages gives, by language, the line that opens its translation.
	Languages map[string]string
	NotRules  []*NotRule
}

// Status is how a sentence is covered.
type Status int

const (
	Uncovered Status = iota
	ByDefinition
	ByScenario
	Both
	NotARule
)

var statusNames = [...]string{"not covered", "definition", "scenario", "both", "not a rule"}

func (s Status) String() string { return statusNames[s] }

// MarshalText writes a status as its name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Result is what Measure found for one sentence.
type Result struct {
	Sentence   *Sentence
	Status     Status
	Definition []*Quote // the definition's quotes of it
	Scenarios  []*Quote // the scenarios' quotes of it
	NotRule    *NotRule
	// Through is the quoted translation that covers a standing sentence
	// no quote names itself.
	Through *Result
	// Counterparts are the sentences of other translations that say what
	// this standing sentence says.
	Counterparts []*Result
}

// Covered tells whether a quote covers the sentence, itself or through
// a translation.
func (r *Result) Covered() bool {
	return r.Status == ByDefinition || r.Status == ByScenario || r.Status == Both || r.Through != nil
}

// Report is the coverage of one book.
type Report struct {
	Book    *Book
	Results []*Result // one per sentence, in book order
	// Standing are the results of the standing language: all of them in a
	// book of one language.
	Standing []*Result
	// Unused are the not-a-rule entries that match no sentence.
	Unused []*NotRule
}

// Counts are the numbers of standing sentences by how they are covered.
type Counts struct {
	Sentences, Definition, Scenario, Both, Through, NotRules, Uncovered int
}

// Counts counts the standing sentences.
func (r *Report) Counts() Counts {
	var c Counts
	for _, x := range r.Standing {
		c.add(x)
	}
	return c
}

// Percent is the share of the standing sentences that are rules which a
// quote covers, in percent.
func (c Counts) Percent() float64 {
	rules := c.Sentences - c.NotRules
	if rules == 0 {
		return 100
	}
	return 100 * float64(rules-c.Uncovered) / float64(rules)
}

// NewQuote makes a quote of text found at pos.
func NewQuote(kind Kind, where, pos, text string) *Quote {
	return &Quote{Kind: kind, Where: where, Pos: pos, Text: text, norm: normalize(text), frags: fragments(text)}
}

// Measure matches every sentence of the book against the quotes and the
// not-a-rule list.
func Measure(b *Book, quotesOf []*Quote, cfg Config) (*Report, error) {
	if err := checkConfig(b, cfg); err != nil {
		return nil, err
	}
	r := &Report{Book: b}
	used := map[*NotRule]bool{}
	for _, s := range b.Sentences {
		x := &Result{Sentence: s}
		for _, q := range quotesOf {
			if !quotes(q.norm, q.frags, s.norm) {
				continue
			}
			if q.Kind == Definition {
				x.Definition = append(x.Definition, q)
			} else {
				x.Scenarios = append(x.Scenarios, q)
			}
		}
		switch {
		case len(x.Definition) > 0 && len(x.Scenarios) > 0:
			x.Status = Both
		case len(x.Definition) > 0:
			x.Status = ByDefinition
		case len(x.Scenarios) > 0:
			x.Status = ByScenario
		}
		for _, n := range cfg.NotRules {
			if n.matches(s) {
				used[n] = true
				if x.Status == Uncovered {
					x.Status, x.NotRule = NotARule, n
				}
				break
			}
		}
		r.Results = append(r.Results, x)
	}
	for _, n := range cfg.NotRules {
		if !used[n] {
			r.Unused = append(r.Unused, n)
		}
	}
	if cfg.Language == "" {
		r.Standing = r.Results
		return r, nil
	}
	r.align(cfg.Language)
	return r, nil
}

func (n *NotRule) matches(s *Sentence) bool {
	if n.Section != "" {
		return normalize(n.Section) == normalize(s.Section.Heading)
	}
	if n.norm == "" {
		n.norm, n.frags = normalize(n.Quote), fragments(n.Quote)
	}
	return quotes(n.norm, n.frags, s.norm)
}

// checkConfig checks that the standing language is one of the book's.
func checkConfig(b *Book, cfg Config) error {
	if cfg.Language == "" {
		return nil
	}
	if _, ok := cfg.Languages[cfg.Language]; !ok {
		var known []string
		for l := range cfg.Languages {
			known = append(known, l)
		}
		sort.Strings(known)
		return fmt.Errorf("the standing language %q is not one of the book's translations (%s)", cfg.Language, strings.Join(known, ", "))
	}
	return nil
}
