package tests

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/coverage"
	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario"
)

// rulesDir is where the rule books lie: the shared folder beside the
// repository, or the folder HAVEN_RULES names (a work tree elsewhere).
func rulesDir() string {
	if d := os.Getenv("HAVEN_RULES"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "rules")
}

// minCoverage is the share of its standing rule book, in percent, that
// each shipped game's definition and scenarios cover at least (`haven
// coverage GAME`), so that a rule left without a quote is noticed.
var minCoverage = map[string]float64{
	"mainport-mastermind": 100,
	"rotterdam":           100,
	"masters-of-trade":    100,
	"mainports":           100,
}

// TestRuleBookCoverage measures every shipped game against its rule
// book: each game names a book that exists, covers at least its share
// of it, and marks as no rule only sentences the book holds.
func TestRuleBookCoverage(t *testing.T) {
	dir := rulesDir()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the rule books are not here (%s): they lie beside the repository, in ../shared/rules", dir)
	}
	src := load.Source{FS: definitions.Files}
	ids, err := src.Games()
	require.NoError(t, err)
	scs, err := scenario.LoadDir("scenarios")
	require.NoError(t, err)
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			game, quotes, err := coverage.GameQuotes(src, id)
			require.NoError(t, err)
			cfg, err := coverage.ConfigOf(game)
			require.NoError(t, err)
			name, err := game.LookupPath(cue.ParsePath("rules")).String()
			require.NoError(t, err, "the game names no rule book")
			book, err := os.ReadFile(filepath.Join(dir, name))
			require.NoError(t, err)
			quotes = append(quotes, coverage.ScenarioQuotes(id, scs)...)
			rep, err := coverage.Measure(coverage.Split(string(book), cfg.Languages), quotes, cfg)
			require.NoError(t, err)
			for _, n := range rep.Unused {
				t.Errorf("%s: not a rule %q%s matches no sentence of %s", n.Pos, n.Section, n.Quote, name)
			}
			c := rep.Counts()
			want, ok := minCoverage[id]
			require.True(t, ok, "give %s its share in minCoverage", id)
			assert.GreaterOrEqual(t, c.Percent(), want, "%s covers %.1f%% of %s: haven coverage %s lists what is not covered", id, c.Percent(), name, id)
			t.Logf("%s: %.1f%% of %d rules covered, %d sentences not rules", name, c.Percent(), c.Sentences-c.NotRules, c.NotRules)
		})
	}
}
