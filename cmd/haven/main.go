// Command haven runs rules-as-data board games: it lists and checks game
// definitions, plays them in the terminal, applies move files, simulates
// random games, runs rule scenarios and replays saved games.
package main

import "os"

func main() {
	os.Exit(Main(os.Args[1:], IO{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
}
