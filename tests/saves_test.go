package tests

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/record"
)

// TestOldSaves replays saves written by `haven play --save` before the
// engine's rewrite (testdata/saves): every move must still be legal and
// the final state must hash as it did when the save was written. A save
// is a player's file: a change of the core must keep it playable. A
// change of a game's rules may not (its moves are the old rules'): the
// saves of a game whose rules changed are written again, by the same
// command (`haven play GAME --players N --seed S --bots all`, with the
// save's variants and options), and the old ones kept in
// testdata/saves-old-rules, which TestOldRulesSaves checks.
func TestOldSaves(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "saves", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	src := load.Source{FS: definitions.Files}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			l, err := record.Read(f)
			require.NoError(t, err)
			g, err := l.Compile(src)
			require.NoError(t, err)
			st, err := l.Replay(g)
			require.NoError(t, err)
			require.True(t, st.Finished, "the saved game was played to its end")
		})
	}
}

// TestOldRulesSaves loads saves of rules that have changed since they
// were written (testdata/saves-old-rules): each still reads and compiles,
// and its replay stops with one line at the first move the rules now
// refuse, never reaching a state the rules cannot reach.
func TestOldRulesSaves(t *testing.T) {
	refused := map[string]string{
		// The cashier now names the box he takes (cashier 3, 2 or 1).
		"masters-of-trade-3p-seed11.json": `move 16: illegal move "cashier": cashier takes 1 argument(s): pay`,
		// An empty ship's extra step is a choice: a fuel card whose own
		// steps lead somewhere is offered, so a choice once skipped
		// (nothing to choose) is asked.
		"mainports-3p-seed11.json": `move 114: illegal move "ship done": player 2 must answer fuel: fuel VALUE`,
		// No player starts below zero: the fourth to choose kept one
		// contract of three (two breaches, all his € 100,000) and may not
		// start in a mainport.
		"mainports-free-play-4p-seed3.json": `move 12: illegal move "start hamburg": hamburg is not one of the options (antwerpen, bremen)`,
	}
	files, err := filepath.Glob(filepath.Join("testdata", "saves-old-rules", "*.json"))
	require.NoError(t, err)
	require.Len(t, files, len(refused))
	src := load.Source{FS: definitions.Files}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, ok := refused[filepath.Base(f)]
			require.True(t, ok, "a save of old rules with no expected refusal")
			l, err := record.Read(f)
			require.NoError(t, err)
			g, err := l.Compile(src)
			require.NoError(t, err)
			_, err = l.Replay(g)
			require.EqualError(t, err, want)
		})
	}
}
