package sim

import "math"

// featureVec is one seat's features of a state, by their index in a
// featureSet, written again state after state in the same arrays. A
// feature is present once written since the last reset (its stamp is
// the vector's): a reset clears nothing, and a feature that is the
// best of the other seats' keeps the first value written, below 0 or
// not, as a feature absent and one at 0 are told apart (and a model's
// file names only the features met in training).
type featureVec struct {
	x     []float64
	stamp []uint32
	now   uint32
	met   []int32 // the features present, in the order first written
}

// reset makes every feature absent.
func (v *featureVec) reset() {
	v.now++
	if v.now == 0 { // the stamps wrapped round: start them again
		clear(v.stamp)
		v.now = 1
	}
	v.met = v.met[:0]
}

// mark makes feature i present, growing the arrays to it, and tells
// whether it was absent.
func (v *featureVec) mark(i int) bool {
	if i >= len(v.x) {
		n := max(i+1, 2*len(v.x))
		v.x = extended(v.x, n)
		v.stamp = extended(v.stamp, n)
	}
	if v.stamp[i] == v.now {
		return false
	}
	v.stamp[i] = v.now
	v.met = append(v.met, int32(i))
	return true
}

// put sets feature i to x.
func (v *featureVec) put(i int, x float64) {
	v.mark(i)
	v.x[i] = x
}

// add adds x to feature i, from 0 when absent.
func (v *featureVec) add(i int, x float64) {
	if v.mark(i) {
		v.x[i] = 0
	}
	v.x[i] += x
}

// best sets feature i to x when absent or less: the best of the seats
// written to it.
func (v *featureVec) best(i int, x float64) {
	if v.mark(i) || x > v.x[i] {
		v.x[i] = x
	}
}

// get is feature i, 0 when absent or not a number.
func (v *featureVec) get(i int) float64 {
	if i >= len(v.x) || v.stamp[i] != v.now || math.IsNaN(v.x[i]) {
		return 0
	}
	return v.x[i]
}

// namedFeature is a feature present in a state kept to learn from, by
// name: the states of a game are kept before the names of every game
// are known.
type namedFeature struct {
	name string
	x    float64
}

// row is the features present in v, by their names in set.
func (v *featureVec) row(set *featureSet) []namedFeature {
	out := make([]namedFeature, len(v.met))
	for k, i := range v.met {
		out[k] = namedFeature{set.names[i], v.x[i]}
	}
	return out
}

// zeroed is s with n elements, all zero, in s's array when it holds n.
// append(s[:0], make([]T, n)...) says the same, but its make allocates
// under the race detector, which turns the compiler's rewrite off.
func zeroed[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// extended is s grown to n elements, those added zero (as zeroed).
func extended[T any](s []T, n int) []T {
	if n <= len(s) {
		return s
	}
	if cap(s) < n {
		t := make([]T, n, max(n, 2*cap(s)))
		copy(t, s)
		return t
	}
	k := len(s)
	s = s[:n]
	clear(s[k:])
	return s
}
