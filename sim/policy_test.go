package sim

import (
	"strings"
	"testing"
)

// A policy ends the haul race that random play ends only by chance:
// sail whenever there is fuel, and on. It is sim's default bot once the
// game declares one.
func TestPolicyEndsGames(t *testing.T) {
	src := replaceEstimate(haul, "")
	src = strings.Replace(src, "cap: {var: \"round\", max: 40}", "cap: {var: \"round\", max: 20}", 1)
	plain := compileRace(t, src)
	src = strings.Replace(src, "\tscoring:", "\tbots: prefer: {sail: \"1\", to: \"to - pget(me, 'pos')\"}\n\tscoring:", 1)
	g := compileRace(t, src)
	if DefaultBot(g) != "policy" || DefaultBot(plain) != "random" {
		t.Fatalf("default bots %s and %s, want policy and random", DefaultBot(g), DefaultBot(plain))
	}
	for _, tc := range []struct {
		bot   string
		ended int
	}{
		{"policy", 10},
		{"random", -1}, // by chance: fewer
	} {
		r, err := Run(g, Options{Games: 10, Players: 2, Seed: 1, Bot: tc.bot})
		if err != nil {
			t.Fatal(err)
		}
		if tc.ended < 0 && r.Ended < 10 {
			continue
		}
		if r.Ended != tc.ended {
			t.Errorf("%s: %d of 10 games ended, want %d", tc.bot, r.Ended, tc.ended)
		}
	}
	// Without a policy, the bot plays at random.
	r, err := Run(plain, Options{Games: 10, Players: 2, Seed: 1, Bot: "policy"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ended == 10 {
		t.Errorf("policy without a policy ended every game")
	}
}
