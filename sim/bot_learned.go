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
	depth int // its own decisions in a row it looks through
	// beam, when above 0, has it look through its seat's whole run of
	// decisions instead, keeping the beam states valued most at each
	// step (learned_run.go).
	beam int
	// train is the model's source when none was given: trained on first
	// use for the table's number of players.
	train func(players int) (*Model, error)
	// cycles are the positions each seat decided in and the moves it
	// chose there (ismcts_repeat.go): at a position come back to, it
	// plays a move chosen there least often.
	cycles cycles
	// Scratch reused between decisions.
	sample *interpreter.State
	copies []*interpreter.State
	best   []interpreter.Move
	legal  [][]interpreter.Move
	result interpreter.Result
	// Scratch of lookRun.
	runLegal             []interpreter.Move
	runFrontier, runNext []runState
	runPool              []*interpreter.State
	// Scratch of settled.
	replyLegal []interpreter.Move
}

// Learned returns a learned bot for g, seeded with seed, judging by m;
// when m is nil and games is 0, by the model shipped with g's definition
// (ShippedModel); failing that it trains one on first use on games self-play games (0:
// DefaultTrainGames), the same for every bot of the same definition,
// player count and games, kept for the process (TrainedModel).
func Learned(g *interpreter.Game, seed uint64, m *Model, games int) *LearnedBot {
	if m == nil && games < 1 {
		m = ShippedModel(g)
	}
	b := newLearned(g, seed, m)
	if m == nil {
		b.train = func(players int) (*Model, error) { return TrainedModel(g, players, games) }
	}
	return b
}

func newLearned(g *interpreter.Game, seed uint64, m *Model) *LearnedBot {
	return &LearnedBot{g: g, r: newRand(seed), model: m, depth: DefaultLearnedDepth,
		sample: new(interpreter.State)}
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
// seed 1; 0 games: DefaultTrainGames), on g by the first caller. The
// games are played by the game's nearest shipped model
// (NearestShippedModel) where it ships one, DefaultFromGames of them: a
// variant's model starts from how the game is played, and learns what
// the variant changes.
func TrainedModel(g *interpreter.Game, players, games int) (*Model, error) {
	from := NearestShippedModel(g)
	if games < 1 {
		games = DefaultTrainGames
		if from != nil {
			games = DefaultFromGames
		}
	}
	once, _ := trained.LoadOrStore(trainKey{g.Hash(), players, games}, sync.OnceValues(func() (*Model, error) {
		return Train(g, TrainOptions{Players: players, Games: games, Rounds: DefaultTrainRounds, Seed: 1, From: from})
	}))
	m, err := once.(func() (*Model, error))()
	if err != nil {
		return nil, err
	}
	return m.copyFor(g), nil
}

// DefaultFromGames is how many games a learned bot plays to train its
// model on first use from a shipped one: games of learned bots cost
// many times those of greedy bots (docs/BENCHMARKS.md), and with
// Rotterdam's and Masters of Trade's windfall variants 100 of them
// taught about as much as 300.
const DefaultFromGames = 100

// cyclePenalty is what a move loses, in the model's units (a win is
// worth 2, a lead of one spread 1), each time the bot has chosen it at
// the position it decides in.
const cyclePenalty = 0.05

// DefaultLearnedDepth is how many of its own decisions in a row the
// learned bot looks through (depth=N): with more than one, a card paid
// in one decision is weighed with the move it pays for in the next, as
// greedy does, at the cost of valuing every pair of moves. Self-play in
// training looks through one (trainLearnedDepth), which is quicker.
const DefaultLearnedDepth = 2

// trainLearnedDepth is the depth of the learned bots of self-play and
// of the evaluation games of training.
const trainLearnedDepth = 1

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
	chosen := b.cycles.chosenAt(b.g, obs, legal)
	obs.SampleInto(b.r, b.sample)
	var m interpreter.Move
	m, b.best = pickBest(legal, b.best, b.r, func(m interpreter.Move) (float64, bool) {
		c := b.copyAt(0, b.sample)
		if err := b.g.Apply(c, m.Text); err != nil {
			return 0, false
		}
		var v float64
		var err error
		if b.beam > 0 {
			v, err = b.lookRun(c, seat, made+1)
		} else {
			v, err = b.lookThrough(c, seat, made+1, b.depth-1)
		}
		// A way out of a position come back to: each time a move was
		// chosen here it is worth a little less, so a cycle of moves the
		// model values alike is left at once, and a move far worse (a
		// trade another seat offers again and again) only after many.
		return v - cyclePenalty*float64(chosen[m.Text]), err == nil
	})
	b.cycles.remember(seat, m.Text)
	return m
}

// lookThrough is what st is worth to seat, looking through up to depth
// more of the seat's own decisions when the next one is its own.
func (b *LearnedBot) lookThrough(st *interpreter.State, seat, made, depth int) (float64, error) {
	if depth > 0 && !st.Finished {
		level := b.depth - depth
		for len(b.legal) <= level {
			b.legal = append(b.legal, nil)
		}
		legal, err := b.g.LegalInto(st, b.legal[level])
		b.legal[level] = legal
		if err == nil && len(legal) > 0 && legal[0].Player == seat {
			// Each move is made on a copy by its index in the list just
			// made: the copy's moves are listed again, as Apply would
			// list them to parse the text, but no text is parsed or
			// matched.
			best, found := 0.0, false
			for i := range legal {
				c := b.copyAt(level, st)
				if b.g.ApplyIndex(c, i) != nil {
					continue
				}
				v, err := b.lookThrough(c, seat, made+1, depth-1)
				if err == nil && (!found || v > best) {
					best, found = v, true
				}
			}
			if found {
				return best, nil
			}
		}
	}
	return b.value(st, seat, made)
}

// value is what st is worth to seat as the model judges it from the
// seat's view of st, a hair more where its lead in score is greater (so
// that moves the model cannot tell apart are told apart by the score,
// as greedy tells them); a finished game is worth the seat's share of
// the win, over any model's judgement.
func (b *LearnedBot) value(st *interpreter.State, seat, made int) (float64, error) {
	st, own := b.settled(st, seat, made)
	v, err := b.judge(st, seat, made)
	if own {
		b.free(st)
	}
	return v, err
}

// judge is value without settling replies: the model's value of st for
// seat as it stands.
func (b *LearnedBot) judge(st *interpreter.State, seat, made int) (float64, error) {
	if st.Finished && !st.Capped {
		if err := b.g.ScoreInto(st, &b.result); err != nil {
			return 0, err
		}
		return 1e6 * (winShare(&b.result, seat) - 0.5), nil
	}
	x, err := b.model.set.extractState(st, seat, made)
	if err != nil {
		return 0, err
	}
	return b.model.value(x) + 1e-9*x.get(b.model.set.fixedAt(fScoreLead)), nil
}

// copyAt copies st into the state kept for a level of the look-ahead.
func (b *LearnedBot) copyAt(level int, st *interpreter.State) *interpreter.State {
	for len(b.copies) <= level {
		b.copies = append(b.copies, new(interpreter.State))
	}
	st.CloneInto(b.copies[level])
	return b.copies[level]
}
