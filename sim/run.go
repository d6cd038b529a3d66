package sim

import (
	"errors"
	"fmt"
	"slices"

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
	// OnGame, if set, is called with each game once the shard it was
	// played in finishes (Pool.OnShard), shard by shard in the order they
	// finish, from one goroutine: to write results as they come. An
	// error stops the run.
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
// log off, on the local pool (Pool): with opt.Workers > 1 and opt.Compile
// set, the games are shared among that many goroutines, each with its own
// compiled Game (a Game runs one state at a time); the report is the same
// whatever the number of workers. It stops at the first game that fails
// (a definition error, or a pending decision with no legal move).
func Run(g *interpreter.Game, opt Options) (*Report, error) {
	p := Pool{Workers: opt.Workers, Progress: opt.Progress, Stop: opt.Stop}
	if opt.OnGame != nil {
		p.OnShard = func(s Stats) error {
			for _, rec := range s.Records {
				if err := opt.OnGame(rec); err != nil {
					return err
				}
			}
			return nil
		}
	}
	reports, err := p.Run([]Cell{{Game: g, Compile: opt.Compile, Options: opt}})
	if err != nil {
		var se *ShardError
		if errors.As(err, &se) {
			// One run: the game's own error says which seed.
			return nil, se.Err
		}
		return nil, err
	}
	return reports[0], nil
}

// playOne plays game i of a run in st (PlaySeatsInto) and records it.
func playOne(g *interpreter.Game, st *interpreter.State, opt *Options, i int) (GameRecord, error) {
	seed := opt.Seed + uint64(i)
	rec := GameRecord{Seed: seed, Bots: opt.SeatBots(i)}
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
