package sim

// Comparison says what a change of the rules (a variant, a setting) did:
// the same seeds played under the base rules and under the change, the
// differences taken seed by seed.
type Comparison struct {
	// Name names the change; Report is the run under it.
	Name   string  `json:"name"`
	Report *Report `json:"report"`
	// Sets are the change's --set values, when it is a point of a sweep.
	Sets []string `json:"sets,omitempty"`
	// Paired counts the seeds played under both.
	Paired int        `json:"paired"`
	Seats  []SeatDiff `json:"seats"`
	Length Diff       `json:"length"`
	// Rounds compares the games' lengths in rounds (steps of the cap
	// var), when the game counts them.
	Rounds  *Diff `json:"rounds,omitempty"`
	EndRate Diff  `json:"endRate"`
	// Tests is the size of the family the differences above were
	// corrected over (Holm): those with at least two seeds.
	Tests int `json:"tests"`
	// NewActions and NewCards are the attributions of the actions and
	// cards the change brought in (none of the base games had them): what
	// a prototype card did for those who took it.
	NewActions []Attribution `json:"newActions,omitempty"`
	NewCards   []Attribution `json:"newCards,omitempty"`
	// Untaken are the card types the change brought in that no seat
	// took in any game: whatever the change did, it was not through
	// them. Named by Report.Name; empty without a catalog.
	Untaken []Named `json:"untaken,omitempty"`
}

// SeatDiff is the change of a seat's win rate and score.
type SeatDiff struct {
	Seat    int  `json:"seat"`
	WinRate Diff `json:"winRate"`
	Score   Diff `json:"score"`
}

// Diff is a measure under the base rules and under a change, over the
// same N seeds, and the mean of their paired differences (change minus
// base) with its 95% interval (Student's t). P is the paired t test's
// p-value; Adjusted is P corrected by Holm's method over the
// comparison's differences, and Significant says it is below Alpha.
type Diff struct {
	N           int      `json:"n"`
	Base        float64  `json:"base"`
	Variant     float64  `json:"variant"`
	Delta       Interval `json:"delta"`
	P           float64  `json:"p"`
	Adjusted    float64  `json:"adjusted"`
	Significant bool     `json:"significant"`
}

// paired builds a Diff from the pairs (base, variant).
func paired(base, variant []float64) Diff {
	d := Diff{N: len(base), P: 1, Adjusted: 1}
	if d.N == 0 {
		return d
	}
	diffs := make([]float64, len(base))
	for i := range base {
		d.Base += base[i]
		d.Variant += variant[i]
		diffs[i] = variant[i] - base[i]
	}
	d.Base /= float64(d.N)
	d.Variant /= float64(d.N)
	d.Delta = Paired(diffs)
	d.P = PairedP(diffs)
	return d
}

// correct adjusts the p-values of the differences with at least two
// seeds by Holm's method, as one family, and returns its size.
func correct(ds []*Diff) int {
	var fam []*Diff
	var ps []float64
	for _, d := range ds {
		if d != nil && d.N > 1 {
			fam, ps = append(fam, d), append(ps, d.P)
		}
	}
	for i, a := range Holm(ps) {
		fam[i].Adjusted = a
		fam[i].Significant = a < Alpha
	}
	return len(fam)
}

// Compare pairs the games of two reports by seed. A seat's win rate is
// compared over the seeds both runs ended; scores, lengths and end rates
// over every seed both played.
func Compare(name string, base, variant *Report) *Comparison {
	c := &Comparison{Name: name, Report: variant}
	bySeed := make(map[uint64]*GameRecord, len(base.Records))
	for i := range base.Records {
		bySeed[base.Records[i].Seed] = &base.Records[i]
	}
	players := min(base.Players, variant.Players)
	type pairs struct{ b, v []float64 }
	wins := make([]pairs, players)
	scores := make([]pairs, players)
	var length, rounds, ended pairs
	for i := range variant.Records {
		v := &variant.Records[i]
		b := bySeed[v.Seed]
		if b == nil {
			continue
		}
		c.Paired++
		length.b, length.v = append(length.b, float64(b.Length)), append(length.v, float64(v.Length))
		if base.Rounds != nil && variant.Rounds != nil {
			rounds.b, rounds.v = append(rounds.b, float64(b.Rounds)), append(rounds.v, float64(v.Rounds))
		}
		ended.b, ended.v = append(ended.b, boolf(!b.Capped)), append(ended.v, boolf(!v.Capped))
		for p := 0; p < players; p++ {
			if p < len(b.Scores) && p < len(v.Scores) {
				scores[p].b = append(scores[p].b, float64(b.Scores[p]))
				scores[p].v = append(scores[p].v, float64(v.Scores[p]))
			}
			if !b.Capped && !v.Capped {
				wins[p].b = append(wins[p].b, share(b, p))
				wins[p].v = append(wins[p].v, share(v, p))
			}
		}
	}
	for p := 0; p < players; p++ {
		c.Seats = append(c.Seats, SeatDiff{Seat: p, WinRate: paired(wins[p].b, wins[p].v), Score: paired(scores[p].b, scores[p].v)})
	}
	c.Length = paired(length.b, length.v)
	if base.Rounds != nil && variant.Rounds != nil {
		d := paired(rounds.b, rounds.v)
		c.Rounds = &d
	}
	c.EndRate = paired(ended.b, ended.v)
	fam := []*Diff{&c.Length, c.Rounds, &c.EndRate}
	for i := range c.Seats {
		fam = append(fam, &c.Seats[i].WinRate, &c.Seats[i].Score)
	}
	c.Tests = correct(fam)
	c.NewActions = added(base.Actions, variant.Actions)
	c.NewCards = added(base.Cards, variant.Cards)
	correctAttributions(c.NewActions)
	correctAttributions(c.NewCards)
	if base.Catalog != nil {
		had := map[string]bool{}
		for _, n := range base.Catalog.Cards {
			had[n.ID] = true
		}
		for _, n := range variant.Untaken {
			if !had[n.ID] {
				c.Untaken = append(c.Untaken, n)
			}
		}
	}
	return c
}

// added lists the attributions of after whose names before lacks.
func added(before, after []Attribution) []Attribution {
	had := map[string]bool{}
	for _, a := range before {
		had[a.Name] = true
	}
	var out []Attribution
	for _, a := range after {
		if !had[a.Name] {
			out = append(out, a)
		}
	}
	return out
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
