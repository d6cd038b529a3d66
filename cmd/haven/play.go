package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

var playCommand = &command{
	name:  "play",
	usage: "play GAME [--players N] [--seed S] [--bots SEATS] [--bot random|greedy] [--save FILE] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]...",
	summary: "Play GAME hot-seat in the terminal. The player to move sees their view of the\n" +
		"game and the numbered legal moves, and types a number or a move. SEATS is a\n" +
		"comma list of seats (or all) played by the random bot. Commands: help, view,\n" +
		"moves, quit. At the end the result is printed; --save writes the game log.",
	run: playMain,
}

type playOptions struct {
	IO
	gameFlags
	Game string
	tableFlags
	Bots string
	Bot  string
	Save string
}

func playMain(c *command, io IO, args []string) error {
	opts := &playOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "random seed `S`")
	f.StringVar(&opts.Bots, "bots", "", "`SEATS` played by the bot: a comma list such as 1,2, or all")
	f.StringVar(&opts.Bot, "bot", "random", "the `BOT` playing those seats: random or greedy (one move ahead by the game's scoring)")
	f.StringVar(&opts.Save, "save", "", "save the game log to `FILE` when the game ends or is left")
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Game = pos[0]
	}
	return runParsed(io, err, func() error { return runPlay(opts) })
}

const playHelp = `Type the number of a move, or the move itself (e.g. "jump 2").
  view   show the game again
  moves  list the legal moves
  help   this text
  quit   leave the game (end of input does too)
`

func runPlay(opts *playOptions) error {
	g, err := opts.compile(opts.Game)
	if err != nil {
		return err
	}
	n, err := players(g, opts.Players)
	if err != nil {
		return err
	}
	bots, err := seats(opts.Bots, n)
	if err != nil {
		return err
	}
	g.SetLog(true)
	st, err := g.New(n, opts.Seed)
	if err != nil {
		return err
	}
	// The setup's events (every card dealt) are not worth reading: the
	// first view shows where everything is.
	bot, err := sim.NewBot(opts.Bot, g, opts.Seed)
	if err != nil {
		return err
	}
	p := &session{g: g, st: st, out: opts.Out, in: bufio.NewScanner(opts.In), bots: bots, bot: bot, seen: len(st.Log)}
	fmt.Fprintf(p.out, "%s: %d players, seed %d. Type a move's number or its text, or help.\n", g.Name, n, opts.Seed)
	if err := p.play(); err != nil {
		return err
	}
	res, err := g.Score(st)
	if err != nil {
		return err
	}
	writeResult(p.out, res)
	if opts.Save != "" {
		if err := save(opts.Save, opts.Game, n, opts.Seed, &opts.gameFlags, st); err != nil {
			return err
		}
		fmt.Fprintf(p.out, "saved to %s\n", opts.Save)
	}
	return nil
}

// session is a game being played at the terminal.
type session struct {
	g    *interpreter.Game
	st   *interpreter.State
	out  io.Writer
	in   *bufio.Scanner
	bots map[int]bool
	bot  sim.Bot
	seen int // events of the log already printed
}

// play runs the game until it ends, the player quits or input ends.
func (s *session) play() error {
	shown := false // whether the current decision's view was printed
	for !s.st.Finished {
		if err := s.events(); err != nil {
			return err
		}
		legal, err := s.g.Legal(s.st)
		if err != nil {
			return err
		}
		if len(legal) == 0 {
			return fmt.Errorf("player %d must move but has no legal move", s.st.Pending.Player)
		}
		who := s.st.Pending.Player
		if s.bots[who] {
			m := s.bot.Choose(s.st, legal)
			fmt.Fprintf(s.out, "player %d (bot): %s\n", who, m.Text)
			if err := s.g.Apply(s.st, m.Text); err != nil {
				return fmt.Errorf("bot move %q: %v", m.Text, err)
			}
			shown = false
			continue
		}
		if !shown {
			if err := s.show(who, legal); err != nil {
				return err
			}
			shown = true
		}
		fmt.Fprintf(s.out, "player %d> ", who)
		if !s.in.Scan() {
			fmt.Fprintln(s.out)
			return s.in.Err()
		}
		line := strings.TrimSpace(s.in.Text())
		switch line {
		case "":
			continue
		case "help", "?":
			fmt.Fprint(s.out, playHelp)
			continue
		case "view":
			shown = false
			continue
		case "moves":
			writeMoves(s.out, legal)
			continue
		case "quit", "exit":
			return nil
		}
		text := line
		if k, err := strconv.Atoi(line); err == nil {
			if k < 1 || k > len(legal) {
				fmt.Fprintf(s.out, "no move %d: pick 1 to %d\n", k, len(legal))
				continue
			}
			text = legal[k-1].Text
		}
		if err := s.g.Apply(s.st, text); err != nil {
			var im *interpreter.IllegalMove
			if !errors.As(err, &im) {
				return err
			}
			fmt.Fprintf(s.out, "illegal move: %s\n", im.Reason)
			continue
		}
		shown = false
	}
	return s.events()
}

// show prints the deciding player's view and the moves open to them.
func (s *session) show(who int, legal []interpreter.Move) error {
	v, err := s.g.View(s.st, who)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.out, "\n── player %d ──\n", who)
	writeView(s.out, s.g, v, who)
	fmt.Fprintln(s.out, "moves:")
	writeMoves(s.out, legal)
	return nil
}

// events prints what happened since the last call, as everyone at the
// table saw it: cards moved between hidden zones are not named.
func (s *session) events() error {
	v, err := s.g.View(s.st, -1)
	if err != nil {
		return err
	}
	// Repeated events (cards dealt one by one) are printed once, counted.
	var last string
	repeat := 0
	flush := func() {
		switch {
		case repeat == 1:
			fmt.Fprintf(s.out, "  · %s\n", last)
		case repeat > 1:
			fmt.Fprintf(s.out, "  · %s ×%d\n", last, repeat)
		}
	}
	for _, e := range v.Log[min(s.seen, len(v.Log)):] {
		line := e.Cause + ": " + e.What
		if e.Card != "" {
			line += " " + e.Card
		}
		if e.From != "" || e.To != "" {
			line += fmt.Sprintf(" (%s → %s)", e.From, e.To)
		}
		if line == last {
			repeat++
			continue
		}
		flush()
		last, repeat = line, 1
	}
	flush()
	s.seen = len(v.Log)
	return nil
}
