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
//
// A bot judging by a learned model (value=FILE) may let the model guide
// the first moves of a playout instead (guide=N): each is the move the
// model values most one move ahead, for the seat that makes it. Where a
// turn is many decisions of one seat (a role, then its deals) a random
// continuation judges the role by deals no player would make, and a
// role whose worth lies in the choices after it loses to one that pays
// at once. Each guided move costs a copy, an observation and the
// features of every legal move, so only the first few are guided.

// playoutMove lists the moves of st's decision into the bot's buffer and
// returns the index of the one to make and who makes it; ok is false
// when there is none. Without a policy, or with probability Eps percent,
// the move is uniformly random; else it is a best-ranked one, ties at
// random. The ranks are evaluated on st itself, the sample the playout
// plays on (Game.Prefer): no state is copied, and the sample holds only
// what the searching seat may know plus cards dealt at random.
func (b *ISMCTS) playoutMove(st *interpreter.State, guided bool) (at, who int, ok bool) {
	if guided {
		return b.guidedMove(st)
	}
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

// guidedMove lists the moves of st's decision into the bot's buffer and
// returns the index of the one the model values most for the seat that
// makes it, one move ahead from that seat's view of the state reached
// (a won game first, ties at random), or with probability Eps percent
// a random one; ok is false when there is none.
func (b *ISMCTS) guidedMove(st *interpreter.State) (at, who int, ok bool) {
	legal, err := b.g.LegalInto(st, b.buf)
	if err != nil || len(legal) == 0 {
		return 0, 0, false
	}
	b.buf = legal
	who = legal[0].Player
	if len(legal) == 1 || b.opt.Eps > 0 && b.r.IntN(100) < b.opt.Eps {
		return b.r.IntN(len(legal)), who, true
	}
	if b.guideSt == nil {
		b.guideSt = new(interpreter.State)
	}
	b.guideAt = b.guideAt[:0]
	top := 0.0
	for i := range legal {
		v, ok := b.guideValue(st, i, who)
		if !ok {
			continue
		}
		switch {
		case len(b.guideAt) == 0 || v > top:
			b.guideAt, top = append(b.guideAt[:0], i), v
		case v == top:
			b.guideAt = append(b.guideAt, i)
		}
	}
	if len(b.guideAt) == 0 {
		return b.r.IntN(len(legal)), who, true
	}
	return b.guideAt[b.r.IntN(len(b.guideAt))], who, true
}

// guideValue is the model's value for seat of the state st reaches by
// the i-th move of the bot's buffer (listed for st). The move is made
// on a copy by its index: listing the copy's moves would cost as much
// as the copy, so it is made by text.
func (b *ISMCTS) guideValue(st *interpreter.State, i, seat int) (float64, bool) {
	c := b.guideSt
	st.CloneInto(c)
	if b.g.Apply(c, b.buf[i].Text) != nil {
		return 0, false
	}
	if c.Finished && !c.Capped {
		if b.g.ScoreInto(c, &b.result) != nil {
			return 0, false
		}
		return 1e6 * (winShare(&b.result, seat) - 0.5), true
	}
	x, err := b.opt.Value.set.extractState(c, seat, len(c.Moves))
	if err != nil {
		return 0, false
	}
	return b.opt.Value.value(x), true
}
