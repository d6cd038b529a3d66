// Package sim plays games with bots (random, greedy and ismcts, which see
// only what their seat may see), and runs many games to find rules that
// never end, crash, or favour a seat.
//
// Everything is reproducible: game i of a run uses seed+i both for the
// game's own generator and for its bot's, so a run with the same
// definition, options and seed plays the same games.
package sim

import (
	"errors"
	"fmt"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

// DefaultMaxDecisions is the decision budget of a game when Options leave
// it zero: a safety net for a definition whose own cap never stops it.
const DefaultMaxDecisions = 200_000

// Options say which games Run plays.
type Options struct {
	Games   int
	Players int
	Seed    uint64
	// MaxDecisions stops a game after that many moves; it then counts as
	// capped. 0 means DefaultMaxDecisions.
	MaxDecisions int
	// Progress, if set, is called after each game with the number done.
	Progress func(done int)
	// Bot is the spec of the bot playing every seat (see NewBot):
	// "random" (the default), "greedy" or "ismcts:iters=200".
	Bot string
	// Workers is how many games run at once; each extra worker needs its
	// own Game, made by Compile.
	Workers int
	Compile func() (*interpreter.Game, error)
}

// Report sums up a run.
type Report struct {
	Games   int    `json:"games"`
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	// Finished games ended by the game's own rules; Capped ones were
	// stopped by the definition's cap or the decision budget.
	Finished int `json:"finished"`
	Capped   int `json:"capped"`
	// Wins counts, per seat, the finished games the seat won (every seat
	// of a tie counts).
	Wins []int `json:"wins"`
	// MeanScores is each seat's mean final score over all games, capped
	// ones included; MeanShow the mean of each of the scoring's figures
	// (show), over all seats and games. They tell a designer what a new
	// card or rule does to a game.
	MeanScores []float64          `json:"meanScores"`
	MeanShow   map[string]float64 `json:"meanShow,omitempty"`
	Decisions  int                `json:"decisions"`
	MeanLength float64            `json:"meanLength"` // decisions per game
	Seconds    float64            `json:"seconds"`
	PerSecond  float64            `json:"decisionsPerSecond"`
}

// Outcome is how one game ended.
type Outcome struct {
	State     *interpreter.State
	Decisions int
	// Capped is set when the game was stopped before its rules ended it,
	// by the definition's cap or by the decision budget.
	Capped bool
}

// Play plays one game from seed to its end, every seat played by bot,
// for at most maxDecisions moves (0: DefaultMaxDecisions).
func Play(g *interpreter.Game, players int, seed uint64, bot Bot, maxDecisions int) (out Outcome, err error) {
	if maxDecisions <= 0 {
		maxDecisions = DefaultMaxDecisions
	}
	n := 0
	defer recovered(seed, &n, &err)
	st, err := g.New(players, seed)
	if err != nil {
		return Outcome{}, fmt.Errorf("seed %d, setup: %v", seed, err)
	}
	for !st.Finished {
		if n >= maxDecisions {
			return Outcome{State: st, Decisions: n, Capped: true}, nil
		}
		legal, err := g.Legal(st)
		if err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: %v", seed, n+1, err)
		}
		if len(legal) == 0 {
			who := -1
			if st.Pending != nil {
				who = st.Pending.Player
			}
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: player %d has no legal move", seed, n+1, who)
		}
		m, err := Decide(g, st, bot, legal)
		if err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: %v", seed, n+1, err)
		}
		if err := g.Apply(st, m.Text); err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: move %q: %v", seed, n+1, m.Text, err)
		}
		n++
	}
	return Outcome{State: st, Decisions: n, Capped: st.Capped}, nil
}

// Run plays opt.Games games with the bot opt.Bot, game i from seed
// opt.Seed+i, with the event log off. With opt.Workers > 1 and
// opt.Compile set, games are shared among that many goroutines, each with
// its own compiled Game (a Game runs one state at a time); the report is
// the same whatever the number of workers. It stops at the first game that
// fails (a definition error, or a pending decision with no legal move).
func Run(g *interpreter.Game, opt Options) (*Report, error) {
	r := &Report{Games: opt.Games, Players: opt.Players, Seed: opt.Seed, Wins: make([]int, opt.Players)}
	start := time.Now()
	games := []*interpreter.Game{g}
	for w := 1; w < opt.Workers && w < opt.Games && opt.Compile != nil; w++ {
		h, err := opt.Compile()
		if err != nil {
			return nil, err
		}
		games = append(games, h)
	}
	type result struct {
		i         int
		decisions int
		capped    bool
		winners   []int
		scores    []int
		show      []map[string]int
		err       error
	}
	next := make(chan int)
	results := make(chan result)
	for _, g := range games {
		g.SetLog(false)
		go func() {
			broken := false // a panic may leave g half-way through a move
			for i := range next {
				seed := opt.Seed + uint64(i)
				res := result{i: i}
				if broken {
					res.err = fmt.Errorf("seed %d: not played: an earlier game of this worker panicked", seed)
					results <- res
					continue
				}
				bot, err := NewBot(opt.Bot, g, seed)
				if err != nil {
					res.err = err
					results <- res
					continue
				}
				out, err := Play(g, opt.Players, seed, bot, opt.MaxDecisions)
				res.decisions, res.capped, res.err = out.Decisions, out.Capped, err
				var pe *PanicError
				broken = errors.As(err, &pe)
				if err == nil {
					score, err := scoreSafely(g, out.State, seed)
					switch {
					case err != nil:
						res.err = fmt.Errorf("seed %d: scoring: %v", seed, err)
					case !out.Capped:
						res.winners = score.Winners
						fallthrough
					default:
						res.scores, res.show = score.Scores, score.Show
					}
				}
				results <- res
			}
		}()
	}
	go func() {
		for i := 0; i < opt.Games; i++ {
			next <- i
		}
		close(next)
	}()
	var first *result
	// Sums are kept in ints, so that the means do not depend on the order
	// the workers finish in.
	scores := make([]int, opt.Players)
	shows := map[string]int{}
	for done := 1; done <= opt.Games; done++ {
		res := <-results
		r.Decisions += res.decisions
		for p, v := range res.scores {
			scores[p] += v
		}
		for _, show := range res.show {
			for k, v := range show {
				shows[k] += v
			}
		}
		switch {
		case res.err != nil:
			if first == nil || res.i < first.i {
				first = &res
			}
		case res.capped:
			r.Capped++
		default:
			r.Finished++
			for _, w := range res.winners {
				r.Wins[w]++
			}
		}
		if opt.Progress != nil {
			opt.Progress(done)
		}
	}
	if first != nil {
		return nil, first.err
	}
	r.Seconds = time.Since(start).Seconds()
	if r.Games > 0 {
		r.MeanLength = float64(r.Decisions) / float64(r.Games)
		r.MeanScores = make([]float64, opt.Players)
		for p, v := range scores {
			r.MeanScores[p] = float64(v) / float64(r.Games)
		}
		for k, v := range shows {
			if r.MeanShow == nil {
				r.MeanShow = map[string]float64{}
			}
			r.MeanShow[k] = float64(v) / float64(r.Games*opt.Players)
		}
	}
	if r.Seconds > 0 {
		r.PerSecond = float64(r.Decisions) / r.Seconds
	}
	return r, nil
}
