package web

import (
	"net/http"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// Against the bots, a person does not take a move back past one that
// showed them a card they could not see before (a card drawn from a
// deck, turned face up): played again, they would know what comes. The
// design view steps back freely on a server of this machine.

// guarded tells whether a step back to move k is refused: the table has
// a bot and a person, and a move after k showed a person a hidden card.
// It says which move did. The table's lock is held.
func (t *table) guarded(k int) (int, error) {
	if !t.someHuman() || len(t.bots) == 0 || k >= len(t.st.Moves) {
		return 0, nil
	}
	h, err := t.history(-1)
	if err != nil {
		return 0, err
	}
	hidden := map[int]map[string]int{}
	for p := 0; p < t.players; p++ {
		if !t.human(p) {
			continue
		}
		v, err := t.g.ViewBoard(t.st, p)
		if err != nil {
			return 0, err
		}
		hidden[p] = v.Hidden
	}
	for m := k + 1; m <= len(t.st.Moves); m++ {
		for _, e := range t.st.Log[h.marks[m-1]:h.marks[m]] {
			if revealed(e, hidden) {
				return m, nil
			}
		}
	}
	return 0, nil
}

// revealed tells whether an event moved a card from a zone a person may
// not see to one where they saw it.
func revealed(e interpreter.Event, hidden map[int]map[string]int) bool {
	if e.Card == "" || e.From == "" {
		return false
	}
	for p, zones := range hidden {
		if _, from := zones[e.From]; !from {
			continue
		}
		if _, to := zones[e.To]; !to && (slices.Contains(e.Seen, p) || !e.Hidden) {
			return true
		}
	}
	return false
}

// stepBack refuses a step back to move k past a reveal, unless design
// asks for it on a server of this machine.
func (s *Server) stepBack(t *table, k int, design bool) error {
	if design && !s.opt.Public {
		return nil
	}
	m, err := t.guarded(k)
	if err != nil || m == 0 {
		return err
	}
	return refuse(http.StatusConflict, "against the bots, a move is not taken back past one that showed a hidden card (move %d): the design view steps back freely", m)
}
