package sim

import (
	"math"

	"github.com/haven-engine/haven/interpreter"
)

// This file has the learned bot settle another seat's reply before it
// judges a state. A move whose effect asks another seat to choose (a
// trade offered, which the other accepts or declines) stops there with
// the effect half done: the cards offered lie on the table, neither
// given nor kept. Judged as it stands, such a state is no position any
// game reaches at rest, and a model may value it above both outcomes:
// bots then gave their cards away and back, offer after offer, for
// thousands of decisions. Instead the bot makes the reply as the other
// seat's own value of it would, and judges the state after it.

// maxReplies bounds the replies settled before a state is judged.
const maxReplies = 4

// settled returns st after the choices other seats are asked in the
// middle of an effect (a pending "choose" of a seat other than seat),
// each made by the move the model values most for the seat making it;
// own says whether the state returned is a copy to give back (free).
func (b *LearnedBot) settled(st *interpreter.State, seat, made int) (cur *interpreter.State, own bool) {
	cur = st
	for k := 0; k < maxReplies && !cur.Finished; k++ {
		d := cur.Pending
		if d == nil || d.Kind != "choose" || d.Player == seat {
			break
		}
		legal, err := b.g.LegalInto(cur, b.replyLegal)
		b.replyLegal = legal
		if err != nil || len(legal) == 0 {
			break
		}
		best, bestV := -1, math.Inf(-1)
		for i := range legal {
			c := b.spare()
			cur.CloneInto(c)
			if b.g.ApplyIndex(c, i) == nil {
				if v, err := b.judge(c, d.Player, made+k+1); err == nil && v > bestV {
					best, bestV = i, v
				}
			}
			b.free(c)
		}
		if best < 0 {
			break
		}
		next := b.spare()
		cur.CloneInto(next)
		if b.g.ApplyIndex(next, best) != nil {
			b.free(next)
			break
		}
		if own {
			b.free(cur)
		}
		cur, own = next, true
	}
	return cur, own
}
