package sim

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

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
	// Bots are the bot specs (see NewBot) of the seats, one per seat, or
	// one for every seat; empty means Bot.
	Bots []string
	// Bot is the spec of the bot playing every seat when Bots is empty
	// ("" is the random bot).
	Bot string
	// Rotate turns the bots round the table from game to game (game i
	// gives seat s the bot of Bots[(s+i) mod players]), so that each bot
	// plays each seat as often and a seat's advantage does not pass for
	// a bot's strength.
	Rotate bool
	// Workers is how many games run at once; each extra worker needs its
	// own Game, made by Compile.
	Workers int
	Compile func() (*interpreter.Game, error)
	// Skip, if set, names seeds not to play (played by an earlier run
	// that is being resumed).
	Skip func(seed uint64) bool
	// OnGame, if set, is called with each game as it finishes, in the
	// order games finish, from one goroutine: to write results as they
	// come. An error stops the run.
	OnGame func(GameRecord) error
	// Stop, once closed, starts no more games: the games under way end
	// and Run reports the ones finished (Report.Interrupted is set).
	Stop <-chan struct{}
}

// GameRecord is one finished game: enough to rebuild any report (one
// line of a results file).
type GameRecord struct {
	Seed uint64 `json:"seed"`
	// Bots are the bot specs, by seat.
	Bots   []string `json:"bots"`
	Scores []int    `json:"scores"`
	// Winners are the seats ranked first; none when the game was capped.
	Winners []int `json:"winners"`
	Length  int   `json:"length"` // decisions
	// Rounds is the cap var's value at the end (the round, in the shipped
	// games); 0 when the game has no cap var.
	Rounds int  `json:"rounds,omitempty"`
	Capped bool `json:"capped"`
	// LeadChanges counts the changes of the sole leader, looked at
	// Checkpoints times (see Tracker).
	LeadChanges int `json:"leadChanges"`
	Checkpoints int `json:"checkpoints"`
	// Actions and Cards count, per seat, the actions taken and the cards
	// named or held (see Tracker).
	Actions []map[string]int `json:"actions"`
	Cards   []map[string]int `json:"cards"`
	// Played are the card types that left the box (Tracker.Played), in
	// order.
	Played []string `json:"played,omitempty"`
	// Show sums, over the seats, each figure of the scoring's show.
	Show map[string]int `json:"show,omitempty"`
}

// SeatBots are the bot specs of the seats in game i of a run.
func (o *Options) SeatBots(i int) []string {
	specs := o.Bots
	if len(specs) == 0 {
		specs = []string{o.Bot}
	}
	out := make([]string, o.Players)
	for s := range out {
		k := s
		if o.Rotate {
			k += i
		}
		out[s] = specs[k%len(specs)]
		if out[s] == "" {
			out[s] = "random"
		}
	}
	return out
}

// seatBots makes the bots of one game: seats with the same spec share one
// bot, seeded with the game's seed, as a single bot plays every seat.
func seatBots(g *interpreter.Game, specs []string, seed uint64) ([]Bot, error) {
	bots := make([]Bot, len(specs))
	made := map[string]Bot{}
	for s, spec := range specs {
		b, ok := made[spec]
		if !ok {
			var err error
			if b, err = NewBot(spec, g, seed); err != nil {
				return nil, err
			}
			made[spec] = b
		}
		bots[s] = b
	}
	return bots, nil
}

// Run plays opt.Games games, game i from seed opt.Seed+i, with the event
// log off. With opt.Workers > 1 and opt.Compile set, games are shared
// among that many goroutines, each with its own compiled Game (a Game runs
// one state at a time); the report is the same whatever the number of
// workers. It stops at the first game that fails (a definition error, or
// a pending decision with no legal move).
func Run(g *interpreter.Game, opt Options) (*Report, error) {
	if n := len(opt.Bots); n > 1 && n != opt.Players {
		return nil, fmt.Errorf("%d bots for %d seats: give one bot, or one per seat", n, opt.Players)
	}
	for _, spec := range opt.SeatBots(0) {
		if _, err := NewBot(spec, g, opt.Seed); err != nil {
			return nil, err
		}
	}
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
		i   int
		rec GameRecord
		err error
	}
	next := make(chan int)
	results := make(chan result)
	for _, g := range games {
		g.SetLog(false)
		go func() {
			broken := false // a panic may leave g half-way through a move
			// Each game is played in the state of the one before, which
			// its record no longer needs.
			st := new(interpreter.State)
			for i := range next {
				res := result{i: i}
				res.rec, res.err = playOne(g, st, &opt, i, broken)
				var pe *PanicError
				broken = broken || errors.As(res.err, &pe)
				results <- res
			}
		}()
	}
	// The dispatcher sends the games to play until all are sent or Stop
	// is closed, then says how many it sent.
	sent := make(chan int, 1)
	interrupted := false
	go func() {
		defer close(next)
		n := 0
		for i := 0; i < opt.Games; i++ {
			if opt.Skip != nil && opt.Skip(opt.Seed+uint64(i)) {
				continue
			}
			// Stop first: a select with both ready picks either.
			select {
			case <-opt.Stop:
				interrupted = true
				sent <- n
				return
			default:
			}
			select {
			case <-opt.Stop:
				interrupted = true
				sent <- n
				return
			case next <- i:
				n++
			}
		}
		sent <- n
	}()
	var first *result
	var recs []GameRecord
	decisions := 0
	done, total := 0, -1
	for total < 0 || done < total {
		var res result
		select {
		case total = <-sent:
			sent = nil
			continue
		case res = <-results:
		}
		done++
		switch {
		case res.err != nil:
			if first == nil || res.i < first.i {
				first = &res
			}
		default:
			decisions += res.rec.Length
			recs = append(recs, res.rec)
			if opt.OnGame != nil && first == nil {
				if err := opt.OnGame(res.rec); err != nil {
					first = &result{i: -1, err: err}
				}
			}
		}
		if opt.Progress != nil {
			opt.Progress(done)
		}
	}
	if first != nil {
		return nil, first.err
	}
	r := Summarize(opt.Players, recs)
	r.Interrupted = interrupted
	r.LeadPer = LeadPer(g)
	r.Seconds = time.Since(start).Seconds()
	if r.Seconds > 0 {
		r.PerSecond = float64(decisions) / r.Seconds
	}
	return r, nil
}

// playOne plays game i of a run in st (PlaySeatsInto) and records it.
func playOne(g *interpreter.Game, st *interpreter.State, opt *Options, i int, broken bool) (GameRecord, error) {
	seed := opt.Seed + uint64(i)
	rec := GameRecord{Seed: seed, Bots: opt.SeatBots(i)}
	if broken {
		return rec, fmt.Errorf("seed %d: not played: an earlier game of this worker panicked", seed)
	}
	bots, err := seatBots(g, rec.Bots, seed)
	if err != nil {
		return rec, err
	}
	var tr Tracker
	out, err := PlaySeatsInto(g, st, seed, bots, opt.MaxDecisions, &tr)
	if err != nil {
		return rec, err
	}
	score, err := scoreSafely(g, out.State, seed)
	if err != nil {
		return rec, fmt.Errorf("seed %d: scoring: %v", seed, err)
	}
	tr.Finish(g, out.State)
	rec.Scores, rec.Length, rec.Capped = score.Scores, out.Decisions, out.Capped
	if v := g.CapVar(); v != "" {
		rec.Rounds = out.State.Var(v)
	}
	if !out.Capped {
		rec.Winners = score.Winners
	}
	rec.LeadChanges, rec.Checkpoints = tr.LeadChanges, tr.Checkpoints
	rec.Actions, rec.Cards = tr.Actions, tr.Cards
	for def := range tr.Played {
		rec.Played = append(rec.Played, def)
	}
	slices.Sort(rec.Played)
	for _, show := range score.Show {
		for k, v := range show {
			if rec.Show == nil {
				rec.Show = map[string]int{}
			}
			rec.Show[k] += v
		}
	}
	return rec, nil
}
