package sim

import "github.com/haven-engine/haven/interpreter"

// This file holds how an ISMCTS playout picks its moves below the tree.
// A game that declares a policy (bots.prefer) has said how a sensible
// player moves; a playout that follows it (a heuristic playout policy,
// standard in MCTS) judges a move by a plausible future rather than a
// random one, which in a long race game (sail out, load, sail home)
// never gets anywhere. With Eps, that percent of the moves stay random,
// so that the playouts see what the policy does not rank well; by
// default none do: where one random move swings the judge more than
// the moves of a decision differ (a fight, a ship sailed the wrong
// way), they only add noise, and the tree, whose prior is the same
// policy (prior.go), still tries the moves the policy ranks low.

// playoutMove lists the moves of st's decision into the bot's buffer and
// returns the index of the one to make and who makes it; ok is false
// when there is none. Without a policy, or with probability Eps percent,
// the move is uniformly random; else it is a best-ranked one, ties at
// random. The ranks are evaluated on st itself, the sample the playout
// plays on (Game.Prefer): no state is copied, and the sample holds only
// what the searching seat may know plus cards dealt at random.
func (b *ISMCTS) playoutMove(st *interpreter.State) (at, who int, ok bool) {
	if !b.g.HasPolicy() || b.opt.Eps >= 100 || b.opt.Eps > 0 && b.r.IntN(100) < b.opt.Eps {
		legal, err := b.g.LegalInto(st, b.buf)
		if err != nil || len(legal) == 0 {
			return 0, 0, false
		}
		b.buf = legal
		return b.r.IntN(len(legal)), legal[0].Player, true
	}
	legal, ranks, ranked, err := b.g.Prefer(st, b.buf, b.ranks)
	b.ranks = ranks
	if err != nil || len(legal) == 0 {
		return 0, 0, false
	}
	b.buf = legal
	if !ranked {
		return b.r.IntN(len(legal)), legal[0].Player, true
	}
	at, b.best = bestRanked(len(ranks), func(i int) (int, bool) { return ranks[i], true }, b.r, b.best)
	return at, legal[0].Player, true
}
