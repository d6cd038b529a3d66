package sim

import (
	"fmt"

	"github.com/haven-engine/haven/interpreter"
)

// DefaultMaxDecisions is the decision budget of a game when Options leave
// it zero: a safety net for a definition whose own cap never stops it.
const DefaultMaxDecisions = 200_000

// Outcome is how one game ended.
type Outcome struct {
	State     *interpreter.State
	Decisions int
	// Capped is set when the game was stopped before its rules ended it,
	// by the definition's cap or by the decision budget.
	Capped bool
}

// Play plays one game from seed to its end, every seat played by bot,
// for at most maxDecisions moves (0: DefaultMaxDecisions).
func Play(g *interpreter.Game, players int, seed uint64, bot Bot, maxDecisions int) (Outcome, error) {
	bots := make([]Bot, players)
	for p := range bots {
		bots[p] = bot
	}
	return PlaySeats(g, seed, bots, maxDecisions, nil)
}

// PlaySeats plays one game of len(bots) players from seed to its end, the
// pending decision of seat p chosen by bots[p], for at most maxDecisions
// moves (0: DefaultMaxDecisions). With tr set, it also notes what each
// seat did, for attribution (see Tracker).
func PlaySeats(g *interpreter.Game, seed uint64, bots []Bot, maxDecisions int, tr *Tracker) (out Outcome, err error) {
	return PlaySeatsInto(g, nil, seed, bots, maxDecisions, tr)
}

// PlaySeatsInto is PlaySeats played in st, a state done with (the
// Outcome of an earlier game, say), whose memory the new game reuses
// (Game.NewInto); in a new state when st is nil. A simulation that plays
// game after game in one state does not make each game's list of moves
// anew.
func PlaySeatsInto(g *interpreter.Game, st *interpreter.State, seed uint64, bots []Bot, maxDecisions int, tr *Tracker) (out Outcome, err error) {
	if maxDecisions <= 0 {
		maxDecisions = DefaultMaxDecisions
	}
	n := 0
	defer recovered(seed, &n, &err)
	if st == nil {
		st, err = g.New(len(bots), seed)
	} else {
		err = g.NewInto(st, len(bots), seed)
	}
	if err != nil {
		return Outcome{}, fmt.Errorf("seed %d, setup: %v", seed, err)
	}
	tr.start(g, st)
	// The moves are listed into one list, and what the deciding seat
	// may know is observed into one observation, which a bot reads only
	// while it decides.
	var legal []interpreter.Move
	obs := new(interpreter.Observation)
	for !st.Finished {
		if n >= maxDecisions {
			return Outcome{State: st, Decisions: n, Capped: true}, nil
		}
		legal, err = g.LegalInto(st, legal)
		if err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: %v", seed, n+1, err)
		}
		if len(legal) == 0 {
			who := -1
			if st.Pending != nil {
				who = st.Pending.Player
			}
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: player %d has no legal move", seed, n+1, who)
		}
		bot := bots[0]
		if p := legal[0].Player; p >= 0 && p < len(bots) {
			bot = bots[p]
		}
		m, err := decideIn(g, st, bot, legal, obs)
		if err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: %v", seed, n+1, err)
		}
		if err := applyChosen(g, st, legal, m); err != nil {
			return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: move %q: %v", seed, n+1, m.Text, err)
		}
		n++
		if tr != nil {
			if err := tr.moved(g, st, m, n); err != nil {
				return Outcome{State: st, Decisions: n}, fmt.Errorf("seed %d, decision %d: scoring: %v", seed, n, err)
			}
		}
	}
	return Outcome{State: st, Decisions: n, Capped: st.Capped}, nil
}

// applyChosen makes move m, one of legal: by its index in the list,
// which is not parsed again when the machine's last listing is of st
// as it is (a bot that reads no observation), else by its text, as
// ApplyIndex itself does.
func applyChosen(g *interpreter.Game, st *interpreter.State, legal []interpreter.Move, m interpreter.Move) error {
	for i := range legal {
		if legal[i].Text == m.Text {
			return g.ApplyIndex(st, i)
		}
	}
	return g.Apply(st, m.Text)
}
