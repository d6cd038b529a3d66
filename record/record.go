// Package record saves a played game as a log — the game, its players,
// seed, variants and overrides, the moves, and a hash of the final state —
// and replays a log to check that the rules still play it the same way.
// Recorded games are golden replays: a rule change that alters any of
// them shows up as an illegal move or a different final state.
//
// A log is untrusted input: players share them. It is self-contained (it
// carries the text of every variant file it was played with, and names
// only variants shipped with the game), it is decoded strictly and
// validated (read.go), and replaying it opens no file it names.
package record

import (
	"fmt"
	"slices"
	"strings"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// Format is the format of the logs Write writes. Its games draw each
// purpose's random numbers from a stream of its own
// (interpreter.Game.New); games of the formats before, haven-save/2 and
// the first, drew every number from one generator, and replay so
// (oneStream).
const Format = "haven-save/3"

// formatV2 is the format before streams: the same log, its game played
// with one generator.
const formatV2 = "haven-save/2"

// oneStream says whether the log's game drew every random number from
// one generator.
func (l *Log) oneStream() bool { return l.Format == formatV2 || l.Format == formatV1 }

// Log is a saved game.
type Log struct {
	Format  string `json:"format"`
	Game    string `json:"game"`
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	// Variants are the variants played with: a shipped one by its name,
	// any other by its text.
	Variants []Variant `json:"variants"`
	Sets     []string  `json:"sets"`
	Moves    []string  `json:"moves"`
	// Final is Hash of the log and the state after the moves.
	Final string `json:"final"`
}

// Variant is a variant a game was played with: Shipped names one of the
// game's own variants; otherwise Name is the file it was read from (for
// error messages only: it is never opened) and Text its source.
type Variant struct {
	Shipped string `json:"shipped,omitempty"`
	Name    string `json:"name,omitempty"`
	Text    string `json:"text,omitempty"`
}

// New records a game of src played from (players, seed) with opt to
// state st. The text of each variant file is read now, into the log.
func New(src load.Source, game string, players int, seed uint64, opt load.Options, st *interpreter.State) (*Log, error) {
	opt = src.For(game, opt) // the variants that belong to the game
	l := &Log{
		Format: Format, Game: game, Players: players, Seed: seed,
		Variants: []Variant{}, Sets: nonNil(opt.Sets), Moves: nonNil(st.Moves),
	}
	// An option chosen is saved as the override it is (load/option.go),
	// so that a save names nothing new and replays the same game.
	for _, c := range opt.Choices {
		name, val, _ := strings.Cut(c, "=")
		l.Sets = append(l.Sets, "options."+strings.TrimSpace(name)+".value="+strings.TrimSpace(val))
	}
	for _, s := range l.Sets {
		if err := checkSet(s); err != nil {
			return nil, fmt.Errorf("cannot save: %v", err)
		}
	}
	for _, v := range opt.Variants {
		name, text, shipped, err := src.VariantText(game, v)
		if err != nil {
			return nil, err
		}
		if shipped {
			l.Variants = append(l.Variants, Variant{Shipped: name})
		} else {
			l.Variants = append(l.Variants, Variant{Name: name, Text: string(text)})
		}
	}
	for _, t := range opt.Texts {
		l.Variants = append(l.Variants, Variant{Name: t.Name, Text: t.Src})
	}
	h, err := l.Hash(st)
	if err != nil {
		return nil, err
	}
	l.Final = h
	return l, nil
}

func nonNil(l []string) []string {
	return append([]string{}, l...)
}

// Options returns the variants and overrides the game was played with,
// every variant as its text: a shipped one is read from src, by name.
func (l *Log) Options(src load.Source) (load.Options, error) {
	opt := load.Options{Sets: l.Sets}
	games, err := src.Games()
	if err != nil {
		return opt, err
	}
	if !slices.Contains(games, l.Game) {
		return opt, fmt.Errorf("unknown game %q (games: %s)", l.Game, strings.Join(games, ", "))
	}
	for _, v := range l.Variants {
		if v.Shipped == "" {
			opt.Texts = append(opt.Texts, load.Text{Name: "save: " + v.Name, Src: v.Text})
			continue
		}
		b, name, err := src.ReadVariant(l.Game, v.Shipped)
		if err != nil {
			return load.Options{}, fmt.Errorf("variant %q: not a variant shipped with %s", v.Shipped, l.Game)
		}
		opt.Texts = append(opt.Texts, load.Text{Name: name, Src: string(b)})
	}
	return opt, nil
}

// MismatchError is a replay that reached another final state than the
// one recorded.
type MismatchError struct {
	Got, Want string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("the final state differs from the log: hash %.12s, the log says %.12s", e.Got, e.Want)
}

// Replay plays the log's moves on a game compiled with the log's options
// and checks every move is legal and the final state is the recorded one.
// An illegal move is returned as an error naming the move's number.
func (l *Log) Replay(g *interpreter.Game) (*interpreter.State, error) {
	newGame := g.New
	if l.oneStream() {
		newGame = g.NewOneStream
	}
	st, err := newGame(l.Players, l.Seed)
	if err != nil {
		return nil, err
	}
	for i, m := range l.Moves {
		if err := g.Apply(st, m); err != nil {
			return st, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	h, err := l.Hash(st)
	if err != nil {
		return st, err
	}
	if h != l.Final {
		return st, &MismatchError{Got: h, Want: l.Final}
	}
	return st, nil
}

// Compile loads and compiles the log's game from src.
func (l *Log) Compile(src load.Source) (*interpreter.Game, error) {
	opt, err := l.Options(src)
	if err != nil {
		return nil, err
	}
	v, err := src.Game(l.Game, opt)
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}
