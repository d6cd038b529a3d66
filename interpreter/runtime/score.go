package runtime

import (
	"sort"

	"github.com/haven-engine/haven/interpreter/model"
)

// Result is the outcome of a game: every player's score, tie-break
// values and figures, and the ranking (best first).
type Result struct {
	Finished bool    `json:"finished"`
	Capped   bool    `json:"capped"`
	Reason   string  `json:"reason"`
	Scores   []int   `json:"scores"`
	Tiebreak [][]int `json:"tiebreak"`
	// TiebreakNames names the columns of Tiebreak.
	TiebreakNames []string         `json:"tiebreakNames"`
	Show          []map[string]int `json:"show"`
	Ranking       []int            `json:"ranking"`
	// Winners are the seats ranked first; more than one when the
	// tie-breaks leave a tie.
	Winners []int `json:"winners"`
}

// Score evaluates the scoring of a state (finished or not).
func (g *Game) Score(st *model.State) (*Result, error) {
	m := g.M
	m.decide()
	m.St = st
	r := &Result{Finished: st.Finished && !st.Capped, Capped: st.Capped, Reason: st.EndReason, TiebreakNames: g.TiebreakNames()}
	for p := 0; p < st.Players; p++ {
		sc := g.Scope(g.Base, p, st.Players)
		v, err := m.Eval(g.Scoring.Score, sc)
		if err != nil {
			return nil, err
		}
		r.Scores = append(r.Scores, v.(int))
		var tb []int
		for _, t := range g.Scoring.Tiebreak {
			v, err := m.Eval(t.Code, sc)
			if err != nil {
				return nil, err
			}
			tb = append(tb, v.(int))
		}
		r.Tiebreak = append(r.Tiebreak, tb)
		show := map[string]int{}
		for _, s := range g.Scoring.Show {
			v, err := m.Eval(s.Code, sc)
			if err != nil {
				return nil, err
			}
			show[s.Name] = v.(int)
		}
		r.Show = append(r.Show, show)
		r.Ranking = append(r.Ranking, p)
	}
	key := func(p int) []int { return append([]int{r.Scores[p]}, r.Tiebreak[p]...) }
	less := func(a, b []int) int {
		for i := range a {
			if a[i] != b[i] {
				if a[i] > b[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	sort.SliceStable(r.Ranking, func(i, j int) bool { return less(key(r.Ranking[i]), key(r.Ranking[j])) < 0 })
	for _, p := range r.Ranking {
		if less(key(p), key(r.Ranking[0])) == 0 {
			r.Winners = append(r.Winners, p)
		}
	}
	return r, nil
}
