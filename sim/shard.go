package sim

import (
	"errors"
	"fmt"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// A run is cut into shards so that any runner can play it: the local
// pool, a batch job per shard (haven sim --shard), or a distributed
// pipeline. Every runner calls the same two functions, Simulate for each
// shard and MergeStats to put shards together, and the report, built by
// Summarize from the merged games sorted by seed, is the same for any
// split.
//
// The seeds of a shard are those of its games in the run: game i of the
// run uses Options.Seed+i, whatever the shard and the cell (a set of
// rules: the base, a variant, a point of a sweep) it belongs to. Shard k
// of n always holds the same games, so a shard played again (a retry)
// plays the same games; and the cells of a run play the same seeds, so
// that a comparison pairs them seed by seed.

// Shard is a part of a run: games First to First+Games-1 of one cell.
type Shard struct {
	// Cell is the index of the shard's set of rules in the run (0, the
	// base, for a run of one).
	Cell int `json:"cell"`
	// Index is the shard's place among the Of shards of its cell.
	Index int `json:"index"`
	Of    int `json:"of"`
	First int `json:"firstGame"`
	Games int `json:"games"`
}

// Seeds are the first and last seeds of the shard's games in a run from
// seed.
func (sh Shard) Seeds(seed uint64) (first, last uint64) {
	return seed + uint64(sh.First), seed + uint64(sh.First+sh.Games) - 1
}

// Split cuts the games of a cell into n shards as equal as can be (the
// first ones one game longer), n at most games.
func Split(cell, games, n int) []Shard {
	n = max(1, min(n, games))
	out := make([]Shard, n)
	for k := range out {
		first, end := k*games/n, (k+1)*games/n
		out[k] = Shard{Cell: cell, Index: k, Of: n, First: first, Games: end - first}
	}
	return out
}

// Stats are the games that shards of one cell played, by seed, one per
// seed: enough to rebuild the cell's report (Summarize) and to compare
// it with another cell seed by seed.
type Stats struct {
	Cell    int          `json:"cell"`
	Records []GameRecord `json:"records"`
}

// ShardError is a shard that failed: its game that failed names the seed
// and the decision, so that the game can be played again alone.
type ShardError struct {
	Shard Shard
	// Seed is the run's first seed.
	Seed uint64
	Err  error
}

func (e *ShardError) Error() string {
	first, last := e.Shard.Seeds(e.Seed)
	seeds := fmt.Sprintf("seeds %d-%d", first, last)
	if first == last {
		seeds = fmt.Sprintf("seed %d", first)
	}
	return fmt.Sprintf("shard %d of %d (%s): %v", e.Shard.Index+1, e.Shard.Of, seeds, e.Err)
}

func (e *ShardError) Unwrap() error { return e.Err }

// Simulate plays the games of a shard on g, which must be compiled with
// the shard's cell's rules, with opt's table, bots and decision budget
// (opt.Skip is honoured; the pool's fields, Workers, Compile, OnGame and
// Progress, are not read). It stops at the first game that fails, with a
// *ShardError, and before a game once opt.Stop is closed, returning the
// games finished.
func Simulate(g *interpreter.Game, opt *Options, sh Shard) (Stats, error) {
	return simulate(g, new(interpreter.State), opt, sh, nil)
}

// simulate is Simulate in the state st of the worker's previous games,
// calling each (if set) after each game.
func simulate(g *interpreter.Game, st *interpreter.State, opt *Options, sh Shard, each func()) (Stats, error) {
	s := Stats{Cell: sh.Cell}
	for i := sh.First; i < sh.First+sh.Games; i++ {
		seed := opt.Seed + uint64(i)
		if opt.Skip != nil && opt.Skip(seed) {
			continue
		}
		select {
		case <-opt.Stop:
			return s, nil
		default:
		}
		rec, err := playOne(g, st, opt, i)
		if err != nil {
			return s, &ShardError{Shard: sh, Seed: opt.Seed, Err: err}
		}
		s.Records = append(s.Records, rec)
		if each != nil {
			each()
		}
	}
	return s, nil
}

// MergeStats puts together the games of two sets of shards of the same
// cell, by seed. A seed that both hold (a shard played twice, as a
// runner may retry one) is counted once: its games are the same, by the
// seeds' construction. The result does not depend on the order of the
// arguments, nor on how the games were split.
func MergeStats(a, b Stats) Stats {
	a, b = sortStats(a), sortStats(b)
	out := Stats{Cell: a.Cell, Records: make([]GameRecord, 0, len(a.Records)+len(b.Records))}
	if len(a.Records) == 0 {
		out.Cell = b.Cell
	}
	i, j := 0, 0
	for i < len(a.Records) || j < len(b.Records) {
		switch {
		case j == len(b.Records) || i < len(a.Records) && a.Records[i].Seed < b.Records[j].Seed:
			out.Records = append(out.Records, a.Records[i])
			i++
		case i == len(a.Records) || b.Records[j].Seed < a.Records[i].Seed:
			out.Records = append(out.Records, b.Records[j])
			j++
		default: // the same seed: once
			out.Records = append(out.Records, a.Records[i])
			i, j = i+1, j+1
		}
	}
	return out
}

// sortStats puts a shard's games in seed order (Simulate plays them in
// that order, but a shard written by hand or by another runner need not
// be) and drops a seed seen twice.
func sortStats(s Stats) Stats {
	if slices.IsSortedFunc(s.Records, bySeed) {
		return s
	}
	s.Records = slices.Clone(s.Records)
	slices.SortStableFunc(s.Records, bySeed)
	s.Records = slices.CompactFunc(s.Records, func(a, b GameRecord) bool { return a.Seed == b.Seed })
	return s
}

func bySeed(a, b GameRecord) int {
	switch {
	case a.Seed < b.Seed:
		return -1
	case a.Seed > b.Seed:
		return 1
	}
	return 0
}

// isPanic says whether err is, or wraps, a panic of a game.
func isPanic(err error) bool {
	var pe *PanicError
	return errors.As(err, &pe)
}
