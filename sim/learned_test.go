package sim

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// Training is deterministic for a seed, and another seed learns from
// other games.
func TestTrainIsDeterministic(t *testing.T) {
	g := compile(t)
	opt := TrainOptions{Players: 2, Games: 40, Seed: 3, Keep: 0.5}
	a, err := Train(g, opt)
	require.NoError(t, err)
	b, err := Train(g, opt)
	require.NoError(t, err)
	assert.Equal(t, a.Names, b.Names)
	assert.Equal(t, a.Weights, b.Weights)
	opt.Seed = 4
	c, err := Train(g, opt)
	require.NoError(t, err)
	assert.NotEqual(t, a.Weights, c.Weights)
	assert.Equal(t, g.Hash(), a.Hash)
}

// In race the seat with the most points wins: a model learnt from
// random games values points, and the learned bot takes the jump of 3
// at the first decision, as a searching bot does.
func TestLearnedPrefersPoints(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 200, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	legal, err := g.Legal(st)
	require.NoError(t, err)
	for seed := uint64(1); seed <= 5; seed++ {
		mv, err := Decide(g, st, Learned(g, seed, m, 0), legal)
		require.NoError(t, err)
		assert.Equal(t, "jump 3", mv.Text, "seed %d, of %v", seed, legal)
	}
	// A bot that trains its own model on first use does as well.
	mv, err := Decide(g, st, Learned(g, 1, nil, 1000), legal)
	require.NoError(t, err)
	assert.Equal(t, "jump 3", mv.Text)
}

// A saved model is read back for its definition and refused, with one
// line saying to retrain, by another (a setting changed).
func TestLearnedModelFile(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 20, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "race.json")
	require.NoError(t, m.WriteModel(path))
	back, err := ReadModel(path, g)
	require.NoError(t, err)
	assert.Equal(t, m.Weights, back.Weights)
	_, err = NewBot("learned:model="+path, g, 1)
	require.NoError(t, err)
	_, err = NewBot("learned:model="+path, compile(t, "params.target=12"), 1)
	require.EqualError(t, err, path+": the model was trained on another definition of race (or other variants or options): retrain it with haven train")
	_, err = NewBot("learned:model="+path+":games=3", g, 1)
	require.EqualError(t, err, "bot learned: games= trains a model, model= reads one: give one or the other")
}

// Two workers learn the same model as one, each on its own Game.
func TestTrainWorkersAgree(t *testing.T) {
	g := compile(t)
	opt := TrainOptions{Players: 2, Games: 40, Rounds: 2, Seed: 3, Keep: 0.5}
	a, err := Train(g, opt)
	require.NoError(t, err)
	opt.Workers = 2
	opt.Compile = func() (*interpreter.Game, error) { return compile(t), nil }
	b, err := Train(compile(t), opt)
	require.NoError(t, err)
	assert.Equal(t, a.Weights, b.Weights)
}

// A training stopped (Ctrl-C) after some games keeps the model of the
// games finished; one stopped before any game has none.
func TestTrainStops(t *testing.T) {
	g := compile(t)
	games := 0
	m, err := Train(g, TrainOptions{Players: 2, Games: 100, Rounds: 3, Seed: 1, Keep: 0.5,
		Progress: func(int, int) { games++ },
		Stop:     func() bool { return games >= 30 }})
	require.NoError(t, err)
	assert.Equal(t, 30, m.Games)
	_, err = Train(g, TrainOptions{Players: 2, Games: 10, Seed: 1, Stop: func() bool { return true }})
	require.EqualError(t, err, "stopped before any state was learnt from")
}

// A learned bot given no model plays by the one shipped for its
// definition, and trains its own for another definition.
func TestLearnedPlaysShippedModel(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 20, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "race.json")
	require.NoError(t, m.WriteModel(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, ShipModel(b))
	t.Cleanup(func() { shipped.Delete(m.Hash) })
	assert.Equal(t, m.Weights, Learned(g, 1, nil, 0).model.Weights)
	assert.Nil(t, Learned(compile(t, "params.target=12"), 1, nil, 0).model)
	assert.Nil(t, Learned(g, 1, nil, 50).model, "games= trains its own")
}

// ismcts with value= judges its playouts by the model, not the score: a
// model whose weights are turned round makes it shun points.
func TestISMCTSJudgesByModel(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 200, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	legal, err := g.Legal(st)
	require.NoError(t, err)
	pick := func(m *Model) string {
		mv, err := Decide(g, st, NewISMCTS(g, 1, ISMCTSOptions{Iterations: 60, Depth: -1, Value: m.copyFor(g)}), legal)
		require.NoError(t, err)
		return mv.Text
	}
	assert.Equal(t, "jump 3", pick(m))
	for i := range m.Weights {
		m.Weights[i] = -m.Weights[i]
	}
	assert.Equal(t, "step", pick(m))
}

// Without evaluation games the last round's model is kept; with them,
// the one that beat greedy most.
func TestTrainKeepsLastOrBest(t *testing.T) {
	g := compile(t)
	one, err := Train(g, TrainOptions{Players: 2, Games: 30, Rounds: 1, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	two, err := Train(g, TrainOptions{Players: 2, Games: 30, Rounds: 2, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	assert.NotEqual(t, one.Weights, two.Weights)
	assert.Equal(t, 60, two.Games)
	eval, err := Train(g, TrainOptions{Players: 2, Games: 30, Rounds: 2, Seed: 1, Keep: 0.5, Eval: 10})
	require.NoError(t, err)
	assert.Contains(t, [][]float64{one.Weights, two.Weights}, eval.Weights)
}

// A game cut short by the decision budget is won by no seat: its states
// teach that a game kept from ending is lost, whoever leads.
func TestTrainCappedGameIsLost(t *testing.T) {
	g := compile(t)
	_, o, err := selfPlay(g, nil, trainDefaults(TrainOptions{Players: 2, Max: 2}), 1, 0)
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0}, o.win)
	assert.False(t, o.ended)
	_, o, err = selfPlay(g, nil, trainDefaults(TrainOptions{Players: 2}), 1, 0)
	require.NoError(t, err)
	assert.True(t, o.ended)
	assert.InDelta(t, 1, o.win[0]+o.win[1], 1e-9, "a game the rules end is won")
}

// With a model to play by, each state learnt from is also valued by the
// model as the seat stands Ahead decisions later (its bootstrapped
// target); a state too near the end for that has the outcome alone.
func TestTrainBootsTargets(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 40, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	opt := trainDefaults(TrainOptions{Players: 2, Keep: 1, Ahead: 1, Eps: -1})
	rows, _, err := selfPlay(g, m, opt, 7, 0)
	require.NoError(t, err)
	booted := 0
	for i, r := range rows {
		// With every state kept, the row of the same seat a decision
		// later holds the features the boot was read from.
		var next *trainRow
		for j := i + 1; j < len(rows); j++ {
			if rows[j].seat == r.seat && rows[j].made == r.made+1 {
				next = &rows[j]
				break
			}
		}
		if next == nil {
			assert.False(t, r.booted, "row %d: the game ended before a decision later", i)
			continue
		}
		require.True(t, r.booted, "row %d", i)
		booted++
		assert.InDelta(t, func() float64 { c := m.copyFor(g); return c.value(vecOf(c.set, next.x)) }(), r.boot, 1e-9, "row %d", i)
	}
	assert.Greater(t, booted, 4)
	opt.Boot = -1
	rows, _, err = selfPlay(g, m, opt, 7, 0)
	require.NoError(t, err)
	for _, r := range rows {
		assert.False(t, r.booted)
	}
}

// A booted row is fitted mostly to its bootstrapped value: states whose
// outcome was a loss but whose value a little later was high are valued
// above states of the winner whose value a little later was low.
func TestFitMixesBootedTargets(t *testing.T) {
	g := compile(t)
	games := []outcome{{win: []float64{1, 0}, lead: []float64{1, -1}, ended: true}}
	var rows []trainRow
	for i := range 20 {
		seat := i % 2
		rows = append(rows, trainRow{x: []namedFeature{{"a", float64(seat)}}, seat: seat, boot: 10 * float64(seat), booted: true})
	}
	value := func(m *Model, a float64) float64 { return m.value(vecOf(m.set, []namedFeature{{"a", a}})) }
	m, err := fitSamples(g, newFeatureSet(g), rows, games, false, 0.8)
	require.NoError(t, err)
	assert.Greater(t, value(m, 1), value(m, 0)+4)
	m, err = fitSamples(g, newFeatureSet(g), rows, games, false, -1)
	require.NoError(t, err)
	assert.Less(t, value(m, 1), value(m, 0), "the outcome alone")
}

// A training counts the self-play and evaluation games the rules ended:
// every race ends before its cap, and none once the cap comes after a
// round.
func TestTrainCountsEndedGames(t *testing.T) {
	opt := TrainOptions{Players: 2, Games: 20, Rounds: 2, Seed: 1, Keep: 0.5, Eval: 4}
	m, err := Train(compile(t), opt)
	require.NoError(t, err)
	assert.Equal(t, 40, m.Games)
	assert.Equal(t, 40, m.Ended)
	assert.Equal(t, 8, m.Evaluated)
	assert.Equal(t, 8, m.EvalEnded)
	m, err = Train(compile(t, "cap.max=1"), opt)
	require.NoError(t, err)
	assert.Equal(t, 40, m.Games)
	assert.Equal(t, 0, m.Ended)
	assert.Equal(t, 8, m.Evaluated)
	assert.Equal(t, 0, m.EvalEnded)
}

// A model is trained against the opponent named: greedy by default, any
// bot spec else, and an unknown one is refused before any game.
func TestTrainAgainst(t *testing.T) {
	g := compile(t)
	opt := TrainOptions{Players: 2, Games: 30, Rounds: 2, Seed: 1, Keep: 0.5, Eval: 4}
	base, err := Train(g, opt)
	require.NoError(t, err)
	opt.Against = "greedy"
	same, err := Train(g, opt)
	require.NoError(t, err)
	assert.Equal(t, base.Weights, same.Weights, "greedy is the default opponent")
	opt.Against = "random"
	other, err := Train(g, opt)
	require.NoError(t, err)
	assert.NotEqual(t, base.Weights, other.Weights, "games against random teach other states")
	opt.Against = "greedyy"
	_, err = Train(g, opt)
	assert.ErrorContains(t, err, `unknown bot "greedyy" (did you mean "greedy"?`)
}

// Training from a model plays its first round by that model, matched by
// feature name to the definition trained on: another definition of the
// same game (a variant) starts from how the game is played.
func TestTrainFrom(t *testing.T) {
	g := compile(t)
	m, err := Train(g, TrainOptions{Players: 2, Games: 30, Seed: 1, Keep: 0.5})
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "race.json")
	require.NoError(t, m.WriteModel(path))
	variant := compile(t, "params.target=12")
	from, err := ReadModelOf(path, variant)
	require.NoError(t, err)
	opt := TrainOptions{Players: 2, Games: 30, Seed: 5, Keep: 0.5}
	scratch, err := Train(variant, opt)
	require.NoError(t, err)
	opt.From = from
	a, err := Train(variant, opt)
	require.NoError(t, err)
	b, err := Train(variant, opt)
	require.NoError(t, err)
	assert.Equal(t, a.Weights, b.Weights)
	assert.NotEqual(t, scratch.Weights, a.Weights, "the first round is played by the model, not by greedy bots")
	// From a model, a state's target is the model's own value of the
	// state Ahead decisions later (DefaultFromBoot), not partly its game's
	// outcome (DefaultBoot).
	opt.Ahead = 2 // a race is short: read values 2 decisions on
	a, err = Train(variant, opt)
	require.NoError(t, err)
	opt.Boot = DefaultFromBoot
	whole, err := Train(variant, opt)
	require.NoError(t, err)
	assert.Equal(t, whole.Weights, a.Weights)
	opt.Boot = DefaultBoot
	part, err := Train(variant, opt)
	require.NoError(t, err)
	assert.NotEqual(t, part.Weights, a.Weights)
	assert.Equal(t, variant.Hash(), a.Hash)
	m.Game = "other"
	require.NoError(t, m.WriteModel(path))
	_, err = ReadModelOf(path, variant)
	assert.EqualError(t, err, path+": the model was trained on other, not race")
}

// Refitting the first round boots its states' targets by the model
// fitted before: the model changes with each refit, and with no share
// booted (Boot below 0) it is the outcome's alone, as without refits.
func TestTrainRefits(t *testing.T) {
	g := compile(t)
	opt := TrainOptions{Players: 2, Games: 40, Seed: 3, Keep: 0.5, Ahead: 3}
	plain, err := Train(g, opt)
	require.NoError(t, err)
	opt.Refit = 1
	once, err := Train(g, opt)
	require.NoError(t, err)
	opt.Refit = 2
	twice, err := Train(g, opt)
	require.NoError(t, err)
	assert.NotEqual(t, plain.Weights, once.Weights)
	assert.NotEqual(t, once.Weights, twice.Weights)
	opt.Boot = -1
	outcome, err := Train(g, opt)
	require.NoError(t, err)
	assert.Equal(t, plain.Weights, outcome.Weights)
}
