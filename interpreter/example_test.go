package interpreter_test

import (
	"fmt"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// The pipeline: load a definition (here the embedded Rotterdam), compile
// it once, start a game, list the legal moves and make one.
func Example() {
	v, err := load.Source{FS: definitions.Files}.Game("rotterdam", load.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := g.New(3, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("player", st.Pending.Player, "—", st.Pending.Prompt)
	moves, _ := g.Legal(st)
	fmt.Println(len(moves), "legal moves, the first:", moves[0].Text)

	if err := g.Apply(st, "place start1 grain"); err != nil {
		fmt.Println(err)
	}
	fmt.Println("ship-0-1 at", st.Pieces[0].At, "carrying", st.Stock("ship-0-1"))

	err = g.Apply(st, "colour red")
	fmt.Println(err)
	// Output:
	// player 0 — Phase 1: place a ship (or pass)
	// 21 legal moves, the first: place start1 none
	// ship-0-1 at start1 carrying [grain]
	// illegal move "colour red": "colour" is not an action player 1 may take now
}
