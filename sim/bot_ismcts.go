package sim

import (
	"math"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

// ISMCTS is information-set Monte Carlo tree search, single observer
// (Cowling, Powley and Whitehouse, 2012): one tree over the moves from
// the deciding seat's information set. Each iteration samples a full
// state from the seat's observation (a determinization: the cards it
// does not see dealt at random), walks down the tree choosing, among the
// moves legal in that state, by UCB1 with availability counts (by PUCT,
// with the game's policy as prior, when it declares one: prior.go),
// adds one node, plays on until the other seats have made Depth decisions (see
// maxStall) — at random, or by the game's policy when it declares one
// (playout.go) — and scores the
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
// The tree is kept between decisions, one per seat: at the seat's next
// decision the bot follows the moves made since (Observation.Moves)
// down its old tree and searches on from the node they lead to, with
// the counts gathered there (see follow). With an iteration budget a
// seed plays the same game every time; a time budget does not.
type ISMCTS struct {
	g   *interpreter.Game
	r   *interpreter.Rand
	opt ISMCTSOptions
	// trees are the trees kept, by seat.
	trees map[int]*keptTree
	// nodes makes the trees' nodes (ismcts_tree.go).
	nodes nodes
	// cycles are the positions each seat decided in and the moves it
	// chose there (ismcts_repeat.go).
	cycles cycles
	// Scratch reused between iterations. sample is the state every
	// iteration samples into (Observation.SampleInto): its arrays are
	// filled again rather than made anew.
	sample *interpreter.State
	path   []*node
	buf    []interpreter.Move
	values []float64
	names  []string
	shown  []int
	// estimates is the scratch of the judge's estimate, result of its
	// scoring (judge.go).
	estimates []int
	result    interpreter.Result
	// leadLo and leadHi are the least and greatest estimate lead of each
	// seat this search has judged (judge.go, Spread).
	leadLo, leadHi []int
	// ranks and best are the scratch of the playout policy (playout.go).
	ranks []int
	best  []int
	// The scratch of the prior (prior.go): the root moves' ranks, the
	// sorted ranks, the priors and the nodes of the moves at a node.
	rootRanks []int
	sorted    []int
	priorOf   []float64
	kids      []*node
	// rootSame says the seat sees every card, so that every sample is
	// the same state but for its generator, which no ranking reads: the
	// root's moves are ranked once a search (rootDone, rootRanked).
	rootSame, rootDone, rootRanked bool
	// rankEach ranks the root on every sample all the same (tests).
	rankEach bool
	// Playouts counts the iterations run, for benchmarks.
	Playouts int
	// Reused counts the visits of the roots found by following the game
	// down a kept tree: the iterations an earlier decision gave this one.
	Reused int
	// Scratch of the learned model's judge (judge.go).
	modelV []float64
	// leadN, leadMean and leadM2 are the count, mean and sum of squared
	// deviations of each seat's lead in the model's value over the
	// playouts this search has judged (Rescale: judge.go).
	leadN, leadMean, leadM2 []float64
	// The scratch of the model's playout moves (Guide: ismcts_playout.go).
	guideSt *interpreter.State
	guideAt []int
}

// ISMCTSOptions are the budget and settings of an ISMCTS bot; zero
// values take the defaults.
type ISMCTSOptions struct {
	Iterations int // iterations per decision (default 200, unless Millis is set)
	Millis     int // time per decision, in milliseconds
	Depth      int // decisions of a playout before the scoring judges it (0: default 2; negative: none)
	C          int // exploration constant in hundredths (default 70: 0.7)
	// Eps is the percent of a playout's moves made at random when the
	// game has a policy (default and negative: none); see playout.go.
	Eps int
	// Spread, when set, judges the estimate's lead against the range of
	// leads this search has seen rather than against the seats' spread
	// (judge.go).
	Spread bool
	// Prior is the weight, in hundredths, of the policy as a prior in
	// the tree when the game declares one (prior.go; default 150;
	// negative: none, every move tried once before any twice, by UCB1).
	Prior int
	// Value, when set, judges a playout cut off by this learned model of
	// each seat's view (value=FILE), in place of the scoring.
	Value *Model
	// Rescale, with Value, judges a seat's lead in the model's value
	// against the leads this search has judged: as its distance from
	// their mean in standard deviations, put in (0, 1) by the logistic
	// function (judge.go).
	Rescale bool
	// Guide, with Value, makes the first Guide moves of each playout by
	// the model, one move ahead, Eps percent of them at random
	// (ismcts_playout.go).
	Guide int
}

// Default ISMCTS settings.
const (
	DefaultISMCTSIterations = 200
	DefaultISMCTSDepth      = 2
	DefaultISMCTSC          = 70
	DefaultISMCTSEps        = 0
	DefaultISMCTSPrior      = 150
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
	switch {
	case opt.Eps == 0:
		opt.Eps = DefaultISMCTSEps
	case opt.Eps < 0:
		opt.Eps = 0 // the policy's best move every time
	}
	switch {
	case !g.HasPolicy() || opt.Prior < 0:
		opt.Prior = 0
	case opt.Prior == 0:
		opt.Prior = DefaultISMCTSPrior
	}
	return &ISMCTS{g: g, r: newRand(seed), opt: opt, trees: map[int]*keptTree{}}
}

// Choose follows the game down the seat's kept tree, searches from the
// observation and returns the root move visited most, among those it
// has chosen least often at this position before (repeat.go).
func (b *ISMCTS) Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move {
	root := b.follow(obs)
	choice := legal[0]
	if len(legal) > 1 {
		choice = b.search(root, obs, legal, b.cycles.chosenAt(b.g, obs, legal))
		b.cycles.remember(obs.Seat(), choice.Text)
	}
	b.trees[obs.Seat()] = &keptTree{root: root, made: obs.Made(), move: choice.Text}
	return choice
}

// search runs the budget's iterations from root and returns the legal
// move visited most among those chosen least often at this position
// before (chosen, by text: see repeat.go).
func (b *ISMCTS) search(root *node, obs *interpreter.Observation, legal []interpreter.Move, chosen map[string]int) interpreter.Move {
	var deadline time.Time
	if b.opt.Millis > 0 {
		deadline = time.Now().Add(time.Duration(b.opt.Millis) * time.Millisecond)
	}
	b.leadLo, b.leadHi = b.leadLo[:0], b.leadHi[:0]
	b.leadN, b.leadMean, b.leadM2 = b.leadN[:0], b.leadMean[:0], b.leadM2[:0]
	b.rootSame, b.rootDone = !obs.Hides() && !b.rankEach, false
	for i := 0; ; i++ {
		if b.opt.Iterations > 0 && i >= b.opt.Iterations {
			break
		}
		if b.opt.Millis > 0 && i > 0 && time.Now().After(deadline) {
			break
		}
		b.iterate(root, obs, legal)
	}
	// Ties (moves the search could not tell apart) are broken at
	// random: the first listed would always win them, and a game whose
	// first move keeps a phase going (another offer) would never end.
	// A move the tree never tried ranks below every tried one: it may
	// still be the way out of a position come back to.
	at, ties := -1, 0
	var least, most int
	var top float64
	for i, m := range legal {
		visits, value := -1, 0.0
		if k := root.kid(m.Text); k != nil {
			visits, value = k.visits, k.value
		}
		times := chosen[m.Text]
		switch {
		case at < 0 || times < least || times == least && (visits > most || visits == most && value > top):
			at, ties, least, most, top = i, 1, times, visits, value
		case times == least && visits == most && value == top:
			if ties++; b.r.IntN(ties) == 0 {
				at = i
			}
		}
	}
	return legal[at]
}

// iterate runs one iteration: sample, select, expand, play out, back up.
// Moves are listed into one reused buffer and made by their index in it
// (LegalInto, ApplyIndex): neither the listing nor the move is parsed
// from text. At the root the moves are those of the real decision, made
// on the sample by their text (cheaper than listing the sample's, and
// the hidden cards may change what one may do there): an iteration
// where one is not legal in the sample is dropped.
func (b *ISMCTS) iterate(root *node, obs *interpreter.Observation, rootLegal []interpreter.Move) {
	b.Playouts++
	if b.sample == nil {
		b.sample = new(interpreter.State)
	}
	st := b.sample
	obs.SampleInto(b.r, st)
	n := root
	b.path = b.path[:0]
	c := float64(b.opt.C) / 100
	for !st.Finished {
		legal, ranks, ranked := rootLegal, []int(nil), false
		if n == root {
			if !b.rootDone {
				b.rootRanked, b.rootDone = b.rankRoot(st, rootLegal), b.rootSame
			}
			ranked, ranks = b.rootRanked, b.rootRanks
		} else {
			var err error
			if legal, ranked, err = b.listRanked(st); err != nil || len(legal) == 0 {
				break
			}
			ranks = b.ranks
		}
		var at int
		var best *node
		if b.opt.Prior > 0 {
			b.priors(len(legal), ranks, ranked)
			at, best = b.selectPUCT(n, legal)
		} else {
			at, best = b.selectUCB(n, legal, c)
		}
		expanded := best == nil
		if expanded {
			best = n.add(legal[at], len(legal), &b.nodes)
			best.avail++
		}
		if b.move(st, legal, at, n == root) != nil {
			return
		}
		b.path = append(b.path, best)
		if expanded {
			break
		}
		n = best
	}
	// The depth counts the other seats' decisions: see maxStall.
	for d, other := 0, 0; !st.Finished && other < b.opt.Depth && d < b.opt.Depth+maxStall; d++ {
		at, who, ok := b.playoutMove(st, b.opt.Value != nil && d < b.opt.Guide)
		if !ok {
			break
		}
		if who != obs.Seat() {
			other++
		}
		if b.g.ApplyIndex(st, at) != nil {
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

// selectUCB picks among legal at node n: an untried move when there is
// one (at random among them; its node nil), else the tried one best by
// UCB1 over its availability, exact ties broken at random. It counts
// the availability of the tried moves.
func (b *ISMCTS) selectUCB(n *node, legal []interpreter.Move, c float64) (int, *node) {
	untried, nUntried := -1, 0
	var best *node
	bestAt, bestU, ties := -1, math.Inf(-1), 0
	for i, m := range legal {
		k := n.kid(m.Text)
		if k == nil {
			if nUntried++; b.r.IntN(nUntried) == 0 {
				untried = i
			}
			continue
		}
		k.avail++
		u := math.Inf(1) // added by an iteration that failed
		if k.visits > 0 {
			// float64 rounds the product: a compiler may otherwise fuse
			// it with the sum (an FMA, on arm64 or with GOAMD64=v3),
			// and a near tie could fall the other way.
			u = k.value/float64(k.visits) + float64(c*math.Sqrt(math.Log(float64(k.avail))/float64(k.visits)))
		}
		switch {
		case u > bestU:
			best, bestAt, bestU, ties = k, i, u, 1
		case u == bestU: // broken at random, as in search
			if ties++; b.r.IntN(ties) == 0 {
				best, bestAt = k, i
			}
		}
	}
	if nUntried > 0 {
		return untried, nil
	}
	return bestAt, best
}

// maxStall bounds how many of the deciding seat's own decisions a
// playout makes beyond its depth. The depth counts only the other
// seats' decisions, so that a seat's run of decisions (a turn of many
// choices, a market where one may buy and sell as often as one likes) is
// played out at random rather than cut off inside: judged before any
// other seat moves, a seat in the lead would rather stall there for ever
// (buy, sell, buy...) than hand over its turn within the horizon.
const maxStall = 100

// move makes the at-th of moves on st: by its index in the list just
// listed for st, or by its text when moves are not that list.
func (b *ISMCTS) move(st *interpreter.State, moves []interpreter.Move, at int, byText bool) error {
	if byText {
		return b.g.Apply(st, moves[at].Text)
	}
	return b.g.ApplyIndex(st, at)
}
