package main

import (
	"errors"
	"fmt"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/record"
)

var replayCommand = &command{
	name:  "replay",
	usage: "replay LOG [--defs DIR]",
	summary: "Replay a saved game (haven play/run --save) with the variants and overrides it\n" +
		"was played with: every move must still be legal and the final state the one\n" +
		"recorded.",
	parse: replayParse,
}

type replayOptions struct {
	IO
	gameFlags
	Log string
}

func replayParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &replayOptions{IO: io}
	f := newFlags(c)
	opts.register(f, false)
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Log = pos[0]
	}
	return f, func() error { return runReplay(opts) }, err
}

func runReplay(opts *replayOptions) error {
	log, err := record.Read(opts.Log)
	if err != nil {
		return err
	}
	src, err := opts.source()
	if err != nil {
		return err
	}
	g, err := log.Compile(src)
	var list diag.List
	if errors.As(err, &list) {
		return err // definition errors: listed with their positions
	}
	if err != nil {
		return fmt.Errorf("%s: %v", opts.Log, err)
	}
	g.SetLog(false)
	st, err := log.Replay(g)
	if err != nil {
		return fmt.Errorf("%s: %v", opts.Log, err)
	}
	state := "unfinished"
	if st.Finished {
		state = "finished"
	}
	fmt.Fprintf(opts.Out, "ok: %s, %d players, seed %d, %s, %s: the final state matches\n",
		log.Game, log.Players, log.Seed, plural(len(log.Moves), "move"), state)
	return nil
}
