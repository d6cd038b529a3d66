package main

import (
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/haven-engine/haven/sim"
)

var simCommand = &command{
	name: "sim",
	usage: "sim GAME [-n N] [--players N] [--seed S] [--bot SPEC[,SPEC...]] [--rotate] [--workers N] [--max DECISIONS] " +
		"[--compare VARIANT[,VARIANT...]] [--sweep PATH=V1,V2...]... [--out FILE [--resume]] [--shard I/N] [--runner local|beam] [--db FILE] [--report FILE.html] [--json] " +
		"[--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...\n  haven sim --merge FILE... [--db FILE] [--report FILE.html] [--json]",
	summary: "Play N games with bots (game i from seed S+i) and report, per seat and per bot,\n" +
		"the win rate with its 95% interval (ties shared, over the games the rules\n" +
		"ended), the score, the length, the games ended and capped, what each action\n" +
		"and card did for the seats that took it, the first seat's edge and the\n" +
		"lead changes. --bot gives one bot spec for every seat or one per seat\n" +
		"(random, policy, greedy, ismcts:iters=N...); --rotate turns them round the table game by game.\n" +
		"--compare plays the same seeds under each variant too, --sweep under each\n" +
		"value of a setting, and reports the differences paired by seed.\n" +
		"--out writes each game as a JSON line as it finishes (every cell of a\n" +
		"comparison or a sweep in one file), --resume skips the seeds a file already\n" +
		"holds, --merge reports files of such lines as one run or comparison.\n" +
		"--shard I/N plays only shard I (from 0) of N of every cell, for a batch job per\n" +
		"shard (--shard /N takes I from $JOB_COMPLETION_INDEX, as a Kubernetes\n" +
		"Indexed Job sets it; {shard} in --out is replaced by I); --merge of the N\n" +
		"files reports the run. --db FILE keeps the run in a SQLite database (haven runs);\n" +
		"with --report, the page then lists the database's earlier runs of the same rules.\n" +
		"--runner beam plays the shards on Apache Beam (a haven built with -tags beam;\n" +
		"Beam's own flags follow --).\n" +
		"Ctrl-C stops after the games under way and reports the ones finished.",
	parse: simParse,
}

type simOptions struct {
	IO
	gameFlags
	Game  string
	Games int
	tableFlags
	Max     int
	JSON    bool
	Bots    []string
	Rotate  bool
	Workers int
	Compare []string
	Sweeps  []sweep
	OutFile string
	Resume  bool
	Report  string
	Merge   []string // files to merge, with --merge
	Shard   *shardFlag
	Runner  string
	DB      string
	// RunnerArgs are the arguments after "--": the runner's own flags.
	RunnerArgs []string
	// lookup reads the environment (os.LookupEnv; tests give their own).
	lookup func(string) (string, bool)
}

// sweep is one --sweep flag: a path and the values it takes.
type sweep struct {
	path   string
	values []string
}

func simParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &simOptions{IO: io, lookup: os.LookupEnv}
	f := newFlags(c)
	opts.register(f, true)
	f.IntVar(&opts.Games, "n", 100, "number of games `N`")
	opts.registerTable(f, "seed `S`: game i of the run uses S+i")
	f.IntVar(&opts.Max, "max", sim.DefaultMaxDecisions, "stop a game after `DECISIONS` moves and count it as capped")
	f.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	bot := f.String("bot", "", "the bot `SPEC` of every seat, or one per seat separated by commas (random, policy, greedy, ismcts:iters=N...); "+
		"without it, policy when the game declares one (bots.prefer), else greedy when its scoring gives an estimate, else random")
	f.BoolVar(&opts.Rotate, "rotate", false, "turn the bots round the table from game to game, so that each plays each seat")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "games played at once, each on its own core (`N`)")
	var compare string
	f.StringVar(&compare, "compare", "", "also play the same seeds under each `VARIANT` (comma-separated) and report the differences")
	var sweeps list
	f.Var(&sweeps, "sweep", "also play the same seeds with each value of a setting, as `PATH=V1,V2...` (repeatable: a grid)")
	f.StringVar(&opts.OutFile, "out", "", "write each game to `FILE` as a JSON line as it finishes")
	f.BoolVar(&opts.Resume, "resume", false, "with --out: keep the games FILE holds and play only the seeds it lacks")
	f.StringVar(&opts.Report, "report", "", "write the report as one self-contained HTML page with plots to `FILE`")
	merge := f.Bool("merge", false, "report the games of results files written by --out, as one run")
	shard := f.String("shard", "", "play only shard `I/N` of the run (I from 0; /N reads I from $"+jobIndexVar+"); write it with --out")
	f.StringVar(&opts.Runner, "runner", "local", "what plays the games: `local` (this machine's cores) or beam (Apache Beam, in a haven built with -tags beam)")
	f.StringVar(&opts.DB, "db", "", "keep the run (settings, games, report) in the SQLite database `FILE` (see haven runs)")
	if i := slices.Index(args, "--"); i >= 0 {
		args, opts.RunnerArgs = args[:i], args[i+1:]
	}
	pos, err := f.parse(args, 1, -1)
	if err == nil {
		err = opts.check(f, pos, *merge, *bot, compare, sweeps)
	}
	if err == nil && *shard != "" {
		err = opts.checkShard(f, *shard)
	}
	return f, func() error {
		if *merge {
			return runMerge(opts)
		}
		return runSim(opts)
	}, err
}

// check validates the flags, one clear line per mistake.
func (opts *simOptions) check(f *flags, pos []string, merge bool, bot, compare string, sweeps []string) error {
	if merge {
		switch {
		case compare != "" || len(sweeps) > 0 || opts.OutFile != "" || opts.Resume:
			return f.usageErrorf("--merge reports files as they are: not with --compare, --sweep, --out or --resume")
		}
		opts.Merge = pos
		return nil
	}
	if len(pos) > 1 {
		return f.usageErrorf("unexpected argument %q (to report results files, use --merge)", pos[1])
	}
	opts.Game = pos[0]
	if bot != "" {
		opts.Bots = splitBots(bot)
	}
	for _, b := range opts.Bots {
		if b == "" {
			return f.usageErrorf("--bot %q: an empty bot spec", bot)
		}
		if _, _, err := sim.ParseBot(b); err != nil {
			return f.usageErrorf("--bot: %v", err)
		}
	}
	if compare != "" {
		opts.Compare = strings.Split(compare, ",")
	}
	for _, v := range opts.Compare {
		if v == "" {
			return f.usageErrorf("--compare %q: an empty variant name", compare)
		}
	}
	for _, s := range sweeps {
		path, values, ok := strings.Cut(s, "=")
		if !ok || path == "" || values == "" {
			return f.usageErrorf("--sweep %q: want PATH=V1,V2...", s)
		}
		sw := sweep{path: path, values: strings.Split(values, ",")}
		for _, v := range sw.values {
			if v == "" {
				return f.usageErrorf("--sweep %q: an empty value", s)
			}
		}
		opts.Sweeps = append(opts.Sweeps, sw)
	}
	switch {
	case opts.Games < 1:
		return f.usageErrorf("-n %d: play at least one game", opts.Games)
	case opts.Max < 1:
		return f.usageErrorf("--max %d: allow at least one decision", opts.Max)
	case opts.Workers < 1:
		return f.usageErrorf("--workers %d: want at least one", opts.Workers)
	case opts.Resume && opts.OutFile == "":
		return f.usageErrorf("--resume needs --out FILE, the file to resume")
	case opts.Resume && (len(opts.Compare) > 0 || len(opts.Sweeps) > 0):
		return f.usageErrorf("--resume resumes a run of one set of rules: not with --compare or --sweep")
	case len(opts.Compare) > 0 && len(opts.Sweeps) > 0:
		return f.usageErrorf("--compare and --sweep: give one or the other")
	}
	if err := checkRunner(opts.Runner); err != nil {
		return f.usageErrorf("%v", err)
	}
	switch {
	case len(opts.RunnerArgs) > 0 && opts.Runner == "local":
		return f.usageErrorf("arguments after --, %q: they are for --runner beam", opts.RunnerArgs)
	case opts.Runner != "local" && opts.Resume:
		return f.usageErrorf("--resume is for the local runner")
	}
	return nil
}

// checkShard reads --shard, which plays one shard of a single run into
// its own --out file.
func (opts *simOptions) checkShard(f *flags, v string) error {
	s, err := parseShard(v, opts.Games, opts.lookup)
	switch {
	case len(opts.Merge) > 0:
		return f.usageErrorf("--merge reports files as they are: not with --shard")
	case err != nil:
		return f.usageErrorf("%v", err)
	case opts.OutFile == "":
		return f.usageErrorf("--shard writes its games to a file: give --out FILE")
	case opts.Runner != "local":
		return f.usageErrorf("--shard is for a batch job per shard: not with --runner %s, which shards the run itself", opts.Runner)
	}
	opts.Shard = s
	opts.OutFile = shardFile(opts.OutFile, s)
	return nil
}

// splitBots splits a --bot list at its commas, except those inside a
// spec's own settings: "ismcts:iters=500,time=2s,greedy" is two specs,
// a part with "=" and no ":" belonging to the spec before it.
func splitBots(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if n := len(out); n > 0 && strings.Contains(part, "=") && !strings.Contains(part, ":") {
			out[n-1] += "," + part
			continue
		}
		out = append(out, part)
	}
	return out
}
