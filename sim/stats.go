package sim

import "math"

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
	half := z95 / d * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
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
	return Interval{d.Mean, d.Mean - z95*d.SE, d.Mean + z95*d.SE}
}

// DiffMeans is the difference a-b of the means of two independent
// samples, with its 95% interval (Welch's normal approximation).
func DiffMeans(a, b Dist) Interval {
	d := a.Mean - b.Mean
	h := z95 * math.Sqrt(sq(a.SE)+sq(b.SE))
	return Interval{d, d - h, d + h}
}

// Paired is the mean of paired differences (the same seed under two
// rule sets) with its 95% interval: pairing takes away the variance the
// seeds share.
func Paired(diffs []float64) Interval {
	return Describe(diffs).MeanInterval()
}

func sq(x float64) float64 { return x * x }
