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
