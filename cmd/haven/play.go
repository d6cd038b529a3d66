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
	usage: "play GAME [--players N] [--seed S] [--bots SEATS] [--bot SPEC] [--save FILE] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Play GAME hot-seat in the terminal. The player to move sees the board as they\n" +
		"may see it (names, counters, goods, their cards with their texts, the last\n" +
		"events) and the numbered legal moves, and types a number or a move. SEATS is a\n" +
		"comma list of seats (or all) played by the bot. Commands: why N (the rule\n" +
		"behind move N), log, view, moves, help, quit. At the end the result is\n" +
		"printed; --save writes the game log.",
	parse: playParse,
}

type playOptions struct {
	IO
	gameFlags
	Game string
	tableFlags
	Bots string
	Bot  string
	Save string
	// Max stops the game after this many decisions (0: none); tests use it.
	Max int
}

func playParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &playOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "random seed `S`")
	f.StringVar(&opts.Bots, "bots", "", "`SEATS` played by the bot: a comma list such as 1,2, or all")
	f.StringVar(&opts.Bot, "bot", "random", "the bot `SPEC` playing those seats: random, policy, greedy, ismcts[:iters=N...] or learned[:model=FILE] (haven help sim)")
	f.StringVar(&opts.Save, "save", "", "save the game log to `FILE` when the game ends or is left")
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Game = pos[0]
	}
	return f, func() error { return runPlay(opts) }, err
}

const playHelp = `Type the number of a move, or the move itself as shown in brackets.
  why N  the rule behind move N, and the texts of the cards it names
  log    the last events with their causes
  view   show the board again
  moves  list the legal moves
  help   this text
  quit   leave the game (end of input does too)
`

func runPlay(opts *playOptions) error {
	if opts.Save != "" {
		if err := checkWritable("--save", opts.Save); err != nil {
			return err
		}
	}
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
	bot, err := sim.NewBot(opts.Bot, g, opts.Seed)
	if err != nil {
		return err
	}
	p := newSession(g, st, opts.Out, opts.In, bots, bot)
	p.max = opts.Max
	// The setup's events (every card dealt) are not worth reading: the
	// first board shows where everything is.
	p.seen = len(st.Log)
	from := ""
	if opts.Defs != "" {
		from = ", definitions from " + opts.Defs
	}
	fmt.Fprintf(p.out, "%s: %d players, seed %d%s. Type a move's number, or help.\n", g.Name(), n, opts.Seed, from)
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
	// viewer is who reads the screen: the one seat a person plays, or -1
	// (a spectator) when several share it or nobody does. Bot moves and
	// events are shown as viewer may see them.
	viewer int
	// seen is how many events of the log were read; recent holds the last
	// of them, for the board and the log command.
	seen   int
	recent []interpreter.Event
	// logRead counts the events read from the log, in all: reading only
	// the new ones keeps a game linear in its length (a test checks it).
	logRead   int
	decisions int
	max       int
	// shown are the moves of the last list printed, as numbered.
	shown []shownMove
}

// keptEvents is how many events the log command shows; the board shows
// the last recentLines lines of them.
const (
	keptEvents  = 20
	recentLines = 6
)

func newSession(g *interpreter.Game, st *interpreter.State, out io.Writer, in io.Reader, bots map[int]bool, bot sim.Bot) *session {
	s := &session{g: g, st: st, out: out, in: bufio.NewScanner(in), bots: bots, bot: bot, viewer: -1}
	humans := 0
	for p := 0; p < st.Players; p++ {
		if !bots[p] {
			humans++
			s.viewer = p
		}
	}
	if humans != 1 {
		s.viewer = -1
	}
	return s
}

// play runs the game until it ends, the player quits, input ends or the
// decision limit is reached.
func (s *session) play() error {
	shown := false // whether the current decision's board was printed
	for !s.st.Finished && (s.max == 0 || s.decisions < s.max) {
		s.events()
		legal, err := s.g.Legal(s.st)
		if err != nil {
			return err
		}
		if len(legal) == 0 {
			return fmt.Errorf("player %d must move but has no legal move", s.st.Pending.Player)
		}
		who := s.st.Pending.Player
		if s.bots[who] {
			m, err := sim.Decide(s.g, s.st, s.bot, legal)
			if err != nil {
				return err
			}
			// Described before it is applied: a card it names is
			// hidden or not where it lies now.
			d, _ := s.describe(m.Text, s.viewer)
			fmt.Fprintf(s.out, "player %d (bot): %s\n", who, d)
			if err := s.g.Apply(s.st, m.Text); err != nil {
				return fmt.Errorf("bot move %q: %v", m.Text, err)
			}
			s.decisions++
			shown = false
			continue
		}
		if !shown {
			s.show(who, legal)
			shown = true
		}
		fmt.Fprintf(s.out, "player %d> ", who)
		if !s.in.Scan() {
			fmt.Fprintln(s.out)
			return s.in.Err()
		}
		line := strings.TrimSpace(s.in.Text())
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "":
			continue
		case "help", "?":
			fmt.Fprint(s.out, playHelp)
			continue
		case "view":
			shown = false
			continue
		case "moves":
			s.writeMoves(legal)
			continue
		case "log":
			s.writeLog()
			continue
		case "why":
			s.why(arg)
			continue
		case "quit", "exit":
			return nil
		}
		text := line
		if k, err := strconv.Atoi(line); err == nil {
			if k < 1 || k > len(s.shown) {
				fmt.Fprintf(s.out, "no move %d: pick 1 to %d\n", k, len(s.shown))
				continue
			}
			text = s.shown[k-1].text
		}
		if err := s.g.Apply(s.st, text); err != nil {
			var im *interpreter.IllegalMove
			if !errors.As(err, &im) {
				return err
			}
			fmt.Fprintf(s.out, "illegal move: %s\n", im.Reason)
			continue
		}
		s.decisions++
		shown = false
	}
	s.events()
	return nil
}

// events reads what happened since the last call, as the viewer saw it,
// into the recent events; with nobody at the table it prints them too.
// Only the new events are read.
func (s *session) events() {
	log := s.g.LogView(s.st, s.viewer, s.seen)
	s.logRead += len(log)
	s.seen += len(log)
	if s.watching() {
		for _, l := range s.eventLines(log) {
			fmt.Fprintf(s.out, "  · %s\n", l)
		}
	}
	s.recent = append(s.recent, log...)
	if n := len(s.recent); n > keptEvents {
		s.recent = append(s.recent[:0], s.recent[n-keptEvents:]...)
	}
}

// watching tells whether nobody plays: the events are printed as they
// happen, since no board is.
func (s *session) watching() bool { return len(s.bots) == s.st.Players }
