package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteHTML writes the report, and the comparisons of changes against it,
// as one self-contained HTML page: tables and inline SVG plots, with no
// script and nothing fetched, so that it reads offline and can be mailed.
// The run's Meta is printed in full, so that the page says how to make it
// again.
func WriteHTML(w io.Writer, title string, m *Meta, r *Report, cs []*Comparison) error {
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
	fmt.Fprintf(&b, "<p>%d games, seeds %s. Ended by the rules: %d (%s); capped: %d. Length: mean %.1f decisions (sd %.1f), from %.0f to %.0f.</p>\n",
		r.Games, esc(seedRanges(r.Seeds)), r.Ended, pct(r.EndRate), r.Capped, r.Length.Mean, r.Length.SD, r.Length.Min, r.Length.Max)

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
		b.WriteString("<h2>Changes against the base</h2>\n<p>The same seeds under each change; differences are change minus base, paired by seed, with 95% intervals; significant ones in bold.</p>\n")
		for _, c := range cs {
			comparisonTable(&b, c)
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

	b.WriteString("<h2>Scores</h2>\n")
	for p := 0; p < r.Players; p++ {
		var xs []float64
		for _, rec := range r.Records {
			if p < len(rec.Scores) {
				xs = append(xs, float64(rec.Scores[p]))
			}
		}
		b.WriteString(histogram(fmt.Sprintf("Final score of seat %d", p), fmt.Sprintf("seat %d score", p), xs, palette[p%len(palette)]))
	}
	b.WriteString("<h2>Game length</h2>\n")
	var lengths []float64
	for _, rec := range r.Records {
		lengths = append(lengths, float64(rec.Length))
	}
	b.WriteString(histogram("Game length", "decisions per game", lengths, palette[0]))

	for _, part := range []struct {
		kind string
		as   []Attribution
	}{{"Cards", r.Cards}, {"Actions", r.Actions}} {
		if len(part.as) == 0 {
			continue
		}
		fmt.Fprintf(&b, "<h2>%s</h2>\n<p>Seats that took one (an action: took it; a card: named it in a move, or held it in its own zones at a round&#39;s end or the game&#39;s end) against those that did not: an association, not a cause.</p>\n", part.kind)
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
		attributionTable(&b, part.as)
	}

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
	fmt.Fprintf(b, "<h3>%s</h3>\n<table>\n<tr><th></th><th>seeds</th><th>base</th><th>change</th><th>difference [95%%]</th></tr>\n", esc(c.Name))
	row := func(name string, d Diff, scale float64, unit string) {
		if d.N == 0 {
			fmt.Fprintf(b, "<tr><td>%s</td><td>0</td><td>n/a</td><td>n/a</td><td>n/a</td></tr>\n", esc(name))
			return
		}
		cls := ""
		if d.Significant {
			cls = ` class="sig"`
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%d</td><td>%.2f%s</td><td>%.2f%s</td><td%s>%+.2f [%+.2f, %+.2f]</td></tr>\n", esc(name), d.N,
			scale*d.Base, unit, scale*d.Variant, unit, cls, scale*d.Delta.Value, scale*d.Delta.Low, scale*d.Delta.High)
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d win rate", s.Seat), s.WinRate, 100, "%")
	}
	for _, s := range c.Seats {
		row(fmt.Sprintf("seat %d score", s.Seat), s.Score, 1, "")
	}
	row("length", c.Length, 1, "")
	row("ended by the rules", c.EndRate, 100, "%")
	b.WriteString("</table>\n")
}

func attributionTable(b *strings.Builder, as []Attribution) {
	b.WriteString("<table>\n<tr><th></th><th>times</th><th>seats took</th><th>win took</th><th>win not</th><th>win diff [95%]</th><th>score took</th><th>score not</th><th>score diff [95%]</th></tr>\n")
	for _, a := range as {
		cls := ""
		if a.Significant {
			cls = ` class="sig"`
		}
		win, score := a.diffs()
		fmt.Fprintf(b, "<tr><td%s>%s</td><td>%d</td><td>%d of %d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			cls, esc(a.Name), a.Times, a.Took.Games, a.Took.Games+a.Not.Games, rate(a.Took), rate(a.Not),
			win, mean(a.Took.Score), mean(a.Not.Score), score)
	}
	b.WriteString("</table>\n")
}

func sigWord(significant bool) string {
	if significant {
		return " (significant at 95%)"
	}
	return " (not significant)"
}
