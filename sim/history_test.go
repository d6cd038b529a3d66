package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestHistoryHTML: a long history shows its last runs, the last one
// marked as the page's own; a history of the page's run alone is left
// out.
func TestHistoryHTML(t *testing.T) {
	r := Summarize(2, []GameRecord{{Seed: 1, Bots: []string{"random", "random"}, Scores: []int{3, 1}, Winners: []int{0}, Length: 9}})
	var ps []Past
	for i := range maxHistory + 5 {
		p := PastOf(int64(i+1), time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC), "base", fmt.Sprintf("%064d", i/10), r)
		p.This = i == maxHistory+4
		ps = append(ps, p)
	}
	var b strings.Builder
	historyHTML(&b, ps)
	page := b.String()
	assert.Contains(t, page, "The last 20 runs are shown; 5 earlier ones are left out.")
	assert.NotContains(t, page, "<td>5</td>")
	assert.Contains(t, page, "<tr><td>6</td><td>2026-01-01 00:05</td><td>base</td><td>1</td><td>100.0%</td><td>0.0%</td><td>3.00</td><td>1.00</td><td>9.0</td><td>000000000000</td></tr>")
	assert.Contains(t, page, "<td>25 (this one)</td>")
	assert.Equal(t, 2, strings.Count(page, " changed</td>"), "runs 11 and 21 change the definition")
	assert.Equal(t, 2, strings.Count(page, "<svg"))

	b.Reset()
	historyHTML(&b, ps[:1])
	assert.Empty(t, b.String())
}
