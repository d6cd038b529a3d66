package mastermind

// This file holds what a ship does: sail, enter a port, land (raid or
// board), fight, and the chance outcomes; and the ports' goods.

// sail moves a ship exactly steps squares, entering the ports on the way.
func (g *Game) sail(ship, steps int) {
	if steps <= 0 {
		return
	}
	rs := &g.rules.routes[g.at[ship]][steps]
	if len(rs.ends) == 0 {
		return // no route of that length: the ship stays
	}
	end := &rs.ends[g.choose(len(rs.ends))]
	for _, n := range end.routes[g.choose(len(end.routes))] {
		g.at[ship] = n
		if p := g.rules.portAt[n]; p >= 0 {
			g.enterPort(ship, int(p))
			if g.End != Playing {
				return
			}
		}
	}
	g.land(ship)
}

// enterPort is a ship entering port p, passing or ending there: at home it
// unloads (and may win), elsewhere an empty ship may load the product.
func (g *Game) enterPort(ship, p int) {
	if p == int(g.home[g.me]) {
		if c := g.cargo[ship]; c != none {
			g.cargo[ship] = none
			g.put(p, c)
			if g.won(g.me) {
				g.End, g.Winner = Won, g.me
			}
		}
		return
	}
	if g.cargo[ship] == none && g.has(p, int8(p)) && g.choose(2) == 0 {
		g.take(p, int8(p))
		g.cargo[ship] = int8(p)
	}
}

// land is a ship ending its move: an empty ship may raid a rival's home
// port holding goods, or board a rival ship carrying one. The options
// are none, raid (if it may), then the ships, in piece order.
func (g *Game) land(ship int) {
	if g.cargo[ship] != none {
		return
	}
	here := g.at[ship]
	p := int(g.rules.portAt[here])
	defender := -1
	if p >= 0 {
		for d := 0; d < g.players; d++ {
			if d != g.me && int(g.home[d]) == p {
				defender = d
				break
			}
		}
	}
	raid := 0
	if defender >= 0 && g.held[p] > 0 {
		raid = 1
	}
	var ships [maxShips]int
	n := 0
	for k := 0; k < 2*g.players; k++ {
		if g.at[k] == here && k/2 != g.me && g.cargo[k] != none {
			ships[n] = k
			n++
		}
	}
	switch i := g.choose(1 + raid + n); {
	case i == 0: // none
	case raid == 1 && i == 1:
		if g.fight(ship, defender) {
			goods, m := g.distinct(p)
			c := goods[g.choose(m)]
			g.take(p, c)
			g.cargo[ship] = c
		}
	default:
		other := ships[i-1-raid]
		if g.fight(ship, other/2) {
			g.cargo[ship], g.cargo[other] = g.cargo[other], none
		}
	}
}

// fight resolves a raid or a boarding; it tells whether the attacker won.
// A lost fight sends the ship home, to lie in repair.
func (g *Game) fight(ship, defender int) bool {
	h := g.rules.handicap
	att, def := g.roll(), g.roll()
	for att-h == def {
		again := g.choose(2) == 0 // the defender: yes, no
		att = g.roll()
		if again {
			def = g.roll()
		}
	}
	if att-h > def {
		return true
	}
	g.at[ship] = g.rules.Ports[g.home[g.me]]
	g.repair[ship] = 1
	return false
}

// chance plays a chance outcome with one of the n ships of ships.
func (g *Game) chance(ships [2]int, n int) {
	c := g.roll()
	for !number(c) {
		c = g.roll()
	}
	switch c {
	case 2: // one step less or more than a throw
		r := g.numberRoll()
		steps := r - 1
		if g.choose(2) == 1 {
			steps = r + 1
		}
		g.sailOne(ships, n, steps)
	case 3: // exchange products between two ships, or sail 3
		var swappers [2]int
		m := 0
		for _, s := range ships[:n] {
			if g.cargo[s] != none && g.swaps(s) > 0 {
				swappers[m] = s
				m++
			}
		}
		if m == 0 || g.choose(2) == 1 {
			g.sailOne(ships, n, 3)
			return
		}
		mine := swappers[g.choose(m)]
		k := g.choose(g.swaps(mine))
		other := 0
		for ; ; other++ {
			if g.swapsWith(mine, other) {
				if k == 0 {
					break
				}
				k--
			}
		}
		g.cargo[mine], g.cargo[other] = g.cargo[other], g.cargo[mine]
	case 4: // twice a throw
		g.sailOne(ships, n, 2*g.numberRoll())
	case 5: // shipwreck
		g.skip[g.me] = 1
	}
}

// swaps counts the ships that ship s may exchange its product with.
func (g *Game) swaps(s int) int {
	n := 0
	for k := 0; k < 2*g.players; k++ {
		if g.swapsWith(s, k) {
			n++
		}
	}
	return n
}

// swapsWith tells whether ship s may exchange its product with ship k:
// another ship, carrying another product.
func (g *Game) swapsWith(s, k int) bool {
	return k != s && g.cargo[k] != none && g.cargo[k] != g.cargo[s]
}

// numberRoll throws a die until it shows a number.
func (g *Game) numberRoll() int {
	r := g.roll()
	for !number(r) {
		r = g.roll()
	}
	return r
}

// sailOne sails one of the n ships of ships, of the player's choice.
func (g *Game) sailOne(ships [2]int, n, steps int) {
	g.sail(ships[g.choose(n)], steps)
}

// put adds good c to port p's goods.
func (g *Game) put(p int, c int8) {
	g.stock[p][g.held[p]] = c
	g.held[p]++
}

// take removes the first unit of good c from port p's goods.
func (g *Game) take(p int, c int8) {
	l := g.stock[p][:g.held[p]]
	for k, x := range l {
		if x == c {
			copy(l[k:], l[k+1:])
			g.held[p]--
			return
		}
	}
	panic("mastermind: take of a good the port does not hold")
}

// has tells whether port p holds good c.
func (g *Game) has(p int, c int8) bool {
	for _, x := range g.stock[p][:g.held[p]] {
		if x == c {
			return true
		}
	}
	return false
}

// distinct lists the goods port p holds, each once, in the order of
// their first units.
func (g *Game) distinct(p int) (goods [maxPorts]int8, n int) {
	var seen [maxPorts]bool
	for _, x := range g.stock[p][:g.held[p]] {
		if !seen[x] {
			seen[x] = true
			goods[n] = x
			n++
		}
	}
	return goods, n
}
