package sim

import (
	"fmt"
	"sync"

	"github.com/haven-engine/haven/interpreter"
)

// LearnedBot looks one move ahead and judges each move by a value model
// learnt by self-play (Model): on one state sampled from what its seat
// may know, it plays each legal move, reads its seat's features of the
// state reached from the seat's own view of it, and keeps the move the
// model values most (a won game first), ties broken at random. It knows
// no game and needs no estimate or policy from the definition.
type LearnedBot struct {
	g     *interpreter.Game
	r     *interpreter.Rand
	model *Model
	// train is the model's source when none was given: trained on first
	// use for the table's number of players.
	train func(players int) (*Model, error)
	// Scratch reused between decisions.
	sample *interpreter.State
	copies []*interpreter.State
	after  *interpreter.Observation
	x      features
	best   []interpreter.Move
	result interpreter.Result
}

// Learned returns a learned bot for g, seeded with seed, judging by m;
// when m is nil it trains one on first use on games self-play games (0:
// DefaultTrainGames), the same for every bot of the same definition,
// player count and games, kept for the process (TrainedModel).
func Learned(g *interpreter.Game, seed uint64, m *Model, games int) *LearnedBot {
	b := newLearned(g, seed, m)
	if m == nil {
		b.train = func(players int) (*Model, error) { return TrainedModel(g, players, games) }
	}
	return b
}

func newLearned(g *interpreter.Game, seed uint64, m *Model) *LearnedBot {
	return &LearnedBot{g: g, r: newRand(seed), model: m, x: features{},
		sample: new(interpreter.State), after: new(interpreter.Observation)}
}

// trained holds the models trained in this process, by definition and
// player count.
var trained sync.Map // trainKey → func() (*Model, error)

type trainKey struct {
	hash           string
	players, games int
}

// TrainedModel is the model a learned bot without one plays g by at a
// table of players: trained once per definition, player count and
// number of games in a process (games of DefaultTrainRounds rounds from
// seed 1; 0 games: DefaultTrainGames), on g by the first caller.
func TrainedModel(g *interpreter.Game, players, games int) (*Model, error) {
	if games < 1 {
		games = DefaultTrainGames
	}
	once, _ := trained.LoadOrStore(trainKey{g.Hash(), players, games}, sync.OnceValues(func() (*Model, error) {
		return Train(g, TrainOptions{Players: players, Games: games, Rounds: DefaultTrainRounds, Seed: 1})
	}))
	m, err := once.(func() (*Model, error))()
	if err != nil {
		return nil, err
	}
	// Each bot its own copy: a model keeps scratch and a game's names.
	c := *m
	c.set, c.x = withNames(g, m.Names), nil
	return &c, nil
}

// Choose picks the legal move whose state the model values most for the
// deciding seat.
func (b *LearnedBot) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	if b.model == nil {
		m, err := b.train(obs.View().Players)
		if err != nil {
			panic(fmt.Sprintf("learned bot: training: %v", err))
		}
		b.model = m
	}
	seat, made := legal[0].Player, obs.Made()
	obs.SampleInto(b.r, b.sample)
	var m interpreter.Move
	m, b.best = pickBest(legal, b.best, b.r, func(m interpreter.Move) (float64, bool) {
		c := b.copyAt(0, b.sample)
		if err := b.g.Apply(c, m.Text); err != nil {
			return 0, false
		}
		v, err := b.value(c, seat, made+1)
		return v, err == nil
	})
	return m
}

// value is what st is worth to seat as the model judges it from the
// seat's view of st; a finished game is worth the seat's share of the
// win, over any model's judgement.
func (b *LearnedBot) value(st *interpreter.State, seat, made int) (float64, error) {
	if st.Finished && !st.Capped {
		if err := b.g.ScoreInto(st, &b.result); err != nil {
			return 0, err
		}
		return 20*winShare(&b.result, seat) - 10, nil
	}
	if err := b.g.ObserveSinceInto(b.after, st, seat, -1); err != nil {
		return 0, err
	}
	if err := b.model.set.extract(b.g, b.after, st, made, b.x); err != nil {
		return 0, err
	}
	return b.model.value(b.x), nil
}

// copyAt copies st into the state kept for a level of the look-ahead.
func (b *LearnedBot) copyAt(level int, st *interpreter.State) *interpreter.State {
	for len(b.copies) <= level {
		b.copies = append(b.copies, new(interpreter.State))
	}
	st.CloneInto(b.copies[level])
	return b.copies[level]
}
