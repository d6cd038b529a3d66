package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/coverage"
	"github.com/haven-engine/haven/scenario"
)

var coverageCommand = &command{
	name:  "coverage",
	usage: "coverage GAME [--rules FILE] [--rules-dir DIR] [--scenarios DIR] [--json] [--min PERCENT] [--sentence N] [--defs DIR]",
	summary: "Show which sentences of a game's rule book the definition quotes (an action's,\n" +
		"step's or card's text), which its scenarios quote in their rule, both, or\n" +
		"neither, section by section; then the sentences not covered and those the\n" +
		"definition marks as no rules. The book is FILE, or the definition's rules\n" +
		"field in DIR (default: ../shared/rules beside the repository). Exits 1 when\n" +
		"less than --min percent of the rules are covered.",
	parse: coverageParse,
}

type coverageOptions struct {
	IO
	gameFlags
	Game      string
	Rules     string
	RulesDir  string
	Scenarios string
	JSON      bool
	Min       float64
	Sentence  int
}

func coverageParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &coverageOptions{IO: io}
	f := newFlags(c)
	opts.register(f, false)
	f.StringVar(&opts.Rules, "rules", "", "read the rule book from `FILE` instead of the one the definition names")
	f.StringVar(&opts.RulesDir, "rules-dir", "", "look for the book the definition names in `DIR` (default: ../shared/rules beside the repository)")
	f.StringVar(&opts.Scenarios, "scenarios", "", "read the scenarios below `DIR` (default: tests/scenarios/GAME of the repository)")
	f.BoolVar(&opts.JSON, "json", false, "write the report as JSON")
	f.Float64Var(&opts.Min, "min", 0, "exit 1 when less than `PERCENT` of the rules are covered")
	f.IntVar(&opts.Sentence, "sentence", 0, "show sentence `N` and the quotes that name it")
	pos, err := f.parse(args, 1, 1)
	if len(pos) == 1 {
		opts.Game = pos[0]
	}
	return f, func() error { return runCoverage(opts) }, err
}

func runCoverage(opts *coverageOptions) error {
	src, err := opts.source()
	if err != nil {
		return err
	}
	game, quotes, err := coverage.GameQuotes(src, opts.Game)
	if err != nil {
		return err
	}
	cfg, err := coverage.ConfigOf(game)
	if err != nil {
		return err
	}
	book, err := ruleBook(opts, game)
	if err != nil {
		return err
	}
	dir := opts.Scenarios
	if dir == "" {
		root, ok := repositoryRoot()
		if !ok {
			return fmt.Errorf("coverage: not inside the repository: give the scenarios' folder with --scenarios DIR")
		}
		dir = filepath.Join(root, defaultScenarios, opts.Game)
	}
	var scs []*scenario.Scenario
	if _, err := os.Stat(dir); err == nil {
		if scs, err = scenario.LoadDir(dir); err != nil {
			return err
		}
	} else if opts.Scenarios != "" {
		return fmt.Errorf("coverage: --scenarios %s: no such folder", dir)
	}
	quotes = append(quotes, coverage.ScenarioQuotes(opts.Game, scs)...)
	rep, err := coverage.Measure(coverage.Split(string(book), cfg.Languages), quotes, cfg)
	if err != nil {
		return fmt.Errorf("coverage: %v", err)
	}
	switch {
	case opts.Sentence != 0:
		return rep.PrintSentence(opts.Out, opts.Sentence)
	case opts.JSON:
		if err := rep.JSON(opts.Out); err != nil {
			return err
		}
	default:
		rep.Print(opts.Out)
	}
	if c := rep.Counts(); c.Percent() < opts.Min {
		fmt.Fprintf(opts.Err, "haven: coverage %.1f%% is below --min %g%%\n", c.Percent(), opts.Min)
		return silentError{}
	}
	return nil
}

// defaultRulesDir is where the rule books lie, relative to the repository.
const defaultRulesDir = "../shared/rules"

// ruleBook reads the book given with --rules, or the one the
// definition's rules field names in the rules folder.
func ruleBook(opts *coverageOptions, game cue.Value) ([]byte, error) {
	if opts.Rules != "" {
		return os.ReadFile(opts.Rules)
	}
	name, err := game.LookupPath(cue.ParsePath("rules")).String()
	if err != nil {
		return nil, fmt.Errorf("coverage: %s names no rule book (its rules field): give one with --rules FILE", opts.Game)
	}
	dir := opts.RulesDir
	if dir == "" {
		root, ok := repositoryRoot()
		if !ok {
			return nil, fmt.Errorf("coverage: not inside the repository: give the rule books' folder with --rules-dir DIR, or the book with --rules FILE")
		}
		dir = filepath.Join(root, defaultRulesDir)
	}
	b, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("coverage: the rule book %s is not in %s: give the folder with --rules-dir DIR, or the book with --rules FILE", name, dir)
	}
	return b, err
}

// repositoryRoot is the folder at or above the working directory that
// holds the module's go.mod and the scenarios, relative to the working
// directory, so that positions in scenario files read as `haven test`
// prints them.
func repositoryRoot() (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	dir := wd
	for {
		if isFile(filepath.Join(dir, "go.mod")) && isFile(filepath.Join(dir, defaultScenarios)) {
			if rel, err := filepath.Rel(wd, dir); err == nil {
				return rel, true
			}
			return dir, true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", false
		}
		dir = up
	}
}

func isFile(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
