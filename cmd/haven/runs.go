package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/haven-engine/haven/runs"
)

// defaultDB is the results database `haven runs` reads without --db.
const defaultDB = "haven-runs.db"

var runsCommand = &command{
	name: "runs",
	usage: "runs [--db FILE] [--json]\n  haven runs show ID [--db FILE] [--report FILE.html] [--json]\n" +
		"  haven runs compare A B [--db FILE] [--report FILE.html] [--json]\n" +
		"  haven runs compare A [--db FILE] [--keep] [--workers N] [--report FILE.html] [--json] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "List the runs kept by haven sim --db FILE (" + defaultDB + " by default): id, when, game,\n" +
		"rules (base, variant, point of a sweep), players, bots, games, first seed and\n" +
		"the hash of the definition played. `show ID` reports a run as sim reported it;\n" +
		"its HTML page lists the earlier runs of the same rules. `compare A B` pairs the\n" +
		"games of run B with those of run A by seed and reports the differences, as\n" +
		"sim --compare does. `compare A` plays run A's seeds again, with its table, bots\n" +
		"and decision budget, under the definition as it is now (its folder, or --defs;\n" +
		"--variant, --set and --option change run A's rules), and compares the two;\n" +
		"--keep keeps the new games as a run of the database.",
	parse: runsParse,
}

type runsOptions struct {
	IO
	DB     string
	JSON   bool
	Report string
	// Show is the run to report with `show`; Compare holds runs A and B,
	// or A alone, with `compare`.
	Show    int64
	Compare []int64
	// With `compare A`: the changes to run A's rules, how many games to
	// play at once, and whether to keep the new games.
	gameFlags
	Workers int
	Keep    bool
}

func runsParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &runsOptions{IO: io}
	f := newFlags(c)
	f.StringVar(&opts.DB, "db", defaultDB, "the results database `FILE` (written by haven sim --db)")
	f.BoolVar(&opts.JSON, "json", false, "print JSON")
	f.StringVar(&opts.Report, "report", "", "with show or compare: write the report as one self-contained HTML page to `FILE`")
	opts.register(f, true)
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "with compare A: games played at once (`N`)")
	f.BoolVar(&opts.Keep, "keep", false, "with compare A: keep the games played as a run of the database")
	pos, err := f.parse(args, 0, 3)
	if err == nil {
		err = opts.check(f, pos)
	}
	return f, func() error { return runRuns(opts) }, err
}

// check reads the subcommand and its runs, one clear line per mistake.
func (opts *runsOptions) check(f *flags, pos []string) error {
	ids := func(what string, ps []string) ([]int64, error) {
		var out []int64
		for _, p := range ps {
			id, err := strconv.ParseInt(p, 10, 64)
			if err != nil || id < 1 {
				return nil, f.usageErrorf("%s: run %q: want the id of a run (haven runs lists them)", what, p)
			}
			out = append(out, id)
		}
		return out, nil
	}
	replay := opts.Keep || opts.Defs != "" || len(opts.Variants)+len(opts.Sets)+len(opts.Choices) > 0
	switch {
	case len(pos) == 0:
		if opts.Report != "" || replay {
			return f.usageErrorf("--report, --keep, --defs, --variant, --set and --option are for show or compare")
		}
		return nil
	case pos[0] == "show":
		if len(pos) != 2 {
			return f.usageErrorf("show: give one run, its id in haven runs")
		}
		if replay {
			return f.usageErrorf("show reports a run as it was: --keep, --defs, --variant, --set and --option are for compare A")
		}
		id, err := ids("show", pos[1:])
		if err == nil {
			opts.Show = id[0]
		}
		return err
	case pos[0] == "compare":
		if len(pos) < 2 {
			return f.usageErrorf("compare: give two runs, A and B (their ids in haven runs), or one to play again under the definition as it is now")
		}
		if len(pos) == 3 && replay {
			return f.usageErrorf("compare A B compares two runs as they were: --keep, --defs, --variant, --set and --option are for compare A")
		}
		if opts.Workers < 1 {
			return f.usageErrorf("--workers %d: want at least one", opts.Workers)
		}
		var err error
		opts.Compare, err = ids("compare", pos[1:])
		return err
	}
	return f.usageErrorf("unexpected argument %q (haven runs show ID reports a run; haven runs compare A B compares two)", pos[0])
}

func runRuns(opts *runsOptions) error {
	db, err := runs.Open(opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	switch {
	case opts.Show > 0:
		return opts.show(db)
	case len(opts.Compare) == 2:
		return opts.compare(db)
	case len(opts.Compare) == 1:
		return opts.replay(db)
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
