package sim

// Comparison says what a change of the rules (a variant, a setting) did:
// the same seeds played under the base rules and under the change, the
// differences taken seed by seed.
type Comparison struct {
	// Name names the change; Report is the run under it.
	Name   string  `json:"name"`
	Report *Report `json:"report"`
	// Paired counts the seeds played under both.
	Paired  int        `json:"paired"`
	Seats   []SeatDiff `json:"seats"`
	Length  Diff       `json:"length"`
	EndRate Diff       `json:"endRate"`
	// NewActions and NewCards are the attributions of the actions and
	// cards the change brought in (none of the base games had them): what
	// a prototype card did for those who took it.
	NewActions []Attribution `json:"newActions,omitempty"`
	NewCards   []Attribution `json:"newCards,omitempty"`
}

// SeatDiff is the change of a seat's win rate and score.
type SeatDiff struct {
	Seat    int  `json:"seat"`
	WinRate Diff `json:"winRate"`
	Score   Diff `json:"score"`
}

// Diff is a measure under the base rules and under a change, over the
// same N seeds, and the mean of their paired differences (change minus
// base) with its 95% interval; Significant when it leaves out 0.
type Diff struct {
	N           int      `json:"n"`
	Base        float64  `json:"base"`
	Variant     float64  `json:"variant"`
	Delta       Interval `json:"delta"`
	Significant bool     `json:"significant"`
}

// paired builds a Diff from the pairs (base, variant).
func paired(base, variant []float64) Diff {
	d := Diff{N: len(base)}
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
	d.Significant = d.N > 1 && d.Delta.Excludes(0)
	return d
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
	var length, ended pairs
	for i := range variant.Records {
		v := &variant.Records[i]
		b := bySeed[v.Seed]
		if b == nil {
			continue
		}
		c.Paired++
		length.b, length.v = append(length.b, float64(b.Length)), append(length.v, float64(v.Length))
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
	c.EndRate = paired(ended.b, ended.v)
	c.NewActions = added(base.Actions, variant.Actions)
	c.NewCards = added(base.Cards, variant.Cards)
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
