package sim

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// The shipped games, for the learned bot's benchmarks.
var learnedGames = []string{"rotterdam", "mainport-mastermind", "masters-of-trade", "mainports"}

// shippedGame compiles shipped game id with options and reads the model
// shipped for it (model.json, or the file named by file).
func shippedGame(t testing.TB, id, file string, options ...string) (*interpreter.Game, *Model) {
	t.Helper()
	src := load.Source{FS: definitions.Files, Prefix: "definitions"}
	v, err := src.Game(id, load.Options{Choices: options})
	require.NoError(t, err)
	g, err := interpreter.Compile(v)
	require.NoError(t, err)
	g.SetLog(false)
	b, err := definitions.Files.ReadFile(id + "/" + file)
	require.NoError(t, err)
	m := new(Model)
	require.NoError(t, json.Unmarshal(b, m))
	require.NoError(t, m.bind(g))
	return g, m
}

// learnedMidGame is the state of two players after 60 random decisions
// of seed 1, at a decision with a choice, and its legal moves.
func learnedMidGame(t testing.TB, g *interpreter.Game) (*interpreter.State, []interpreter.Move) {
	t.Helper()
	st, err := g.New(2, 1)
	require.NoError(t, err)
	r := newRand(1)
	for i := 0; ; i++ {
		require.False(t, st.Finished)
		legal, err := g.Legal(st)
		require.NoError(t, err)
		if i >= 60 && len(legal) > 1 {
			return st, legal
		}
		require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
	}
}

// BenchmarkLearnedChoose is one decision of the learned bot as `--bot
// learned` plays (the shipped model, two moves of its own looked
// through) from a mid-game state of two players, by a bot kept from
// decision to decision.
func BenchmarkLearnedChoose(b *testing.B) {
	for _, id := range learnedGames {
		b.Run(id, func(b *testing.B) {
			g, m := shippedGame(b, id, ShippedModelFile)
			st, legal := learnedMidGame(b, g)
			bot := newLearned(g, 1, m)
			obs := new(interpreter.Observation)
			for b.Loop() {
				if _, err := decideIn(g, st, bot, legal, obs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLearnedFeatures is what the learned bot does for each state
// it judges once the state is observed: the deciding seat's features of
// it, read into the model's vector and valued.
func BenchmarkLearnedFeatures(b *testing.B) {
	for _, id := range learnedGames {
		b.Run(id, func(b *testing.B) {
			g, m := shippedGame(b, id, ShippedModelFile)
			st, legal := learnedMidGame(b, g)
			obs := new(interpreter.Observation)
			require.NoError(b, g.ObserveSinceInto(obs, st, legal[0].Player, -1))
			for b.Loop() {
				x, err := m.set.extract(obs, st, len(st.Moves))
				if err != nil {
					b.Fatal(err)
				}
				m.value(x)
			}
		})
	}
}
