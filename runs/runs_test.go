package runs

import (
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/sim"
)

// run makes a run of games games from seed, seat 0 winning the odd seeds.
func run(cell string, seed uint64, games int) *Run {
	var recs []sim.GameRecord
	for i := range games {
		s := seed + uint64(i)
		recs = append(recs, sim.GameRecord{Seed: s, Bots: []string{"random", "random"},
			Scores: []int{int(s % 7), 3}, Winners: []int{int(s % 2)}, Length: 10 + i%3})
	}
	m := &sim.Meta{Game: "race", Players: 2, Bots: []string{"random"}, Seed: seed, Games: games, MaxDecisions: 100}
	return &Run{Batch: "b-" + cell, Cell: cell, DefinitionHash: "abc", Variants: []Variant{{Name: "v", Text: "package haven\n"}},
		Meta: m, Report: sim.Summarize(2, recs)}
}

func TestAddListLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.db")
	d, err := Open(path)
	require.NoError(t, err)
	a, b := run("base", 1<<63+5, 30), run("variant v", 7, 12)
	require.NoError(t, d.Add([]*Run{a, b}))
	require.NoError(t, d.Close())

	d, err = Open(path) // the file is found to be haven's
	require.NoError(t, err)
	defer d.Close()
	l, err := d.List()
	require.NoError(t, err)
	require.Len(t, l, 2)
	assert.Equal(t, Listed{ID: a.ID, Batch: "b-base", Cell: "base", Created: l[0].Created, Game: "race", DefinitionHash: "abc",
		Players: 2, Bots: []string{"random"}, Seed: 1<<63 + 5, Games: 30}, l[0])
	assert.Equal(t, b.ID, l[1].ID)

	got, err := d.Load(a.ID)
	require.NoError(t, err)
	assert.Equal(t, a.Report.Records, got.Report.Records)
	assert.Equal(t, a.Variants, got.Variants)
	assert.Equal(t, a.Meta, got.Meta)
	_, err = d.Load(99)
	assert.EqualError(t, err, path+": no run 99 (haven runs lists them)")
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.db")
	require.NoError(t, os.WriteFile(junk, []byte(strings.Repeat("not sqlite at all\n", 300)), 0o644))
	_, err := Open(junk)
	require.Error(t, err)
	assert.Regexp(t, `^`+junk+`: not a SQLite database, or a damaged one: [^\n]*file is not a database[^\n]*$`, err.Error())

	foreign := filepath.Join(dir, "foreign.db")
	db, err := sql.Open("sqlite", foreign)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE t (x)")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	_, err = Open(foreign)
	assert.EqualError(t, err, foreign+": a SQLite database, but not one of haven's runs (haven sim --db makes those)")

	_, err = Open(dir)
	assert.EqualError(t, err, dir+": not a file")
}

// TestConcurrentWriters starts two processes that add runs to one new
// file at once: every run of both is kept, with all its games.
func TestConcurrentWriters(t *testing.T) {
	if w := os.Getenv("HAVEN_RUNS_WRITER"); w != "" {
		// The writer: add runs, one transaction each.
		d, err := Open(os.Getenv("HAVEN_RUNS_DB"))
		require.NoError(t, err)
		for i := range 25 {
			require.NoError(t, d.Add([]*Run{run(w+strconv.Itoa(i), uint64(i), 40)}))
		}
		require.NoError(t, d.Close())
		return
	}
	path := filepath.Join(t.TempDir(), "runs.db")
	var cmds []*exec.Cmd
	for _, w := range []string{"a", "b"} {
		c := exec.Command(os.Args[0], "-test.run=^TestConcurrentWriters$")
		c.Env = append(os.Environ(), "HAVEN_RUNS_WRITER="+w, "HAVEN_RUNS_DB="+path)
		require.NoError(t, c.Start())
		cmds = append(cmds, c)
	}
	for _, c := range cmds {
		require.NoError(t, c.Wait())
	}
	d, err := Open(path)
	require.NoError(t, err)
	defer d.Close()
	l, err := d.List()
	require.NoError(t, err)
	cells := map[string]bool{}
	for _, r := range l {
		cells[r.Cell] = true
		got, err := d.Load(r.ID)
		require.NoError(t, err)
		assert.Len(t, got.Report.Records, 40)
	}
	assert.Len(t, l, 50)
	for _, w := range []string{"a", "b"} {
		for i := range 25 {
			assert.True(t, cells[fmt.Sprintf("%s%d", w, i)], "run %s%d kept", w, i)
		}
	}
}

// TestHistory lists the runs of the same rules, table and bots as a run,
// oldest first and up to it: not those of other variants, options or
// bots, nor the later ones.
func TestHistory(t *testing.T) {
	d, err := Open(filepath.Join(t.TempDir(), "runs.db"))
	require.NoError(t, err)
	defer d.Close()
	mk := func(cell, hash string, change func(*Run)) *Run {
		r := run(cell, 1, 6)
		r.DefinitionHash = hash
		if change != nil {
			change(r)
		}
		require.NoError(t, d.Add([]*Run{r}))
		return r
	}
	first := mk("a", "h1", nil)
	mk("other variant", "h1", func(r *Run) { r.Variants = []Variant{{Name: "w", Text: "package haven\n"}} })
	mk("other option", "h1", func(r *Run) { r.Options = []string{"mode=x"} })
	mk("other bots", "h1", func(r *Run) { r.Meta.Bots = []string{"greedy"} })
	// The same variant's text changed: the same rules by name, another
	// definition.
	edited := mk("b", "h2", func(r *Run) { r.Variants = []Variant{{Name: "v", Text: "package haven\n// edited\n"}} })
	mk("later", "h2", nil)

	h, err := d.History(edited)
	require.NoError(t, err)
	require.Len(t, h, 2)
	assert.Equal(t, []int64{first.ID, edited.ID}, []int64{h[0].ID, h[1].ID})
	assert.Equal(t, []string{"h1", "h2"}, []string{h[0].DefinitionHash, h[1].DefinitionHash})
	assert.Equal(t, []bool{false, true}, []bool{h[0].This, h[1].This})
	assert.Equal(t, 6, h[1].Games)
	assert.Equal(t, edited.Report.Seats[1].WinRate, h[1].WinRates[1])
	assert.Equal(t, edited.Report.Length.MeanInterval(), h[1].Length)
}
