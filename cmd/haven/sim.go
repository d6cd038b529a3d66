package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

var simCommand = &command{
	name:  "sim",
	usage: "sim GAME [-n N] [--players N] [--seed S] [--bot random|greedy|ismcts[:iters=N]] [--workers N] [--max DECISIONS] [--json] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]...",
	summary: "Play N games with bots (random, or greedy: one move ahead by the game's\n" +
		"scoring; game i from seed S+i) and report how many ended\n" +
		"by the rules or were stopped by the cap, the wins of each seat, the mean length\n" +
		"in decisions and the speed.",
	run: simMain,
}

type simOptions struct {
	IO
	gameFlags
	Game  string
	Games int
	tableFlags
	Max     int
	JSON    bool
	Bot     string
	Workers int
}

func simMain(c *command, io IO, args []string) error {
	opts := &simOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	f.IntVar(&opts.Games, "n", 100, "number of games `N`")
	opts.registerTable(f, "seed `S`: game i of the run uses S+i")
	f.IntVar(&opts.Max, "max", sim.DefaultMaxDecisions, "stop a game after `DECISIONS` moves and count it as capped")
	f.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	f.StringVar(&opts.Bot, "bot", "random", "the `BOT` playing every seat: random, greedy or ismcts[:iters=N][:ms=N][:depth=N]")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "games played at once, each on its own core (`N`)")
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Game = pos[0]
		switch {
		case opts.Games < 1:
			err = f.usageErrorf("-n %d: play at least one game", opts.Games)
		case opts.Max < 1:
			err = f.usageErrorf("--max %d: allow at least one decision", opts.Max)
		case opts.Workers < 1:
			err = f.usageErrorf("--workers %d: want at least one", opts.Workers)
		}
		if _, _, e := sim.ParseBot(opts.Bot); err == nil && e != nil {
			err = f.usageErrorf("--bot: %v", e)
		}
	}
	return runParsed(io, err, func() error { return runSim(opts) })
}

func runSim(opts *simOptions) error {
	g, err := opts.compile(opts.Game)
	if err != nil {
		return err
	}
	n, err := players(g, opts.Players)
	if err != nil {
		return err
	}
	so := sim.Options{Games: opts.Games, Players: n, Seed: opts.Seed, MaxDecisions: opts.Max, Bot: opts.Bot,
		Workers: opts.Workers, Compile: func() (*interpreter.Game, error) { return opts.compile(opts.Game) }}
	bar := newProgress(opts.Err, opts.Games)
	if bar != nil {
		so.Progress = bar.update
	}
	r, err := sim.Run(g, so)
	bar.done()
	if err != nil {
		return err
	}
	if opts.JSON {
		b, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	w := opts.Out
	fmt.Fprintf(w, "%s: %s of %d players from seed %d\n", g.Name, plural(r.Games, "game"), r.Players, r.Seed)
	fmt.Fprintf(w, "finished: %d  capped: %d\n", r.Finished, r.Capped)
	wins := make([]string, len(r.Wins))
	for p, k := range r.Wins {
		share := 0.0
		if r.Finished > 0 {
			share = 100 * float64(k) / float64(r.Finished)
		}
		wins[p] = fmt.Sprintf("%d: %d (%.0f%%)", p, k, share)
	}
	fmt.Fprintf(w, "wins by seat: %s\n", strings.Join(wins, "  "))
	means := make([]string, len(r.MeanScores))
	for p, v := range r.MeanScores {
		means[p] = fmt.Sprintf("%d: %.2f", p, v)
	}
	fmt.Fprintf(w, "mean score by seat: %s\n", strings.Join(means, "  "))
	if len(r.MeanShow) > 0 {
		names := make([]string, 0, len(r.MeanShow))
		for k := range r.MeanShow {
			names = append(names, k)
		}
		sort.Strings(names)
		for i, k := range names {
			names[i] = fmt.Sprintf("%s %.2f", k, r.MeanShow[k])
		}
		fmt.Fprintf(w, "mean per player: %s\n", strings.Join(names, "  "))
	}
	fmt.Fprintf(w, "decisions: %d  mean length: %.1f\n", r.Decisions, r.MeanLength)
	fmt.Fprintf(w, "time: %.2fs  %.0f decisions/s\n", r.Seconds, r.PerSecond)
	return nil
}

// progress draws a bar on a terminal; it is nil when w is not one, and
// its methods then do nothing.
type progress struct {
	w     io.Writer
	total int
	shown int
}

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return &progress{w: w, total: total, shown: -1}
}

const barWidth = 30

func (p *progress) update(done int) {
	if p == nil {
		return
	}
	filled := done * barWidth / p.total
	if filled == p.shown && done != p.total {
		return
	}
	p.shown = filled
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled), done, p.total)
}

func (p *progress) done() {
	if p == nil {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", barWidth+2+2*len(fmt.Sprint(p.total))+2))
}
