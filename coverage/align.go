package coverage

import (
	"math"
	"slices"
	"strings"
	"unicode"
)

// align pairs each sentence of every other translation with the standing
// sentences that say the same, and marks a standing sentence no quote
// names as covered through a quoted counterpart.
func (r *Report) align(standing string) {
	byLang := map[string][]*Result{}
	var langs []string
	for _, x := range r.Results {
		lang := x.Sentence.Section.Lang
		if _, ok := byLang[lang]; !ok {
			langs = append(langs, lang)
		}
		byLang[lang] = append(byLang[lang], x)
	}
	r.Standing = byLang[standing]
	for _, lang := range langs {
		if lang != standing {
			pair(r.Standing, byLang[lang])
		}
	}
	for _, s := range r.Standing {
		if s.Status != Uncovered {
			continue
		}
		for _, o := range s.Counterparts {
			if o.Status != Uncovered && o.Status != NotARule {
				s.Through = o
				break
			}
		}
	}
}

// Alignment costs. A translation says the same in about as many letters,
// keeps its numbers, and seldom drops, adds, joins or splits a sentence.
const (
	skipCost  = 3.0 // a sentence with no counterpart
	mergeCost = 1.5 // two sentences translated as one
	numbers   = 1.5 // the same numbers, or other ones
)

// pair aligns two translations sentence by sentence, as Gale and Church
// align parallel texts: a path of least cost through the two sequences,
// each step pairing one sentence with one, one with two, two with one,
// or one with none, priced by how far the lengths differ and whether
// the numbers match. Every sentence of other becomes a counterpart of
// the standing sentences it is paired with, or of the one before it
// when it is paired with none.
func pair(std, other []*Result) {
	n, m := len(std), len(other)
	if n == 0 || m == 0 {
		return
	}
	type step struct{ di, dj int }
	steps := []step{{1, 1}, {1, 0}, {0, 1}, {2, 1}, {1, 2}}
	cost := make([][]float64, n+1)
	from := make([][]step, n+1)
	for i := range cost {
		cost[i] = make([]float64, m+1)
		from[i] = make([]step, m+1)
		for j := range cost[i] {
			cost[i][j] = math.Inf(1)
		}
	}
	cost[0][0] = 0
	for i := 0; i <= n; i++ {
		for j := 0; j <= m; j++ {
			for _, st := range steps {
				pi, pj := i-st.di, j-st.dj
				if pi < 0 || pj < 0 || math.IsInf(cost[pi][pj], 1) {
					continue
				}
				c := cost[pi][pj] + pairCost(std[pi:i], other[pj:j])
				if c < cost[i][j] {
					cost[i][j], from[i][j] = c, st
				}
			}
		}
	}
	for i, j := n, m; i > 0 || j > 0; {
		st := from[i][j]
		a, b := std[i-st.di:i], other[j-st.dj:j]
		if len(a) == 0 {
			a = std[max(0, i-1):max(1, i)]
		}
		for _, s := range a {
			s.Counterparts = append(slices.Clone(b), s.Counterparts...)
		}
		i, j = i-st.di, j-st.dj
	}
}

// pairCost is the cost of saying a in the words of b.
func pairCost(a, b []*Result) float64 {
	if len(a) == 0 || len(b) == 0 {
		return skipCost
	}
	la, lb := 0, 0
	var na, nb []string
	for _, x := range a {
		la += len(x.Sentence.norm)
		na = append(na, numbersOf(x.Sentence.norm)...)
	}
	for _, x := range b {
		lb += len(x.Sentence.norm)
		nb = append(nb, numbersOf(x.Sentence.norm)...)
	}
	c := 4 * math.Abs(math.Log(float64(la+10)/float64(lb+10)))
	if len(a)+len(b) > 2 {
		c += mergeCost
	}
	slices.Sort(na)
	slices.Sort(nb)
	switch {
	case len(na) > 0 && slices.Equal(na, nb):
		c -= numbers
	case len(na)+len(nb) > 0 && !slices.Equal(na, nb):
		c += numbers
	}
	return c
}

// numbersOf lists the numbers of a normalized text.
func numbersOf(norm string) []string {
	var out []string
	for _, w := range strings.Fields(norm) {
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			out = append(out, w)
		}
	}
	return out
}
