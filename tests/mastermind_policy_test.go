package tests

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/sim"
)

// TestMastermindPolicyEndsGames plays Mainport Mastermind by its policy
// (definitions/mainport-mastermind/policy.cue): every game ends by the
// game's own rule, a home port holding every other product, long before
// the decision cap; random play ends none in as many decisions.
func TestMastermindPolicyEndsGames(t *testing.T) {
	g := compiled(t, "mainport-mastermind")
	g.SetLog(false)
	require.Equal(t, "policy", sim.DefaultBot(g))
	for _, tc := range []struct {
		bot   string
		ended int
	}{{"policy", 4}, {"random", 0}} {
		r, err := sim.Run(g, sim.Options{Games: 4, Players: 2, Seed: 1, Bot: tc.bot, MaxDecisions: 2000})
		require.NoError(t, err)
		require.Equal(t, tc.ended, r.Ended, "%s: games ended by the rule", tc.bot)
	}
}
