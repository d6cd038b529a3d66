package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/haven-engine/haven/runs"
	"github.com/haven-engine/haven/sim"
)

// keep adds the run's cells to the --db database, each a run of one
// batch, and returns them; cells[i] was reported as res's report (i = 0)
// or comparison i-1.
func (opts *simOptions) keep(cells []simCell, res *simResult) ([]*runs.Run, error) {
	if opts.DB == "" {
		return nil, nil
	}
	batch := strconv.FormatUint(uint64(time.Now().UnixNano())^randomSeed(), 36)
	var kept []*runs.Run
	for i, c := range cells {
		r := res.Report
		if i > 0 {
			r = res.Comparisons[i-1].Report
		}
		run, err := opts.keptRun(c.run.gameFlags, c.meta, r)
		if err != nil {
			return nil, err
		}
		run.Batch, run.Cell = batch, cellName(c.run.name, c.meta)
		kept = append(kept, run)
	}
	return kept, opts.add(kept)
}

// history lists, for the HTML report, the runs of the --db database
// with the rules, table and bots of the base run of those just kept;
// none without --db or --report.
func (opts *simOptions) history(kept []*runs.Run) ([]sim.Past, error) {
	if opts.DB == "" || opts.Report == "" || len(kept) == 0 {
		return nil, nil
	}
	r := kept[0]
	db, err := runs.Open(opts.DB)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.History(r)
}

// cellName names a kept run by its rules: a cell of a comparison or a
// sweep by its change, the base by its variants and settings, if any.
func cellName(name string, m *sim.Meta) string {
	if name != "base" || len(m.Variants)+len(m.Sets) == 0 {
		return name
	}
	var parts []string
	if len(m.Variants) > 0 {
		parts = append(parts, "variants "+strings.Join(m.Variants, ","))
	}
	if len(m.Sets) > 0 {
		parts = append(parts, "--set "+strings.Join(m.Sets, " --set "))
	}
	return strings.Join(parts, " ")
}

// keptRun is what the database keeps of a run of the game of m with gf.
func (opts *simOptions) keptRun(gf gameFlags, m *sim.Meta, r *sim.Report) (*runs.Run, error) {
	src, err := gf.source()
	if err != nil {
		return nil, err
	}
	run := &runs.Run{Meta: m, Report: r, Options: gf.Choices}
	h := sha256.New()
	for _, dir := range src.Folders(m.Game) {
		files, _ := fs.Glob(src.FS, dir+"/*")
		slices.Sort(files)
		for _, f := range files {
			b, err := fs.ReadFile(src.FS, f)
			if err != nil {
				continue // a folder
			}
			fmt.Fprintf(h, "file %q %d\n", path.Clean(f), len(b))
			h.Write(b)
		}
	}
	for _, v := range gf.Variants {
		name, text, _, err := src.VariantText(m.Game, v)
		if err != nil {
			return nil, err
		}
		run.Variants = append(run.Variants, runs.Variant{Name: name, Text: string(text)})
		fmt.Fprintf(h, "variant %q %d\n", name, len(text))
		h.Write(text)
	}
	for _, s := range gf.Sets {
		fmt.Fprintf(h, "set %q\n", s)
	}
	for _, c := range gf.Choices {
		fmt.Fprintf(h, "option %q\n", c)
	}
	run.DefinitionHash = hex.EncodeToString(h.Sum(nil))
	return run, nil
}

// checkDB opens the --db database once before a run, so that a file
// that is not one is refused before the games are played.
func (opts *simOptions) checkDB() error {
	if opts.DB == "" {
		return nil
	}
	db, err := runs.Open(opts.DB)
	if err != nil {
		return err
	}
	return db.Close()
}

// add writes runs to the --db database and says where they are.
func (opts *simOptions) add(kept []*runs.Run) error {
	db, err := runs.Open(opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Add(kept); err != nil {
		return err
	}
	ids := ""
	for i, r := range kept {
		if i > 0 {
			ids += ", "
		}
		ids += strconv.FormatInt(r.ID, 10)
	}
	s := ""
	if len(kept) > 1 {
		s = "s"
	}
	fmt.Fprintf(opts.Err, "sim: kept as run%s %s in %s\n", s, ids, opts.DB)
	return nil
}
