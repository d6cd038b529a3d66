package sim

import (
	"fmt"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

// Cell is one set of rules of a run, as the local pool plays it: the
// base game, a variant, a point of a sweep.
type Cell struct {
	// Name names the cell in errors ("variant short-game"); "" for a run
	// of one.
	Name string
	// Game is the cell's compiled game; Compile makes another, for each
	// extra worker (a Game runs one state at a time).
	Game    *interpreter.Game
	Compile func() (*interpreter.Game, error)
	// Options are the cell's games: Games, Players, Seed, the bots,
	// MaxDecisions and Skip. The pool's own fields are in Pool.
	Options Options
}

// Pool plays the shards of a run on this machine's cores: the default
// runner. Each worker holds its own compiled Game and calls Simulate for
// one shard after another; the shards of each cell are put together with
// MergeStats.
type Pool struct {
	// Workers is how many shards are played at once.
	Workers int
	// ShardGames is the number of games a shard holds; 0 picks shards
	// small enough that no worker waits long for the last ones.
	ShardGames int
	// Progress, if set, is called after each game with the number of
	// games done, from one goroutine.
	Progress func(done int)
	// Stop, once closed, starts no more games: the games under way end
	// and the run reports the ones finished (Report.Interrupted).
	Stop <-chan struct{}
	// OnShard, if set, is called with each shard's games as the shard
	// finishes, from one goroutine: to write results as they come. An
	// error stops the run.
	OnShard func(Stats) error
}

// shardGames is the size of the shards of a cell of games games on
// workers workers: some sixteen shards a worker, of at most 16 games, so
// that the last shards end close together.
func (p *Pool) shardGames(games, workers int) int {
	if p.ShardGames > 0 {
		return p.ShardGames
	}
	return max(1, min(16, games/(16*workers)))
}

// Run plays the games of every cell and reports each, in the order of
// cells. The shards of all the cells share the workers, so that a
// comparison or a sweep keeps every core busy from its first game to its
// last. It stops at the first shard that fails.
func (p Pool) Run(cells []Cell) ([]*Report, error) {
	for _, c := range cells {
		o := &c.Options
		if n := len(o.Bots); n > 1 && n != o.Players {
			return nil, fmt.Errorf("%d bots for %d seats: give one bot, or one per seat", n, o.Players)
		}
		for _, spec := range o.SeatBots(0) {
			if _, err := NewBot(spec, c.Game, o.Seed); err != nil {
				return nil, err
			}
		}
	}
	workers := max(1, p.Workers)
	for _, c := range cells {
		if c.Compile == nil {
			workers = 1 // the one Game cannot be shared
		}
	}
	var shards []Shard
	for i, c := range cells {
		size := p.shardGames(c.Options.Games, workers)
		shards = append(shards, Split(i, c.Options.Games, (c.Options.Games+size-1)/size)...)
	}
	workers = min(workers, len(shards))
	start := time.Now()

	type result struct {
		k     int // index in shards
		stats Stats
		err   error
	}
	next := make(chan int)
	results := make(chan result)
	ticks := make(chan struct{}, 64)
	quit := make(chan struct{}) // closed at the first error
	for w := 0; w < workers; w++ {
		go func() {
			var g *interpreter.Game
			cell := -1
			st := new(interpreter.State)
			for k := range next {
				sh := shards[k]
				c := &cells[sh.Cell]
				res := result{k: k}
				if g == nil || cell != sh.Cell {
					g, cell, st = nil, sh.Cell, new(interpreter.State)
					if w == 0 {
						g = c.Game
					} else {
						g, res.err = c.Compile()
					}
					if g != nil {
						g.SetLog(false)
					}
				}
				if res.err == nil {
					opt := c.Options
					opt.Stop = p.Stop
					res.stats, res.err = simulate(g, st, &opt, sh, func() { ticks <- struct{}{} })
				}
				if res.err != nil && (isPanic(res.err) || g == nil) {
					// A panic may leave g half-way through a move.
					g = nil
				}
				results <- res
			}
		}()
	}
	// The dispatcher sends the shards until all are sent, Stop is
	// closed or a shard failed, then says how many it sent.
	sent := make(chan int, 1)
	interrupted := false
	go func() {
		defer close(next)
		for k := range shards {
			// Stop first: a select with both ready picks either.
			select {
			case <-p.Stop:
				interrupted = true
				sent <- k
				return
			case <-quit:
				sent <- k
				return
			default:
			}
			select {
			case <-p.Stop:
				interrupted = true
				sent <- k
				return
			case <-quit:
				sent <- k
				return
			case next <- k:
			}
		}
		sent <- len(shards)
	}()

	merged := make([]Stats, len(cells))
	for i := range merged {
		merged[i].Cell = i
	}
	var first *result
	games, done, total := 0, 0, -1
	for total < 0 || done < total {
		var res result
		select {
		case total = <-sent:
			sent = nil
			continue
		case <-ticks:
			games++
			if p.Progress != nil {
				p.Progress(games)
			}
			continue
		case res = <-results:
		}
		done++
		if res.err == nil && first == nil && p.OnShard != nil {
			if err := p.OnShard(res.stats); err != nil {
				res.err = err
			}
		}
		if res.err != nil {
			if first == nil {
				close(quit)
			}
			if first == nil || res.k < first.k {
				first = &res
			}
			continue
		}
		merged[res.stats.Cell] = MergeStats(merged[res.stats.Cell], res.stats)
	}
	// Ticks of the last games may still wait in the channel.
	for len(ticks) > 0 {
		<-ticks
		games++
		if p.Progress != nil {
			p.Progress(games)
		}
	}
	if first != nil {
		if name := cells[shards[first.k].Cell].Name; name != "" {
			return nil, fmt.Errorf("%s: %w", name, first.err)
		}
		return nil, first.err
	}
	secs := time.Since(start).Seconds()
	decisions := 0
	reports := make([]*Report, len(cells))
	for i, c := range cells {
		r := Summarize(c.Options.Players, merged[i].Records)
		r.Interrupted = interrupted
		r.LeadPer = LeadPer(c.Game)
		reports[i] = r
		decisions += r.Decisions
	}
	for _, r := range reports {
		r.Seconds = secs
		if secs > 0 {
			r.PerSecond = float64(decisions) / secs
		}
	}
	return reports, nil
}
