package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/runs"
)

// TestSimDB keeps a run and a comparison in a database, lists them, and
// compares two runs kept apart as --compare compares them in one command.
func TestSimDB(t *testing.T) {
	db := filepath.Join(t.TempDir(), "runs.db")
	run := []string{"sim", "race", "--defs", defs, "-n", "20", "--seed", "4", "--players", "2", "--bot", "greedy", "--db", db}
	_, stderr, code := haven(t, "", run...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as run 1 in "+db+"\n", stderr)
	cmp, stderr, code := haven(t, "", append(run, "--compare", "short")...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as runs 2, 3 in "+db+"\n", stderr)

	list, stderr, code := haven(t, "", "runs", "--db", db)
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(list), "\n")
	require.Len(t, lines, 4)
	assert.Regexp(t, `^id +kept \(UTC\) +game +rules +players +bots +games +seed +definition$`, lines[0])
	assert.Regexp(t, `^1 +\d{4}-\d\d-\d\d \d\d:\d\d +race +base +2 +greedy +20 +4 +[0-9a-f]{12}$`, lines[1])
	assert.Regexp(t, `^3 +.* +race +variant short +2 +greedy +20 +4 +[0-9a-f]{12}$`, lines[3])
	hash := func(l string) string { f := strings.Fields(l); return f[len(f)-1] }
	assert.Equal(t, hash(lines[1]), hash(lines[2]), "the same definition, the same hash")
	assert.NotEqual(t, hash(lines[1]), hash(lines[3]), "a variant changes the hash")

	// Run 3 (the variant) against run 1 (the base of another command):
	// the same differences as the comparison made in one command.
	page := filepath.Join(t.TempDir(), "compare.html")
	out, stderr, code := haven(t, "", "runs", "compare", "1", "3", "--db", db, "--report", page)
	require.Equal(t, 0, code, stderr)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<h1>run 1: Race: 2 players, bots greedy</h1>")
	assert.Contains(t, string(html), "<h3>run 3 (variant short)</h3>")
	_, diff, ok := strings.Cut(out, "\n\n")
	require.True(t, ok)
	_, want, ok := strings.Cut(cmp, "\n\nvariant short")
	require.True(t, ok, cmp)
	_, got, ok := strings.Cut(diff, "\n")
	require.True(t, ok)
	_, want, _ = strings.Cut(want, "\n")
	assert.Equal(t, want, got)

	_, stderr, code = haven(t, "", "runs", "compare", "1", "9", "--db", db)
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: "+db+": no run 9 (haven runs lists them)\n", stderr)
}

func TestRunsRefuseFiles(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.db")
	require.NoError(t, os.WriteFile(junk, []byte(strings.Repeat("x", 5000)), 0o644))
	for _, args := range [][]string{{"runs", "--db", junk}, {"sim", "race", "--defs", defs, "-n", "2", "--db", junk}} {
		_, stderr, code := haven(t, "", args...)
		assert.Equal(t, 1, code)
		assert.Regexp(t, `^haven: `+junk+`: not a SQLite database, or a damaged one: [^\n]*\n$`, stderr)
	}
}

// TestRunsCompareAgain plays a kept run's seeds again under a variant
// and checks that the report is the one sim --compare gives for the
// same seeds, table and rotated bots; --keep keeps the new games as a
// run of their own.
func TestRunsCompareAgain(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "runs.db")
	run := []string{"sim", "race", "--defs", defs, "-n", "17", "--seed", "6", "--players", "3", "--bot", "greedy,random,random", "--rotate"}
	_, stderr, code := haven(t, "", append(run, "--db", db)...)
	require.Equal(t, 0, code, stderr)
	cmp, stderr, code := haven(t, "", append(run, "--compare", "short")...)
	require.Equal(t, 0, code, stderr)

	page := filepath.Join(dir, "again.html")
	out, stderr, code := haven(t, "", "runs", "compare", "1", "--variant", "short", "--keep", "--db", db, "--report", page, "--workers", "2")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, "sim: kept as run 2 in "+db+"\n", stderr)
	head, report, ok := strings.Cut(out, "\n\n")
	require.True(t, ok)
	assert.Regexp(t, `^run 1 \(race, base\) is the base; definitions ([0-9a-f]{12}) then, [0-9a-f]{12} now$`, head)
	// The base's report, under its run's title, then the comparison, as
	// sim --compare prints them.
	title, report, _ := strings.Cut(report, "\n")
	assert.Equal(t, "run 1: Race: 3 players, bots greedy,random,random (rotated)", title)
	wantBase, wantCmp, ok := strings.Cut(timeLine.ReplaceAllString(cmp, ""), "\n\nvariant short against the base")
	require.True(t, ok)
	_, wantBase, _ = strings.Cut(wantBase, "\n")
	gotBase, gotCmp, ok := strings.Cut(report, "\n\nrun 1 played again with --variant short against the base")
	require.True(t, ok, report)
	assert.Equal(t, wantBase, gotBase)
	assert.Equal(t, wantCmp, gotCmp)
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	assert.Contains(t, string(html), "<h3>run 1 played again with --variant short</h3>")

	// The games kept are those of the variant played by sim.
	list, _, _ := haven(t, "", "runs", "--db", db)
	lines := strings.Split(strings.TrimSpace(list), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^2 +.* +race +variants short +3 +greedy,random,random +17 +6 +[0-9a-f]{12}$`, lines[2])
	again, stderr, code := haven(t, "", "runs", "compare", "2", "--db", db)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, again, "run 2 played again against the base, over 17 seeds")
	assert.Regexp(t, `\nseat 0 score +17 +(\d+\.\d\d) +(\d+\.\d\d) +\+0\.00 \[\+0\.00, \+0\.00\]`, again)
}

// TestRunsCompareAgainRefused: a run whose rules or bots cannot be had
// again says why in one line.
func TestRunsCompareAgainRefused(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "runs.db")
	variant := filepath.Join(dir, "long.cue")
	require.NoError(t, os.WriteFile(variant, []byte("package haven\ngame: params: target: 12\n"), 0o644))
	_, stderr, code := haven(t, "", "sim", "race", "--defs", defs, "-n", "4", "--players", "2", "--variant", variant, "--db", db)
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.Remove(variant))
	_, stderr, code = haven(t, "", "runs", "compare", "1", "--db", db)
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: run 1 cannot be played again: variant "+variant+": no such file\n", stderr)

	// A run of a bot whose model file is gone.
	d, err := runs.Open(db)
	require.NoError(t, err)
	r, err := d.Load(1)
	require.NoError(t, err)
	model := filepath.Join(dir, "model.json")
	r.Meta.Variants, r.Variants, r.Meta.Bots = nil, nil, []string{"learned:model=" + model}
	require.NoError(t, d.Add([]*runs.Run{r}))
	require.NoError(t, d.Close())
	_, stderr, code = haven(t, "", "runs", "compare", "2", "--db", db)
	assert.Equal(t, 1, code)
	assert.Equal(t, "haven: run 2 cannot be played again: bot learned:model="+model+": open "+model+": no such file or directory\n", stderr)

	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"compare", "1", "2", "--variant", "short"}, "compare A B compares two runs as they were: --keep, --defs, --variant, --set and --option are for compare A"},
		{[]string{"show", "1", "--keep"}, "show reports a run as it was: --keep, --defs, --variant, --set and --option are for compare A"},
		{[]string{"--set", "params.target=3"}, "--report, --keep, --defs, --variant, --set and --option are for show or compare"},
		{[]string{"show"}, "show: give one run, its id in haven runs"},
		{[]string{"show", "x"}, `show: run "x": want the id of a run (haven runs lists them)`},
		{[]string{"compare"}, "compare: give two runs, A and B (their ids in haven runs), or one to play again under the definition as it is now"},
	} {
		_, stderr, code := haven(t, "", append([]string{"runs", "--db", db}, tc.args...)...)
		assert.Equal(t, 2, code, tc.args)
		assert.Equal(t, "haven: runs: "+tc.err+"; see 'haven help runs'\n", stderr)
	}
}

// TestReportHistory keeps runs of a game whose definition changes
// between them: the HTML report of the last lists the earlier ones of the
// same table and bots, oldest first, the change of definition marked;
// runs show gives the same page and the same text as sim.
func TestReportHistory(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "defs", "race", "game.cue")
	require.NoError(t, os.MkdirAll(filepath.Dir(game), 0o755))
	text, err := os.ReadFile(filepath.Join(defs, "race", "game.cue"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(game, text, 0o644))
	db := filepath.Join(dir, "runs.db")
	run := []string{"sim", "race", "--defs", filepath.Join(dir, "defs"), "-n", "8", "--players", "2", "--bot", "greedy", "--db", db}
	page := filepath.Join(dir, "page.html")
	sim := func(args ...string) string {
		out, stderr, code := haven(t, "", append(append(run, "--report", page), args...)...)
		require.Equal(t, 0, code, stderr)
		b, err := os.ReadFile(page)
		require.NoError(t, err)
		return timeLine.ReplaceAllString(out, "") + "\x00" + string(b)
	}
	first := sim("--seed", "1")
	assert.NotContains(t, first, "<h2>History</h2>", "a run alone has no history")
	sim("--seed", "1", "--bot", "random") // other bots: another history
	sim("--seed", "2")
	require.NoError(t, os.WriteFile(game, []byte(strings.Replace(string(text), "*10 | int", "*12 | int", 1)), 0o644))
	last := sim("--seed", "3")

	rows := regexp.MustCompile(`<tr><td>(\d+)[^<]*</td><td>[^<]+</td><td>base</td><td>8</td>(?:<td>[^<]+</td>){5}<td( class="sig")?>([0-9a-f]{12})( changed)?</td></tr>`).FindAllStringSubmatch(last, -1)
	require.Len(t, rows, 3, last)
	for i, want := range []struct{ id, changed string }{{"1", ""}, {"3", ""}, {"4", " changed"}} {
		assert.Equal(t, want.id, rows[i][1])
		assert.Equal(t, want.changed, rows[i][4])
	}
	assert.Equal(t, rows[0][3], rows[1][3])
	assert.NotEqual(t, rows[1][3], rows[2][3])
	assert.Contains(t, last, "<td>4 (this one)</td>")
	assert.Contains(t, last, "<title>Win rate per seat across runs</title>")

	// runs show: the same page, the same report under the run's title.
	shown := filepath.Join(dir, "shown.html")
	out, stderr, code := haven(t, "", "runs", "show", "4", "--db", db, "--report", shown)
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(shown)
	require.NoError(t, err)
	wantText, wantPage, _ := strings.Cut(last, "\x00")
	_, wantText, _ = strings.Cut(wantText, "\n")
	title, gotText, _ := strings.Cut(out, "\n")
	assert.Equal(t, "run 4: Race: 2 players, bots greedy", title)
	assert.Equal(t, wantText, gotText)
	assert.Equal(t, strings.Replace(wantPage, "<h1>Race: 2 players", "<h1>run 4: Race: 2 players", 1), strings.Replace(string(b), "<title>run 4: ", "<title>", 1))
}
