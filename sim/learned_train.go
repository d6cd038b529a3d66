package sim

import (
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// TrainOptions say how Train learns a model.
type TrainOptions struct {
	Players int    // seats at the table
	Games   int    // self-play games of each round
	Seed    uint64 // game i of round k starts from seed Seed+k*Games+i
	// Rounds: the first plays random bots, each next one the learned bot
	// of the round before against itself.
	Rounds int
	// Max caps a game's decisions; a capped game is judged by its scores
	// as they stand.
	Max int
	// Lead learns the seat's final lead in score over the best other
	// seat rather than its share of the win.
	Lead bool
	// Keep is the share of decisions whose states are learnt from (0:
	// DefaultKeep).
	Keep float64
	// Progress, when set, is told each game finished.
	Progress func(done, total int)
}

// DefaultTrainGames and DefaultTrainRounds are the self-play a learned
// bot trains on when it is given no model.
const (
	DefaultTrainGames  = 300
	DefaultTrainRounds = 1
)

// DefaultKeep is the share of a game's decisions whose states are
// learnt from: the states of one game share its outcome, so more games
// with fewer states each teach more, and keep the fit quick.
const DefaultKeep = 0.01

// Train fits a model of g's value for a seat by self-play: deterministic
// for the options. Each round refits on the states of every round so far.
func Train(g *interpreter.Game, opt TrainOptions) (*Model, error) {
	if opt.Games < 1 {
		opt.Games = DefaultTrainGames
	}
	if opt.Rounds < 1 {
		opt.Rounds = 1
	}
	if opt.Keep <= 0 {
		opt.Keep = DefaultKeep
	}
	if opt.Max < 1 {
		opt.Max = DefaultMaxDecisions
	}
	set := newFeatureSet(g)
	var m *Model
	var rows []features
	var y []float64
	for round := range opt.Rounds {
		base := opt.Seed + uint64(round*opt.Games)
		for i := range opt.Games {
			r, ys, err := selfPlay(g, set, m, opt, base+uint64(i))
			if err != nil {
				return nil, err
			}
			rows, y = append(rows, r...), append(y, ys...)
			if opt.Progress != nil {
				opt.Progress(round*opt.Games+i+1, opt.Rounds*opt.Games)
			}
		}
		// New names in sorted order: the same model from the same games.
		var met []string
		for _, r := range rows {
			for k := range r {
				if _, ok := set.index[k]; !ok {
					met = append(met, k)
				}
			}
		}
		slices.Sort(met)
		for _, k := range met {
			set.add(k)
		}
		next, err := fit(set, rows, y)
		if err != nil {
			return nil, err
		}
		m = next
		set = withNames(g, set.names) // the next round's own scratch
	}
	m.Game, m.Hash, m.Players = g.ID(), g.Hash(), opt.Players
	m.Games, m.Seed = opt.Games*opt.Rounds, opt.Seed
	return m, nil
}

// selfPlay plays one game from seed, by random bots when m is nil, else
// by learned bots on m (one move in ten at random, to see other states),
// and returns the features of a share of its states for every seat with
// the seat's share of the win.
func selfPlay(g *interpreter.Game, set *featureSet, m *Model, opt TrainOptions, seed uint64) ([]features, []float64, error) {
	st, err := g.New(opt.Players, seed)
	if err != nil {
		return nil, nil, err
	}
	r := newRand(seed ^ 0x5eed)
	var bots []*LearnedBot
	if m != nil {
		for p := range opt.Players {
			bots = append(bots, newLearned(g, seed+uint64(p), m))
		}
	}
	var rows []features
	var seats []int
	obs := new(interpreter.Observation)
	sample := new(interpreter.State)
	for n := 0; !st.Finished && n < opt.Max; n++ {
		legal, err := g.Legal(st)
		if err != nil {
			return nil, nil, err
		}
		if float64(r.Uint64()>>11)/(1<<53) < opt.Keep {
			for p := range opt.Players {
				if err := g.ObserveSinceInto(obs, st, p, -1); err != nil {
					return nil, nil, err
				}
				obs.SampleInto(r, sample)
				x := features{}
				if err := set.extract(g, obs, sample, len(st.Moves), x); err != nil {
					return nil, nil, err
				}
				rows, seats = append(rows, x), append(seats, p)
			}
		}
		move := legal[r.IntN(len(legal))]
		if bots != nil && len(legal) > 1 && r.IntN(10) != 0 {
			if move, err = Decide(g, st, bots[legal[0].Player], legal); err != nil {
				return nil, nil, err
			}
		}
		if err := g.Apply(st, move.Text); err != nil {
			return nil, nil, err
		}
	}
	// A game cut short is judged by its scores as they stand: random
	// bots may never end a game whose end they must bring about.
	var res interpreter.Result
	if err := g.ScoreInto(st, &res); err != nil {
		return nil, nil, err
	}
	y := make([]float64, len(rows))
	for i, p := range seats {
		if opt.Lead {
			y[i] = float64(lead(res.Scores, p))
		} else {
			y[i] = winShare(&res, p)
		}
	}
	return rows, y, nil
}

// winShare is seat p's share of the win of a finished game.
func winShare(res *interpreter.Result, p int) float64 {
	for _, w := range res.Winners {
		if w == p {
			return 1 / float64(len(res.Winners))
		}
	}
	return 0
}
