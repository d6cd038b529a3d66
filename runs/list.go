package runs

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/haven-engine/haven/sim"
)

// Listed is a line of the list of runs.
type Listed struct {
	ID             int64
	Batch, Cell    string
	Created        time.Time
	Game           string
	DefinitionHash string
	Players        int
	Bots           []string
	Seed           uint64
	Games          int
}

// List lists the runs kept, the oldest first.
func (d *DB) List() ([]Listed, error) {
	rows, err := d.db.Query(`SELECT id, batch, cell, created, game, definition_hash, players, bots, seed, games
		FROM run ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	defer rows.Close()
	var out []Listed
	for rows.Next() {
		var l Listed
		var created, bots string
		var seed int64
		if err := rows.Scan(&l.ID, &l.Batch, &l.Cell, &created, &l.Game, &l.DefinitionHash, &l.Players, &bots, &seed, &l.Games); err != nil {
			return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
		}
		l.Created, _ = time.Parse(time.RFC3339, created)
		l.Seed = uint64(seed)
		if err := json.Unmarshal([]byte(bots), &l.Bots); err != nil {
			return nil, fmt.Errorf("%s: run %d: bots: %v", d.name, l.ID, err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	return out, nil
}

// Load reads run id with its games; its report is made again from the
// games (sim.Summarize), as a results file's would be.
func (d *DB) Load(id int64) (*Run, error) {
	r := &Run{ID: id}
	var created, variants, options, meta string
	err := d.db.QueryRow(`SELECT batch, cell, created, definition_hash, variants, options, meta FROM run WHERE id = ?`, id).
		Scan(&r.Batch, &r.Cell, &created, &r.DefinitionHash, &variants, &options, &meta)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%s: no run %d (haven runs lists them)", d.name, id)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	r.Created, _ = time.Parse(time.RFC3339, created)
	for _, f := range []struct {
		name string
		text string
		v    any
	}{{"variants", variants, &r.Variants}, {"options", options, &r.Options}, {"meta", meta, &r.Meta}} {
		if err := json.Unmarshal([]byte(f.text), f.v); err != nil {
			return nil, fmt.Errorf("%s: run %d: %s: %v", d.name, id, f.name, err)
		}
	}
	rows, err := d.db.Query(`SELECT record FROM game WHERE run = ? ORDER BY seed`, id)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	defer rows.Close()
	var recs []sim.GameRecord
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
		}
		var rec sim.GameRecord
		if err := json.Unmarshal([]byte(text), &rec); err != nil {
			return nil, fmt.Errorf("%s: run %d: a game: %v", d.name, id, err)
		}
		recs = append(recs, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	r.Report = sim.Summarize(r.Meta.Players, recs)
	r.Report.LeadPer = r.Meta.LeadPer
	r.Report.Name(r.Meta.Catalog)
	return r, nil
}
