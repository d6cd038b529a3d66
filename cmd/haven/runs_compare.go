package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/runs"
	"github.com/haven-engine/haven/sim"
)

// show reports a kept run as sim reported it; its HTML page lists the
// earlier runs of the same rules.
func (opts *runsOptions) show(db *runs.DB) error {
	r, err := db.Load(opts.Show)
	if err != nil {
		return err
	}
	var history []sim.Past
	if opts.Report != "" {
		if history, err = db.History(r); err != nil {
			return err
		}
	}
	return printReport(opts.IO, opts.JSON, opts.Report, runTitle(r), &simResult{Meta: r.Meta, Report: r.Report}, history...)
}

// runTitle is the title of a kept run's report: sim's, and the run.
func runTitle(r *runs.Run) string {
	name := r.Meta.Game
	if r.Meta.Name != "" {
		name = r.Meta.Name
	}
	return fmt.Sprintf("run %d: %s", r.ID, simTitle(name, r.Meta, simRun{}))
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
	if err := opts.page(a, c); err != nil {
		return err
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

// page writes, with --report, the HTML page of run a compared with c.
func (opts *runsOptions) page(a *runs.Run, c *sim.Comparison) error {
	if opts.Report == "" {
		return nil
	}
	return printReport(IO{Out: nopWriter{}}, false, opts.Report, runTitle(a), &simResult{Meta: a.Meta, Report: a.Report, Comparisons: []*sim.Comparison{c}})
}

// nopWriter throws away what is written to it.
type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }

// replay plays the seeds of run A again, with its table, bots and
// decision budget, under its rules as they are now, changed by the
// flags, and reports the new games against A's as sim --compare does.
func (opts *runsOptions) replay(db *runs.DB) error {
	a, err := db.Load(opts.Compare[0])
	if err != nil {
		return err
	}
	m := a.Meta
	fail := func(err error) error { return fmt.Errorf("run %d cannot be played again: %v", a.ID, err) }
	if len(a.Report.Records) == 0 {
		return fail(fmt.Errorf("it kept no game"))
	}
	gf := opts.rulesOf(a)
	g, err := gf.compile(m.Game)
	if err != nil {
		return fail(err)
	}
	if _, err := players(g, m.Players); err != nil {
		return fail(err)
	}
	// The seeds of A's games, and game i counted from A's first seed, as
	// rotated bots sit by it.
	seeds := map[uint64]bool{}
	origin, last := m.Seed, m.Seed
	for _, rec := range a.Report.Records {
		seeds[rec.Seed] = true
		origin, last = min(origin, rec.Seed), max(last, rec.Seed)
	}
	so := sim.Options{Games: int(last-origin) + 1, Players: m.Players, Seed: origin, MaxDecisions: m.MaxDecisions,
		Bots: m.Bots, Rotate: m.Rotate, Skip: func(seed uint64) bool { return !seeds[seed] }}
	for _, spec := range slices.Compact(slices.Sorted(slices.Values(m.Bots))) {
		if _, err := sim.NewBot(spec, g, origin); err != nil {
			return fail(fmt.Errorf("bot %s: %v", spec, err))
		}
	}
	meta := *m
	meta.Name, meta.Defs, meta.Variants, meta.Sets = g.Name(), gf.Defs, gf.Variants, gf.Sets
	meta.Version, meta.LeadPer, meta.Catalog, meta.Shard, meta.Sweep = versionString(), sim.LeadPer(g), sim.NewCatalog(g), "", nil
	meta.Seed, meta.Games = origin, len(seeds)

	bar := newProgress(opts.Err, len(seeds))
	defer bar.finish()
	pool := sim.Pool{Workers: opts.Workers, Progress: bar.update}
	reports, err := pool.Run([]sim.Cell{{Game: g, Options: so, Compile: func() (*interpreter.Game, error) { return gf.compile(m.Game) }}})
	if err != nil {
		return err
	}
	bar.finish()
	r := reports[0]
	r.LeadPer = meta.LeadPer
	r.Name(meta.Catalog)

	keeper := &simOptions{IO: opts.IO, DB: opts.DB}
	now, err := keeper.keptRun(gf, &meta, r)
	if err != nil {
		return err
	}
	if opts.Keep {
		now.Batch, now.Cell = strconv.FormatUint(randomSeed(), 36), cellName("base", &meta)
		if err := keeper.add([]*runs.Run{now}); err != nil {
			return err
		}
	}
	c := sim.Compare(opts.againName(a), a.Report, r)
	if err := opts.page(a, c); err != nil {
		return err
	}
	if !opts.JSON {
		fmt.Fprintf(opts.Out, "run %d (%s, %s) is the base; definitions %.12s then, %.12s now\n\n", a.ID, m.Game, a.Cell, a.DefinitionHash, now.DefinitionHash)
	}
	return printReport(opts.IO, opts.JSON, "", runTitle(a), &simResult{Meta: m, Report: a.Report, Comparisons: []*sim.Comparison{c}})
}

// rulesOf are the rules of run a as the flags change them: --defs
// replaces its definitions' folder, --variant adds a variant, --set and
// --option add a setting or an option, or replace one of the same path
// or name.
func (opts *runsOptions) rulesOf(a *runs.Run) gameFlags {
	gf := gameFlags{Defs: a.Meta.Defs, Variants: slices.Clone(a.Meta.Variants), Sets: slices.Clone(a.Meta.Sets), Choices: slices.Clone(a.Options)}
	if opts.Defs != "" {
		gf.Defs = opts.Defs
	}
	for _, v := range opts.Variants {
		if !slices.Contains(gf.Variants, v) {
			gf.Variants = append(gf.Variants, v)
		}
	}
	gf.Sets = override(gf.Sets, opts.Sets)
	gf.Choices = override(gf.Choices, opts.Choices)
	return gf
}

// override adds the KEY=VALUE pairs of with to kv, a pair of kv with the
// same key replaced in its place.
func override(kv, with []string) []string {
	for _, w := range with {
		key, _, _ := strings.Cut(w, "=")
		i := slices.IndexFunc(kv, func(s string) bool { k, _, _ := strings.Cut(s, "="); return k == key })
		if i >= 0 {
			kv[i] = w
		} else {
			kv = append(kv, w)
		}
	}
	return kv
}

// againName names the new games in the comparison: run A played again,
// and the flags that changed its rules.
func (opts *runsOptions) againName(a *runs.Run) string {
	name := fmt.Sprintf("run %d played again", a.ID)
	var with []string
	if opts.Defs != "" {
		with = append(with, "--defs "+opts.Defs)
	}
	for _, f := range []struct {
		flag   string
		values []string
	}{{"--variant", opts.Variants}, {"--set", opts.Sets}, {"--option", opts.Choices}} {
		for _, v := range f.values {
			with = append(with, f.flag+" "+v)
		}
	}
	if len(with) > 0 {
		name += " with " + strings.Join(with, " ")
	}
	return name
}
