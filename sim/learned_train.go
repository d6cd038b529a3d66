package sim

import (
	"math"
	"slices"
	"sync"

	"github.com/haven-engine/haven/interpreter"
)

// TrainOptions say how Train learns a model.
type TrainOptions struct {
	Players int    // seats at the table
	Games   int    // self-play games of each round
	Seed    uint64 // game i of round k starts from seed Seed+k*Games+i
	// Rounds: the first is played by the opponent bots (one seat random
	// in odd games), or by From, each next one by the learned bot of the
	// round before, against itself in even games and against the opponent in
	// odd ones.
	Rounds int
	// Against is the spec of the opponent bot (NewBot): it plays the
	// first round, the other seats of odd games and the evaluation
	// games ("": greedy). A model trained against the bot it must beat
	// learns from the states that bot's play leads to, and is kept for
	// beating it.
	Against string
	// From, when set, is a model of the same game the first round is
	// played by, as a later round is by the model of the one before:
	// a model of the game's definition continues into a variant of it,
	// its features matched by name (a new card's have no weight yet,
	// and get one from the games).
	From *Model
	// Max caps a game's decisions; a capped game is judged by its scores
	// as they stand.
	Max int
	// Lead learns the seat's final lead in score over the best other
	// seat alone, rather than with its share of the win.
	Lead bool
	// Keep is the share of decisions whose states are learnt from (0:
	// DefaultKeep).
	Keep float64
	// Eps is the share of moves the self-play bots make at random, to
	// see states their own play never reaches (0: DefaultEps; below 0:
	// none).
	Eps float64
	// Boot is the share of a state's target that is the model's own
	// value, by the model the game is played with, of the seat's state
	// Ahead decisions later (0: DefaultBoot; below 0: none, the outcome
	// alone); the rest is the game's outcome. A value read a little later
	// credits a step toward the end (a cargo brought home) by what the
	// state it leads to is worth, where the outcome alone credits what
	// goes with winning (a ship that carries much, in the games of a bot
	// that wins) whether or not it leads there. Training From a model,
	// the default is DefaultFromBoot.
	Boot  float64
	Ahead int
	// Refit, in a round played without a model (the first, by the
	// opponent bots), fits the model Refit times more, each time on
	// targets booted by the model fitted before: the first round's
	// states are read again Ahead decisions later, by each model in
	// turn, so that a state is valued by what the bots made of it (a
	// cargo loaded by what its delivery brought) rather than by the
	// game's outcome alone (0: none, the outcome alone).
	Refit int
	// Eval is the number of games, seats turned round, each round's
	// model plays against the opponent; the model that wins most of them is
	// kept (0: none played, the last round's model kept).
	Eval int
	// Workers is the number of games played at once (0: one), each
	// extra one on its own Game made by Compile; the model is the same
	// for any number.
	Workers int
	Compile func() (*interpreter.Game, error)
	// Stop, when set, is asked before each game: once it says true, no
	// game starts and Train returns the best model so far.
	Stop func() bool
	// Progress, when set, is told each game finished, of all the
	// rounds' self-play and evaluation games.
	Progress func(done, total int)
}

// Defaults of a training.
const (
	DefaultTrainGames  = 300 // self-play games of each round
	DefaultTrainRounds = 1   // rounds when a bot trains its own model
	DefaultEps         = 0.1 // moves made at random in self-play
	DefaultBoot        = 0.8 // share of a target read off the model (Boot)
	// DefaultFromBoot is Boot when training From a model: its games
	// barely vary what a good model never varies (Mastermind's home
	// ports: it takes the same two), so outcomes would value those
	// choices by a few games' luck, where its own values hold what the
	// model learnt of them (docs/designer/bots.md).
	DefaultFromBoot = 1
	DefaultAhead    = 10 // decisions later that value is read (Ahead)
)

// DefaultKeep is the share of a game's decisions whose states are
// learnt from: the states of one game share its outcome, so more games
// with fewer states each teach more, and keep the fit quick.
const DefaultKeep = 0.02

// trainRow is one state learnt from: a seat's features there, and the
// game it belongs to.
type trainRow struct {
	x    []namedFeature
	seat int
	game int // index into the games' outcomes
	made int // the decision it was learnt at
	// boot is the model's value of the seat's state Ahead decisions
	// later, when booted: the game went on that long, with a model.
	boot   float64
	booted bool
	// ahead are the seat's features of its state Ahead decisions later,
	// read in a round played without a model when Refit asks for them.
	ahead []namedFeature
}

// outcome is how a self-play game ended for each seat: its share of the
// win (by the scores as they stand when the game was capped) and its
// final lead in score.
type outcome struct {
	win, lead []float64
	ended     bool // by the rules, not the cap
}

// Train fits a model of g's value for a seat by self-play: deterministic
// for the options, whatever the number of workers. Each round refits on
// the states of every round so far.
func Train(g *interpreter.Game, opt TrainOptions) (*Model, error) {
	opt = trainDefaults(opt)
	if _, err := opt.opponent(g, 0); err != nil {
		return nil, err
	}
	tables := []*interpreter.Game{g}
	for w := 1; w < opt.Workers && opt.Compile != nil; w++ {
		h, err := opt.Compile()
		if err != nil {
			return nil, err
		}
		tables = append(tables, h)
	}
	for _, t := range tables {
		t.SetLog(false) // no one reads the games' event logs
	}
	set := newFeatureSet(g)
	var (
		m, best   *Model
		bestScore = math.Inf(-1)
		samples   []trainRow
		games     []outcome
		done      int
		ended     int // self-play games the rules ended
		evaluated int // evaluation games played
		evalEnded int // of them, those the rules ended
		total     = opt.Rounds * (opt.Games + opt.Eval)
		stopped   bool
	)
	if opt.From != nil {
		m = opt.From.copyFor(g)
	}
	tick := func() {
		done++
		if opt.Progress != nil {
			opt.Progress(done, total)
		}
	}
	for round := range opt.Rounds {
		base := opt.Seed + uint64(round*opt.Games)
		played, err := playAll(opt, tables, opt.Games, func(g *interpreter.Game, i int) (any, error) {
			s, o, err := selfPlay(g, m, opt, base+uint64(i), i)
			return gameSamples{s, o}, err
		}, tick)
		if err != nil {
			return nil, err
		}
		for _, p := range played {
			gs := p.(gameSamples)
			for _, s := range gs.s {
				s.game = len(games)
				samples = append(samples, s)
			}
			games = append(games, gs.o)
			if gs.o.ended {
				ended++
			}
		}
		stopped = len(played) < opt.Games
		if len(samples) == 0 {
			break
		}
		next, err := fitSamples(g, set, samples, games, opt.Lead, opt.Boot)
		if err != nil {
			return nil, err
		}
		for range opt.Refit {
			if next, err = refit(g, next, samples, games, opt); err != nil {
				return nil, err
			}
		}
		set = withNames(g, set.names)
		m = next
		score := 0.0
		if opt.Eval > 0 && !stopped {
			var whole bool
			var played, endedHere int
			score, played, endedHere, whole, err = evaluate(tables, m, opt, tick)
			if err != nil {
				return nil, err
			}
			evaluated, evalEnded = evaluated+played, evalEnded+endedHere
			stopped = !whole
		}
		switch {
		case best == nil, opt.Eval == 0: // no measure: the model of the most games
			best, bestScore = m, score
		case score >= bestScore && !stopped: // of models alike, the one of more games
			best, bestScore = m, score
		}
		if stopped {
			break
		}
	}
	if best == nil {
		if stopped {
			return nil, errStopped
		}
		return nil, errNoStates
	}
	best.Game, best.Hash, best.Players = g.ID(), g.Hash(), opt.Players
	best.Games, best.Seed = len(games), opt.Seed
	best.Ended, best.Evaluated, best.EvalEnded = ended, evaluated, evalEnded
	return best, nil
}

type gameSamples struct {
	s []trainRow
	o outcome
}

func trainDefaults(opt TrainOptions) TrainOptions {
	if opt.Games < 1 {
		opt.Games = DefaultTrainGames
	}
	if opt.Rounds < 1 {
		opt.Rounds = 1
	}
	if opt.Keep <= 0 {
		opt.Keep = DefaultKeep
	}
	if opt.Eps == 0 {
		opt.Eps = DefaultEps
	}
	switch {
	case opt.Boot == 0 && opt.From != nil:
		opt.Boot = DefaultFromBoot
	case opt.Boot == 0:
		opt.Boot = DefaultBoot
	}
	if opt.Ahead < 1 {
		opt.Ahead = DefaultAhead
	}
	if opt.Max < 1 {
		opt.Max = DefaultMaxDecisions
	}
	if opt.Workers < 1 {
		opt.Workers = 1
	}
	return opt
}

// playAll runs play for 0..n-1, one goroutine for each of tables (a Game
// plays one state at a time), and returns the
// results in order: those of the games before the first one Stop kept
// from starting, so that an interrupted run's results are a prefix of a
// whole one's.
func playAll(opt TrainOptions, tables []*interpreter.Game, n int, play func(g *interpreter.Game, i int) (any, error), tick func()) ([]any, error) {
	out := make([]any, n)
	errs := make([]error, n)
	started := make([]bool, n)
	var mu sync.Mutex
	next := 0
	var wg sync.WaitGroup
	for _, g := range tables[:min(len(tables), n)] {
		wg.Go(func() {
			for {
				mu.Lock()
				if next >= n || opt.Stop != nil && opt.Stop() {
					mu.Unlock()
					return
				}
				i := next
				next++
				started[i] = true
				mu.Unlock()
				out[i], errs[i] = play(g, i)
				mu.Lock()
				tick()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if !started[i] {
			return out[:i], nil
		}
	}
	return out, nil
}

// opponent is the bot the model is trained and judged against, seeded
// with seed.
func (opt TrainOptions) opponent(g *interpreter.Game, seed uint64) (Bot, error) {
	if opt.Against == "" {
		return Greedy(g, seed, 0), nil
	}
	return NewBot(opt.Against, g, seed)
}

// selfPlay plays game i of a round from seed: by the opponent bots when
// m is nil (but for one random seat in odd games, so that the model sees
// what a good move gains over a poor one), else by the learned bot on m
// in seat i mod players, the other seats learned too in even games and
// the opponent in odd ones; a share
// opt.Eps of the moves at random. It returns the features of a share of
// its states for every seat, and how the game ended.
func selfPlay(g *interpreter.Game, m *Model, opt TrainOptions, seed uint64, i int) ([]trainRow, outcome, error) {
	st, err := g.New(opt.Players, seed)
	if err != nil {
		return nil, outcome{}, err
	}
	r := newRand(seed ^ 0x5eed)
	bots := make([]Bot, opt.Players)
	for p := range bots {
		s := seed*31 + uint64(p) + 1
		switch {
		case m != nil && (i%2 == 0 || p == i%opt.Players):
			b := newLearned(g, s, m.copyFor(g))
			b.depth = trainLearnedDepth
			bots[p] = b
		case m == nil && i%2 == 1 && p == i/2%opt.Players:
			bots[p] = Random(s)
		default:
			if bots[p], err = opt.opponent(g, s); err != nil {
				return nil, outcome{}, err
			}
		}
	}
	set := newFeatureSet(g)
	var rows []trainRow
	obs := new(interpreter.Observation)
	smp := new(interpreter.State)
	// The rows whose value Ahead decisions later is still to be read, by
	// the decision it is read at; read from a stream of its own, so that
	// the games are the same whether or not it is.
	var due []int
	var value *Model
	br := newRand(seed ^ 0xb007)
	if m != nil && opt.Boot > 0 {
		value = m.copyFor(g)
	}
	// Without a model to read it, the state Ahead decisions later is
	// kept as features, for the refits to value.
	keepAhead := m == nil && opt.Boot > 0 && opt.Refit > 0
	for n := 0; !st.Finished && n < opt.Max; n++ {
		legal, err := g.Legal(st)
		if err != nil {
			return nil, outcome{}, err
		}
		for len(due) > 0 && rows[due[0]].made <= n-opt.Ahead {
			row := &rows[due[0]]
			due = due[1:]
			if err := g.ObserveSinceInto(obs, st, row.seat, -1); err != nil {
				return nil, outcome{}, err
			}
			obs.SampleInto(br, smp)
			if keepAhead {
				x, err := set.extract(obs, smp, len(st.Moves))
				if err != nil {
					return nil, outcome{}, err
				}
				row.ahead = x.row(set)
				continue
			}
			x, err := value.set.extract(obs, smp, len(st.Moves))
			if err != nil {
				return nil, outcome{}, err
			}
			row.boot, row.booted = value.value(x), true
		}
		if unit(r) < opt.Keep {
			for p := range opt.Players {
				if err := g.ObserveSinceInto(obs, st, p, -1); err != nil {
					return nil, outcome{}, err
				}
				obs.SampleInto(r, smp)
				x, err := set.extract(obs, smp, len(st.Moves))
				if err != nil {
					return nil, outcome{}, err
				}
				if value != nil || keepAhead {
					due = append(due, len(rows))
				}
				rows = append(rows, trainRow{x: x.row(set), seat: p, made: n})
			}
		}
		move := legal[r.IntN(len(legal))]
		if len(legal) > 1 && unit(r) >= opt.Eps {
			if move, err = decideIn(g, st, bots[legal[0].Player], legal, obs); err != nil {
				return nil, outcome{}, err
			}
		}
		if err := g.Apply(st, move.Text); err != nil {
			return nil, outcome{}, err
		}
	}
	o, err := outcomeOf(g, st, opt.Players)
	return rows, o, err
}

// outcomeOf is how st ended for each seat. A game cut short is won by
// no seat: the cap is no end the rules give, and a model taught that the
// seat ahead when it comes wins would learn to keep a game from ending
// (its lead in score still teaches).
func outcomeOf(g *interpreter.Game, st *interpreter.State, players int) (outcome, error) {
	var res interpreter.Result
	if err := g.ScoreInto(st, &res); err != nil {
		return outcome{}, err
	}
	o := outcome{win: make([]float64, players), lead: make([]float64, players)}
	for p := range players {
		o.lead[p] = float64(lead(res.Scores, p))
	}
	if !st.Finished || st.Capped {
		return o, nil
	}
	o.ended = true
	winners := res.Winners
	if len(winners) == 0 {
		top := slices.Max(res.Scores)
		for p, s := range res.Scores {
			if s == top {
				winners = append(winners, p)
			}
		}
	}
	for _, w := range winners {
		o.win[w] = 1 / float64(len(winners))
	}
	return o, nil
}

// fitSamples fits the model of the samples' targets: a seat's share of
// the win plus its final lead in units of the leads' spread over the
// games (the lead alone with leadOnly), so that a game won narrowly
// teaches less than one won by far, and a game nobody won still teaches.
//
// A row with a value read Ahead decisions later (booted) is fitted to
// that value for a share boot of its target.
func fitSamples(g *interpreter.Game, set *featureSet, samples []trainRow, games []outcome, leadOnly bool, boot float64) (*Model, error) {
	// New names in sorted order: the same model from the same games.
	var met []string
	for _, s := range samples {
		for _, x := range s.x {
			if _, ok := set.index[x.name]; !ok {
				met = append(met, x.name)
			}
		}
	}
	slices.Sort(met)
	met = slices.Compact(met)
	for _, k := range met {
		set.add(k)
	}
	var sum, sq, n float64
	for _, o := range games {
		for _, l := range o.lead {
			sum, sq, n = sum+l, sq+l*l, n+1
		}
	}
	spread := math.Sqrt(max(sq/n-(sum/n)*(sum/n), 0))
	if spread == 0 {
		spread = 1
	}
	rows := make([][]namedFeature, len(samples))
	y := make([]float64, len(samples))
	for i, s := range samples {
		o := games[s.game]
		rows[i] = s.x
		y[i] = o.lead[s.seat] / spread
		if !leadOnly {
			y[i] += 2 * o.win[s.seat]
		}
		if s.booted && boot > 0 {
			y[i] = (1-boot)*y[i] + boot*s.boot
		}
	}
	return fit(set, rows, y)
}

// refit fits the model again on the samples, each sample that kept its
// features Ahead decisions later booted by m's value of them: a state's
// target is then partly what m makes of the state the game reached.
func refit(g *interpreter.Game, m *Model, samples []trainRow, games []outcome, opt TrainOptions) (*Model, error) {
	set := withNames(g, m.Names)
	buf := make([]float64, len(m.Names))
	for i := range samples {
		s := &samples[i]
		if s.ahead == nil {
			continue
		}
		x := set.vector(s.ahead, buf)
		v := m.Intercept
		for j, w := range m.Weights {
			if m.Scale[j] != 0 {
				v += w * (x[j] - m.Mean[j]) / m.Scale[j]
			}
		}
		s.boot, s.booted = v, true
	}
	return fitSamples(g, set, samples, games, opt.Lead, opt.Boot)
}

// evaluate plays opt.Eval games of m against the opponent, seats turned round,
// and returns m's share of the wins (a capped game is won by no one),
// how many games were played and how many of them the rules ended, and
// whether every game was played.
func evaluate(tables []*interpreter.Game, m *Model, opt TrainOptions, tick func()) (float64, int, int, bool, error) {
	played, err := playAll(opt, tables, opt.Eval, func(g *interpreter.Game, i int) (any, error) {
		seed := opt.Seed + 1_000_000 + uint64(i/opt.Players)
		bots := make([]Bot, opt.Players)
		me := i % opt.Players
		for p := range bots {
			s := seed*31 + uint64(p) + 1
			if p == me {
				b := newLearned(g, s, m.copyFor(g))
				b.depth = trainLearnedDepth
				bots[p] = b
			} else {
				b, err := opt.opponent(g, s)
				if err != nil {
					return nil, err
				}
				bots[p] = b
			}
		}
		out, err := PlaySeats(g, seed, bots, opt.Max, nil)
		if err != nil {
			return 0.0, err
		}
		o, err := outcomeOf(g, out.State, opt.Players)
		return o, err
	}, tick)
	if err != nil {
		return 0, 0, 0, false, err
	}
	score, ended := 0.0, 0
	for i, p := range played {
		o := p.(outcome)
		score += o.win[i%opt.Players]
		if o.ended {
			ended++
		}
	}
	return score / float64(max(len(played), 1)), len(played), ended, len(played) == opt.Eval, nil
}

// unit is a uniform draw in [0, 1) from r.
func unit(r *interpreter.Rand) float64 {
	return float64(r.Uint64()>>11) / (1 << 53)
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
