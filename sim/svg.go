package sim

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// The plots of the HTML report are drawn by hand in inline SVG: a page
// that needs no script, font or file beside it, and no dependency.

// palette colours the series of a plot (the base rules first).
var palette = []string{"#3b6ea5", "#d1742f", "#4f9a5a", "#a04d9a", "#b8a12b", "#5aa5b8", "#8c564b", "#666666"}

const (
	plotW   = 640
	plotH   = 200
	marginL = 56
	marginR = 16
	marginT = 16
	marginB = 40
)

// series is one set of bars or points: a run, with a value and an
// interval per category.
type series struct {
	name   string
	values []Interval
}

// barChart draws grouped bars with 95% error bars, values in [0, 1] as
// percentages; ref, if positive, draws a dashed reference line.
func barChart(title string, cats []string, ss []series, ref float64) string {
	var b strings.Builder
	svgOpen(&b, title, plotH)
	innerW, innerH := float64(plotW-marginL-marginR), float64(plotH-marginT-marginB)
	y := func(v float64) float64 { return marginT + innerH*(1-clamp(v, 0, 1)) }
	for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, marginL, plotW-marginR, y(t), y(t))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" font-size="11">%.0f%%</text>`, marginL-6, y(t)+4, 100*t)
	}
	groupW := innerW / float64(max(1, len(cats)))
	barW := groupW * 0.8 / float64(max(1, len(ss)))
	for c, cat := range cats {
		x0 := marginL + groupW*float64(c) + groupW*0.1
		for s, se := range ss {
			if c >= len(se.values) {
				continue
			}
			v := se.values[c]
			x := x0 + barW*float64(s)
			if v == (Interval{0, 0, 1}) {
				// Wilson(0, 0): no game to tell a rate by.
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-size="10">n/a</text>`, x+barW/2, y(0)-4)
				continue
			}
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %s</title></rect>`,
				x, y(v.Value), barW-2, y(0)-y(v.Value), palette[s%len(palette)], esc(se.name), esc(cat), pct(v))
			mid := x + (barW-2)/2
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#222"/>`, mid, mid, y(v.Low), y(v.High))
			for _, e := range []float64{v.Low, v.High} {
				fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#222"/>`, mid-4, mid+4, y(e), y(e))
			}
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="12">%s</text>`, x0+groupW*0.4, plotH-marginB+16, esc(cat))
	}
	if ref > 0 {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#c00" stroke-dasharray="5,4"><title>fair share %.1f%%</title></line>`,
			marginL, plotW-marginR, y(ref), y(ref), 100*ref)
	}
	legend(&b, ss)
	b.WriteString("</svg>")
	return b.String()
}

// histogram draws the distribution of xs in at most 30 bins of whole
// numbers.
func histogram(title, xlabel string, xs []float64, colour string) string {
	var b strings.Builder
	svgOpen(&b, title, plotH)
	if len(xs) == 0 {
		b.WriteString("</svg>")
		return b.String()
	}
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	width := math.Max(1, math.Ceil((hi-lo+1)/30))
	bins := make([]int, int((hi-lo)/width)+1)
	top := 0
	for _, x := range xs {
		k := int((x - lo) / width)
		bins[k]++
		top = max(top, bins[k])
	}
	innerW, innerH := float64(plotW-marginL-marginR), float64(plotH-marginT-marginB)
	bw := innerW / float64(len(bins))
	for k, n := range bins {
		h := innerH * float64(n) / float64(top)
		from := lo + width*float64(k)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s to %s: %d</title></rect>`,
			marginL+bw*float64(k), marginT+innerH-h, math.Max(1, bw-1), h, colour, num(from), num(from+width-1), n)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%d</text>`, 4, marginT+10, top)
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%s</text>`, marginL, plotH-marginB+16, num(lo))
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" font-size="11">%s</text>`, plotW-marginR, plotH-marginB+16, num(hi))
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="12">%s</text>`, plotW/2, plotH-8, esc(xlabel))
	b.WriteString("</svg>")
	return b.String()
}

// forest draws one interval per row around a zero line: what taking an
// action or a card did to the win rate, in colour where the difference
// leaves out 0.
func forest(title string, as []Attribution) string {
	var b strings.Builder
	rowH := 18
	h := marginT + marginB + rowH*len(as)
	svgOpen(&b, title, h)
	labelW := 180.0
	innerW := float64(plotW) - labelW - marginR
	// The axis spans the widest interval, in tenths, at most ±100 points.
	lim := 0.1
	for _, a := range as {
		lim = math.Max(lim, math.Max(math.Abs(a.WinDiff.Low), math.Abs(a.WinDiff.High)))
	}
	lim = math.Min(1, math.Ceil(lim*10-1e-9)/10)
	x := func(v float64) float64 { return labelW + innerW*(clamp(v, -lim, lim)/lim+1)/2 }
	forestAxis(&b, x, lim, marginT, h)
	for i, a := range as {
		yc := marginT + rowH*i + rowH/2
		colour := "#999"
		if a.WinDiff.Excludes(0) {
			colour = palette[0]
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="end" font-size="11">%s</text>`, labelW-6, yc+4, esc(a.Name))
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s" stroke-width="2"/>`, x(a.WinDiff.Low), x(a.WinDiff.High), yc, yc, colour)
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="4" fill="%s"><title>%s: %s points, taken %d times</title></circle>`,
			x(a.WinDiff.Value), yc, colour, esc(a.Name), points(a.WinDiff), a.Times)
	}
	b.WriteString("</svg>")
	return b.String()
}

// forestAxis draws a forest plot's axis of win-rate differences, ±lim,
// from top to the plot's foot, with x placing a value.
func forestAxis(b *strings.Builder, x func(float64) float64, lim float64, top, h int) {
	for _, t := range []float64{-lim, -lim / 2, 0, lim / 2, lim} {
		stroke := "#ddd"
		if t == 0 {
			stroke = "#888"
		}
		fmt.Fprintf(b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s"/>`, x(t), x(t), top, h-marginB, stroke)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="11">%+.0f</text>`, x(t), h-marginB+14, 100*t)
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="12">win rate of those who took it minus the others (points)</text>`, x(0), h-8)
}

func svgOpen(b *strings.Builder, title string, h int) {
	fmt.Fprintf(b, `<svg width="%d" height="%d" viewBox="0 0 %d %d" role="img" font-family="sans-serif"><title>%s</title>`,
		plotW, h, plotW, h, esc(title))
}

func legend(b *strings.Builder, ss []series) {
	if len(ss) < 2 {
		return
	}
	for s, se := range ss {
		y := marginT + 4 + 14*s
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`, plotW-marginR-200, y, palette[s%len(palette)])
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11">%s</text>`, plotW-marginR-185, y+9, esc(se.name))
	}
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func esc(s string) string { return html.EscapeString(s) }

// sample is one run's values of a measure, for an overlaid histogram.
type sample struct {
	name string
	xs   []float64
}

// overlay draws the distributions of several runs on the same bins, each
// as the share of its own games (runs of different sizes compare), in
// translucent bars of its colour: the base rules and each change at a
// glance.
func overlay(title, xlabel string, ss []sample) string {
	var b strings.Builder
	svgOpen(&b, title, plotH)
	first := true
	var lo, hi float64
	for _, s := range ss {
		for _, x := range s.xs {
			if first {
				lo, hi, first = x, x, false
			}
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	if first {
		b.WriteString("</svg>")
		return b.String()
	}
	width := math.Max(1, math.Ceil((hi-lo+1)/30))
	nbins := int((hi-lo)/width) + 1
	shares := make([][]float64, len(ss))
	top := 0.0
	for i, s := range ss {
		shares[i] = make([]float64, nbins)
		for _, x := range s.xs {
			shares[i][int((x-lo)/width)] += 1 / float64(len(s.xs))
		}
		for _, v := range shares[i] {
			top = math.Max(top, v)
		}
	}
	innerW, innerH := float64(plotW-marginL-marginR), float64(plotH-marginT-marginB)
	bw := innerW / float64(nbins)
	opacity := 1.0
	if len(ss) > 1 {
		opacity = 0.45
	}
	for i, s := range ss {
		for k, v := range shares[i] {
			if v == 0 {
				continue
			}
			h := innerH * v / top
			from := lo + width*float64(k)
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" fill-opacity="%.2f"><title>%s, %s to %s: %.1f%%</title></rect>`,
				marginL+bw*float64(k), marginT+innerH-h, math.Max(1, bw-1), h, palette[i%len(palette)], opacity, esc(s.name), num(from), num(from+width-1), 100*v)
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%.0f%%</text>`, 4, marginT+10, 100*top)
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%s</text>`, marginL, plotH-marginB+16, num(lo))
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end" font-size="11">%s</text>`, plotW-marginR, plotH-marginB+16, num(hi))
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="12">%s (share of games)</text>`, plotW/2, plotH-8, esc(xlabel))
	names := make([]series, len(ss))
	for i, s := range ss {
		names[i].name = s.name
	}
	legend(&b, names)
	b.WriteString("</svg>")
	return b.String()
}

// forestRuns draws, row by row, the win-rate difference of an action or a
// card in each run side by side (the base rules first, then each
// change), so that what a change did to a card reads across a row.
func forestRuns(title string, names []string, runs []series) string {
	var b strings.Builder
	rowH := 10 + 8*len(runs)
	top := marginT + 14*len(runs) // the legend stands above the rows
	h := top + marginB + rowH*len(names)
	svgOpen(&b, title, h)
	labelW := 220.0
	innerW := float64(plotW) - labelW - marginR
	lim := 0.1
	for _, r := range runs {
		for _, v := range r.values {
			if v != (Interval{}) {
				lim = math.Max(lim, math.Max(math.Abs(v.Low), math.Abs(v.High)))
			}
		}
	}
	lim = math.Min(1, math.Ceil(lim*10-1e-9)/10)
	x := func(v float64) float64 { return labelW + innerW*(clamp(v, -lim, lim)/lim+1)/2 }
	forestAxis(&b, x, lim, top, h)
	for i, name := range names {
		y0 := top + rowH*i
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="end" font-size="11">%s</text>`, labelW-6, y0+rowH/2+4, esc(name))
		for s, r := range runs {
			v := r.values[i]
			if v == (Interval{}) {
				continue // not taken, or not comparable, in that run
			}
			yc := y0 + 5 + 8*s + 4
			colour := palette[s%len(palette)]
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s" stroke-width="2"/>`, x(v.Low), x(v.High), yc, yc, colour)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%d" r="3" fill="%s"><title>%s, %s: %s points</title></circle>`,
				x(v.Value), yc, colour, esc(r.name), esc(name), points(v))
		}
	}
	legend(&b, runs)
	b.WriteString("</svg>")
	return b.String()
}

// sweepPlot draws a measure against the swept value (or the runs of a
// history): one line per series
// (a seat), each point with its 95% interval. xs are the swept values in
// the runs' order; when they are not all numbers they stand evenly
// spaced, in that order. pctScale prints the values as percentages.
func sweepPlot(title, xlabel, ylabel string, xs []string, ss []series, pctScale bool) string {
	var b strings.Builder
	svgOpen(&b, title, plotH+20)
	innerW, innerH := float64(plotW-marginL-marginR-120), float64(plotH-marginT-marginB)
	pos := make([]float64, len(xs))
	numeric := true
	for i, s := range xs {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			numeric = false
			break
		}
		pos[i] = v
	}
	if !numeric {
		for i := range pos {
			pos[i] = float64(i)
		}
	}
	xlo, xhi := pos[0], pos[0]
	for _, p := range pos {
		xlo, xhi = math.Min(xlo, p), math.Max(xhi, p)
	}
	if xhi == xlo {
		xhi = xlo + 1
	}
	ylo, yhi := math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		for _, v := range s.values {
			ylo, yhi = math.Min(ylo, v.Low), math.Max(yhi, v.High)
		}
	}
	if pctScale {
		ylo, yhi = 0, 1
	}
	if !(yhi > ylo) {
		ylo, yhi = ylo-1, ylo+1
	}
	x := func(v float64) float64 { return marginL + innerW*(v-xlo)/(xhi-xlo) }
	y := func(v float64) float64 { return marginT + innerH*(1-(v-ylo)/(yhi-ylo)) }
	fmtY := func(v float64) string {
		if pctScale {
			return fmt.Sprintf("%.0f%%", 100*v)
		}
		return fmt.Sprintf("%.1f", v)
	}
	for _, t := range []float64{0, 0.5, 1} {
		v := ylo + t*(yhi-ylo)
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, marginL, marginL+innerW, y(v), y(v))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" font-size="11">%s</text>`, marginL-6, y(v)+4, fmtY(v))
	}
	for i, s := range xs {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="11">%s</text>`, x(pos[i]), plotH-marginB+16, esc(s))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="12">%s</text>`, marginL+innerW/2, plotH-8, esc(xlabel))
	fmt.Fprintf(&b, `<text x="12" y="%d" font-size="11" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text>`, marginT+int(innerH/2), marginT+int(innerH/2), esc(ylabel))
	for k, s := range ss {
		colour := palette[k%len(palette)]
		var pts []string
		for i, v := range s.values {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pos[i]), y(v.Value)))
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s"/>`, x(pos[i]), x(pos[i]), y(v.Low), y(v.High), colour)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s at %s: %s [%s, %s]</title></circle>`,
				x(pos[i]), y(v.Value), colour, esc(s.name), esc(xs[i]), fmtY(v.Value), fmtY(v.Low), fmtY(v.High))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s"/>`, strings.Join(pts, " "), colour)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/>`, plotW-marginR-110, marginT+4+14*k, colour)
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%s</text>`, plotW-marginR-95, marginT+13+14*k, esc(s.name))
	}
	b.WriteString("</svg>")
	return b.String()
}
