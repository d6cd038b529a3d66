// Package record saves a played game as a log — the game, its players,
// seed, variants and overrides, the moves, and a hash of the final state —
// and replays a log to check that the rules still play it the same way.
// Recorded games are golden replays: a rule change that alters any of
// them shows up as an illegal move or a different final state.
package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// Log is a saved game.
type Log struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	// Variants are paths (relative to the log file once written) or names
	// of variants shipped with the game.
	Variants []string `json:"variants"`
	Sets     []string `json:"sets"`
	Moves    []string `json:"moves"`
	// Final is Hash of the state after the moves.
	Final string `json:"final"`
}

// New records a game played from (players, seed) with opt to state st.
func New(game string, players int, seed uint64, opt load.Options, st *interpreter.State) (*Log, error) {
	h, err := Hash(st)
	if err != nil {
		return nil, err
	}
	return &Log{
		Game: game, Players: players, Seed: seed,
		Variants: nonNil(opt.Variants), Sets: nonNil(opt.Sets),
		Moves: nonNil(st.Moves), Final: h,
	}, nil
}

func nonNil(l []string) []string {
	return append([]string{}, l...)
}

// Hash is the sha256, in hex, of the state's JSON with the event log and
// the step count left out: two states with the same hash are the same
// position, however verbosely they were reached.
func Hash(st *interpreter.State) (string, error) {
	c := *st
	c.Log, c.Steps = nil, 0
	b, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// Options returns the variants and overrides the game was played with.
func (l *Log) Options() load.Options {
	return load.Options{Variants: l.Variants, Sets: l.Sets}
}

// Write saves the log as JSON. Variant files are written as paths
// relative to the log's folder, so that log and variants move together.
func (l *Log) Write(path string) error {
	out := *l
	out.Variants = nil
	for _, v := range l.Variants {
		out.Variants = append(out.Variants, relativeTo(filepath.Dir(path), v))
	}
	out.Variants = nonNil(out.Variants)
	b, err := json.MarshalIndent(&out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func relativeTo(dir, v string) string {
	if _, err := os.Stat(v); err != nil {
		return v // the name of a shipped variant
	}
	abs, err1 := filepath.Abs(v)
	base, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return v
	}
	if rel, err := filepath.Rel(base, abs); err == nil {
		return filepath.ToSlash(rel)
	}
	return abs
}

// Read loads a log written by Write; variant paths are resolved against
// the log's folder.
func Read(path string) (*Log, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var l Log
	if err := json.Unmarshal(b, &l); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s: not a game log: invalid JSON at byte %d: %v", path, se.Offset, err)
		}
		return nil, fmt.Errorf("%s: not a game log: %v", path, err)
	}
	switch {
	case l.Game == "":
		return nil, fmt.Errorf("%s: not a game log: no game", path)
	case l.Players < 1:
		return nil, fmt.Errorf("%s: not a game log: no players", path)
	case l.Final == "":
		return nil, fmt.Errorf("%s: not a game log: no final hash", path)
	}
	dir := filepath.Dir(path)
	for i, v := range l.Variants {
		if p := filepath.Join(dir, filepath.FromSlash(v)); !filepath.IsAbs(v) && exists(p) {
			l.Variants[i] = p
		}
	}
	return &l, nil
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
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
	st, err := g.New(l.Players, l.Seed)
	if err != nil {
		return nil, err
	}
	for i, m := range l.Moves {
		if err := g.Apply(st, m); err != nil {
			return st, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	h, err := Hash(st)
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
	v, err := src.Game(l.Game, l.Options())
	if err != nil {
		return nil, err
	}
	return interpreter.Compile(v)
}
