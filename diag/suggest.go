package diag

import "strings"

// Suggest returns the name of known closest to name, when it is close
// enough to be a likely typo of it: at most a third of its letters
// (at least one) inserted, deleted, changed or swapped. "" when none is.
// Ties go to the name listed first.
func Suggest(name string, known []string) string {
	best, bestD := "", max(1, len([]rune(name))/3)+1
	for _, k := range known {
		if k == name || k == "" {
			continue
		}
		d := distance(strings.ToLower(name), strings.ToLower(k))
		if d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// DidYouMean is the hint Suggest gives, as ` (did you mean "x"?)`, or "".
func DidYouMean(name string, known []string) string {
	if s := Suggest(name, known); s != "" {
		return ` (did you mean "` + s + `"?)`
	}
	return ""
}

// distance is the optimal string alignment distance: the edits of
// Levenshtein's distance plus the swap of two neighbouring letters, the
// commonest typo.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j]; three rows suffice.
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
