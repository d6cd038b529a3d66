package sim

import (
	"math"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// This file lets the learned bot look through its seat's whole run of
// decisions (beam=B): from a move, every decision its seat makes before
// another seat decides or the game ends, rather than a fixed number of
// them. A turn of many steps (a field of a rondel, then a ship, a card
// to pay, a destination, a cargo) shows its gain only at its end, and
// the steps before are often worth less than not starting (a card
// paid, no place reached yet). A run can branch without bound (a card
// bought again and again), so at each step the bot keeps only the B
// states its model values most of those where its seat decides again.

// maxRunSteps bounds a run looked through, against a rule that lets a
// seat decide without end.
const maxRunSteps = 24

// runState is a state of a run looked through and the model's value of
// it for the seat.
type runState struct {
	st *interpreter.State
	v  float64
}

// lookRun is what st, reached by a move of seat, is worth to the seat at
// the end of its run: the best value of a state reached by the seat's
// own decisions from st where another seat decides or the game has
// ended, following only the beam states valued most at each step; st's
// own value when the next decision is not the seat's.
func (b *LearnedBot) lookRun(st *interpreter.State, seat, made int) (float64, error) {
	v, err := b.value(st, seat, made)
	if err != nil || st.Finished {
		return v, err
	}
	legal, err := b.g.LegalInto(st, b.runLegal)
	b.runLegal = legal
	if err != nil || len(legal) == 0 || legal[0].Player != seat {
		return v, nil
	}
	// The states of the run are copies kept in two generations: those
	// being expanded and their children.
	frontier := b.keep(b.runFrontier[:0], st, v)
	best, found := math.Inf(-1), false
	for step := 0; len(frontier) > 0; step++ {
		next := b.runNext[:0]
		for _, s := range frontier {
			legal, err := b.g.LegalInto(s.st, b.runLegal)
			b.runLegal = legal
			if err != nil {
				continue
			}
			for i := range legal {
				c := b.spare()
				s.st.CloneInto(c)
				if b.g.ApplyIndex(c, i) != nil {
					b.free(c)
					continue
				}
				v, err := b.value(c, seat, made+step+1)
				if err != nil {
					b.free(c)
					continue
				}
				if b.runEnds(c, seat) || step+1 >= maxRunSteps {
					if !found || v > best {
						best, found = v, true
					}
					b.free(c)
					continue
				}
				next = append(next, runState{c, v})
			}
			b.free(s.st)
		}
		// Keep the beam: the states valued most, ties in the order the
		// moves were listed.
		slices.SortStableFunc(next, func(x, y runState) int {
			switch {
			case x.v > y.v:
				return -1
			case x.v < y.v:
				return 1
			}
			return 0
		})
		for _, s := range next[min(len(next), b.beam):] {
			b.free(s.st)
		}
		next = next[:min(len(next), b.beam)]
		b.runNext, b.runFrontier = frontier[:0], next
		frontier = next
	}
	b.runFrontier = frontier[:0]
	if !found {
		return v, nil
	}
	return best, nil
}

// runEnds says whether seat's run ends at st: the game is over, or the
// next decision is another seat's (or none is listed).
func (b *LearnedBot) runEnds(st *interpreter.State, seat int) bool {
	if st.Finished {
		return true
	}
	legal, err := b.g.LegalInto(st, b.runLegal)
	b.runLegal = legal
	return err != nil || len(legal) == 0 || legal[0].Player != seat
}

// keep starts a frontier with a copy of st.
func (b *LearnedBot) keep(frontier []runState, st *interpreter.State, v float64) []runState {
	c := b.spare()
	st.CloneInto(c)
	return append(frontier, runState{c, v})
}

// spare is a state to copy into, reused from those freed.
func (b *LearnedBot) spare() *interpreter.State {
	if n := len(b.runPool); n > 0 {
		c := b.runPool[n-1]
		b.runPool = b.runPool[:n-1]
		return c
	}
	return new(interpreter.State)
}

// free returns a state of the run to be reused.
func (b *LearnedBot) free(st *interpreter.State) { b.runPool = append(b.runPool, st) }
