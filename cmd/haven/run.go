package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/record"
)

var runCommand = &command{
	name:  "run",
	usage: "run GAME --moves FILE [--players N] [--seed S] [--as SEAT] [--json] [--save FILE] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Start GAME and apply the moves of FILE (one per line; blank lines and # comments\n" +
		"are ignored; - reads stdin), then print the resulting state. An illegal move\n" +
		"stops with its line number and the rule it breaks. --as SEAT prints only what\n" +
		"that seat may see (-1: a spectator): its view, its legal moves when it decides,\n" +
		"the result once the game is over. Without --as, the whole state is printed,\n" +
		"hidden cards, generator and every move included: that is for debugging.\n" +
		"--json prints {\"view\", \"legal\", \"finished\", \"result\"} with --as, and\n" +
		"{\"note\", \"seed\", \"state\", \"legal\", \"finished\", \"result\"} without.",
	parse: runParse,
}

type runOptions struct {
	IO
	gameFlags
	Game string
	tableFlags
	Moves string
	JSON  bool
	Save  string
	// As is the seat whose view is printed; "" prints the full state.
	As string
}

func runParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts := &runOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "random seed `S`")
	f.StringVar(&opts.Moves, "moves", "", "read moves from `FILE` (- for stdin)")
	f.BoolVar(&opts.JSON, "json", false, "print the state, legal moves and result as JSON")
	f.StringVar(&opts.Save, "save", "", "save the game log to `FILE`")
	f.StringVar(&opts.As, "as", "", "print only what `SEAT` may see (-1: a spectator); without it, the full state, for debugging")
	pos, err := f.parse(args, 1, 1)
	if err == nil {
		opts.Game = pos[0]
		if opts.Moves == "" {
			err = f.usageErrorf("--moves FILE is required")
		}
	}
	return f, func() error { return runRun(opts) }, err
}

// runOutput is what `haven run --json` prints: the full state.
type runOutput struct {
	Note     string              `json:"note"`
	Seed     uint64              `json:"seed"`
	State    *interpreter.State  `json:"state"`
	Legal    []interpreter.Move  `json:"legal"`
	Finished bool                `json:"finished"`
	Result   *interpreter.Result `json:"result"`
}

func runRun(opts *runOptions) error {
	moves, err := readMoves(opts.Moves, opts.In)
	if err != nil {
		return err
	}
	g, err := opts.compile(opts.Game)
	if err != nil {
		return err
	}
	n, err := players(g, opts.Players)
	if err != nil {
		return err
	}
	g.SetLog(false)
	st, err := g.New(n, opts.Seed)
	if err != nil {
		return err
	}
	for _, m := range moves {
		if err := g.Apply(st, m.text); err != nil {
			var im *interpreter.IllegalMove
			if errors.As(err, &im) {
				return fmt.Errorf("line %d: %v", m.line, im)
			}
			return fmt.Errorf("line %d: move %q: %v", m.line, m.text, err)
		}
	}
	if opts.Save != "" {
		if err := save(opts.Save, opts.Game, n, opts.Seed, &opts.gameFlags, st); err != nil {
			return err
		}
	}
	legal, err := g.Legal(st)
	if err != nil {
		return err
	}
	res, err := g.Score(st)
	if err != nil {
		return err
	}
	if opts.As != "" {
		return printSeat(opts, g, st, legal, res)
	}
	if opts.JSON {
		if legal == nil {
			legal = []interpreter.Move{}
		}
		b, err := json.MarshalIndent(runOutput{Note: fullStateNote, Seed: opts.Seed, State: st, Legal: legal, Finished: st.Finished, Result: res}, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Out, "%s\n", b)
		return nil
	}
	fmt.Fprintf(opts.Out, "%s, %d players, seed %d, after %s\n", g.Name(), n, opts.Seed, plural(len(st.Moves), "move"))
	writeView(opts.Out, nil, g.FullView(st), -1)
	if len(legal) > 0 {
		fmt.Fprintln(opts.Out, "legal moves:")
		writeMoves(opts.Out, legal)
	}
	writeResult(opts.Out, res)
	return nil
}

// move is a line of a moves file.
type move struct {
	line int
	text string
}

// readMoves reads a moves file: one move a line, blank lines and lines
// starting with # skipped. name "-" reads in.
func readMoves(name string, in io.Reader) ([]move, error) {
	r := in
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--moves: %v", err)
		}
		defer f.Close()
		r = f
	}
	var out []move
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		if t := strings.TrimSpace(sc.Text()); t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, move{n, t})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("--moves %s: %v", name, err)
	}
	return out, nil
}

// save writes the log of the game folder id played to st.
func save(path, id string, players int, seed uint64, gf *gameFlags, st *interpreter.State) error {
	src, err := gf.source()
	if err != nil {
		return err
	}
	log, err := record.New(src, id, players, seed, gf.options(), st)
	if err != nil {
		return err
	}
	if err := log.Write(path); err != nil {
		return fmt.Errorf("--save: %v", err)
	}
	return nil
}
