package main

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/haven-engine/haven/interpreter"
)

// fullStateNote heads `haven run --json` without --as.
const fullStateNote = "the full state, for debugging: hidden cards, the random generator and every player's moves included; --as SEAT prints what one player may see"

// seatOutput is what `haven run --json --as SEAT` prints: nothing the
// seat may not see. The seed is left out (with the moves, it tells the
// order of every deck), and so are the legal moves of another seat (a
// move may name a hidden card) and the scores of an unfinished game
// (they may count hidden cards).
type seatOutput struct {
	View     *interpreter.View   `json:"view"`
	Legal    []interpreter.Move  `json:"legal"`
	Finished bool                `json:"finished"`
	Result   *interpreter.Result `json:"result,omitempty"`
}

// printSeat prints what seat opts.As may see of st.
func printSeat(opts *runOptions, g *interpreter.Game, st *interpreter.State, legal []interpreter.Move, res *interpreter.Result) error {
	seat, err := strconv.Atoi(opts.As)
	if err != nil || seat < -1 || seat >= st.Players {
		return usageErrorf("--as %s: seats are 0 to %d, or -1 for a spectator", opts.As, st.Players-1)
	}
	v, err := g.View(st, seat)
	if err != nil {
		return err
	}
	mine := []interpreter.Move{}
	if st.Pending != nil && st.Pending.Player == seat {
		for _, m := range legal {
			if m.Player == seat {
				mine = append(mine, m)
			}
		}
	}
	if !st.Finished {
		res = nil
	}
	if opts.JSON {
		b, err := json.MarshalIndent(seatOutput{View: v, Legal: mine, Finished: st.Finished, Result: res}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	fmt.Fprintf(opts.Out, "%s, %d players, after %s, as seen by %s\n", g.Name(), st.Players, plural(len(st.Moves), "move"), seatName(seat))
	writeView(opts.Out, g, v, seat)
	if len(mine) > 0 {
		fmt.Fprintln(opts.Out, "legal moves:")
		writeMoves(opts.Out, mine)
	}
	if res != nil {
		writeResult(opts.Out, res)
	}
	return nil
}

func seatName(seat int) string {
	if seat < 0 {
		return "a spectator"
	}
	return fmt.Sprintf("player %d", seat)
}
