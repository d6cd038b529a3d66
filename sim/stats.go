package sim

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// The products below are rounded before they are added (float64(x*y)):
// a compiler may otherwise fuse a product with a sum (an FMA, as on
// arm64 or with GOAMD64=v3) and a report's last digits would depend on
// the machine that built Haven.

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Interval is an estimate with its 95% confidence interval.
type Interval struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// Excludes says whether x lies outside the interval: for a difference,
// whether it is significant at 95% (x = 0).
func (i Interval) Excludes(x float64) bool { return x < i.Low || x > i.High }

// Wilson is the Wilson score interval of a proportion: wins successes
// out of n trials. wins may be fractional (a tie shared by two seats
// gives each half a win). With no trial it is [0, 1] around 0.
func Wilson(wins float64, n int) Interval {
	if n <= 0 {
		return Interval{0, 0, 1}
	}
	fn := float64(n)
	p := wins / fn
	z2 := z95 * z95
	d := 1 + z2/fn
	centre := (p + z2/(2*fn)) / d
	half := float64(z95 / d * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn)))
	return Interval{p, math.Max(0, centre-half), math.Min(1, centre+half)}
}

// DiffProportions is the difference a-b of two independent proportions
// with Newcombe's hybrid score interval, built from the Wilson intervals
// of each: it stays sensible for rates near 0 or 1 and small samples,
// where the textbook normal interval does not.
func DiffProportions(a, b Interval) Interval {
	d := a.Value - b.Value
	return Interval{
		d,
		d - math.Sqrt(sq(a.Value-a.Low)+sq(b.High-b.Value)),
		d + math.Sqrt(sq(a.High-a.Value)+sq(b.Value-b.Low)),
	}
}

// Dist sums up a sample of numbers: a score, a game length.
type Dist struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"` // sample standard deviation
	SE   float64 `json:"se"` // standard error of the mean
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
}

// Describe sums up xs; it is zero for an empty sample.
func Describe(xs []float64) Dist {
	d := Dist{N: len(xs)}
	if len(xs) == 0 {
		return d
	}
	d.Min, d.Max = xs[0], xs[0]
	sum := 0.0
	for _, x := range xs {
		sum += x
		d.Min, d.Max = math.Min(d.Min, x), math.Max(d.Max, x)
	}
	d.Mean = sum / float64(len(xs))
	if len(xs) > 1 {
		ss := 0.0
		for _, x := range xs {
			ss += sq(x - d.Mean)
		}
		d.SD = math.Sqrt(ss / float64(len(xs)-1))
		d.SE = d.SD / math.Sqrt(float64(len(xs)))
	}
	return d
}

// MeanInterval is the mean of a sample with its 95% interval (normal
// approximation: sound from some 30 values on).
func (d Dist) MeanInterval() Interval {
	h := float64(z95 * d.SE)
	return Interval{d.Mean, d.Mean - h, d.Mean + h}
}

// DiffMeans is the difference a-b of the means of two independent
// samples, with its 95% interval (Welch's normal approximation).
func DiffMeans(a, b Dist) Interval {
	d := a.Mean - b.Mean
	h := float64(z95 * math.Sqrt(sq(a.SE)+sq(b.SE)))
	return Interval{d, d - h, d + h}
}

// Paired is the mean of paired differences (the same seed under two
// rule sets) with its 95% interval, from Student's t with n-1 degrees of
// freedom: pairing takes away the variance the seeds share, and t keeps
// the interval honest for the few seeds of a quick comparison, where the
// normal one is too narrow.
func Paired(diffs []float64) Interval {
	d := Describe(diffs)
	if d.N < 2 {
		return Interval{d.Mean, d.Mean, d.Mean}
	}
	h := student(d.N-1).Quantile(0.975) * d.SE
	return Interval{d.Mean, d.Mean - h, d.Mean + h}
}

// PairedP is the two-sided p-value of paired differences against a mean
// of 0 (the t test Paired's interval inverts): 1 when there are fewer
// than two, or when they are all 0.
func PairedP(diffs []float64) float64 {
	d := Describe(diffs)
	switch {
	case d.N < 2 || d.Mean == 0:
		return 1
	case d.SE == 0:
		return 0
	}
	return 2 * student(d.N-1).Survival(math.Abs(d.Mean)/d.SE)
}

func student(df int) distuv.StudentsT {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df)}
}

// pNormal is the two-sided p-value of a statistic that is standard normal
// under the hypothesis tested; 1 for a NaN (0/0: nothing to tell).
func pNormal(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// ProportionsP is the two-sided p-value of the difference of two
// independent proportions (wins of n trials each, wins possibly
// fractional: a shared tie), by the pooled score test, the test whose
// interval Newcombe's hybrid approximates.
func ProportionsP(winsA float64, nA int, winsB float64, nB int) float64 {
	if nA == 0 || nB == 0 {
		return 1
	}
	a, b := winsA/float64(nA), winsB/float64(nB)
	if a == b {
		return 1
	}
	p := (winsA + winsB) / float64(nA+nB)
	se := math.Sqrt(p * (1 - p) * (1/float64(nA) + 1/float64(nB)))
	if se == 0 {
		return 0
	}
	return pNormal((a - b) / se)
}

// MeansP is the two-sided p-value of the difference of the means of two
// independent samples (Welch's statistic, read as normal: DiffMeans's
// interval).
func MeansP(a, b Dist) float64 {
	if a.Mean == b.Mean {
		return 1
	}
	se := math.Sqrt(sq(a.SE) + sq(b.SE))
	if se == 0 {
		return 0
	}
	return pNormal((a.Mean - b.Mean) / se)
}

// Alpha is the level at which a report calls a difference significant:
// its family-wise error rate once Holm's correction is made.
const Alpha = 0.05

// Holm adjusts the p-values of a family of tests by Holm's step-down
// method. A test whose adjusted p-value is below Alpha is significant,
// and the chance that any test of the family is wrongly called so stays
// below Alpha however many the family holds: sixty card rows tested at
// 95% each would otherwise show three by chance alone. The adjusted
// values are in the order of ps.
func Holm(ps []float64) []float64 {
	m := len(ps)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case ps[i] < ps[j]:
			return -1
		case ps[i] > ps[j]:
			return 1
		}
		return 0
	})
	out := make([]float64, m)
	run := 0.0
	for k, i := range order {
		run = math.Max(run, math.Min(1, float64(m-k)*ps[i]))
		out[i] = run
	}
	return out
}

// sq is x², rounded: not fused into the sum it is added to.
func sq(x float64) float64 { return float64(x * x) }
