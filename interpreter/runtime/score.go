package runtime

import (
	"cmp"
	"slices"

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
	r := new(Result)
	if err := g.ScoreInto(st, r); err != nil {
		return nil, err
	}
	return r, nil
}

// ScoreInto is Score into r, whose lists and maps it fills again: a bot
// that judges every playout allocates nothing by it once they have
// grown. On an error r holds what was scored before it.
func (g *Game) ScoreInto(st *model.State, r *Result) error {
	m := g.M
	m.decide()
	m.St = st
	names := r.TiebreakNames
	if !g.namesTiebreaks(names) {
		names = g.TiebreakNames()
	}
	*r = Result{
		Finished: st.Finished && !st.Capped, Capped: st.Capped, Reason: st.EndReason, TiebreakNames: names,
		Scores: r.Scores[:0], Tiebreak: r.Tiebreak[:0], Show: r.Show[:0], Ranking: r.Ranking[:0], Winners: r.Winners[:0],
	}
	for p := 0; p < st.Players; p++ {
		sc := g.Scope(g.Base, p, st.Players)
		err := g.scoreSeat(sc, r)
		g.Release(sc)
		if err != nil {
			return err
		}
		r.Ranking = append(r.Ranking, p)
	}
	// Best first: the higher score, then the higher tie-break after
	// tie-break; seats level on all keep their order.
	slices.SortStableFunc(r.Ranking, r.compare)
	for _, p := range r.Ranking {
		if r.compare(p, r.Ranking[0]) == 0 {
			r.Winners = append(r.Winners, p)
		}
	}
	return nil
}

// ScoresInto lists each seat's score of the state in buf, reused, and
// nothing else: no tie-break, figure or ranking. A caller that only
// compares scores (the simulator looks at who leads after every round)
// evaluates one expression a seat instead of all of the scoring's, and
// allocates nothing once buf is long enough.
func (g *Game) ScoresInto(st *model.State, buf []int) ([]int, error) {
	m := g.M
	m.decide()
	m.St = st
	buf = buf[:0]
	for p := 0; p < st.Players; p++ {
		v, err := g.seatScore(p, st.Players)
		if err != nil {
			return buf, err
		}
		buf = append(buf, v)
	}
	return buf, nil
}

// seatScore is the score of seat p of the machine's state.
func (g *Game) seatScore(p, players int) (int, error) {
	sc := g.Scope(g.Base, p, players)
	v, err := g.M.Eval(g.Scoring.Score, sc)
	g.Release(sc)
	if err != nil {
		return 0, err
	}
	return v.(int), nil
}

// namesTiebreaks tells whether names are the names of the tie-breaks.
func (g *Game) namesTiebreaks(names []string) bool {
	if names == nil || len(names) != len(g.Scoring.Tiebreak) {
		return false
	}
	for i, t := range g.Scoring.Tiebreak {
		if names[i] != t.Name {
			return false
		}
	}
	return true
}

// scoreSeat appends the score, tie-breaks and figures of the seat of sc
// to r, in the lists and maps an earlier scoring left past their ends.
func (g *Game) scoreSeat(sc model.Scope, r *Result) error {
	m := g.M
	v, err := m.Eval(g.Scoring.Score, sc)
	if err != nil {
		return err
	}
	r.Scores = append(r.Scores, v.(int))
	var tb []int
	if n := len(r.Tiebreak); n < cap(r.Tiebreak) {
		tb = r.Tiebreak[:n+1][n][:0]
	}
	for _, t := range g.Scoring.Tiebreak {
		v, err := m.Eval(t.Code, sc)
		if err != nil {
			return err
		}
		tb = append(tb, v.(int))
	}
	r.Tiebreak = append(r.Tiebreak, tb)
	var show map[string]int
	if n := len(r.Show); n < cap(r.Show) {
		show = r.Show[:n+1][n]
		clear(show)
	}
	if show == nil {
		show = map[string]int{}
	}
	for _, s := range g.Scoring.Show {
		v, err := m.Eval(s.Code, sc)
		if err != nil {
			return err
		}
		show[s.Name] = v.(int)
	}
	r.Show = append(r.Show, show)
	return nil
}

// compare orders seats a and b best first: by score, then tie-break
// after tie-break, the higher first; 0 when they are level on all.
func (r *Result) compare(a, b int) int {
	if c := cmp.Compare(r.Scores[b], r.Scores[a]); c != 0 {
		return c
	}
	for i := range r.Tiebreak[a] {
		if c := cmp.Compare(r.Tiebreak[b][i], r.Tiebreak[a][i]); c != 0 {
			return c
		}
	}
	return 0
}
