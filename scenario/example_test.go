package scenario_test

import (
	"fmt"
	"testing/fstest"

	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/scenario"
)

// A scenario file checks one rule of a game: here, that a counter game's
// `step` adds one. The second expectation is wrong on purpose: its
// failure points at the line and column of the expectation.
func ExampleRun() {
	games := load.Source{FS: fstest.MapFS{"count/game.cue": {Data: []byte(`package haven
game: {
	id: "count", name: "Count"
	players: {min: 1, max: 4}
	vars: total: 0
	flow: [{while: "get('total') < 5", loop: [{turn: {player: "0", actions: ["step"]}}]}]
	actions: step: do: [{do: "add('total', 1)"}]
	scoring: {score: "get('total')", tiebreak: [], show: {}}
}
`)}}}
	scs, err := scenario.Parse("count.cue", []byte(`package scenario

scenarios: step: {
	game: "count"
	rule: "Each step adds one to the total."
	moves: ["step", "step"]
	expect: ["get('total') == 2", "get('total') == 3"]
}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range scenario.Run(games, scs) {
		for _, f := range r.Failures {
			fmt.Println(f)
		}
	}
	// Output:
	// count.cue:7:33: scenario step: expected get('total') == 3, but get("total") is 2
}
