package sim_test

import (
	"fmt"
	"testing/fstest"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// Random bots play 100 games of a game where each player in turn adds 1
// or 2 to a total and whoever reaches 10 wins. The same seed always plays
// the same games.
func ExampleRun() {
	src := load.Source{FS: fstest.MapFS{"ten/game.cue": {Data: []byte(`package haven
game: {
	id: "ten", name: "Ten"
	players: {min: 2, max: 2}
	vars: {total: 0, winner: -1}
	flow: [{while: "get('winner') < 0", loop: [{each: "seats(0)", as: "p", loop: [
		{if: "get('winner') < 0", then: [{turn: {player: "p", actions: ["add"]}}]},
	]}]}]
	actions: add: {
		params: n: {type: "int", from: "[1, 2]"}
		do: [{do: "add('total', n)"}, {if: "get('total') >= 10", then: [{do: "set('winner', me)"}]}]
	}
	scoring: {score: "get('winner') == me ? 1 : 0", tiebreak: [], show: {}}
}
`)}}}
	v, err := src.Game("ten", load.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := sim.Run(g, sim.Options{Games: 100, Players: 2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Ended, r.Capped, r.Seats[0].Wins+r.Seats[1].Wins, r.Length.Mean > 4 && r.Length.Mean <= 10)
	// Output:
	// 100 0 100 true
}

// A seat that won 7 of 10 games: 70%, and the 95% interval says the run
// is too short to tell it from a fair 50%.
func ExampleWilson() {
	w := sim.Wilson(7, 10)
	fmt.Printf("%.1f%% [%.1f, %.1f]\n", 100*w.Value, 100*w.Low, 100*w.High)
	// Output:
	// 70.0% [39.7, 89.2]
}
