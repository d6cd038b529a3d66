package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteHTML writes the report, and the comparisons of changes against it,
// as one self-contained HTML page: tables and inline SVG plots, with no
// script and nothing fetched, so that it reads offline and can be mailed.
// The run's Meta is printed in full, so that the page says how to make it
// again. A history, if given, lists the runs of a results database with
// the same rules, oldest first (see Past); the page then shows how the
// game's balance went from run to run.
func WriteHTML(w io.Writer, title string, m *Meta, r *Report, cs []*Comparison, history ...Past) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>%s</title>
<style>
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
td.sig { color: #3b6ea5; font-weight: bold; }
p.warn { background: #fff4e0; border-left: 4px solid #d1742f; padding: 0.4em 0.6em; }
pre { background: #f4f4f4; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
svg { display: block; margin: 0.5em 0 1em; }
</style>
</head>
<body>
<h1>%s</h1>
`, esc(title), esc(title))
	if r.Interrupted {
		b.WriteString("<p><strong>Interrupted:</strong> only the games finished are reported.</p>\n")
	}
	fmt.Fprintf(&b, "<p>%d games, seeds %s. Ended by the rules: %d (%s); capped: %d. Length: mean %.1f decisions (sd %.1f), from %.0f to %.0f",
		r.Games, esc(seedRanges(r.Seeds)), r.Ended, pct(r.EndRate), r.Capped, r.Length.Mean, r.Length.SD, r.Length.Min, r.Length.Max)
	if d := r.Rounds; d != nil {
		fmt.Fprintf(&b, "; in rounds (%s at the end), mean %.1f (sd %.1f), from %.0f to %.0f", esc(r.roundsOf()), d.Mean, d.SD, d.Min, d.Max)
	}
	b.WriteString(".</p>\n")
	untakenHTML(&b, "card types in play", r.Untaken)
	if len(r.Boxed) > 0 {
		names := make([]string, len(r.Boxed))
		for i, n := range r.Boxed {
			names[i] = esc(n.String())
		}
		fmt.Fprintf(&b, "<p>Not in play: %d card types never left the game&#39;s box: %s.</p>\n", len(r.Boxed), strings.Join(names, ", "))
	}

	if len(r.MeanShow) > 0 {
		fmt.Fprintf(&b, "<p>Mean per player: %s.</p>\n", esc(strings.Join(meanShow(r), ", ")))
	}

	// Win rates: per seat, each run a series.
	b.WriteString("<h2>Win rate</h2>\n<p>Share of the wins of the games the rules ended, a tie shared among its winners, with 95% Wilson intervals; the dashed line is a fair share.</p>\n")
	cats := make([]string, len(r.Seats))
	for p, s := range r.Seats {
		cats[p] = s.Name
	}
	ss := []series{seatSeries("base", r)}
	for _, c := range cs {
		ss = append(ss, seatSeries(c.Name, c.Report))
	}
	fair := 0.0
	if r.Players > 0 {
		fair = 1 / float64(r.Players)
	}
	b.WriteString(barChart("Win rate per seat", cats, ss, fair))
	groupTable(&b, append(append([]Group{}, r.Seats...), r.Bots...), len(r.Seats))
	if len(r.Bots) > 1 {
		bs := series{name: "base"}
		var names []string
		for _, g := range r.Bots {
			names = append(names, g.Name)
			bs.values = append(bs.values, g.WinRate)
		}
		b.WriteString(barChart("Win rate per bot", names, []series{bs}, fair))
	}
	f := r.FirstSeat
	fmt.Fprintf(&b, "<p>First seat: wins %s against a fair %.1f%%: %s points%s.", pct(f.WinRate), 100*f.Fair, points(f.Edge), sigWord(f.Edge.Excludes(0)))
	if r.LeadPer != "" {
		fmt.Fprintf(&b, " Lead changes: %.3f per %s [%.3f, %.3f].", r.LeadChanges.Value, esc(r.LeadPer), r.LeadChanges.Low, r.LeadChanges.High)
	}
	b.WriteString("</p>\n")

	if len(cs) > 0 {
		b.WriteString("<h2>Changes against the base</h2>\n<p>The same seeds under each change; differences are change minus base, paired by seed, with 95% intervals (Student&#39;s t). Significant ones are in bold: p &lt; 0.05 once corrected by Holm&#39;s method over the differences of their table, so that the chance of any bold cell by luck alone stays under 5%.</p>\n")
		sweepHTML(&b, m, r, cs)
		for _, c := range cs {
			comparisonTable(&b, c)
			untakenHTML(&b, "card types "+c.Name+" brought in", c.Untaken)
			for _, part := range []struct {
				kind string
				as   []Attribution
			}{{"Cards", c.NewCards}, {"Actions", c.NewActions}} {
				if len(part.as) > 0 {
					fmt.Fprintf(&b, "<p>%s new in %s: those who took one against those who did not.</p>\n", part.kind, esc(c.Name))
					attributionTable(&b, part.as)
				}
			}
		}
	}

	runs := []*Report{r}
	runNames := []string{"base"}
	for _, c := range cs {
		runs, runNames = append(runs, c.Report), append(runNames, c.Name)
	}
	samples := func(of func(*GameRecord) (float64, bool)) []sample {
		out := make([]sample, len(runs))
		for i, run := range runs {
			out[i].name = runNames[i]
			for k := range run.Records {
				if x, ok := of(&run.Records[k]); ok {
					out[i].xs = append(out[i].xs, x)
				}
			}
		}
		return out
	}
	b.WriteString("<h2>Scores</h2>\n")
	if len(cs) > 0 {
		b.WriteString("<p>Each run&#39;s games as a share of its own, the runs overlaid.</p>\n")
	}
	for p := 0; p < r.Players; p++ {
		ss := samples(func(rec *GameRecord) (float64, bool) {
			if p < len(rec.Scores) {
				return float64(rec.Scores[p]), true
			}
			return 0, false
		})
		if len(cs) == 0 {
			b.WriteString(histogram(fmt.Sprintf("Final score of seat %d", p), fmt.Sprintf("seat %d score", p), ss[0].xs, palette[p%len(palette)]))
		} else {
			b.WriteString(overlay(fmt.Sprintf("Final score of seat %d", p), fmt.Sprintf("seat %d score", p), ss))
		}
	}
	b.WriteString("<h2>Game length</h2>\n")
	lengths := samples(func(rec *GameRecord) (float64, bool) { return float64(rec.Length), true })
	rounds := samples(func(rec *GameRecord) (float64, bool) { return float64(rec.Rounds), rec.Rounds > 0 })
	if len(cs) == 0 {
		b.WriteString(histogram("Game length", "decisions per game", lengths[0].xs, palette[0]))
		if r.Rounds != nil {
			b.WriteString(histogram("Game length in rounds", r.roundsOf()+" at the end", rounds[0].xs, palette[1]))
		}
	} else {
		b.WriteString(overlay("Game length", "decisions per game", lengths))
		if r.Rounds != nil {
			b.WriteString(overlay("Game length in rounds", r.roundsOf()+" at the end", rounds))
		}
	}

	for _, part := range []struct {
		kind string
		as   []Attribution
	}{{"Cards", r.Cards}, {"Actions", r.Actions}} {
		if len(part.as) == 0 {
			continue
		}
		fmt.Fprintf(&b, "<h2>%s</h2>\n<p>Seats that took one (an action: took it; a card: named it in a move, or held it in its own zones at a round&#39;s end or the game&#39;s end) against those that did not: an association, not a cause. %s.</p>\n", part.kind, esc(holmLegend(tests(part.as))))
		if len(cs) > 0 {
			b.WriteString(forestAcross(part.kind, runNames, runs))
		} else {
			// Plot only what can be compared: some seats took it, some not.
			var shown []Attribution
			for _, a := range part.as {
				if a.Took.Ended > 0 && a.Not.Ended > 0 {
					shown = append(shown, a)
				}
			}
			if len(shown) > 0 {
				b.WriteString(forest(part.kind+": win rate difference", shown))
			}
		}
		attributionTable(&b, part.as)
	}

	historyHTML(&b, history)
	b.WriteString("<h2>How to make this report again</h2>\n<pre>")
	meta, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	b.WriteString(esc(string(meta)))
	b.WriteString("</pre>\n</body>\n</html>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

func seatSeries(name string, r *Report) series {
	s := series{name: name}
	for _, g := range r.Seats {
		s.values = append(s.values, g.WinRate)
	}
	return s
}

func groupTable(b *strings.Builder, gs []Group, seats int) {
	b.WriteString("<table>\n<tr><th></th><th>games</th><th>ended</th><th>wins</th><th>win rate [95%]</th><th>mean score</th><th>sd</th><th>se</th></tr>\n")
	for i, g := range gs {
		name := g.Name
		if i >= seats {
			name = "bot " + name
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%.2f</td><td>%.2f</td><td>%.2f</td></tr>\n",
			esc(name), g.Games, g.Ended, num(g.Wins), winRate(g), g.Score.Mean, g.Score.SD, g.Score.SE)
	}
	b.WriteString("</table>\n")
}

func comparisonTable(b *strings.Builder, c *Comparison) {
	fmt.Fprintf(b, "<h3>%s</h3>\n<table>\n<tr><th></th><th>seeds</th><th>base</th><th>change</th><th>difference [95%%]</th><th>p (Holm)</th></tr>\n", esc(c.Name))
	row := func(name string, d Diff, scale float64, unit string) {
		if d.N == 0 {
			fmt.Fprintf(b, "<tr><td>%s</td><td>0</td><td>n/a</td><td>n/a</td><td>n/a</td><td></td></tr>\n", esc(name))
			return
		}
		cls := ""
		if d.Significant {
			cls = ` class="sig"`
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%d</td><td>%.2f%s</td><td>%.2f%s</td><td%s>%+.2f [%+.2f, %+.2f]</td><td%s>%s</td></tr>\n", esc(name), d.N,
			scale*d.Base, unit, scale*d.Variant, unit, cls, scale*d.Delta.Value, scale*d.Delta.Low, scale*d.Delta.High, cls, pval(d.Adjusted))
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d win rate", s.Seat), s.WinRate, 100, "%")
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d score", s.Seat), s.Score, 1, "")
	}
	row("length (decisions)", c.Length, 1, "")
	if c.Rounds != nil {
		row("length (rounds)", *c.Rounds, 1, "")
	}
	row("ended by the rules", c.EndRate, 100, "%")
	b.WriteString("</table>\n")
}

func attributionTable(b *strings.Builder, as []Attribution) {
	b.WriteString("<table>\n<tr><th></th><th>times</th><th>seats took</th><th>win took</th><th>win not</th><th>win diff [95%]</th><th>score took</th><th>score not</th><th>score diff [95%]</th><th>p (Holm)</th></tr>\n")
	for _, a := range as {
		cls := ""
		if a.Significant {
			cls = ` class="sig"`
		}
		win, score := a.diffs()
		fmt.Fprintf(b, "<tr><td%s>%s</td><td>%d</td><td>%d of %d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td%s>%s</td></tr>\n",
			cls, esc(a.label()), a.Times, a.Took.Games, a.Took.Games+a.Not.Games, rate(a.Took), rate(a.Not),
			win, mean(a.Took.Score), mean(a.Not.Score), score, cls, a.pval())
	}
	b.WriteString("</table>\n")
}

func sigWord(significant bool) string {
	if significant {
		return " (significant at 95%)"
	}
	return " (not significant)"
}

// untakenHTML warns of card types no seat took.
func untakenHTML(b *strings.Builder, what string, ns []Named) {
	if len(ns) == 0 {
		return
	}
	names := make([]string, len(ns))
	for i, n := range ns {
		names[i] = esc(n.String())
	}
	fmt.Fprintf(b, "<p class=\"warn\"><strong>Warning:</strong> %d %s no seat took in any game, so nothing in this report measures them: %s.</p>\n",
		len(ns), esc(what), strings.Join(names, ", "))
}

// forestAcross draws the win-rate difference of every action or card
// some run can compare, the runs side by side on each row.
func forestAcross(kind string, names []string, runs []*Report) string {
	var rows []string
	seen := map[string]int{}
	labels := map[string]string{}
	byRun := make([]map[string]Attribution, len(runs))
	for i, run := range runs {
		as := run.Cards
		if kind == "Actions" {
			as = run.Actions
		}
		byRun[i] = map[string]Attribution{}
		for _, a := range as {
			if a.Took.Ended == 0 || a.Not.Ended == 0 {
				continue
			}
			byRun[i][a.Name] = a
			if _, ok := seen[a.Name]; !ok {
				seen[a.Name] = len(rows)
				rows = append(rows, a.Name)
				labels[a.Name] = a.label()
			}
		}
	}
	if len(rows) == 0 {
		return ""
	}
	sort.Strings(rows)
	ss := make([]series, len(runs))
	for i := range runs {
		ss[i].name = names[i]
		for _, n := range rows {
			ss[i].values = append(ss[i].values, byRun[i][n].WinDiff)
		}
	}
	shown := make([]string, len(rows))
	for i, n := range rows {
		shown[i] = labels[n]
	}
	return forestRuns(kind+": win rate difference, each run", shown, ss)
}

// sweepHTML plots, for a sweep of one setting, each seat's win rate and
// score and the game length against the swept value.
func sweepHTML(b *strings.Builder, m *Meta, r *Report, cs []*Comparison) {
	if m == nil || len(m.Sweep) != 1 {
		return
	}
	path := m.Sweep[0]
	value := func(sets []string) string {
		v := ""
		for _, s := range sets {
			if p, val, ok := strings.Cut(s, "="); ok && p == path {
				v = val
			}
		}
		return v
	}
	xs := []string{value(m.Sets)}
	runs := []*Report{r}
	for _, c := range cs {
		xs, runs = append(xs, value(c.Sets)), append(runs, c.Report)
	}
	for _, x := range xs {
		if x == "" {
			return
		}
	}
	wins := make([]series, r.Players)
	scores := make([]series, r.Players)
	for p := range wins {
		wins[p].name = fmt.Sprintf("seat %d", p)
		scores[p].name = wins[p].name
		for _, run := range runs {
			var w Interval
			var sc Interval
			if p < len(run.Seats) {
				w, sc = run.Seats[p].WinRate, run.Seats[p].Score.MeanInterval()
			}
			wins[p].values = append(wins[p].values, w)
			scores[p].values = append(scores[p].values, sc)
		}
	}
	length := []series{{name: "decisions"}}
	for _, run := range runs {
		length[0].values = append(length[0].values, run.Length.MeanInterval())
	}
	fmt.Fprintf(b, "<h3>Sweep of %s</h3>\n<p>Each point a run of the same seeds, with its 95%% interval.</p>\n", esc(path))
	b.WriteString(sweepPlot("Win rate against "+path, path, "win rate", xs, wins, true))
	b.WriteString(sweepPlot("Mean score against "+path, path, "mean score", xs, scores, false))
	b.WriteString(sweepPlot("Game length against "+path, path, "decisions per game", xs, length, false))
	if r.Rounds != nil {
		rounds := []series{{name: r.roundsOf()}}
		for _, run := range runs {
			var v Interval
			if run.Rounds != nil {
				v = run.Rounds.MeanInterval()
			}
			rounds[0].values = append(rounds[0].values, v)
		}
		b.WriteString(sweepPlot("Game length in rounds against "+path, path, "rounds per game", xs, rounds, false))
	}
}
