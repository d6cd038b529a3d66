package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

// simRun is one set of rules a sim plays: the base game, or a change of it
// (a variant, a point of a sweep's grid).
type simRun struct {
	name string
	gameFlags
}

// runs lists the rule sets to play, the base first.
func (opts *simOptions) runs() []simRun {
	base := simRun{name: "base", gameFlags: opts.gameFlags}
	out := []simRun{base}
	for _, v := range opts.Compare {
		r := simRun{name: "variant " + v, gameFlags: opts.gameFlags}
		r.Variants = append(append([]string{}, r.Variants...), v)
		out = append(out, r)
	}
	if len(opts.Sweeps) == 0 {
		return out
	}
	// The grid of every sweep's values; its first point is the base.
	grid := [][]string{nil}
	for _, s := range opts.Sweeps {
		var next [][]string
		for _, g := range grid {
			for _, v := range s.values {
				next = append(next, append(append([]string{}, g...), s.path+"="+v))
			}
		}
		grid = next
	}
	out = out[:0]
	for _, sets := range grid {
		r := simRun{name: "--set " + strings.Join(sets, " --set "), gameFlags: opts.gameFlags}
		r.Sets = append(append([]string{}, r.Sets...), sets...)
		out = append(out, r)
	}
	return out
}

// simResult is what `haven sim --json` prints.
type simResult struct {
	Meta        *sim.Meta         `json:"meta"`
	Report      *sim.Report       `json:"report"`
	Comparisons []*sim.Comparison `json:"comparisons,omitempty"`
}

// simCell is one cell of a run: its rules, and how the local pool plays
// them.
type simCell struct {
	run  simRun
	meta *sim.Meta
	cell sim.Cell
}

func runSim(opts *simOptions) error {
	stop, release := interrupts(opts)
	defer release()
	if err := opts.checkDB(); err != nil {
		return err
	}
	runs := opts.runs()
	var cells []simCell
	var title string
	for i, run := range runs {
		g, err := run.compile(opts.Game)
		if err != nil {
			return err
		}
		n, err := players(g, opts.Players)
		if err != nil {
			return err
		}
		if len(opts.Bots) == 0 {
			opts.Bots = []string{sim.DefaultBot(g)} // the base game's, for every run
		}
		if k := len(opts.Bots); k > 1 && k != n {
			return usageErrorf("sim: --bot: %d bots for %d seats: give one bot, or one per seat", k, n)
		}
		meta := &sim.Meta{Game: opts.Game, Name: g.Name(), Variants: run.Variants, Sets: run.Sets, Options: run.Choices, Defs: opts.Defs, Players: n,
			Bots: opts.Bots, Rotate: opts.Rotate, Seed: opts.Seed, Games: opts.Games, MaxDecisions: opts.Max,
			LeadPer: sim.LeadPer(g), Version: versionString(), Catalog: sim.NewCatalog(g)}
		for _, s := range opts.Sweeps {
			meta.Sweep = append(meta.Sweep, s.path)
		}
		if opts.Shard != nil {
			meta.Shard = opts.Shard.String()
		}
		so := sim.Options{Games: opts.Games, Players: n, Seed: opts.Seed, MaxDecisions: opts.Max, Bots: opts.Bots,
			Rotate: opts.Rotate}
		if opts.Shard != nil {
			first, last := opts.Shard.Seeds(opts.Seed)
			so.Skip = func(seed uint64) bool { return seed < first || seed > last }
		}
		c := simCell{run: run, meta: meta, cell: sim.Cell{Game: g, Options: so,
			Compile: func() (*interpreter.Game, error) { return run.compile(opts.Game) }}}
		if len(runs) > 1 {
			c.cell.Name = run.name
		}
		if i == 0 {
			title = simTitle(g.Name(), meta, run)
		}
		cells = append(cells, c)
	}
	total := opts.Games * len(runs)
	if opts.Shard != nil {
		total = opts.Shard.Games * len(runs)
	}
	bar := newProgress(opts.Err, total)
	defer bar.finish()
	pool := sim.Pool{Workers: opts.Workers, Stop: stop, Progress: bar.update}
	var kept []sim.GameRecord
	if opts.OutFile != "" {
		// A comparison's or a sweep's file holds every cell, each game
		// saying its own.
		header := *cells[0].meta
		for _, c := range cells[1:] {
			header.Cells = append(header.Cells, sim.CellMeta{Name: c.run.name, Meta: c.meta})
		}
		closeOut, err := opts.openOut(&header, &cells[0].cell.Options, &pool, &kept)
		if err != nil {
			return err
		}
		defer closeOut()
		if len(kept) > 0 {
			bar.setTotal(total - len(kept))
		}
	}
	reports, err := opts.runner()(opts, cells, pool)
	if err != nil {
		return err
	}
	bar.finish()
	var base *simResult
	for i, c := range cells {
		r := reports[i]
		if len(kept) > 0 {
			whole := sim.Summarize(c.meta.Players, append(kept, r.Records...))
			whole.Interrupted, whole.Seconds, whole.PerSecond = r.Interrupted, r.Seconds, r.PerSecond
			r = whole
		}
		r.LeadPer = c.meta.LeadPer
		r.Name(c.meta.Catalog)
		if i == 0 {
			base = &simResult{Meta: c.meta, Report: r}
			continue
		}
		cmp := sim.Compare(c.run.name, base.Report, r)
		if len(opts.Sweeps) > 0 {
			cmp.Sets = c.run.Sets
		}
		base.Comparisons = append(base.Comparisons, cmp)
	}
	stored, err := opts.keep(cells, base)
	if err != nil {
		return err
	}
	history, err := opts.history(stored)
	if err != nil {
		return err
	}
	return opts.print(title, base, history...)
}

func simTitle(name string, m *sim.Meta, run simRun) string {
	t := fmt.Sprintf("%s: %d players, bots %s", name, m.Players, strings.Join(m.Bots, ","))
	if m.Rotate {
		t += " (rotated)"
	}
	if len(m.Variants) > 0 {
		t += ", variants " + strings.Join(m.Variants, ",")
	}
	if len(m.Sets) > 0 {
		t += ", --set " + strings.Join(m.Sets, " --set ")
	}
	if len(m.Options) > 0 {
		t += ", --option " + strings.Join(m.Options, " --option ")
	}
	return t
}

// openOut opens the --out file, reading the games it holds with --resume
// into kept and skipping their seeds; each game finished is then written
// to it.
func (opts *simOptions) openOut(meta *sim.Meta, so *sim.Options, pool *sim.Pool, kept *[]sim.GameRecord) (func(), error) {
	header := true
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if opts.Resume {
		if f, err := os.Open(opts.OutFile); err == nil {
			m, recs, err := sim.ReadResults(f, opts.OutFile)
			f.Close()
			if err != nil {
				return nil, err
			}
			if why := m.Matches(meta); why != "" {
				return nil, fmt.Errorf("--resume %s: the file holds another run: this one has %s", opts.OutFile, why)
			}
			// The games a file holds are those of its own -n and --seed:
			// resumed with others, it would report a run nobody asked for.
			if m.Games != meta.Games || m.Seed != meta.Seed {
				return nil, fmt.Errorf("--resume %s: the file is a run of %d games from seed %d: resume it with -n %d --seed %d", opts.OutFile, m.Games, m.Seed, m.Games, m.Seed)
			}
			seeds := map[uint64]bool{}
			for _, r := range recs {
				seeds[r.Seed] = true
			}
			skip := so.Skip
			so.Skip = func(seed uint64) bool { return seeds[seed] || skip != nil && skip(seed) }
			*kept = recs
			header, flag = false, os.O_WRONLY|os.O_APPEND
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	f, err := os.OpenFile(opts.OutFile, flag, 0o644)
	if err != nil {
		return nil, err
	}
	w, err := sim.NewResultsWriter(f, meta, header)
	if err != nil {
		f.Close()
		return nil, err
	}
	pool.OnShard = func(s sim.Stats) error {
		for _, rec := range s.Records {
			if err := w.WriteCell(s.Cell, rec); err != nil {
				return err
			}
		}
		return nil
	}
	return func() { f.Close() }, nil
}

// interrupts makes Ctrl-C close stop: the run starts no more games and
// reports those finished. A second Ctrl-C kills the process as usual.
func interrupts(opts *simOptions) (stop chan struct{}, release func()) {
	stop = make(chan struct{})
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	quit := make(chan struct{})
	go func() {
		select {
		case <-c:
			signal.Stop(c)
			fmt.Fprintln(opts.Err, "\nsim: interrupted: finishing the games under way (Ctrl-C again to quit)")
			close(stop)
		case <-quit:
		}
	}()
	return stop, func() { signal.Stop(c); close(quit) }
}

func runMerge(opts *simOptions) error {
	var metas []*sim.Meta
	var games [][][]sim.GameRecord
	for _, name := range opts.Merge {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		m, cells, err := sim.ReadRun(f, name)
		f.Close()
		if err != nil {
			return err
		}
		metas, games = append(metas, m), append(games, cells)
	}
	m, recs, err := sim.MergeRun(opts.Merge, metas, games)
	if err != nil {
		return err
	}
	name := m.Game
	if m.Name != "" {
		name = m.Name
	}
	title := simTitle(name, m, simRun{})
	// The shards of one run, all of them, are that run: same report.
	if !wholeRun(metas) {
		title += fmt.Sprintf(" (merged from %d files)", len(opts.Merge))
	}
	// The cells, the base first, as runSim reports them.
	cells := []simCell{{run: simRun{name: "base"}, meta: m}}
	for _, c := range m.Cells {
		cells = append(cells, simCell{run: simRun{name: c.Name}, meta: c.Meta})
	}
	m.Cells = nil
	var res *simResult
	for k, c := range cells {
		c.meta.Shard = ""
		cells[k].run.gameFlags = gameFlags{Defs: c.meta.Defs, Variants: c.meta.Variants, Sets: c.meta.Sets, Choices: c.meta.Options}
		r := sim.Summarize(c.meta.Players, recs[k])
		r.LeadPer = c.meta.LeadPer
		r.Name(c.meta.Catalog)
		if k == 0 {
			res = &simResult{Meta: m, Report: r}
			continue
		}
		cmp := sim.Compare(c.run.name, res.Report, r)
		if len(m.Sweep) > 0 {
			cmp.Sets = c.meta.Sets
		}
		res.Comparisons = append(res.Comparisons, cmp)
	}
	stored, err := opts.keep(cells, res)
	if err != nil {
		return err
	}
	history, err := opts.history(stored)
	if err != nil {
		return err
	}
	return opts.print(title, res, history...)
}

// print writes the report: text or JSON on the output, HTML to a file.
func (opts *simOptions) print(title string, res *simResult, history ...sim.Past) error {
	return printReport(opts.IO, opts.JSON, opts.Report, title, res, history...)
}

// printReport writes a report as sim prints it: JSON (asJSON) or text on
// to.Out, and, with html set, the HTML page to that file; history, if
// given, are the runs of a database the page lists (see sim.WriteHTML).
func printReport(to IO, asJSON bool, html, title string, res *simResult, history ...sim.Past) error {
	if html != "" {
		f, err := os.Create(html)
		if err != nil {
			return err
		}
		err = sim.WriteHTML(f, title, res.Meta, res.Report, res.Comparisons, history...)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	if asJSON {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(to.Out, "%s\n", b)
		return nil
	}
	res.Report.WriteText(to.Out, title)
	for _, c := range res.Comparisons {
		fmt.Fprintln(to.Out)
		c.WriteText(to.Out)
	}
	return nil
}
