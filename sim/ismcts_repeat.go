package sim

import "github.com/haven-engine/haven/interpreter"

// This file holds how ismcts keeps out of cycles. A market open as long
// as one likes (buy, sell back, buy...) or a phase that an offer keeps
// open (offer, declined, offer...) returns a seat to a position it has
// decided in before, and a search that values the moves of that
// position alike (or values keeping the game where it is) may choose
// the same move there again, for thousands of decisions. The bot
// remembers, for each position it has decided in, the moves it chose
// there: at a position seen again it prefers a move it has chosen there
// least, so a cycle is left by another way out (another good, a pass)
// within as many returns as the position has moves (ismcts and learned
// alike). A position is what
// the seat observes (its view, without the log) and the moves it may
// make: two states the seat cannot tell apart are one position, so the
// memory reads nothing the seat may not see. It is cleared when the
// game's measure of progress (its cap var, a round) moves on, where a
// position cannot come back anyway, and at a new game.

// cycles is a bot's memory of the positions its seats decided in (ismcts
// and learned keep one each).
type cycles struct {
	seats    map[int]*repeats
	position uint64 // the position of the decision under way
}

// repeats is one seat's memory of the positions it decided in.
type repeats struct {
	made     int                       // Observation.Made at the last decision
	progress int                       // the cap var then
	chosen   map[uint64]map[string]int // position → move → times chosen
}

// chosenAt returns, for the seat deciding in obs, how often it has
// chosen each move at this position before (nil: never here), and
// notes the position so that remember can count the move chosen.
func (c *cycles) chosenAt(g *interpreter.Game, obs *interpreter.Observation, legal []interpreter.Move) map[string]int {
	pos, progress := positionOf(g, obs, legal)
	rep := c.seats[obs.Seat()]
	if rep == nil || obs.Made() < rep.made || progress != rep.progress {
		rep = &repeats{chosen: map[uint64]map[string]int{}}
		if c.seats == nil {
			c.seats = map[int]*repeats{}
		}
		c.seats[obs.Seat()] = rep
	}
	rep.made, rep.progress = obs.Made(), progress
	c.position = pos
	return rep.chosen[pos]
}

// remember counts move as chosen by seat at the position chosenAt last
// noted.
func (c *cycles) remember(seat int, move string) {
	rep := c.seats[seat]
	m := rep.chosen[c.position]
	if m == nil {
		m = map[string]int{}
		rep.chosen[c.position] = m
	}
	m[move]++
}
