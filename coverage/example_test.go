package coverage_test

import (
	"fmt"

	"github.com/haven-engine/haven/coverage"
)

// A book of three sentences, a rule of the definition that quotes one,
// a scenario that quotes part of another, and a not-a-rule entry.
func ExampleMeasure() {
	book := coverage.Split("# Turn\n\nThrow the die. Move that many steps forward.\n\n# Credits\n\nDesigned by Ann.\n", nil)
	rep, err := coverage.Measure(book, []*coverage.Quote{
		coverage.NewQuote(coverage.Definition, "actions.throw.text", "game.cue:9:10", "Throw the die."),
		coverage.NewQuote(coverage.Scenario, "move: the steps thrown", "move.cue:3:8", "Move that many steps ..."),
	}, coverage.Config{NotRules: []*coverage.NotRule{{Section: "Credits", Reason: "credits"}}})
	if err != nil {
		panic(err)
	}
	for _, x := range rep.Results {
		fmt.Printf("#%d %s: %s\n", x.Sentence.N, x.Status, x.Sentence.Text)
	}
	fmt.Printf("%.0f%% covered\n", rep.Counts().Percent())
	// Output:
	// #1 definition: Throw the die.
	// #2 scenario: Move that many steps forward.
	// #3 not a rule: Designed by Ann.
	// 100% covered
}
