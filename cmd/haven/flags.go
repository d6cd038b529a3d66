package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// flags is the flag set of one command. Flags may come before or after
// the positional arguments (`haven run race --seed 3`); `--` ends them.
type flags struct {
	*flag.FlagSet
	cmd *command
}

func newFlags(c *command) *flags {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &flags{FlagSet: fs, cmd: c}
}

// errHelp asks for the command's help, which is printed on stdout.
type errHelp struct{ text string }

func (e *errHelp) Error() string { return e.text }

// parse parses args, flags interleaved with positional arguments, and
// returns the positional ones: at least min, at most max (max < 0: any).
func (f *flags) parse(args []string, min, max int) ([]string, error) {
	var pos []string
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &errHelp{f.help()}
			}
			return nil, f.usageErrorf("%s", longFlag.ReplaceAllString(err.Error(), "--$1"))
		}
		rest := f.Args()
		if len(rest) == 0 {
			break
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	switch {
	case len(pos) < min:
		return nil, f.usageErrorf("missing %s", f.argName(len(pos)))
	case max >= 0 && len(pos) > max:
		return nil, f.usageErrorf("unexpected argument %q", pos[max])
	}
	return pos, nil
}

// usageErrorf reports a mistake in the command's arguments.
func (f *flags) usageErrorf(format string, args ...any) error {
	return usageErrorf("%s: %s; see 'haven help %s'", f.cmd.name, fmt.Sprintf(format, args...), f.cmd.name)
}

// argName is the name the usage line gives positional argument i (GAME).
func (f *flags) argName(i int) string {
	for _, w := range strings.Fields(f.cmd.usage)[1:] {
		if w == strings.ToUpper(w) && !strings.HasPrefix(w, "[") && !strings.HasPrefix(w, "-") {
			if i == 0 {
				return w
			}
			i--
		}
	}
	return "argument"
}

// longFlag matches a flag name of more than one letter in the flag
// package's messages, which spell every flag with one dash.
var longFlag = regexp.MustCompile(`(?:^|\B)-(\w\w+)`)

func (f *flags) help() string {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: haven %s\n\n%s\n\nflags:\n", f.cmd.usage, f.cmd.summary)
	f.SetOutput(&b)
	f.PrintDefaults()
	f.SetOutput(io.Discard)
	return b.String()
}

// list is a repeatable string flag.
type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

// gameFlags are the flags of every command that loads a game.
type gameFlags struct {
	Defs     string   // definitions folder; "" means the embedded ones
	Variants []string // variant files or names of shipped variants
	Sets     []string // path=value overrides
	Choices  []string // options chosen, NAME=VALUE
}

func (g *gameFlags) register(f *flags, variants bool) {
	f.StringVar(&g.Defs, "defs", "", "load game definitions from `DIR` instead of the embedded ones")
	if variants {
		f.Var((*list)(&g.Variants), "variant", "apply a variant: a CUE `FILE` or the name of a variant shipped with the game (repeatable)")
		f.Var((*list)(&g.Sets), "set", "override a value of the definition, as `PATH=VALUE` (repeatable)")
		f.Var((*list)(&g.Choices), "option", "choose an option of the game, as `NAME=VALUE` (repeatable; haven games lists them)")
	}
}

// source is where game folders are read from.
func (g *gameFlags) source() (load.Source, error) {
	if g.Defs == "" {
		return load.Source{FS: definitions.Files}, nil
	}
	if fi, err := os.Stat(g.Defs); err != nil || !fi.IsDir() {
		return load.Source{}, fmt.Errorf("--defs %s: no such folder", g.Defs)
	}
	return load.Dir(g.Defs), nil
}

func (g *gameFlags) options() load.Options {
	return load.Options{Variants: g.Variants, Sets: g.Sets, Choices: g.Choices}
}

// compile loads and compiles a game with the variants and overrides.
func (g *gameFlags) compile(id string) (*interpreter.Game, error) {
	src, err := g.source()
	if err != nil {
		return nil, err
	}
	v, err := src.Game(id, g.options())
	if err != nil {
		return nil, err
	}
	game, err := interpreter.Compile(v)
	if err != nil {
		return nil, err
	}
	// The models shipped beside the definition, for the bot learned:
	// one for the game as it is (model.json) and one for each choice of
	// its options (model-VALUE….json); each plays the definition whose
	// hash it records.
	files, _ := fs.Glob(src.FS, id+"/"+sim.ShippedModelGlob)
	for _, file := range files {
		b, err := fs.ReadFile(src.FS, file)
		if err == nil {
			err = sim.ShipModel(b)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path.Join(src.Prefix, file), err)
		}
	}
	return game, nil
}

// tableFlags say which table a game is played at: how many players, and
// the seed of its random generator.
type tableFlags struct {
	Players int
	Seed    uint64
}

func (t *tableFlags) registerTable(f *flags, seedHelp string) {
	f.Var((*playerCount)(&t.Players), "players", "number of players `N` (default: 3, or the nearest count the game allows)")
	t.Seed = randomSeed()
	f.Var(seedValue{&t.Seed}, "seed", seedHelp+" (default: a random seed, printed so that the game can be replayed)")
}

// playerCount is the --players flag: a count of at least one. Zero, the
// value of a flag not given, cannot be given.
type playerCount int

func (p *playerCount) String() string {
	if p == nil || *p == 0 {
		return ""
	}
	return strconv.Itoa(int(*p))
}

func (p *playerCount) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not a number")
	}
	if n < 1 {
		return errors.New("a game needs at least 1 player")
	}
	*p = playerCount(n)
	return nil
}

// checkWritable fails at once when a file cannot be written at path, so
// that a game is not played to its end only to be lost.
func checkWritable(flag, path string) error {
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("%s %s: is a folder", flag, path)
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("%s: %v", flag, err)
		}
		return f.Close()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("%s: %v", flag, err)
	}
	f.Close()
	return os.Remove(path)
}

// players is the number of players asked for, or the game's default:
// three if the game allows it, else the nearest count it allows.
func players(g *interpreter.Game, n int) (int, error) {
	if n == 0 {
		return min(max(g.MinPlayers(), 3), g.MaxPlayers()), nil
	}
	if n < g.MinPlayers() || n > g.MaxPlayers() {
		return 0, usageErrorf("--players %d: %s is for %d to %d players", n, g.ID(), g.MinPlayers(), g.MaxPlayers())
	}
	return n, nil
}

// seats parses a comma list of seats ("0,2") for a game of n players.
func seats(s string, n int) (map[int]bool, error) {
	out := map[int]bool{}
	if s == "" {
		return out, nil
	}
	if s == "all" {
		for p := 0; p < n; p++ {
			out[p] = true
		}
		return out, nil
	}
	for w := range strings.SplitSeq(s, ",") {
		p, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || p < 0 || p >= n {
			return nil, usageErrorf("--bots %s: %q is not a seat (seats are 0 to %d, or all)", s, w, n-1)
		}
		out[p] = true
	}
	return out, nil
}
