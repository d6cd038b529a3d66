package mastermind

// This file holds a game's state, its setup, the rounds and the turn.
// Each function is the effect of the definition (rules.cue) of the same
// name; the rulings are the definition's and are not repeated here.

// Chooser makes the decisions of a game: Choose returns the index of
// the move chosen among n (n ≥ 1), numbered as Haven lists them.
type Chooser interface {
	Choose(n int) int
}

// End says how a game ended.
type End uint8

const (
	Playing End = iota
	Won         // a home port holds the products to win
	Capped      // the round passed the cap
	Stopped     // Game.Limit decisions were made
)

// none is a ship's cargo when it carries nothing.
const none = -1

// Game is one game in play. Its zero value is no game: make it with
// NewGame and play it with Play, as often as wanted.
type Game struct {
	rules *Rules
	pick  Chooser

	// Limit, when positive, stops a game (End Stopped) at the first turn
	// once Decisions has reached it: a benchmark's budget.
	Limit int
	// Decisions counts the decisions of the game played last.
	Decisions int
	End       End
	Winner    int // the seat that won, when End is Won

	dice    uint64 // the generator of the dice: Haven's stream of d6 rolls
	players int
	round   int
	starter int
	me      int // the seat whose turn it is

	home   [maxSeats]int8  // the home port of each seat
	skip   [maxSeats]int8  // turns a seat still skips (shipwreck)
	at     [maxShips]uint8 // the node each ship is on
	cargo  [maxShips]int8  // a good, or none; ship k belongs to seat k/2
	repair [maxShips]int8  // turns a ship still lies in repair

	// stock[p] holds port p's goods in the order they came in, as
	// Haven's stock list does (a raid's options follow it); held
	// counts them.
	stock [maxPorts][maxUnits]int8
	held  [maxPorts]int8
}

// NewGame makes a game of rules whose decisions pick makes.
func NewGame(rules *Rules, pick Chooser) *Game {
	return &Game{rules: rules, pick: pick}
}

// Play plays one game of players seats with seed from its setup to its
// end, in g's own memory: everything the game before left is reset.
func (g *Game) Play(players int, seed uint64) {
	r := g.rules
	if players < 2 || players > maxSeats || (r.homes != nil && len(r.homes) < players) {
		panic("mastermind: a game is for 2 to 5 players, each with a home port")
	}
	g.Decisions, g.End, g.Winner = 0, Playing, -1
	g.dice, g.players, g.round = seed^r.diceKey, players, 0
	g.skip = [maxSeats]int8{}
	g.repair = [maxShips]int8{}
	for k := range g.cargo {
		g.cargo[k] = none
	}
	for p := range r.Ports {
		g.held[p] = 0
		for range r.units[p] {
			g.put(p, int8(p))
		}
	}
	g.chooseHomes()
	for k := 0; k < 2*players; k++ {
		g.at[k] = r.Ports[g.home[k/2]]
	}
	g.starter = g.startingThrow()
	for g.End == Playing {
		g.round++
		for k := 0; k < players && g.End == Playing; k++ {
			g.playerTurn((g.starter + k) % players)
		}
	}
}

// chooseHomes gives each seat its home port: given by params.homes, or
// chosen in seat order among the ports nobody has.
func (g *Game) chooseHomes() {
	r := g.rules
	if r.homes != nil {
		for p := 0; p < g.players; p++ {
			g.home[p] = r.homes[p]
		}
		return
	}
	var taken [maxPorts]bool
	for p := 0; p < g.players; p++ {
		i, k := g.choose(len(r.Ports)-p), -1
		for i >= 0 {
			if k++; !taken[k] {
				i--
			}
		}
		taken[k] = true
		g.home[p] = int8(k)
	}
}

// startingThrow is the seat that starts: the players tied for the
// highest throw of both dice throw again.
func (g *Game) startingThrow() int {
	var rolling, throws [maxSeats]int
	n := g.players
	for p := range n {
		rolling[p] = p
	}
	for n > 1 {
		best := 0
		for k := range n {
			throws[k] = g.roll() + g.roll()
			best = max(best, throws[k])
		}
		m := 0
		for k := range n {
			if throws[k] == best {
				rolling[m] = rolling[k]
				m++
			}
		}
		n = m
	}
	return rolling[0]
}

// playerTurn is one seat's turn.
func (g *Game) playerTurn(me int) {
	g.me = me
	s1, s2 := 2*me, 2*me+1
	if g.skip[me] > 0 {
		g.skip[me]--
		for s := s1; s <= s2; s++ {
			if g.repair[s] > 0 {
				g.repair[s]--
			}
		}
		return
	}
	// Ships in repair now are repaired at the end of the turn; a ship
	// destroyed during it is not.
	repairing1, repairing2 := g.repair[s1] > 0, g.repair[s2] > 0
	ready, n := g.ready()
	a, b := 0, 0
	if n >= 1 {
		a = g.roll()
	}
	if n >= 2 {
		b = g.roll()
	}
	if n > 0 {
		if g.round > g.rules.capRounds {
			g.End = Capped
			return
		}
		if g.Limit > 0 && g.Decisions >= g.Limit {
			g.End = Stopped
			return
		}
		g.turn(a, b, ready, n)
		if g.End != Playing {
			return
		}
	}
	if repairing1 {
		g.repair[s1]--
	}
	if repairing2 {
		g.repair[s2]--
	}
}

// ready lists the ships of the seat in turn not lying in repair.
func (g *Game) ready() (ships [2]int, n int) {
	for s := 2 * g.me; s < 2*g.me+2; s++ {
		if g.repair[s] == 0 {
			ships[n] = s
			n++
		}
	}
	return ships, n
}

// number tells whether a die shows steps (2–5), not storm (1) or kans (6).
func number(d int) bool { return d >= 2 && d <= 5 }

// turn is the decision of a turn: how the dice a and b (b is 0 when one
// ship is in repair) are used. The actions are those of the turn table in
// the definition's order; only one row applies to a throw (two, sum and
// divide, to two numbers).
func (g *Game) turn(a, b int, ready [2]int, n int) {
	switch {
	case n == 1: // one-die
		g.decide(1)
		if number(a) {
			g.sail(ready[0], a)
		} else if a == 6 {
			g.chance(ready, 1)
		}
	case number(a) && number(b): // sum, ship; divide, ship × die
		dice := 2
		if a == b {
			dice = 1
		}
		i := g.decide(2 + 2*dice)
		if i < 2 {
			g.sail(ready[i], a+b)
			return
		}
		i -= 2
		ship, other, die := ready[i/dice], ready[1-i/dice], a
		if i%dice == 1 {
			die = b
		}
		g.sail(ship, die)
		if g.End == Playing {
			g.sail(other, a+b-die)
		}
	case (a == 1 && number(b)) || (b == 1 && number(a)): // storm, the ship held
		i := g.decide(2)
		g.sail(ready[1-i], a+b-1)
	case (a == 1 && b == 6) || (a == 6 && b == 1): // storm-chance, the ship held
		i := g.decide(2)
		g.chance([2]int{ready[1-i]}, 1)
	case a == 1 && b == 1: // double-storm
		g.decide(1)
	case (a == 6 && number(b)) || (b == 6 && number(a)): // chance, ship
		i := g.decide(2)
		g.sail(ready[i], a+b-6)
		if g.End == Playing {
			g.chance(g.ready())
		}
	default: // double-chance, ship × steps
		d := g.rules.doubleChance
		i := g.decide(2 * (d + 1))
		ship, other, steps := ready[i/(d+1)], ready[1-i/(d+1)], i%(d+1)
		g.sail(ship, steps)
		if g.End == Playing {
			g.sail(other, d-steps)
		}
	}
}

// decide is a turn's decision among n moves: a decision even when n is 1.
func (g *Game) decide(n int) int {
	g.Decisions++
	return g.pick.Choose(n)
}

// choose is a choice among n options: taken without asking when there
// is one.
func (g *Game) choose(n int) int {
	if n == 1 {
		return 0
	}
	g.Decisions++
	return g.pick.Choose(n)
}

// roll throws a die as Haven's roll(6) does: SplitMix64, rejecting the
// few values that would favour a face.
func (g *Game) roll() int {
	const limit = ^uint64(0) - ^uint64(0)%6
	for {
		g.dice += 0x9e3779b97f4a7c15
		z := g.dice
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		if z ^= z >> 31; z < limit {
			return int(z%6) + 1
		}
	}
}
