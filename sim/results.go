package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Meta says how a run was made, so that it can be made again: the game,
// its variants and overrides, the table, the bots, the seeds and the
// engine's version.
type Meta struct {
	Game string `json:"game"`
	// Name is the game's own name, for the report's title.
	Name     string   `json:"name,omitempty"`
	Variants []string `json:"variants,omitempty"`
	Sets     []string `json:"sets,omitempty"`
	// Options are the game's options chosen (--option NAME=VALUE).
	Options      []string `json:"options,omitempty"`
	Defs         string   `json:"defs,omitempty"`
	Players      int      `json:"players"`
	Bots         []string `json:"bots"`
	Rotate       bool     `json:"rotate,omitempty"`
	Seed         uint64   `json:"seed"`
	Games        int      `json:"games"`
	MaxDecisions int      `json:"maxDecisions"`
	// LeadPer is what lead changes are counted per (see Report).
	LeadPer string `json:"leadPer"`
	Version string `json:"version"`
	// Catalog names the game's cards and actions (NewCatalog), so that a
	// report of the file alone speaks of them by name.
	Catalog *Catalog `json:"catalog,omitempty"`
	// Sweep names the settings a --sweep varied, each run a point of
	// their grid (Comparison.Sets); empty otherwise.
	Sweep []string `json:"sweep,omitempty"`
	// Shard is "i/n" when the file holds shard i (from 0) of n of the
	// run of Seed and Games (haven sim --shard); empty otherwise.
	Shard string `json:"shard,omitempty"`
	// Cells are the other cells of a comparison or a sweep (a variant, a
	// point of the grid) when the file holds every cell of its run, this
	// Meta being the base's; each game line then says its cell, 1 for
	// the first of these.
	Cells []CellMeta `json:"cells,omitempty"`
}

// CellMeta is a cell of a comparison or a sweep in a results file: its
// name in the report ("variant v", "--set x=3") and how it was made.
type CellMeta struct {
	Name string `json:"name"`
	Meta *Meta  `json:"meta"`
}

// Matches says why games of a run made as o cannot be reported with those
// of m, or "" when they can: the rules, the table and the bots must be
// the same; the seeds and the version may differ.
func (m *Meta) Matches(o *Meta) string {
	switch {
	case m.Game != o.Game:
		return fmt.Sprintf("game %s, not %s", o.Game, m.Game)
	case !slices.Equal(m.Variants, o.Variants):
		return fmt.Sprintf("variants %q, not %q", o.Variants, m.Variants)
	case !slices.Equal(m.Sets, o.Sets):
		return fmt.Sprintf("settings %q, not %q", o.Sets, m.Sets)
	case !slices.Equal(m.Options, o.Options):
		return fmt.Sprintf("options %q, not %q", o.Options, m.Options)
	case m.Defs != o.Defs:
		return fmt.Sprintf("definitions from %q, not %q", o.Defs, m.Defs)
	case m.Players != o.Players:
		return fmt.Sprintf("%d players, not %d", o.Players, m.Players)
	case !slices.Equal(m.Bots, o.Bots) || m.Rotate != o.Rotate:
		return fmt.Sprintf("bots %q (rotate %v), not %q (rotate %v)", o.Bots, o.Rotate, m.Bots, m.Rotate)
	case m.MaxDecisions != o.MaxDecisions:
		return fmt.Sprintf("--max %d, not %d", o.MaxDecisions, m.MaxDecisions)
	case len(m.Cells) != len(o.Cells):
		return fmt.Sprintf("%d cells, not %d", 1+len(o.Cells), 1+len(m.Cells))
	}
	for k, c := range m.Cells {
		oc := o.Cells[k]
		if oc.Name != c.Name {
			return fmt.Sprintf("cell %d %s, not %s", k+1, oc.Name, c.Name)
		}
		if why := c.Meta.Matches(oc.Meta); why != "" {
			return fmt.Sprintf("cell %d (%s): %s", k+1, c.Name, why)
		}
	}
	return ""
}

// line is one line of a results file: the first holds Meta, the others
// one game each.
type line struct {
	Meta *Meta `json:"meta"`
	// Cell is the game's cell in a file of every cell of a comparison
	// or a sweep (Meta.Cells); 0, the base, is left out.
	Cell int `json:"cell,omitempty"`
	GameRecord
}

// ResultsWriter writes a results file as games finish: a first line with
// the run's Meta, then one JSON line per game (the JSON Lines format).
// Each line is written at once, so that a run stopped in any way keeps
// every game it finished.
type ResultsWriter struct {
	w io.Writer
}

// NewResultsWriter starts a results file on w; with header false (a
// resumed file already has its first line) it writes no Meta.
func NewResultsWriter(w io.Writer, m *Meta, header bool) (*ResultsWriter, error) {
	if header {
		// Only the meta: a line's game fields would be zeros.
		b, err := json.Marshal(map[string]*Meta{"meta": m})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(append(b, '\n')); err != nil {
			return nil, err
		}
	}
	return &ResultsWriter{w: w}, nil
}

// Write writes one game.
func (rw *ResultsWriter) Write(rec GameRecord) error {
	return rw.WriteCell(0, rec)
}

// WriteCell writes one game of cell (0, the base, or one of Meta.Cells).
func (rw *ResultsWriter) WriteCell(cell int, rec GameRecord) error {
	b, err := json.Marshal(struct {
		Cell int `json:"cell,omitempty"`
		GameRecord
	}{cell, rec})
	if err != nil {
		return err
	}
	_, err = rw.w.Write(append(b, '\n'))
	return err
}

// ReadResults reads a results file of one set of rules; name is for
// errors, which point at the line.
func ReadResults(r io.Reader, name string) (*Meta, []GameRecord, error) {
	m, cells, err := ReadRun(r, name)
	if err != nil {
		return nil, nil, err
	}
	if len(cells) > 1 {
		return nil, nil, fmt.Errorf("%s: the games of a comparison or a sweep (%d cells), not of one run", name, len(cells))
	}
	return m, cells[0], nil
}

// ReadRun reads a results file, of one set of rules or of every cell of
// a comparison or a sweep: its games by cell, the base's first.
func ReadRun(r io.Reader, name string) (*Meta, [][]GameRecord, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	var meta *Meta
	var cells [][]GameRecord
	n := 0
	for sc.Scan() {
		n++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var l line
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: not a line of haven sim --out: %v", name, n, err)
		}
		switch {
		case meta == nil && l.Meta == nil:
			return nil, nil, fmt.Errorf("%s:%d: no meta line first: not a file of haven sim --out", name, n)
		case meta == nil:
			meta = l.Meta
			cells = make([][]GameRecord, 1+len(meta.Cells))
			for _, c := range meta.Cells {
				if c.Meta == nil || c.Meta.Players != meta.Players {
					return nil, nil, fmt.Errorf("%s:%d: cell %q: not a cell of %d players", name, n, c.Name, meta.Players)
				}
			}
		case l.Meta != nil:
			return nil, nil, fmt.Errorf("%s:%d: a second meta line", name, n)
		case len(l.Scores) != meta.Players || len(l.Bots) != meta.Players:
			return nil, nil, fmt.Errorf("%s:%d: seed %d: %d scores and %d bots for %d players", name, n, l.Seed, len(l.Scores), len(l.Bots), meta.Players)
		case l.Cell < 0 || l.Cell >= len(cells):
			return nil, nil, fmt.Errorf("%s:%d: seed %d: cell %d, in a file of %d cells", name, n, l.Seed, l.Cell, len(cells))
		default:
			cells[l.Cell] = append(cells[l.Cell], l.GameRecord)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	if meta == nil {
		return nil, nil, fmt.Errorf("%s: empty: not a file of haven sim --out", name)
	}
	return meta, cells, nil
}

// Merge puts together the results of runs of the same rules, table and
// bots, read from files by ReadResults: a seed may be in one file only.
// The Meta returned is the first one, its seed the lowest and its games
// the number of games merged.
func Merge(names []string, metas []*Meta, games [][]GameRecord) (*Meta, []GameRecord, error) {
	byCell := make([][][]GameRecord, len(games))
	for i, g := range games {
		byCell[i] = [][]GameRecord{g}
	}
	m, cells, err := MergeRun(names, metas, byCell)
	if err != nil {
		return nil, nil, err
	}
	if len(cells) > 1 {
		return nil, nil, fmt.Errorf("%s: the games of a comparison or a sweep, not of one run", names[0])
	}
	return m, cells[0], nil
}

// MergeRun is Merge for files read by ReadRun, which may hold every cell
// of a comparison or a sweep (the shards of one, say): the games of each
// cell are put together, a seed in one file only. The Metas returned,
// the first file's (its Cells copied), have the lowest seed and the
// number of games merged of their cell.
func MergeRun(names []string, metas []*Meta, games [][][]GameRecord) (*Meta, [][]GameRecord, error) {
	if len(metas) == 0 {
		return nil, nil, fmt.Errorf("nothing to merge")
	}
	m := *metas[0]
	m.Cells = slices.Clone(m.Cells)
	cellMetas := []*Meta{&m}
	for k, c := range m.Cells {
		cm := *c.Meta
		m.Cells[k].Meta = &cm
		cellMetas = append(cellMetas, &cm)
	}
	from := make([]map[uint64]string, len(cellMetas))
	all := make([][]GameRecord, len(cellMetas))
	for i, o := range metas {
		if why := m.Matches(o); why != "" {
			return nil, nil, fmt.Errorf("%s: cannot merge with %s: %s", names[i], names[0], why)
		}
		for k, recs := range games[i] {
			if from[k] == nil {
				from[k] = map[uint64]string{}
			}
			// By seed, so that a seed twice is named the same way however
			// the file's games were written (as their shards finished).
			for _, rec := range slices.SortedStableFunc(slices.Values(recs), bySeed) {
				if f, ok := from[k][rec.Seed]; ok {
					in := ""
					if k > 0 {
						in = " of " + m.Cells[k-1].Name
					}
					return nil, nil, fmt.Errorf("%s: seed %d%s is already in %s", names[i], rec.Seed, in, f)
				}
				from[k][rec.Seed] = names[i]
				all[k] = append(all[k], rec)
			}
		}
	}
	for k, cm := range cellMetas {
		cm.Games = len(all[k])
		for i, rec := range all[k] {
			if i == 0 || rec.Seed < cm.Seed {
				cm.Seed = rec.Seed
			}
		}
	}
	return &m, all, nil
}
