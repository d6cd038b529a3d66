package runs

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/haven-engine/haven/sim"
)

// History lists the runs kept with the rules, table and bots of run r
// (the same game, variants by name, settings, options, players, bots
// and rotation), oldest first, up to r itself; the run r is marked.
// The definition's files may differ from run to run: that is what a
// history shows (Past.DefinitionHash).
func (d *DB) History(r *Run) ([]sim.Past, error) {
	m := r.Meta
	js := func(v any) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	rows, err := d.db.Query(`SELECT id, created, cell, definition_hash, variants, summary FROM run
		WHERE game = ? AND players = ? AND bots = ? AND rotate = ? AND sets = ? AND options = ? AND id <= ?
		ORDER BY created, id`,
		m.Game, m.Players, js(m.Bots), m.Rotate, js(nonNil(m.Sets)), js(nonNil(r.Options)), r.ID)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	defer rows.Close()
	names := make([]string, len(r.Variants))
	for i, v := range r.Variants {
		names[i] = v.Name
	}
	var out []sim.Past
	for rows.Next() {
		var id int64
		var created, cell, hash, variants, summary string
		if err := rows.Scan(&id, &created, &cell, &hash, &variants, &summary); err != nil {
			return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
		}
		var vs []Variant
		if err := json.Unmarshal([]byte(variants), &vs); err != nil {
			return nil, fmt.Errorf("%s: run %d: variants: %v", d.name, id, err)
		}
		if !slices.EqualFunc(vs, names, func(v Variant, name string) bool { return v.Name == name }) {
			continue
		}
		var rep sim.Report
		if err := json.Unmarshal([]byte(summary), &rep); err != nil {
			return nil, fmt.Errorf("%s: run %d: summary: %v", d.name, id, err)
		}
		t, _ := time.Parse(time.RFC3339, created)
		p := sim.PastOf(id, t, cell, hash, &rep)
		p.This = id == r.ID
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, oneLine(err))
	}
	return out, nil
}
