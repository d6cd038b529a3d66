package coverage

import (
	"fmt"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario"
)

// quoteFields are the fields by which a definition quotes its book: an
// action's, effect's, card's or trigger's text, a step's rule.
var quoteFields = map[string]bool{"text": true, "rule": true}

// DefinitionQuotes lists the quotes of a game's value: every string field
// named text or rule, wherever it lies.
func DefinitionQuotes(game cue.Value) []*Quote {
	var out []*Quote
	var walk func(v cue.Value)
	walk = func(v cue.Value) {
		switch v.IncompleteKind() {
		case cue.StructKind:
			it, err := v.Fields()
			if err != nil {
				return
			}
			for it.Next() {
				f := it.Value()
				if quoteFields[it.Selector().Unquoted()] && f.Kind() == cue.StringKind {
					s, _ := f.String()
					out = append(out, NewQuote(Definition, f.Path().String(), position(f), s))
					continue
				}
				walk(f)
			}
		case cue.ListKind:
			it, err := v.List()
			if err != nil {
				return
			}
			for it.Next() {
				walk(it.Value())
			}
		}
	}
	walk(game)
	return out
}

// GameQuotes loads a game, and once more with each other value of each
// of its options (a map, a version: their files quote the book too), and
// lists the quotes of all, each once.
func GameQuotes(src load.Source, id string) (cue.Value, []*Quote, error) {
	game, err := src.Game(id, load.Options{})
	if err != nil {
		return game, nil, err
	}
	quotes := DefinitionQuotes(game)
	seen := map[string]bool{}
	for _, q := range quotes {
		seen[q.Pos] = true
	}
	for _, o := range load.GameOptions(game) {
		for _, v := range o.Values {
			if v == o.Default {
				continue
			}
			g, err := src.Game(id, load.Options{Choices: []string{o.Name + "=" + v}})
			if err != nil {
				return game, nil, err
			}
			for _, q := range DefinitionQuotes(g) {
				if !seen[q.Pos] {
					seen[q.Pos] = true
					quotes = append(quotes, q)
				}
			}
		}
	}
	return game, quotes, nil
}

// ScenarioQuotes lists the rules the scenarios of a game quote.
func ScenarioQuotes(game string, scs []*scenario.Scenario) []*Quote {
	var out []*Quote
	for _, sc := range scs {
		if sc.Game == game {
			out = append(out, NewQuote(Scenario, sc.Name, sc.Pos.String(), sc.Rule))
		}
	}
	return out
}

// ConfigOf reads what a game's value says about its rule book: the
// rulebook field's language, languages and notRules.
func ConfigOf(game cue.Value) (Config, error) {
	var cfg Config
	rb := game.LookupPath(cue.ParsePath("rulebook"))
	if !rb.Exists() {
		return cfg, nil
	}
	if l := rb.LookupPath(cue.ParsePath("language")); l.Exists() {
		cfg.Language, _ = l.String()
	}
	if ls := rb.LookupPath(cue.ParsePath("languages")); ls.Exists() {
		cfg.Languages = map[string]string{}
		if err := ls.Decode(&cfg.Languages); err != nil {
			return cfg, fmt.Errorf("%s: rulebook.languages: %v", position(ls), err)
		}
	}
	it, err := rb.LookupPath(cue.ParsePath("notRules")).List()
	if err != nil {
		return cfg, nil
	}
	for it.Next() {
		// The entry's position is its schema's; its reason's is the
		// definition's.
		n := &NotRule{Pos: position(it.Value().LookupPath(cue.ParsePath("reason")))}
		if err := it.Value().Decode(n); err != nil {
			return cfg, fmt.Errorf("%s: rulebook.notRules: %v", n.Pos, err)
		}
		if (n.Quote == "") == (n.Section == "") {
			return cfg, fmt.Errorf("%s: rulebook.notRules: give a quote or a section, not both", n.Pos)
		}
		cfg.NotRules = append(cfg.NotRules, n)
	}
	return cfg, nil
}

func position(v cue.Value) string {
	p := v.Pos()
	if !p.IsValid() {
		return v.Path().String()
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename(), p.Line(), p.Column())
}
