package sim

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteText prints the report as tables for a terminal, under a title
// line saying what was played.
func (r *Report) WriteText(w io.Writer, title string) {
	fmt.Fprintln(w, title)
	if r.Interrupted {
		fmt.Fprintln(w, "interrupted: only the games finished are reported")
	}
	fmt.Fprintf(w, "games: %d, seeds %s\n", r.Games, seedRanges(r.Seeds))
	fmt.Fprintf(w, "ended by the rules: %d (%s)  capped: %d\n", r.Ended, pct(r.EndRate), r.Capped)
	fmt.Fprintf(w, "length: mean %.1f decisions (sd %.1f, se %.1f), min %.0f, max %.0f\n",
		r.Length.Mean, r.Length.SD, r.Length.SE, r.Length.Min, r.Length.Max)
	if d := r.Rounds; d != nil {
		fmt.Fprintf(w, "rounds (%s at the end): mean %.1f (sd %.1f, se %.1f), min %.0f, max %.0f\n",
			r.roundsOf(), d.Mean, d.SD, d.SE, d.Min, d.Max)
	}
	fmt.Fprintln(w, "\nwin rate over the games ended, a tie shared; score over all games")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\tgames\tended\twins\twin rate [95%]\tmean score\tsd\tse")
	rows := append(append([]Group{}, r.Seats...), r.Bots...)
	for i, g := range rows {
		name := g.Name
		if i >= len(r.Seats) {
			name = "bot " + name
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%.2f\t%.2f\t%.2f\n", name, g.Games, g.Ended, num(g.Wins), winRate(g), g.Score.Mean, g.Score.SD, g.Score.SE)
	}
	tw.Flush()
	if len(r.MeanShow) > 0 {
		fmt.Fprintf(w, "mean per player: %s\n", strings.Join(meanShow(r), "  "))
	}
	f := r.FirstSeat
	fmt.Fprintln(w)
	if r.Ended > 0 {
		fmt.Fprintf(w, "first seat: wins %s against a fair %.1f%%: %s points%s\n", pct(f.WinRate), 100*f.Fair, points(f.Edge), mark(f.Edge.Excludes(0)))
	}
	if r.LeadPer != "" {
		fmt.Fprintf(w, "lead changes: %.3f per %s [%.3f, %.3f]\n", r.LeadChanges.Value, r.LeadPer, r.LeadChanges.Low, r.LeadChanges.High)
	}
	writeAttribution(w, "action", r.Actions)
	writeAttribution(w, "card", r.Cards)
	writeUntaken(w, "card types in play", r.Untaken)
	writeBoxed(w, r.Boxed)
	if r.Seconds > 0 {
		fmt.Fprintf(w, "\ndecisions: %d  time: %.2fs  %.0f decisions/s\n", r.Decisions, r.Seconds, r.PerSecond)
	}
}

// writeAttribution prints one table of actions or cards.
func writeAttribution(w io.Writer, kind string, as []Attribution) {
	if len(as) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%ss: seats that took one against those that did not (an association, not a cause)\n", kind)
	fmt.Fprintf(w, "%s\n", holmLegend(tests(as)))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\ttimes\tseats took\twin took\twin not\twin diff [95%%]\tscore took\tscore not\tscore diff [95%%]\tp (Holm)\t\n", kind)
	for _, a := range as {
		win, score := a.diffs()
		fmt.Fprintf(tw, "%s\t%d\t%d of %d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", a.label(), a.Times, a.Took.Games, a.Took.Games+a.Not.Games,
			rate(a.Took), rate(a.Not), win, mean(a.Took.Score), mean(a.Not.Score), score, a.pval(), mark(a.Significant))
	}
	tw.Flush()
}

// tests counts the known tests of a table of attributions: the family
// its p-values were corrected over.
func tests(as []Attribution) int {
	n := 0
	for i := range as {
		win, score := as[i].known()
		n += boolInt(win) + boolInt(score)
	}
	return n
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// holmLegend says what a table's * means.
func holmLegend(n int) string {
	return fmt.Sprintf("* significant: p < %.2f once corrected by Holm's method over the %d tests of this table, so that the chance of any * by luck alone stays under %.0f%%; intervals are 95%% each, uncorrected", Alpha, n, 100*Alpha)
}

// writeUntaken warns of the card types no seat took.
func writeUntaken(w io.Writer, what string, ns []Named) {
	if len(ns) == 0 {
		return
	}
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = n.String()
	}
	fmt.Fprintf(w, "\nwarning: %d %s no seat took in any game, so nothing above measures them: %s\n", len(ns), what, strings.Join(names, ", "))
}

// writeBoxed lists the card types that never left the box.
func writeBoxed(w io.Writer, ns []Named) {
	if len(ns) == 0 {
		return
	}
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = n.String()
	}
	fmt.Fprintf(w, "\nnot in play: %d card types never left the game's box: %s\n", len(ns), strings.Join(names, ", "))
}

// pval prints an attribution's corrected p-value, "" without a test.
func (a *Attribution) pval() string {
	if win, score := a.known(); !win && !score {
		return ""
	}
	return pval(a.P)
}

// pval prints a p-value.
func pval(p float64) string {
	if p < 0.001 {
		return "<0.001"
	}
	return fmt.Sprintf("%.3f", p)
}

// roundsOf names what a report's rounds count.
func (r *Report) roundsOf() string {
	if r.RoundsOf == "" {
		return "the cap var"
	}
	return r.RoundsOf
}

// WriteText prints what the change did, measure by measure.
func (c *Comparison) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s against the base, over %d seeds played under both (change minus base, paired by seed)\n", c.Name, c.Paired)
	fmt.Fprintf(w, "%s\n", holmLegend(c.Tests))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\tseeds\tbase\tchange\tdifference [95%]\tp (Holm)\t")
	row := func(name string, d Diff, rate bool) {
		switch {
		case d.N == 0:
			fmt.Fprintf(tw, "%s\t0\tn/a\tn/a\tn/a\t\t\n", name)
		case rate:
			fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%%\t%s points\t%s\t%s\n", name, d.N, 100*d.Base, 100*d.Variant, points(d.Delta), pval(d.Adjusted), mark(d.Significant))
		default:
			fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.2f\t%s\t%s\t%s\n", name, d.N, d.Base, d.Variant, signed(d.Delta), pval(d.Adjusted), mark(d.Significant))
		}
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d win rate", s.Seat), s.WinRate, true)
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d score", s.Seat), s.Score, false)
	}
	row("length (decisions)", c.Length, false)
	if c.Rounds != nil {
		row("length (rounds)", *c.Rounds, false)
	}
	row("ended by the rules", c.EndRate, true)
	tw.Flush()
	writeAttribution(w, "new action", c.NewActions)
	writeAttribution(w, "new card", c.NewCards)
	writeUntaken(w, "card types the change brought in", c.Untaken)
}

// diffs prints the differences of an attribution, "n/a" where one side
// has too few games to compare.
func (a *Attribution) diffs() (win, score string) {
	win, score = "n/a", "n/a"
	if a.Took.Ended > 0 && a.Not.Ended > 0 {
		win = points(a.WinDiff)
	}
	if a.Took.Score.N >= minScores && a.Not.Score.N >= minScores {
		score = signed(a.ScoreDiff)
	}
	return win, score
}

// winRate prints a group's win rate with its interval, "n/a" without an
// ended game.
func winRate(g Group) string {
	if g.Ended == 0 {
		return "n/a"
	}
	return pct(g.WinRate)
}

// mean prints the mean of a sample, "n/a" when it is empty.
func mean(d Dist) string {
	if d.N == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", d.Mean)
}

// rate prints a group's win rate, "n/a" without an ended game.
func rate(g Group) string {
	if g.Ended == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*g.WinRate.Value)
}

// pct prints a rate with its interval: 53.1% [45.8, 60.2].
func pct(i Interval) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*i.Value, 100*i.Low, 100*i.High)
}

// points prints a difference of rates in percentage points.
func points(i Interval) string {
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*i.Value, 100*i.Low, 100*i.High)
}

func signed(i Interval) string {
	return fmt.Sprintf("%+.2f [%+.2f, %+.2f]", i.Value, i.Low, i.High)
}

func num(x float64) string {
	if x == float64(int64(x)) {
		return fmt.Sprint(int64(x))
	}
	return fmt.Sprintf("%.1f", x)
}

func mark(significant bool) string {
	if significant {
		return "*"
	}
	return ""
}

// seedRanges prints 1-100, 201-300.
func seedRanges(rs [][2]uint64) string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = fmt.Sprint(r[0])
		if r[1] != r[0] {
			out[i] += fmt.Sprintf("-%d", r[1])
		}
	}
	return strings.Join(out, ", ")
}

// meanShow lists the scoring's show figures with their means, by name.
func meanShow(r *Report) []string {
	names := make([]string, 0, len(r.MeanShow))
	for k := range r.MeanShow {
		names = append(names, k)
	}
	sort.Strings(names)
	for i, k := range names {
		names[i] = fmt.Sprintf("%s %.2f", k, r.MeanShow[k])
	}
	return names
}
