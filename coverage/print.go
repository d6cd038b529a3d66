package coverage

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/haven-engine/haven/diag"
)

// Print writes the report for a reader: a line per section of the
// standing language with its counts, the total, then the sentences not
// covered (with their translations' counterparts) and those marked as
// no rules, with their reasons.
func (r *Report) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "line\tsection\tsentences\tboth\tdefinition\tscenario\ttranslation\tnot a rule\tnot covered\t")
	for _, sec := range r.Book.Sections {
		if len(r.Standing) > 0 && !r.standing(sec) {
			continue
		}
		var c Counts
		for _, s := range sec.Sentences {
			c.add(r.Results[s.N-1])
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", sec.Line, shorten(heading(sec), 40),
			c.Sentences, c.Both, c.Definition, c.Scenario, c.Through, c.NotRules, c.Uncovered)
	}
	tw.Flush()
	c := r.Counts()
	fmt.Fprintf(w, "%d sentences: %d both, %d definition only, %d scenario only, %d through a translation, %d not a rule, %d not covered: %.1f%% of %d rules covered\n",
		c.Sentences, c.Both, c.Definition, c.Scenario, c.Through, c.NotRules, c.Uncovered, c.Percent(), c.Sentences-c.NotRules)
	if c.Uncovered > 0 {
		fmt.Fprintln(w, "\nnot covered:")
		for _, x := range r.Standing {
			if x.Status != Uncovered || x.Through != nil {
				continue
			}
			fmt.Fprintf(w, "  #%d line %d (%s): %s\n", x.Sentence.N, x.Sentence.Line, heading(x.Sentence.Section), x.Sentence.Text)
			for _, o := range x.Counterparts {
				fmt.Fprintf(w, "      %s #%d line %d: %s\n", o.Sentence.Section.Lang, o.Sentence.N, o.Sentence.Line, o.Sentence.Text)
			}
		}
	}
	if c.NotRules > 0 {
		fmt.Fprintln(w, "\nnot a rule:")
		for _, x := range r.Standing {
			if x.Status == NotARule {
				fmt.Fprintf(w, "  #%d line %d (%s): %s — %s\n", x.Sentence.N, x.Sentence.Line, heading(x.Sentence.Section), shorten(x.Sentence.Text, 70), x.NotRule.Reason)
			}
		}
	}
	for _, n := range r.Unused {
		what := "quote " + fmt.Sprintf("%q", n.Quote)
		if n.Section != "" {
			what = "section " + fmt.Sprintf("%q", n.Section) + didYouMean(n.Section, r.Book)
		}
		fmt.Fprintf(w, "%s: not a rule: the %s matches no sentence of the book\n", n.Pos, what)
	}
}

// PrintSentence writes sentence n, how it is covered, and the quotes of
// the definition and of the scenarios that name it.
func (r *Report) PrintSentence(w io.Writer, n int) error {
	if n < 1 || n > len(r.Results) {
		return fmt.Errorf("no sentence %d: the book has %d", n, len(r.Results))
	}
	x := r.Results[n-1]
	s := x.Sentence
	fmt.Fprintf(w, "#%d line %d (%s): %s\n", s.N, s.Line, heading(s.Section), s.Text)
	status := x.Status.String()
	if x.Through != nil {
		status = fmt.Sprintf("covered through its translation #%d", x.Through.Sentence.N)
	}
	fmt.Fprintf(w, "status: %s\n", status)
	if x.NotRule != nil {
		fmt.Fprintf(w, "not a rule (%s): %s\n", x.NotRule.Pos, x.NotRule.Reason)
	}
	for _, q := range x.Definition {
		fmt.Fprintf(w, "definition %s: %s\n", q.Pos, q.Where)
	}
	for _, q := range x.Scenarios {
		fmt.Fprintf(w, "scenario %s: %s\n", q.Pos, q.Where)
	}
	for _, o := range x.Counterparts {
		fmt.Fprintf(w, "translation %s #%d (%s): %s\n", o.Sentence.Section.Lang, o.Sentence.N, o.Status, o.Sentence.Text)
	}
	return nil
}

// jsonReport is the report as --json writes it.
type jsonReport struct {
	Counts   Counts        `json:"counts"`
	Percent  float64       `json:"percent"`
	Sections []jsonSection `json:"sections"`
	Unused   []*NotRule    `json:"unusedNotRules,omitempty"`
}

type jsonSection struct {
	Heading   string         `json:"heading"`
	Lang      string         `json:"lang,omitempty"`
	Line      int            `json:"line"`
	Standing  bool           `json:"standing"`
	Sentences []jsonSentence `json:"sentences"`
}

type jsonSentence struct {
	N            int         `json:"n"`
	Line         int         `json:"line"`
	Text         string      `json:"text"`
	Status       Status      `json:"status"`
	Definition   []jsonQuote `json:"definition,omitempty"`
	Scenarios    []jsonQuote `json:"scenarios,omitempty"`
	NotRule      *NotRule    `json:"notRule,omitempty"`
	Through      int         `json:"through,omitempty"`
	Counterparts []int       `json:"counterparts,omitempty"`
}

type jsonQuote struct {
	Where string `json:"where"`
	Pos   string `json:"pos"`
}

// JSON writes the report as one JSON document, for tools.
func (r *Report) JSON(w io.Writer) error {
	out := jsonReport{Counts: r.Counts(), Unused: r.Unused}
	out.Percent = out.Counts.Percent()
	for _, sec := range r.Book.Sections {
		js := jsonSection{Heading: sec.Heading, Lang: sec.Lang, Line: sec.Line, Standing: r.standing(sec)}
		for _, s := range sec.Sentences {
			x := r.Results[s.N-1]
			j := jsonSentence{N: s.N, Line: s.Line, Text: s.Text, Status: x.Status, NotRule: x.NotRule}
			for _, q := range x.Definition {
				j.Definition = append(j.Definition, jsonQuote{q.Where, q.Pos})
			}
			for _, q := range x.Scenarios {
				j.Scenarios = append(j.Scenarios, jsonQuote{q.Where, q.Pos})
			}
			if x.Through != nil {
				j.Through = x.Through.Sentence.N
			}
			for _, o := range x.Counterparts {
				j.Counterparts = append(j.Counterparts, o.Sentence.N)
			}
			js.Sentences = append(js.Sentences, j)
		}
		out.Sections = append(out.Sections, js)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func (c *Counts) add(x *Result) {
	c.Sentences++
	switch {
	case x.Status == NotARule:
		c.NotRules++
	case x.Status == Both:
		c.Both++
	case x.Status == ByDefinition:
		c.Definition++
	case x.Status == ByScenario:
		c.Scenario++
	case x.Through != nil:
		c.Through++
	default:
		c.Uncovered++
	}
}

// standing tells whether a section belongs to the standing language.
func (r *Report) standing(sec *Section) bool {
	return len(sec.Sentences) > 0 && len(r.Standing) > 0 && r.Standing[0].Sentence.Section.Lang == sec.Lang
}

func heading(s *Section) string {
	if s.Heading == "" {
		return "(before the first heading)"
	}
	return s.Heading
}

func shorten(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func didYouMean(name string, b *Book) string {
	var known []string
	for _, s := range b.Sections {
		known = append(known, s.Heading)
	}
	return diag.DidYouMean(name, known)
}
