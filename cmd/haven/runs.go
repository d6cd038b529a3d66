package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/haven-engine/haven/runs"
	"github.com/haven-engine/haven/sim"
)

// defaultDB is the results database `haven runs` reads without --db.
const defaultDB = "haven-runs.db"

var runsCommand = &command{
	name:  "runs",
	usage: "runs [--db FILE] [--json]\n  haven runs compare A B [--db FILE] [--json]",
	summary: "List the runs kept by haven sim --db FILE (" + defaultDB + " by default): id, when, game,\n" +
		"rules (base, variant, point of a sweep), players, bots, games, first seed and\n" +
		"the hash of the definition played. `compare A B` pairs the games of run B\n" +
		"with those of run A by seed and reports the differences, as sim --compare does.",
	parse: runsParse,
}

type runsOptions struct {
	IO
	DB   string
	JSON bool
	// Compare holds runs A and B with `compare`.
	Compare []int64
}

func runsParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &runsOptions{IO: io}
	f := newFlags(c)
	f.StringVar(&opts.DB, "db", defaultDB, "the results database `FILE` (written by haven sim --db)")
	f.BoolVar(&opts.JSON, "json", false, "print JSON")
	pos, err := f.parse(args, 0, 3)
	if err == nil && len(pos) > 0 {
		switch {
		case pos[0] != "compare":
			err = f.usageErrorf("unexpected argument %q (to compare two runs: haven runs compare A B)", pos[0])
		case len(pos) != 3:
			err = f.usageErrorf("compare: give two runs, A and B (their ids in haven runs)")
		}
		for _, p := range pos[min(1, len(pos)):] {
			if err != nil {
				break
			}
			id, perr := strconv.ParseInt(p, 10, 64)
			if perr != nil || id < 1 {
				err = f.usageErrorf("compare: run %q: want the id of a run (haven runs lists them)", p)
			}
			opts.Compare = append(opts.Compare, id)
		}
	}
	return f, func() error { return runRuns(opts) }, err
}

func runRuns(opts *runsOptions) error {
	db, err := runs.Open(opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	if len(opts.Compare) == 2 {
		return opts.compare(db)
	}
	list, err := db.List()
	if err != nil {
		return err
	}
	if opts.JSON {
		b, err := json.MarshalIndent(append([]runs.Listed{}, list...), "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	tw := tabwriter.NewWriter(opts.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tkept (UTC)\tgame\trules\tplayers\tbots\tgames\tseed\tdefinition")
	for _, l := range list {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\t%d\t%d\t%.12s\n", l.ID, l.Created.UTC().Format("2006-01-02 15:04"), l.Game, l.Cell,
			l.Players, strings.Join(l.Bots, ","), l.Games, l.Seed, l.DefinitionHash)
	}
	return tw.Flush()
}

// compare reports run B against run A, paired by seed.
func (opts *runsOptions) compare(db *runs.DB) error {
	a, err := db.Load(opts.Compare[0])
	if err != nil {
		return err
	}
	b, err := db.Load(opts.Compare[1])
	if err != nil {
		return err
	}
	if a.Meta.Players != b.Meta.Players {
		return fmt.Errorf("runs %d and %d: %d players against %d: nothing to pair", a.ID, b.ID, a.Meta.Players, b.Meta.Players)
	}
	c := sim.Compare(fmt.Sprintf("run %d (%s)", b.ID, b.Cell), a.Report, b.Report)
	if c.Paired == 0 {
		return fmt.Errorf("runs %d and %d share no seed: nothing to pair (give the second run the first one's --seed)", a.ID, b.ID)
	}
	if opts.JSON {
		out, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", out)
		return nil
	}
	fmt.Fprintf(opts.Out, "run %d (%s, %s) is the base; definitions %.12s and %.12s\n\n", a.ID, a.Meta.Game, a.Cell, a.DefinitionHash, b.DefinitionHash)
	c.WriteText(opts.Out)
	return nil
}
