package sim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter"
)

// learnedConfigs are the shipped games and each choice of Mainports'
// options, with the model shipped for each.
var learnedConfigs = []struct {
	game, model string
	options     []string
}{
	{"rotterdam", "model.json", nil},
	{"mainport-mastermind", "model.json", nil},
	{"masters-of-trade", "model.json", nil},
	{"mainports", "model.json", nil},
	{"mainports", "model-great-europe.json", []string{"map=great-europe"}},
	{"mainports", "model-free-play.json", []string{"version=free-play"}},
	{"mainports", "model-great-europe-free-play.json", []string{"map=great-europe", "version=free-play"}},
}

// The numbered extraction gives, on states of random games of every
// shipped game and option, every seat and at every few decisions, the
// features the extraction by name gives (learned_oracle_test.go): the
// same present, of the same values, and so the same vector of the
// shipped model's features. So does it of a state read without an
// observation (extractState), as the seat's observation of it with the
// state as its sample. One feature set judges every state of a game,
// as a bot's does, so that what its tables keep from state to state is
// checked too.
func TestFeaturesMatchByName(t *testing.T) {
	for _, c := range learnedConfigs {
		t.Run(fmt.Sprint(c.game, c.options), func(t *testing.T) {
			g, m := shippedGame(t, c.game, c.model, c.options...)
			oracle := newOracleSet(g, m.Names)
			want := features{}
			var wantVec []float64
			obs := new(interpreter.Observation)
			smp := new(interpreter.State)
			states, present := 0, 0
			for seed := uint64(1); seed <= 3; seed++ {
				players := g.MinPlayers() + int(seed)%(g.MaxPlayers()-g.MinPlayers()+1)
				st, err := g.New(players, seed)
				require.NoError(t, err)
				r := newRand(seed)
				for n := 0; n < 400; n++ {
					if n%5 == 0 || st.Finished {
						for seat := range players {
							require.NoError(t, g.ObserveSinceInto(obs, st, seat, -1))
							obs.SampleInto(r, smp)
							check := func(how string, got *featureVec, err error) {
								require.NoError(t, err)
								require.Equal(t, want, asMap(m.set, got), "%s: seed %d, decision %d, seat %d", how, seed, n, seat)
								wantVec = oracle.vector(want, wantVec)
								for j := range m.Names {
									require.Equal(t, wantVec[j], got.get(j), "%s: %s: seed %d, decision %d, seat %d", how, m.Names[j], seed, n, seat)
								}
								states, present = states+1, present+len(want)
							}
							require.NoError(t, oracle.extract(g, obs, smp, len(st.Moves), want))
							got, err := m.set.extract(obs, smp, len(st.Moves))
							check("observed", got, err)
							require.NoError(t, oracle.extract(g, obs, st, len(st.Moves), want))
							got, err = m.set.extractState(st, seat, len(st.Moves))
							check("state", got, err)
						}
					}
					if st.Finished {
						break
					}
					legal, err := g.Legal(st)
					require.NoError(t, err)
					require.NoError(t, g.Apply(st, legal[r.IntN(len(legal))].Text))
				}
			}
			assert.Greater(t, states, 100)
			assert.Greater(t, present, 20*states, "states with features enough to tell")
		})
	}
}

// Once its tables know a game's features, an extraction allocates
// nothing, of an observation or of a state: every name found, every
// array grown.
func TestFeaturesAllocateNothing(t *testing.T) {
	for _, c := range learnedConfigs[:4] {
		t.Run(c.game, func(t *testing.T) {
			g, m := shippedGame(t, c.game, c.model, c.options...)
			st, legal := learnedMidGame(t, g)
			obs := new(interpreter.Observation)
			require.NoError(t, g.ObserveSinceInto(obs, st, legal[0].Player, -1))
			_, err := m.set.extract(obs, st, len(st.Moves))
			require.NoError(t, err)
			allocs := testing.AllocsPerRun(20, func() {
				x, err := m.set.extract(obs, st, len(st.Moves))
				require.NoError(t, err)
				m.value(x)
			})
			assert.Zero(t, allocs)
			allocs = testing.AllocsPerRun(20, func() {
				x, err := m.set.extractState(st, legal[0].Player, len(st.Moves))
				require.NoError(t, err)
				m.value(x)
			})
			assert.Zero(t, allocs, "without an observation")
		})
	}
}

// A feature is present once written since the reset, whatever its
// value: the best of the other seats' keeps a first value below 0, and
// a sum starts from 0; a reset makes every feature absent, read as 0.
func TestFeatureVecPresence(t *testing.T) {
	var x featureVec
	x.reset()
	x.best(3, -2)
	x.best(3, -5)
	x.add(1, 1.5)
	x.add(1, 1)
	assert.Equal(t, -2.0, x.get(3))
	assert.Equal(t, 2.5, x.get(1))
	assert.Equal(t, []int32{3, 1}, x.met)
	x.reset()
	assert.Zero(t, x.get(3))
	x.best(3, -7)
	assert.Equal(t, -7.0, x.get(3), "absent before, whatever the last extraction wrote")
	assert.Equal(t, []int32{3}, x.met)
}
