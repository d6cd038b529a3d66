package record

// Reading a log: it is untrusted, so it is decoded strictly (no unknown,
// duplicate or differently cased key; sizes bounded) and every value is
// validated before anything uses it.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"unicode"

	cueparser "cuelang.org/go/cue/parser"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// formatV1 is the first format: no "format" key, variants as paths or
// names. It is still read when it names only shipped variants.
const formatV1 = "haven-save/1"

// Bounds of a log.
const (
	MaxSize     = 16 << 20 // bytes of the file
	maxMoves    = 1_000_000
	maxMoveLen  = 256
	maxSets     = 64
	maxSetLen   = 1024
	maxVariants = 32
	maxNameLen  = 256
)

var (
	gameID      = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	shippedName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)
	hexHash     = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// Read loads a log. Only the log itself is opened: it must be a regular
// file of at most MaxSize bytes.
func Read(path string) (*Log, error) {
	fi, err := os.Stat(path) // not opened yet: opening a FIFO blocks
	if err != nil {
		if pe, ok := err.(*fs.PathError); ok {
			pe.Op = "open"
		}
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a game log: not a regular file", path)
	}
	if fi.Size() > MaxSize {
		return nil, fmt.Errorf("%s: not a game log: larger than %d bytes", path, MaxSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	l, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: not a game log: %v", path, err)
	}
	return l, nil
}

// Parse decodes and validates a log.
func Parse(b []byte) (*Log, error) {
	if len(b) > MaxSize {
		return nil, fmt.Errorf("larger than %d bytes", MaxSize)
	}
	keys, err := checkKeys(b)
	if err != nil {
		return nil, err
	}
	var l *Log
	if keys["format"] {
		l = &Log{}
		if err := strict(b, l); err != nil {
			return nil, err
		}
		if l.Format != Format && l.Format != formatV2 {
			return nil, fmt.Errorf("format %q: this Haven reads %s, %s and the first format", clip(l.Format), Format, formatV2)
		}
	} else {
		if l, err = parseV1(b); err != nil {
			return nil, err
		}
	}
	if err := l.validate(); err != nil {
		return nil, err
	}
	return l, nil
}

// logV1 is a log of the first format.
type logV1 struct {
	Game     string   `json:"game"`
	Players  int      `json:"players"`
	Seed     uint64   `json:"seed"`
	Variants []string `json:"variants"`
	Sets     []string `json:"sets"`
	Moves    []string `json:"moves"`
	Final    string   `json:"final"`
}

// parseV1 reads the first format. Its variants were paths or names; a
// replay opens no path, so only names of shipped variants are accepted.
func parseV1(b []byte) (*Log, error) {
	var o logV1
	if err := strict(b, &o); err != nil {
		return nil, err
	}
	l := &Log{Format: formatV1, Game: o.Game, Players: o.Players, Seed: o.Seed, Sets: o.Sets, Moves: o.Moves, Final: o.Final}
	if len(o.Variants) > maxVariants {
		return nil, fmt.Errorf("more than %d variants", maxVariants)
	}
	for _, v := range o.Variants {
		name := strings.TrimSuffix(v, ".cue")
		if !shippedName.MatchString(name) {
			return nil, fmt.Errorf("variant %q: a log of the first format names variant files by path, which a replay no longer opens; play the game again with this Haven to save it with the variant's text", clip(v))
		}
		l.Variants = append(l.Variants, Variant{Shipped: name})
	}
	return l, nil
}

// strict decodes JSON into v, refusing unknown keys and trailing data.
func strict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, err)
		}
		return errors.New(strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("data after the log")
	}
	return nil
}

// fields are the keys of each object of a log, exactly cased: the top
// level and the variants.
var fields = map[string]map[string]bool{
	"":         {"format": true, "game": true, "players": true, "seed": true, "variants": true, "sets": true, "moves": true, "final": true},
	"variants": {"shipped": true, "name": true, "text": true},
}

// checkKeys walks the JSON tokens: a key given twice, or one that is not
// a field of the log as written (encoding/json would match "Game" to
// "game"), is refused. It returns the top-level keys.
func checkKeys(b []byte) (map[string]bool, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	top := map[string]bool{}
	var walk func(ctx string, depth int, seen map[string]bool) error
	walk = func(ctx string, depth int, seen map[string]bool) error {
		if depth > 4 {
			return errors.New("nested too deep")
		}
		t, err := d.Token()
		if err != nil {
			return syntaxError(err, d)
		}
		switch t {
		case json.Delim('{'):
			keys := seen
			if keys == nil {
				keys = map[string]bool{}
			}
			allowed := fields[ctx]
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return syntaxError(err, d)
				}
				key := k.(string)
				if keys[key] {
					return fmt.Errorf("key %q given twice", clip(key))
				}
				keys[key] = true
				if allowed != nil && !allowed[key] {
					return fmt.Errorf("unknown key %q", clip(key))
				}
				if err := walk(key, depth+1, nil); err != nil {
					return err
				}
			}
			_, err = d.Token()
			return syntaxError(err, d)
		case json.Delim('['):
			for d.More() {
				if err := walk(ctx, depth+1, nil); err != nil {
					return err
				}
			}
			_, err = d.Token()
			return syntaxError(err, d)
		}
		return nil
	}
	if err := walk("", 0, top); err != nil {
		return nil, err
	}
	return top, nil
}

func syntaxError(err error, d *json.Decoder) error {
	if err == nil {
		return nil
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("invalid JSON at byte %d: %v", d.InputOffset(), err)
}

// validate checks every value of a decoded log.
func (l *Log) validate() error {
	switch {
	case l.Game == "":
		return errors.New("no game")
	case !gameID.MatchString(l.Game) || len(l.Game) > maxNameLen:
		return fmt.Errorf("game %q: not a game id", clip(l.Game))
	case l.Players < 1 || l.Players > interpreter.Counts.Players:
		return fmt.Errorf("players %d: want 1 to %d", l.Players, interpreter.Counts.Players)
	case l.Final == "":
		return errors.New("no final hash")
	case !hexHash.MatchString(l.Final):
		return fmt.Errorf("final %q: not a hash (64 hex digits)", clip(l.Final))
	case len(l.Moves) > maxMoves:
		return fmt.Errorf("more than %d moves", maxMoves)
	case len(l.Sets) > maxSets:
		return fmt.Errorf("more than %d overrides", maxSets)
	case len(l.Variants) > maxVariants:
		return fmt.Errorf("more than %d variants", maxVariants)
	}
	for i, m := range l.Moves {
		if len(m) > maxMoveLen || !printable(m) {
			return fmt.Errorf("move %d: not a move (at most %d printable characters)", i+1, maxMoveLen)
		}
	}
	for _, s := range l.Sets {
		if err := checkSet(s); err != nil {
			return err
		}
	}
	for i, v := range l.Variants {
		switch {
		case v.Shipped != "" && (v.Name != "" || v.Text != ""):
			return fmt.Errorf("variant %d: a shipped variant has a name only", i+1)
		case v.Shipped != "" && !shippedName.MatchString(v.Shipped):
			return fmt.Errorf("variant %q: not the name of a shipped variant", clip(v.Shipped))
		case v.Shipped == "" && v.Text == "":
			return fmt.Errorf("variant %d: neither a shipped variant nor a text", i+1)
		case len(v.Name) > maxNameLen || !printable(v.Name):
			return fmt.Errorf("variant %d: a name is at most %d printable characters", i+1, maxNameLen)
		case int64(len(v.Text)) > load.Limits.FileSize:
			return fmt.Errorf("variant %d: larger than %d bytes", i+1, load.Limits.FileSize)
		}
	}
	return nil
}

// checkSet checks an override of a log: path=value on one line, the value
// one CUE expression, so that it cannot add fields of its own (a newline
// or a comma would start another field).
func checkSet(s string) error {
	p, val, ok := strings.Cut(s, "=")
	switch {
	case len(s) > maxSetLen || !printable(s):
		return fmt.Errorf("override %q: at most %d printable characters on one line", clip(s), maxSetLen)
	case !ok || strings.TrimSpace(p) == "" || strings.TrimSpace(val) == "":
		return fmt.Errorf("override %q: want path=value", clip(s))
	}
	if _, err := cueparser.ParseExpr("", val); err != nil {
		return fmt.Errorf("override %q: the value is not one CUE expression", clip(s))
	}
	return nil
}

// printable tells whether s is one line of printable characters.
func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) && r != '\t' {
			return false
		}
	}
	return true
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
