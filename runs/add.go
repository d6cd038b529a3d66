package runs

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/haven-engine/haven/sim"
)

// Variant is a variant a run was played with, and its text then.
type Variant struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Run is one set of rules played by one command, as kept: the base of a
// run, or a cell of a comparison or a sweep.
type Run struct {
	ID int64
	// Batch is shared by the runs of one command; Cell names the run in
	// it ("base", "variant short-game", "--set params.x=3").
	Batch string
	Cell  string
	// Created is when the run was kept, in UTC.
	Created time.Time
	// DefinitionHash is the SHA-256 of the game's files, the variants'
	// texts, the settings and the options (hex).
	DefinitionHash string
	Variants       []Variant
	Options        []string
	Meta           *sim.Meta
	// Report is the run's report; its Records are the games kept.
	Report *sim.Report
}

// Add keeps runs, all or none, in one transaction, and sets their IDs.
func (d *DB) Add(runs []*Run) error {
	tx, err := d.db.Begin()
	if err != nil {
		return fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	defer tx.Rollback()
	games, err := tx.Prepare("INSERT INTO game (run, seed, record) VALUES (?, ?, ?)")
	if err != nil {
		return fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	defer games.Close()
	for _, r := range runs {
		if err := add(tx, games, r); err != nil {
			return fmt.Errorf("%s: %v", d.name, oneLine(err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	return nil
}

func add(tx *sql.Tx, games *sql.Stmt, r *Run) error {
	m := r.Meta
	if m == nil || r.Report == nil {
		return errors.New("a run without its meta or report")
	}
	js := func(v any) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	meta, err := json.Marshal(m)
	if err != nil {
		return err
	}
	summary, err := json.Marshal(r.Report)
	if err != nil {
		return err
	}
	if r.Created.IsZero() {
		r.Created = time.Now()
	}
	res, err := tx.Exec(`INSERT INTO run (batch, cell, created, game, definition_hash, variants, sets, options,
		players, bots, rotate, seed, games, max_decisions, version, meta, summary)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Batch, r.Cell, r.Created.UTC().Format(time.RFC3339), m.Game, r.DefinitionHash,
		js(nonNil(r.Variants)), js(nonNil(m.Sets)), js(nonNil(r.Options)),
		m.Players, js(m.Bots), m.Rotate, int64(m.Seed), len(r.Report.Records), m.MaxDecisions, m.Version,
		string(meta), string(summary))
	if err != nil {
		return err
	}
	if r.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	for _, rec := range r.Report.Records {
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		if _, err := games.Exec(r.ID, int64(rec.Seed), string(b)); err != nil {
			return err
		}
	}
	return nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
