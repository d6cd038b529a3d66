package mastermind_test

import (
	"fmt"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/tests/reference/mastermind"
)

// A random game of 3 players: the board and params are read from the
// definition once, then games are played on them in one Game's memory.
func ExampleGame_Play() {
	def, err := load.Source{FS: definitions.Files}.Game("mainport-mastermind", load.Options{})
	if err != nil {
		panic(err)
	}
	rules, err := mastermind.Load(def)
	if err != nil {
		panic(err)
	}
	game := mastermind.NewGame(rules, mastermind.NewRandom(1, 2))
	game.Play(3, 1)
	fmt.Println(game.Decisions, "decisions; capped:", game.End == mastermind.Capped, "in round", game.Round())
	fmt.Println("products at home:", game.AtHome(0), game.AtHome(1), game.AtHome(2))
	// Output:
	// 2303 decisions; capped: true in round 301
	// products at home: 2 3 1
}
