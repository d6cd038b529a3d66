package sim

import (
	"math"
	"testing"
)

// The Wilson intervals of the textbooks (Newcombe 1998, table I; Agresti
// and Coull 1998) to four decimals.
func TestWilson(t *testing.T) {
	for _, tt := range []struct {
		wins      float64
		n         int
		low, high float64
	}{
		{7, 10, 0.3968, 0.8922},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
	} {
		got := Wilson(tt.wins, tt.n)
		if math.Abs(got.Low-tt.low) > 5e-5 || math.Abs(got.High-tt.high) > 5e-5 || got.Value != tt.wins/float64(tt.n) {
			t.Errorf("Wilson(%v, %d) = %+v, want [%.4f, %.4f]", tt.wins, tt.n, got, tt.low, tt.high)
		}
	}
	if got := Wilson(0, 0); got != (Interval{0, 0, 1}) {
		t.Errorf("Wilson(0, 0) = %+v, want [0, 1]", got)
	}
}

// Newcombe's example 1 (1998, table II, method 10): 56/70 against 48/80
// gives 0.2 in [0.0524, 0.3339].
func TestDiffProportions(t *testing.T) {
	got := DiffProportions(Wilson(56, 70), Wilson(48, 80))
	if math.Abs(got.Value-0.2) > 1e-9 || math.Abs(got.Low-0.0524) > 5e-5 || math.Abs(got.High-0.3339) > 5e-5 {
		t.Errorf("got %+v, want 0.2 in [0.0524, 0.3339]", got)
	}
	if !got.Excludes(0) || got.Excludes(0.1) {
		t.Errorf("%+v: 0 is out, 0.1 in", got)
	}
}

func TestDescribe(t *testing.T) {
	d := Describe([]float64{2, 4, 4, 4, 5, 5, 7, 9})
	// Sample variance 32/7.
	if d.N != 8 || d.Mean != 5 || math.Abs(d.SD-math.Sqrt(32.0/7)) > 1e-12 || math.Abs(d.SE-d.SD/math.Sqrt(8)) > 1e-12 || d.Min != 2 || d.Max != 9 {
		t.Errorf("got %+v", d)
	}
	if (Describe(nil) != Dist{}) {
		t.Errorf("empty sample: %+v", Describe(nil))
	}
	p := Paired([]float64{1, 1, 1, 1})
	if p != (Interval{1, 1, 1}) {
		t.Errorf("constant differences: %+v, want exactly 1", p)
	}
}

// A tie shares the win: two winners get half each, and the seat rates
// still add up to the games ended.
func TestTiesSplit(t *testing.T) {
	recs := []GameRecord{
		{Seed: 1, Bots: []string{"a", "b", "c"}, Scores: []int{5, 5, 1}, Winners: []int{0, 1}},
		{Seed: 2, Bots: []string{"a", "b", "c"}, Scores: []int{1, 2, 3}, Winners: []int{2}},
		{Seed: 3, Bots: []string{"a", "b", "c"}, Scores: []int{4, 4, 4}, Winners: []int{0, 1, 2}},
		{Seed: 4, Bots: []string{"a", "b", "c"}, Scores: []int{9, 0, 0}, Capped: true},
	}
	r := Summarize(3, recs)
	third := 1.0 / 3
	want := []float64{0.5 + third, 0.5 + third, 1 + third}
	for p, s := range r.Seats {
		if math.Abs(s.Wins-want[p]) > 1e-12 || s.Ended != 3 || s.Games != 4 {
			t.Errorf("seat %d: %+v, want %.3f wins of 3 ended, 4 games", p, s, want[p])
		}
	}
	if r.Ended != 3 || r.Capped != 1 || len(r.Seeds) != 1 || r.Seeds[0] != [2]uint64{1, 4} {
		t.Errorf("ended %d capped %d seeds %v", r.Ended, r.Capped, r.Seeds)
	}
	if r.Bots[2].Name != "c" || math.Abs(r.Bots[2].Wins-want[2]) > 1e-12 {
		t.Errorf("bot c: %+v", r.Bots[2])
	}
}

// Holm's step-down adjustment of four p-values: sorted 0.005, 0.01, 0.03,
// 0.04 are multiplied by 4, 3, 2, 1 and kept non-decreasing.
func TestHolm(t *testing.T) {
	got := Holm([]float64{0.01, 0.04, 0.03, 0.005})
	want := []float64{0.03, 0.06, 0.06, 0.02}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("Holm = %v, want %v", got, want)
		}
	}
	if got := Holm([]float64{0.5, 0.9}); got[0] != 1 || got[1] != 1 {
		t.Errorf("Holm caps at 1: %v", got)
	}
	if len(Holm(nil)) != 0 {
		t.Error("an empty family")
	}
}

// The paired interval is Student's t: ten differences with mean 1 and
// standard error 0.5 give 1 ± 2.2622·0.5, and the t test's p-value is
// the one that interval inverts.
func TestPairedStudent(t *testing.T) {
	// sd = 0.5*sqrt(10): differences 1 ± a, five each, a = sd*sqrt(9/10).
	a := 0.5 * math.Sqrt(10) * math.Sqrt(0.9)
	var ds []float64
	for i := 0; i < 5; i++ {
		ds = append(ds, 1+a, 1-a)
	}
	got := Paired(ds)
	h := 2.2621571628 * 0.5
	if math.Abs(got.Value-1) > 1e-12 || math.Abs(got.Low-(1-h)) > 1e-6 || math.Abs(got.High-(1+h)) > 1e-6 {
		t.Errorf("Paired = %+v, want 1 in [%.4f, %.4f]", got, 1-h, 1+h)
	}
	// t = 2 with 9 degrees of freedom: two-sided p = 0.0766.
	if p := PairedP(ds); math.Abs(p-0.07656) > 1e-4 {
		t.Errorf("PairedP = %.5f, want 0.0766", p)
	}
	if PairedP([]float64{0, 0, 0}) != 1 || PairedP([]float64{2, 2}) != 0 || PairedP([]float64{3}) != 1 {
		t.Error("degenerate samples")
	}
}

// The pooled score test of Newcombe's example 1: 56/70 against 48/80,
// z = 2.650, p = 0.0080.
func TestProportionsP(t *testing.T) {
	if p := ProportionsP(56, 70, 48, 80); math.Abs(p-0.008045) > 1e-5 {
		t.Errorf("p = %.6f, want 0.008045", p)
	}
	if ProportionsP(5, 10, 10, 20) != 1 || ProportionsP(1, 0, 1, 2) != 1 {
		t.Error("equal rates, or a side with no trial, tell nothing")
	}
}
