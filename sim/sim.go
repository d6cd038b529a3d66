// Package sim plays games with bots: a random bot, and a runner that plays
// many games to find rules that never end, crash, or favour a seat.
//
// Everything is reproducible: game i of a run uses seed+i both for the
// game's own generator and for its bot's, so a run with the same
// definition, options and seed plays the same games.
package sim

import (
	"fmt"
	"math/rand/v2"

	"github.com/haven-engine/haven/interpreter"
)

// Bot chooses moves.
type Bot interface {
	// Choose picks one of legal, which is never empty.
	Choose(st *interpreter.State, legal []interpreter.Move) interpreter.Move
}

// RandomBot picks uniformly among the legal moves, with its own generator.
type RandomBot struct {
	r *rand.Rand
}

// Random returns a random bot seeded with seed.
func Random(seed uint64) *RandomBot {
	return &RandomBot{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Choose picks a legal move uniformly.
func (b *RandomBot) Choose(_ *interpreter.State, legal []interpreter.Move) interpreter.Move {
	return legal[b.r.IntN(len(legal))]
}

// GreedyBot looks one move ahead: it plays, on a copy of the state, each
// move its player may make, and keeps one that leaves that player best off
// by the game's own scoring (a won game first, then score minus the best
// other score); ties are broken at random. It knows no game: it only reads
// the definition's scoring.
type GreedyBot struct {
	g *interpreter.Game
	r *rand.Rand
}

// Greedy returns a one-move-lookahead bot for a game, seeded with seed.
func Greedy(g *interpreter.Game, seed uint64) *GreedyBot {
	return &GreedyBot{g: g, r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Choose picks the legal move with the best outcome for its player.
func (b *GreedyBot) Choose(st *interpreter.State, legal []interpreter.Move) interpreter.Move {
	if len(legal) == 1 {
		return legal[0]
	}
	best, bestValue := []interpreter.Move{}, 0
	// The copies need no history: leave the log and the moves behind.
	log, moves := st.Log, st.Moves
	st.Log, st.Moves = nil, nil
	defer func() { st.Log, st.Moves = log, moves }()
	for _, m := range legal {
		c := st.Clone()
		if err := b.g.Apply(c, m.Text); err != nil {
			continue
		}
		v, err := b.value(c, m.Player)
		if err != nil {
			continue
		}
		switch {
		case len(best) == 0 || v > bestValue:
			best, bestValue = []interpreter.Move{m}, v
		case v == bestValue:
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return legal[b.r.IntN(len(legal))]
	}
	return best[b.r.IntN(len(best))]
}

func (b *GreedyBot) value(st *interpreter.State, p int) (int, error) {
	r, err := b.g.Score(st)
	if err != nil {
		return 0, err
	}
	if st.Finished && !st.Capped && len(r.Winners) > 0 {
		for _, w := range r.Winners {
			if w == p {
				return 1 << 40, nil
			}
		}
		return -(1 << 40), nil
	}
	other := 0
	for q, s := range r.Scores {
		if q != p && (other == 0 || s > other) {
			other = s
		}
	}
	return r.Scores[p] - other, nil
}

// NewBot returns the bot called name ("random" or "greedy"), seeded.
func NewBot(name string, g *interpreter.Game, seed uint64) (Bot, error) {
	switch name {
	case "", "random":
		return Random(seed), nil
	case "greedy":
		return Greedy(g, seed), nil
	}
	return nil, fmt.Errorf("unknown bot %q (bots: random, greedy)", name)
}
