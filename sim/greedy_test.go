package sim

import (
	"strings"
	"testing"
)

// haul: a player takes fuel, or sails: he burns a fuel card, then
// chooses to go one step on or back. The first at position 4 wins; the
// scoring says nothing before the end, and its estimate values position
// above fuel. The cost of sailing is paid one decision before its gain.
const haul = `package haven

game: {
	id: "race"
	name: "Haul"
	players: {min: 2, max: 2}
	vars: round: 0
	playerVars: {pos: 0, fuel: 0}
	cap: {var: "round", max: 40}
	flow: [{
		while: "true"
		loop: [{do: "add('round', 1)"}, {each: "seats(0)", as: "p", loop: [
			{turn: {player: "p", actions: ["refuel", "sail"]}},
			{if: "pget(p, 'pos') >= 4", then: [{end: "home"}]},
		]}]
	}]
	actions: {
		refuel: do: [{do: "padd(me, 'fuel', 1)"}]
		sail: {
			when: "no fuel": "pget(me, 'fuel') > 0"
			do: [
				{do: "padd(me, 'fuel', -1)"},
				{choose: {id: "to", options: "[pget(me, 'pos') - 1, pget(me, 'pos') + 1]", as: "to"}},
				{do: "pset(me, 'pos', to)"},
			]
		}
	}
	scoring: {score: "pget(me, 'pos') >= 4 ? 1 : 0", tiebreak: [], show: {}, ESTIMATE}
}
`

// Greedy with an estimate ends a game whose scoring shows nothing before
// the end, looking through its own next decision to see what a fuel card
// buys; one move ahead it only hoards fuel, and without an estimate it
// finds its way only by chance.
func TestGreedyEndsWithEstimate(t *testing.T) {
	withEstimate := compileRace(t, replaceEstimate(haul, `estimate: "10 * pget(me, 'pos') + 4 * pget(me, 'fuel')"`))
	without := compileRace(t, replaceEstimate(haul, ""))
	if DefaultBot(withEstimate) != "greedy" || DefaultBot(without) != "random" {
		t.Fatalf("default bots %s and %s, want greedy and random", DefaultBot(withEstimate), DefaultBot(without))
	}
	for _, tc := range []struct {
		g     string
		bot   string
		ended int
	}{
		{"estimate", "greedy", 10},
		{"estimate", "greedy:depth=1", 0},
		{"none", "greedy", -1}, // by chance, then seeing the win one move ahead: fewer
	} {
		g := withEstimate
		if tc.g == "none" {
			g = without
		}
		r, err := Run(g, Options{Games: 10, Players: 2, Seed: 1, Bot: tc.bot})
		if err != nil {
			t.Fatal(err)
		}
		if tc.ended < 0 && r.Ended < 10 {
			continue
		}
		if r.Ended != tc.ended {
			t.Errorf("%s, %s: %d of 10 games ended, want %d", tc.g, tc.bot, r.Ended, tc.ended)
		}
	}
}

func replaceEstimate(src, estimate string) string {
	return strings.Replace(src, "ESTIMATE", estimate, 1)
}
