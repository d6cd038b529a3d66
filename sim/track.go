package sim

import (
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// LeadEvery is how many decisions apart the lead is looked at in a game
// whose definition has no cap var to count its progress by.
const LeadEvery = 20

// LeadPer names what a game's lead changes are counted per: a step of its
// cap var, or LeadEvery decisions.
func LeadPer(g *interpreter.Game) string {
	if v := g.CapVar(); v != "" {
		return "step of " + v
	}
	return strconv.Itoa(LeadEvery) + " decisions"
}

// Tracker notes, while a game is played, what each seat did: the actions
// it took (the first word of a move's text), the cards its moves named or
// its own zones held (by card type) and, at each step of the game's
// progress, who led. It reads only what every move and state expose, so
// it knows no game; its cost is a map update per move, and the seats' scores
// (without tie-breaks or figures) and a look at the players' zones per
// round.
type Tracker struct {
	// Actions and Cards count, per seat, the moves that took an action or
	// named a card; Finish adds one to a card the seat's own zones held
	// at a checkpoint or at the end, so that a card drawn and kept, which
	// no move names, counts too.
	Actions []map[string]int
	Cards   []map[string]int
	// LeadChanges counts the times the lead passed from one seat to
	// another, looked at Checkpoints times: each time the cap var moved
	// (a new round, most often), or every LeadEvery decisions without one.
	LeadChanges int
	Checkpoints int

	// Played are the card types seen out of the game's box, in any zone,
	// at a checkpoint or at the end: the cards in play.
	Played map[string]bool

	capVar string
	held   []map[string]bool // card types a seat's zones held at a checkpoint
	mark   int               // the cap var's value at the last checkpoint
	leader int               // the last seat that led alone, or -1
	scores []int             // the scores at the last checkpoint
}

// start readies the tracker for a new game; a nil tracker does nothing.
func (t *Tracker) start(g *interpreter.Game, st *interpreter.State) {
	if t == nil {
		return
	}
	t.Actions = make([]map[string]int, st.Players)
	t.Cards = make([]map[string]int, st.Players)
	t.held = make([]map[string]bool, st.Players)
	for p := range t.Actions {
		t.Actions[p], t.Cards[p], t.held[p] = map[string]int{}, map[string]int{}, map[string]bool{}
	}
	t.LeadChanges, t.Checkpoints, t.leader = 0, 0, -1
	t.Played = map[string]bool{}
	t.capVar = g.CapVar()
	t.mark = st.Var(t.capVar)
}

// moved notes move m, the n-th of the game, just applied to st.
func (t *Tracker) moved(g *interpreter.Game, st *interpreter.State, m interpreter.Move, n int) error {
	if m.Player >= 0 && m.Player < len(t.Actions) {
		text := m.Text
		word, rest, _ := strings.Cut(text, " ")
		t.Actions[m.Player][word]++
		for rest != "" {
			word, rest, _ = strings.Cut(rest, " ")
			if c := g.Card(word); c != nil {
				t.Cards[m.Player][c.Def]++
			}
		}
	}
	due := st.Finished
	if t.capVar != "" {
		if v := st.Var(t.capVar); v != t.mark {
			t.mark, due = v, true
		}
	} else if n%LeadEvery == 0 {
		due = true
	}
	if !due {
		return nil
	}
	// Only the scores decide who leads: the tie-breaks and figures are
	// not evaluated.
	var err error
	if t.scores, err = g.ScoresInto(st, t.scores); err != nil {
		return err
	}
	t.Checkpoints++
	t.look(g, st)
	if l := soleLeader(t.scores); l >= 0 {
		if t.leader >= 0 && l != t.leader {
			t.LeadChanges++
		}
		t.leader = l
	}
	return nil
}

// Finish adds one to each card type the seat's own zones held at a
// checkpoint or hold at the end of the game.
func (t *Tracker) Finish(g *interpreter.Game, st *interpreter.State) {
	t.look(g, st)
	for p, held := range t.held {
		for def := range held {
			t.Cards[p][def]++
		}
	}
}

// look notes the card types in each seat's own zones.
func (t *Tracker) look(g *interpreter.Game, st *interpreter.State) {
	// The zones' own lists, not copies (Zone), read only; in no set
	// order, which a set of card types does not need.
	for ref, ids := range st.AllZones() {
		name, p := interpreter.SplitZoneRef(ref)
		if name != interpreter.BoxZone {
			for _, id := range ids {
				if c := g.Card(id); c != nil {
					t.Played[c.Def] = true
				}
			}
		}
		if p < 0 || p >= len(t.held) {
			continue
		}
		for _, id := range ids {
			if c := g.Card(id); c != nil {
				t.held[p][c.Def] = true
			}
		}
	}
}

// soleLeader is the seat with the highest score, or -1 on a tie.
func soleLeader(scores []int) int {
	if len(scores) == 0 {
		return -1
	}
	best, who := scores[0], 0
	for p, s := range scores[1:] {
		switch {
		case s > best:
			best, who = s, p+1
		case s == best:
			who = -1
		}
	}
	return who
}
