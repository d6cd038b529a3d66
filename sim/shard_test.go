package sim

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// pages writes the text and HTML reports of s, and of its comparison
// with base when base is set.
func pages(t *testing.T, players int, base, s Stats) []byte {
	t.Helper()
	r := Summarize(players, s.Records)
	var b bytes.Buffer
	r.WriteText(&b, "race")
	var cs []*Comparison
	if base.Records != nil {
		c := Compare("target 12", Summarize(players, base.Records), r)
		c.WriteText(&b)
		cs = append(cs, c)
	}
	require.NoError(t, WriteHTML(&b, "race", &Meta{Game: "race", Players: players}, r, cs))
	return b.Bytes()
}

func TestSplit(t *testing.T) {
	assert.Equal(t, []Shard{
		{Cell: 2, Index: 0, Of: 3, First: 0, Games: 3},
		{Cell: 2, Index: 1, Of: 3, First: 3, Games: 3},
		{Cell: 2, Index: 2, Of: 3, First: 6, Games: 4},
	}, Split(2, 10, 3))
	assert.Len(t, Split(0, 2, 5), 2, "no empty shard")
	first, last := Split(0, 10, 3)[2].Seeds(100)
	assert.Equal(t, [2]uint64{106, 109}, [2]uint64{first, last})
}

// TestReportSameForAnySplit plays a run as one shard and as seven, the
// seven put together in another order, and checks that the reports, text
// and HTML, are the same byte for byte.
func TestReportSameForAnySplit(t *testing.T) {
	const games = 60
	opt := Options{Players: 3, Seed: 40, Bot: "greedy"}
	base := compile(t)
	one, err := Simulate(base, &opt, Split(0, games, 1)[0])
	require.NoError(t, err)
	require.Len(t, one.Records, games)

	var seven Stats
	shards := Split(0, games, 7)
	for k := len(shards) - 1; k >= 0; k-- {
		s, err := Simulate(compile(t), &opt, shards[k])
		require.NoError(t, err)
		seven = MergeStats(seven, s)
	}
	assert.Equal(t, string(pages(t, 3, Stats{}, one)), string(pages(t, 3, Stats{}, seven)))

	// A cell of other rules plays the same seeds, so that its comparison
	// pairs them, and is the same for any split too.
	long := compile(t, "params.target=12")
	v1, err := Simulate(long, &opt, Shard{Cell: 1, Of: 1, Games: games})
	require.NoError(t, err)
	var v7 Stats
	for _, sh := range Split(1, games, 7) {
		s, err := Simulate(long, &opt, sh)
		require.NoError(t, err)
		v7 = MergeStats(s, v7)
	}
	assert.Equal(t, 1, v7.Cell)
	assert.Equal(t, string(pages(t, 3, one, v1)), string(pages(t, 3, seven, v7)))
}

// TestRetriedShardCountsOnce merges a shard played twice: its games are
// the same, and counted once.
func TestRetriedShardCountsOnce(t *testing.T) {
	opt := Options{Players: 2, Seed: 9}
	shards := Split(0, 12, 3)
	a, err := Simulate(compile(t), &opt, shards[0])
	require.NoError(t, err)
	again, err := Simulate(compile(t), &opt, shards[0])
	require.NoError(t, err)
	assert.Equal(t, a, again, "a retried shard plays the same games")
	b, err := Simulate(compile(t), &opt, shards[1])
	require.NoError(t, err)

	ab := MergeStats(a, b)
	assert.Len(t, ab.Records, 8)
	assert.Equal(t, ab, MergeStats(MergeStats(a, b), again))
	assert.Equal(t, ab, MergeStats(b, MergeStats(again, a)))
	assert.Equal(t, a, MergeStats(a, a))
}

// TestPoolSameForAnyWorkers plays two cells on one worker with shards of
// one game, and on three with shards of five.
func TestPoolSameForAnyWorkers(t *testing.T) {
	cells := func() []Cell {
		var cs []Cell
		for _, sets := range [][]string{nil, {"params.target=12"}} {
			cs = append(cs, Cell{Game: compile(t, sets...),
				Compile: func() (*interpreter.Game, error) { return compile(t, sets...), nil },
				Options: Options{Games: 23, Players: 3, Seed: 5, Bot: "greedy"}})
		}
		return cs
	}
	text := func(p Pool) string {
		done := 0
		p.Progress = func(n int) { done = n }
		rs, err := p.Run(cells())
		require.NoError(t, err)
		assert.Equal(t, 46, done, "progress counts every game")
		var b bytes.Buffer
		for _, r := range rs {
			r.Seconds = 0
			r.WriteText(&b, "race")
		}
		Compare("target 12", rs[0], rs[1]).WriteText(&b)
		return b.String()
	}
	assert.Equal(t, text(Pool{Workers: 1, ShardGames: 1}), text(Pool{Workers: 3, ShardGames: 5}))
}

// TestShardErrorNamesSeed: a shard whose game has no legal move says
// which shard, which seed and which decision.
func TestShardErrorNamesSeed(t *testing.T) {
	opt := Options{Players: 2, Seed: 100}
	_, err := Simulate(compile(t, "params.target=99"), &opt, Split(0, 9, 3)[1])
	require.Error(t, err)
	assert.Regexp(t, `^shard 2 of 3 \(seeds 103-105\): seed 103, decision \d+: player \d has no legal move$`, err.Error())

	p := Pool{Workers: 2, ShardGames: 2}
	_, err = p.Run([]Cell{{Name: "variant stuck", Game: compile(t, "params.target=99"),
		Compile: func() (*interpreter.Game, error) { return compile(t, "params.target=99"), nil },
		Options: Options{Games: 6, Players: 2, Seed: 100}}})
	require.Error(t, err)
	assert.Regexp(t, `^variant stuck: shard 1 of 3 \(seeds 100-101\): seed 100, decision \d+: `, err.Error())
}

// TestShardFilesOfCells writes the shards of a comparison, each shard
// with its part of both cells in one results file, reads them back and
// merges them in another order: the reports are those of the run played
// at once, byte for byte.
func TestShardFilesOfCells(t *testing.T) {
	const games = 25
	opt := Options{Players: 3, Seed: 11, Bots: []string{"greedy", "random", "random"}, Rotate: true}
	cellGames := []*interpreter.Game{compile(t), compile(t, "params.target=12")}
	meta := func() *Meta {
		m := &Meta{Game: "race", Players: 3, Bots: opt.Bots, Rotate: true, Seed: 11, Games: games}
		long := *m
		long.Sets = []string{"params.target=12"}
		m.Cells = []CellMeta{{Name: "target 12", Meta: &long}}
		return m
	}
	var whole [2]Stats
	for c, g := range cellGames {
		var err error
		whole[c], err = Simulate(g, &opt, Shard{Cell: c, Of: 1, Games: games})
		require.NoError(t, err)
	}
	files := make([][]byte, 3)
	for k := range files {
		var b bytes.Buffer
		w, err := NewResultsWriter(&b, meta(), true)
		require.NoError(t, err)
		for c := len(cellGames) - 1; c >= 0; c-- { // the variant's games first
			s, err := Simulate(cellGames[c], &opt, Split(c, games, 3)[k])
			require.NoError(t, err)
			for _, rec := range s.Records {
				require.NoError(t, w.WriteCell(c, rec))
			}
		}
		files[k] = b.Bytes()
	}
	names := []string{"part-2", "part-0", "part-1"}
	var metas []*Meta
	var read [][][]GameRecord
	for _, k := range []int{2, 0, 1} {
		m, cells, err := ReadRun(bytes.NewReader(files[k]), names[len(metas)])
		require.NoError(t, err)
		require.Len(t, cells, 2)
		metas, read = append(metas, m), append(read, cells)
	}
	m, cells, err := MergeRun(names, metas, read)
	require.NoError(t, err)
	assert.Equal(t, games, m.Games)
	assert.Equal(t, uint64(11), m.Seed)
	assert.Equal(t, games, m.Cells[0].Meta.Games)
	assert.Equal(t, string(pages(t, 3, whole[0], whole[1])), string(pages(t, 3, Stats{Records: cells[0]}, Stats{Cell: 1, Records: cells[1]})))

	// A file of one cell is no shard of it; a cell's seed twice is named.
	_, _, err = ReadResults(bytes.NewReader(files[0]), "part-0")
	assert.EqualError(t, err, "part-0: the games of a comparison or a sweep (2 cells), not of one run")
	one := *metas[0]
	one.Cells = nil
	_, _, err = MergeRun([]string{"a", "b"}, []*Meta{metas[0], &one}, [][][]GameRecord{read[0], read[0][:1]})
	assert.EqualError(t, err, "b: cannot merge with a: 1 cells, not 2")
	_, _, err = MergeRun([]string{"a", "b"}, metas[:2], [][][]GameRecord{read[0], {nil, read[0][1]}})
	assert.EqualError(t, err, "b: seed 27 of target 12 is already in a")
	_, _, err = ReadRun(bytes.NewReader(append(files[0], []byte(`{"cell":2,"seed":1,"bots":["a","b","c"],"scores":[1,2,3]}`+"\n")...)), "f")
	assert.Regexp(t, `^f:\d+: seed 1: cell 2, in a file of 2 cells$`, err.Error())
}
