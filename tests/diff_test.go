package tests

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// The differential guard: seeded random games recorded from the core as
// it stood before the engine's rewrite (testdata/diff/*.txt), replayed
// by the core as it stands now. A game is recorded as its seed, players,
// the number of decisions played, and hashes of every list of legal
// moves, of the moves chosen and of the final state: a change of the
// core that changes any of them is caught, whatever it changed.
//
// The games are chosen by a generator of the test's own (splitmix64),
// not math/rand, so that a change of Go's library cannot change them.

const (
	// diffEnv set to "all" replays every recorded game; by default a
	// subset of each file (15 games: 30 per game), so that CI stays fast.
	diffEnv = "HAVEN_DIFF_GAMES"
	// diffRecordEnv set to 1 records the files anew from the current
	// core: only when a difference is intended, and said in the commit.
	diffRecordEnv = "HAVEN_DIFF_RECORD"
	diffDefault   = 15
)

// diffConfig is one recorded set of games of a game: the overrides it is
// compiled with, how many games, and the decision cap that keeps a game
// that never ends (or ends late) cheap.
type diffConfig struct {
	file  string
	game  string
	sets  []string
	games int
	cap   int
}

var diffConfigs = []diffConfig{
	{"rotterdam.txt", "rotterdam", nil, 300, 2500},
	{"rotterdam-short.txt", "rotterdam", []string{"cap.max=8", "params.mission_points_to_win=2"}, 700, 400},
	{"mainport-mastermind.txt", "mainport-mastermind", nil, 300, 2500},
	{"mainport-mastermind-short.txt", "mainport-mastermind", []string{"cap.max=30", "params.products_to_win=1"}, 700, 400},
	{"masters-of-trade.txt", "masters-of-trade", nil, 300, 2500},
	{"masters-of-trade-short.txt", "masters-of-trade", []string{"cap.max=4", "params.contract_points_to_end=3"}, 700, 400},
	{"mainports.txt", "mainports", nil, 300, 2500},
	{"mainports-short.txt", "mainports", []string{"cap.max=30", `params.game_version="free-play"`, "params.million=160"}, 700, 400},
	{"mainports-great-europe.txt", "mainports", []string{"options.map.value=great-europe"}, 200, 1000},
}

// diffGame is one recorded game.
type diffGame struct {
	seed      uint64
	players   int
	decisions int
	legal     uint64 // every list of legal moves, in order
	moves     uint64 // the moves chosen
	state     uint64 // the final state's canonical JSON
}

func (d diffGame) String() string {
	return fmt.Sprintf("%d %d %d %016x %016x %016x", d.seed, d.players, d.decisions, d.legal, d.moves, d.state)
}

// splitmix is the test's own generator of choices.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// playDiff plays one game: players 2 to 4 by seed, each decision a
// uniformly chosen legal move, at most max decisions.
func playDiff(t testing.TB, g *interpreter.Game, seed uint64, max int) diffGame {
	d := diffGame{seed: seed, players: 2 + int(seed%3)}
	// The games were recorded drawing every random number from one
	// generator; streams change only which generator a draw comes from,
	// so the rules are compared on that one.
	st, err := g.NewOneStream(d.players, seed)
	require.NoError(t, err, "seed %d", seed)
	r := splitmix(seed ^ 0xd1ff)
	legal, moves := fnv.New64a(), fnv.New64a()
	// Odd seeds play by index, even ones by text: both must play the
	// games recorded (by text, before moves by index existed).
	byIndex := seed%2 == 1
	var ms []interpreter.Move
	for ; !st.Finished && d.decisions < max; d.decisions++ {
		if byIndex {
			ms, err = g.LegalInto(st, ms)
		} else {
			ms, err = g.Legal(st)
		}
		require.NoError(t, err, "seed %d", seed)
		require.NotEmpty(t, ms, "seed %d: a decision with no legal move", seed)
		for _, m := range ms {
			fmt.Fprintf(legal, "%d %s\n", m.Player, m.Text)
		}
		legal.Write([]byte{'\n'})
		i := int(r.next() % uint64(len(ms)))
		m := ms[i]
		fmt.Fprintf(moves, "%d %s\n", m.Player, m.Text)
		if byIndex {
			require.NoError(t, g.ApplyIndex(st, i), "seed %d", seed)
		} else {
			require.NoError(t, g.Apply(st, m.Text), "seed %d", seed)
		}
	}
	d.legal, d.moves = legal.Sum64(), moves.Sum64()
	h := fnv.New64a()
	h.Write(canonicalState(t, st))
	d.state = h.Sum64()
	return d
}

// canonicalState is the state as JSON without its event log and step
// count, with every null, empty list and empty object left out: how a
// core spells "nothing" is not the game's state.
func canonicalState(t testing.TB, st *interpreter.State) []byte {
	c := *st
	c.Log, c.Steps = nil, 0
	b, err := json.Marshal(&c)
	require.NoError(t, err)
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	require.NoError(t, d.Decode(&v))
	b, err = json.Marshal(dropEmpty(v))
	require.NoError(t, err)
	return b
}

func dropEmpty(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			e = dropEmpty(e)
			if isEmpty(e) {
				delete(x, k)
			} else {
				x[k] = e
			}
		}
	case []any:
		for i := range x {
			x[i] = dropEmpty(x[i])
		}
	}
	return v
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

// TestDifferential replays the recorded games and checks each plays out
// exactly as recorded.
func TestDifferential(t *testing.T) {
	record := os.Getenv(diffRecordEnv) == "1"
	n := diffDefault
	if s := os.Getenv(diffEnv); s == "all" {
		n = -1
	} else if s != "" {
		k, err := strconv.Atoi(s)
		require.NoError(t, err, diffEnv)
		n = k
	}
	for _, cfg := range diffConfigs {
		t.Run(strings.TrimSuffix(cfg.file, ".txt"), func(t *testing.T) {
			g := compiled(t, cfg.game, cfg.sets...)
			g.SetLog(false)
			path := filepath.Join("testdata", "diff", cfg.file)
			if record {
				recordDiff(t, g, cfg, path)
				return
			}
			want := readDiff(t, cfg, path)
			if n >= 0 && n < len(want) {
				// A spread of the games, not only the first ones.
				step := len(want) / n
				var some []diffGame
				for i := 0; i < n; i++ {
					some = append(some, want[i*step])
				}
				want = some
			}
			for _, w := range want {
				got := playDiff(t, g, w.seed, cfg.cap)
				require.Equal(t, w.players, got.players, "seed %d", w.seed)
				require.Equal(t, w.String(), got.String(), "%s seed %d: the game plays differently (seed players decisions legal moves state)", cfg.file, w.seed)
			}
		})
	}
}

// header is the first line of a file: what it was recorded with.
func (cfg diffConfig) header() string {
	return fmt.Sprintf("# %s sets=%s games=%d cap=%d; then: seed players decisions legal-hash moves-hash state-hash", cfg.game, strings.Join(cfg.sets, ","), cfg.games, cfg.cap)
}

func recordDiff(t *testing.T, g *interpreter.Game, cfg diffConfig, path string) {
	var b strings.Builder
	b.WriteString(cfg.header() + "\n")
	ended := 0
	for i := 1; i <= cfg.games; i++ {
		d := playDiff(t, g, uint64(i), cfg.cap)
		if d.decisions < cfg.cap {
			ended++
		}
		b.WriteString(d.String() + "\n")
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	t.Logf("%s: %d games, %d ended before the cap", path, cfg.games, ended)
}

func readDiff(t *testing.T, cfg diffConfig, path string) []diffGame {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	require.True(t, sc.Scan(), "%s: empty", path)
	require.Equal(t, cfg.header(), sc.Text(), "%s: recorded with other settings", path)
	var out []diffGame
	for sc.Scan() {
		var d diffGame
		_, err := fmt.Sscanf(sc.Text(), "%d %d %d %x %x %x", &d.seed, &d.players, &d.decisions, &d.legal, &d.moves, &d.state)
		require.NoError(t, err, "%s: %q", path, sc.Text())
		out = append(out, d)
	}
	require.NoError(t, sc.Err())
	require.Len(t, out, cfg.games, path)
	return out
}
