package sim

import (
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

// ISMCTS is information-set Monte Carlo tree search, single observer
// (Cowling, Powley and Whitehouse, 2012): one tree over the moves from
// the deciding seat's information set. Each iteration samples a full
// state from the seat's observation (a determinization: the cards it
// does not see dealt at random), walks down the tree choosing, among the
// moves legal in that state, by UCB1 with availability counts, adds one
// node, plays on at random for at most Depth decisions, and scores the
// end: a won game is 1 for the winners (shared among tied ones), 0 for
// the others; a game cut off is judged by the game's own scoring
// (judge.go): the seat's lead in the scoring's estimate when the
// definition gives one, then in score, then in each tie-break, each
// divided by its spread plus one and weighted 0.4, 0.1, 0.025... (a
// figure where all seats stand level is skipped), and last the scoring's
// show figures, taken as higher-is-better measures of progress, sharing
// one weight.
// Each node keeps the value of the seat whose move it is.
//
// With an iteration budget a seed plays the same game every time; a time
// budget does not. The tree is not kept between decisions.
type ISMCTS struct {
	g   *interpreter.Game
	r   *rand.Rand
	opt ISMCTSOptions
	// Scratch reused between iterations.
	path   []*node
	values []float64
	names  []string
	shown  []int
	// estimates is the scratch of the judge's estimate (judge.go).
	estimates []int
	// Playouts counts the iterations run, for benchmarks.
	Playouts int
}

// ISMCTSOptions are the budget and settings of an ISMCTS bot; zero
// values take the defaults.
type ISMCTSOptions struct {
	Iterations int // iterations per decision (default 200, unless Millis is set)
	Millis     int // time per decision, in milliseconds
	Depth      int // decisions of a playout before the scoring judges it (0: default 2; negative: none)
	C          int // exploration constant in hundredths (default 70: 0.7)
}

// Default ISMCTS settings.
const (
	DefaultISMCTSIterations = 200
	DefaultISMCTSDepth      = 2
	DefaultISMCTSC          = 70
)

// NewISMCTS returns an ISMCTS bot for a game, seeded with seed.
func NewISMCTS(g *interpreter.Game, seed uint64, opt ISMCTSOptions) *ISMCTS {
	if opt.Iterations == 0 && opt.Millis == 0 {
		opt.Iterations = DefaultISMCTSIterations
	}
	switch {
	case opt.Depth == 0:
		opt.Depth = DefaultISMCTSDepth
	case opt.Depth < 0:
		opt.Depth = 0 // the node added is judged as it stands
	}
	if opt.C == 0 {
		opt.C = DefaultISMCTSC
	}
	return &ISMCTS{g: g, r: newRand(seed), opt: opt}
}

// node is a move of the tree: the move that leads to it and who made it,
// how often it was visited and available, and the sum of its player's
// values.
type node struct {
	move   string
	player int
	visits int
	avail  int
	value  float64
	kids   []*node
	byText map[string]*node // when kids are many
}

// kid returns the child reached by move, or nil.
func (n *node) kid(move string) *node {
	if n.byText != nil {
		return n.byText[move]
	}
	for _, k := range n.kids {
		if k.move == move {
			return k
		}
	}
	return nil
}

func (n *node) add(m interpreter.Move) *node {
	k := &node{move: strings.Clone(m.Text), player: m.Player}
	n.kids = append(n.kids, k)
	switch {
	case n.byText != nil:
		n.byText[k.move] = k
	case len(n.kids) > 8:
		n.byText = make(map[string]*node, 16)
		for _, x := range n.kids {
			n.byText[x.move] = x
		}
	}
	return k
}

// Choose searches from the observation and returns the root move visited
// most.
func (b *ISMCTS) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	root := &node{player: -1}
	var deadline time.Time
	if b.opt.Millis > 0 {
		deadline = time.Now().Add(time.Duration(b.opt.Millis) * time.Millisecond)
	}
	for i := 0; ; i++ {
		if b.opt.Iterations > 0 && i >= b.opt.Iterations {
			break
		}
		if b.opt.Millis > 0 && i > 0 && time.Now().After(deadline) {
			break
		}
		b.iterate(root, obs, legal)
	}
	var best *node
	for _, m := range legal {
		k := root.kid(m.Text)
		if k != nil && (best == nil || k.visits > best.visits || k.visits == best.visits && k.value > best.value) {
			best = k
		}
	}
	if best == nil {
		return legal[b.r.IntN(len(legal))]
	}
	for _, m := range legal {
		if m.Text == best.move {
			return m
		}
	}
	return legal[0]
}

// iterate runs one iteration: sample, select, expand, play out, back up.
func (b *ISMCTS) iterate(root *node, obs *interpreter.Observation, rootLegal []interpreter.Move) {
	b.Playouts++
	st := obs.Sample(b.r)
	n, legal := root, rootLegal
	b.path = b.path[:0]
	c := float64(b.opt.C) / 100
	for !st.Finished {
		if n != root {
			var err error
			if legal, err = b.g.Legal(st); err != nil || len(legal) == 0 {
				break
			}
		}
		// One pass: count the untried moves (keeping one at random) and
		// find the best tried one by UCB1 over its availability.
		var untried interpreter.Move
		nUntried := 0
		var best *node
		bestU := math.Inf(-1)
		for _, m := range legal {
			k := n.kid(m.Text)
			if k == nil {
				if nUntried++; b.r.IntN(nUntried) == 0 {
					untried = m
				}
				continue
			}
			k.avail++
			u := math.Inf(1) // added by an iteration that failed
			if k.visits > 0 {
				u = k.value/float64(k.visits) + c*math.Sqrt(math.Log(float64(k.avail))/float64(k.visits))
			}
			if u > bestU {
				best, bestU = k, u
			}
		}
		if nUntried > 0 {
			k := n.add(untried)
			k.avail++
			if b.g.Apply(st, untried.Text) != nil {
				return
			}
			b.path = append(b.path, k)
			break
		}
		if b.g.Apply(st, best.move) != nil {
			return
		}
		b.path = append(b.path, best)
		n = best
	}
	for d := 0; d < b.opt.Depth && !st.Finished; d++ {
		legal, err := b.g.Legal(st)
		if err != nil || len(legal) == 0 {
			break
		}
		if b.g.Apply(st, legal[b.r.IntN(len(legal))].Text) != nil {
			return
		}
	}
	if !b.evaluate(st) {
		return
	}
	for _, k := range b.path {
		k.visits++
		if k.player >= 0 && k.player < len(b.values) {
			k.value += b.values[k.player]
		}
	}
}
