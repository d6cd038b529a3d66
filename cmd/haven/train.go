package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

var trainCommand = &command{
	name:  "train",
	usage: "train GAME [-n GAMES] [--rounds R] [--eval E] [--against BOT] [--from FILE|shipped] [--eps P] [--boot P] [--ahead N] [--refit K] [--lead] [--keep P] [--workers N] [--players N] [--seed S] [--out FILE] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Learn a value of the game's states by self-play, for the bot learned: R rounds\n" +
		"of GAMES games (the opponent BOT first, greedy unless --against names another,\n" +
		"then the bot learned so far against itself and against BOT, a share of the\n" +
		"moves at random), each fitting a ridge-regularised linear model of a seat's\n" +
		"share of the win and its final lead (a game cut short by the cap is won by no\n" +
		"one), mixed with the model's own value of the seat's state AHEAD decisions\n" +
		"later (--boot), on features read from the definition (counters, zones, card\n" +
		"types, goods, pieces, board, score). After each round the model plays E games\n" +
		"against BOT, and the one that wins most (the later of equals) is kept. --from\n" +
		"starts the first round from a model of the game (a file, or the game's shipped\n" +
		"one: for a variant) instead of BOT. The model is written as JSON with the\n" +
		"definition's hash: --bot learned:model=FILE refuses it for another definition,\n" +
		"variant or option. The same seed gives the same model, for any --workers.\n" +
		"Ctrl-C starts no more games and writes the best model so far.",
	parse: trainParse,
}

// The rounds and evaluation games haven train plays by default.
const trainRounds, trainEval = 3, 20

type trainOptions struct {
	IO
	gameFlags
	tableFlags
	Game    string
	Games   int
	Rounds  int
	Eval    int
	Eps     float64
	File    string
	Lead    bool
	Keep    float64
	Workers int
	Boot    float64
	BootSet bool // --boot given: else sim's default, which depends on --from
	Ahead   int
	Refit   int
	Against string
	From    string
}

func trainParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &trainOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "seed `S`: game i of round k uses S+k*GAMES+i")
	f.IntVar(&opts.Games, "n", sim.DefaultTrainGames, "self-play `GAMES` of each round")
	// Three rounds judged against greedy by default: one round alone
	// gave Rotterdam with the windfall card a model that never scored.
	f.IntVar(&opts.Rounds, "rounds", trainRounds, "rounds of self-play `R`, the first by greedy bots")
	f.IntVar(&opts.Eval, "eval", trainEval, "games `E` each round's model plays against the opponent to pick the best (0: keep the last)")
	f.StringVar(&opts.Against, "against", "greedy", "the opponent `BOT` the model is trained and judged against (a --bot spec: policy, ismcts:iters=200...)")
	f.StringVar(&opts.From, "from", "", "play the first round by a model of the game: a model `FILE` (of any variant or option), or shipped: the one shipped nearest the options")
	f.Float64Var(&opts.Eps, "eps", sim.DefaultEps, "the share `P` of self-play moves made at random")
	f.Float64Var(&opts.Boot, "boot", sim.DefaultBoot, "the share `P` of a state's target that is the model's value of the state AHEAD decisions later (0: the outcome alone; 1 by default with --from)")
	f.IntVar(&opts.Ahead, "ahead", sim.DefaultAhead, "how many decisions `AHEAD` the value a target is read from lies")
	f.IntVar(&opts.Refit, "refit", 0, "fit each round `K` times more, the states of the rounds played without a model (the first, by BOT) booted by the model fitted before")
	f.BoolVar(&opts.Lead, "lead", false, "learn a seat's final lead in score alone, not with its share of the win")
	f.Float64Var(&opts.Keep, "keep", sim.DefaultKeep, "the share `P` of decisions whose states are learnt from")
	f.IntVar(&opts.Workers, "workers", runtime.NumCPU(), "games played at once (`N`); the model is the same for any")
	f.StringVar(&opts.File, "out", "", "write the model to `FILE` (default: GAME.model.json)")
	pos, err := f.parse(args, 1, 1)
	f.Visit(func(fl *flag.Flag) { opts.BootSet = opts.BootSet || fl.Name == "boot" })
	if err == nil {
		opts.Game = pos[0]
		switch {
		case opts.Games < 1:
			err = f.usageErrorf("-n %d: play at least one game", opts.Games)
		case opts.Rounds < 1:
			err = f.usageErrorf("--rounds %d: want at least one", opts.Rounds)
		case opts.Eval < 0:
			err = f.usageErrorf("--eval %d: want zero or more", opts.Eval)
		case opts.Workers < 1:
			err = f.usageErrorf("--workers %d: want at least one", opts.Workers)
		default:
			if _, _, perr := sim.ParseBot(opts.Against); perr != nil {
				err = f.usageErrorf("--against %s: %v", opts.Against, perr)
			}
		}
	}
	return f, func() error { return runTrain(opts) }, err
}

func runTrain(opts *trainOptions) error {
	g, err := opts.compile(opts.Game)
	if err != nil {
		return err
	}
	n, err := players(g, opts.Players)
	if err != nil {
		return err
	}
	out := opts.File
	if out == "" {
		out = opts.Game + ".model.json"
	}
	if err := checkWritable("--out", out); err != nil {
		return err
	}
	eps := opts.Eps
	if eps == 0 {
		eps = -1 // --eps 0: no random moves
	}
	boot := opts.Boot
	switch {
	case !opts.BootSet:
		boot = 0 // sim's default, for training from a model or not
	case boot == 0:
		boot = -1 // --boot 0: the outcome alone
	}
	var stopped atomic.Bool
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	defer signal.Stop(c)
	go func() {
		if _, ok := <-c; ok {
			signal.Stop(c)
			fmt.Fprintln(opts.Err, "\ntrain: interrupted: finishing the games under way and writing the best model so far (Ctrl-C again to quit)")
			stopped.Store(true)
		}
	}()
	bar := newProgress(opts.Err, opts.Rounds*(opts.Games+opts.Eval))
	if bar != nil {
		bar.cmd = "train"
	}
	var from *sim.Model
	switch opts.From {
	case "":
	case "shipped":
		if from = sim.NearestShippedModel(g); from == nil {
			return fmt.Errorf("--from shipped: %s ships no model", opts.Game)
		}
	default:
		if from, err = sim.ReadModelOf(opts.From, g); err != nil {
			return fmt.Errorf("--from: %v", err)
		}
	}
	against := opts.Against
	if against == "greedy" {
		against = "" // the default: the models it trains stay the same
	}
	m, err := sim.Train(g, sim.TrainOptions{Players: n, Against: against, From: from, Games: opts.Games, Rounds: opts.Rounds, Eval: opts.Eval, Eps: eps, Boot: boot, Ahead: opts.Ahead, Refit: opts.Refit,
		Seed: opts.Seed, Lead: opts.Lead, Keep: opts.Keep, Workers: opts.Workers, Compile: func() (*interpreter.Game, error) { return opts.compile(opts.Game) }, Stop: stopped.Load,
		Progress: func(done, _ int) { bar.update(done) }})
	bar.finish()
	if err != nil {
		return err
	}
	m.Options, m.Variants, m.Sets = opts.Choices, opts.Variants, opts.Sets
	if err := m.WriteModel(out); err != nil {
		return err
	}
	// A game no self-play game ends teaches its model nothing of the end
	// and the win: say so, as sim's report does of its games.
	if m.Ended == 0 {
		fmt.Fprintf(opts.Err, "train: warning: none of the %d self-play games ended by the rules (all reached the definition's cap): the model learnt leads at the cap, nothing of how the game ends or is won\n", m.Games)
	}
	if m.Evaluated > 0 && m.EvalEnded == 0 {
		fmt.Fprintf(opts.Err, "train: warning: none of the %d evaluation games against %s ended by the rules: no round's model won one, and the last was kept\n", m.Evaluated, opts.Against)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d players, %d games from seed %d (%d ended by the rules), %d states, %d features: wrote %s\n", g.Name(), n, m.Games, opts.Seed, m.Ended, m.Rows, len(m.Names), out)
	return nil
}
