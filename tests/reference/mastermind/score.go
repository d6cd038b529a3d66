package mastermind

// This file scores a game as the definition's scoring does.

// Score is seat p's score: 1 when its home port holds the products to
// win, else 0.
func (g *Game) Score(p int) int {
	if g.won(p) {
		return 1
	}
	return 0
}

// AtHome is the scoring's tie-break: how many products other than its
// own seat p's home port holds.
func (g *Game) AtHome(p int) int {
	h := int(g.home[p])
	_, n := g.distinct(h)
	if g.has(h, int8(h)) {
		n--
	}
	return n
}

// won tells whether seat p's home port holds the products to win.
func (g *Game) won(p int) bool { return g.AtHome(p) >= g.rules.productsToWin }

// Winners appends to buf the seats ranked first: the highest score, then
// the highest tie-break; more than one when they tie on both.
func (g *Game) Winners(buf []int) []int {
	best := -1
	for p := 0; p < g.players; p++ {
		best = max(best, g.rank(p))
	}
	for p := 0; p < g.players; p++ {
		if g.rank(p) == best {
			buf = append(buf, p)
		}
	}
	return buf
}

// rank orders the seats as the scoring does: by score, then tie-break.
func (g *Game) rank(p int) int { return g.Score(p)*maxUnits + g.AtHome(p) }

// Round is the round the game ended in: the rounds begun, as Haven's
// var round counts them.
func (g *Game) Round() int { return g.round }
