package reference_test

import (
	"os"

	"github.com/haven-engine/haven/interpreter/reference"
)

// ExampleLookup prints the entry `haven doc seat` prints.
func ExampleLookup() {
	for _, e := range reference.Lookup("seat") {
		reference.WriteText(os.Stdout, e)
	}
	// Output:
	// seat(seat int, k int) int (function)
	//
	//   Gives the seat k places after a seat, round the table; k may be negative.
	//
	// returns: a seat, 0 to the number of players less one
	//
	// example:
	//   seat(1, 1)  →  0
}
