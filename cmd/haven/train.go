package main

import (
	"fmt"

	"github.com/haven-engine/haven/sim"
)

var trainCommand = &command{
	name:  "train",
	usage: "train GAME [-n GAMES] [--rounds R] [--lead] [--keep P] [--players N] [--seed S] [--out FILE] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Learn a value of the game's states by self-play, for the bot learned: R rounds\n" +
		"of GAMES games (random bots first, then the bot learned so far against itself),\n" +
		"each fitting a ridge-regularised linear model of a seat's share of the win on\n" +
		"features read from the definition (counters, zones, card types, goods, pieces,\n" +
		"score). The model is written as JSON with the definition's hash: --bot\n" +
		"learned:model=FILE refuses it for another definition, variant or option.\n" +
		"The same seed gives the same model.",
	parse: trainParse,
}

type trainOptions struct {
	IO
	gameFlags
	tableFlags
	Game   string
	Games  int
	Rounds int
	File   string
	Lead   bool
	Keep   float64
}

func trainParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &trainOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "seed `S`: game i of round k uses S+k*GAMES+i")
	f.IntVar(&opts.Games, "n", sim.DefaultTrainGames, "self-play `GAMES` of each round")
	f.IntVar(&opts.Rounds, "rounds", sim.DefaultTrainRounds, "rounds of self-play `R`, the first by random bots")
	f.BoolVar(&opts.Lead, "lead", false, "learn a seat's final lead in score, not its share of the win")
	f.Float64Var(&opts.Keep, "keep", sim.DefaultKeep, "the share `P` of decisions whose states are learnt from")
	f.StringVar(&opts.File, "out", "", "write the model to `FILE` (default: GAME.model.json)")
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Game = pos[0]
		switch {
		case opts.Games < 1:
			err = f.usageErrorf("-n %d: play at least one game", opts.Games)
		case opts.Rounds < 1:
			err = f.usageErrorf("--rounds %d: want at least one", opts.Rounds)
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
	bar := newProgress(opts.Err, opts.Games*opts.Rounds)
	m, err := sim.Train(g, sim.TrainOptions{Players: n, Games: opts.Games, Rounds: opts.Rounds, Seed: opts.Seed, Lead: opts.Lead, Keep: opts.Keep, Progress: func(done, _ int) { bar.update(done) }})
	bar.finish()
	if err != nil {
		return err
	}
	if err := m.WriteModel(out); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d players, %d games from seed %d, %d states, %d features: wrote %s\n", g.Name(), n, m.Games, opts.Seed, m.Rows, len(m.Names), out)
	return nil
}
