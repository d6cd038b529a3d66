// Package tests holds checks that span the whole engine rather than one
// package.
package tests

import (
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// engineDirs are the folders of Go code that must know no game. Paths are
// relative to the module root; folders that do not exist yet are skipped.
var engineDirs = []string{"interpreter", "schema", "load", "diag", "cmd", "scenario", "sim", "record", "web"}

// idSections are the struct fields of `game` whose keys are ids a
// definition declares. Board nodes are collected too, below.
var idSections = []string{
	"params", "vars", "playerVars", "goods", "zones", "playerZones",
	"cards", "pieces", "dice", "boards", "effects", "actions",
}

// minIDLen: shorter ids ("oil", "w1", "a5") are too likely to be ordinary
// Go words or loop variables for a match to mean anything.
const minIDLen = 4

// commonWords are ids that the engine's own Go code may spell out for its
// own reasons. Keep this list tiny; every entry says why it is harmless.
var commonWords = map[string]string{
	// A game with one board calls it "main"; Go spells "main" as a
	// package name and a func name, neither of which knows a game.
	"main": "board id; Go's package main / func main",
	// place(piece, node) is the engine's function that stands a piece on a
	// node; a game may well call its own action "place" too.
	"place": "action id; the engine function place(piece, node)",
	// A zone of finished things is naturally "done"; in Go, done is the
	// usual name of a finished flag or channel.
	"done": "zone id; Go's customary done flag",
	// The web board anchors SVG labels with text-anchor="start"; a game
	// may well count its start positions or its start player as "start".
	"start": "var id; SVG's text-anchor value",
}

// TestNoGameIDsInEngine enforces "no game knowledge in Go": no id declared
// by a shipped game (its params, vars, zones, cards, nodes, actions...) may
// appear as a whole word in a string literal or identifier of the engine's
// non-test Go code. A hit means a rule of that game is written in Go instead
// of in its CUE definition.
func TestNoGameIDsInEngine(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	games, err := src.Games()
	if err != nil {
		t.Fatalf("listing the embedded games: %v", err)
	}
	if len(games) == 0 {
		t.Fatal("definitions embeds no game folder: nothing to check")
	}
	words := engineWords(t, "..")
	for _, game := range games {
		t.Run(game, func(t *testing.T) {
			v, err := src.Game(game, load.Options{})
			if err != nil {
				t.Fatalf("load %s:\n%v", game, err)
			}
			if _, err := interpreter.Compile(v); err != nil {
				// Still look for ids below: they come from the load.
				t.Errorf("compile %s:\n%v", game, err)
			}
			ids := gameIDs(v)
			for _, id := range sortedKeys(ids) {
				if len(id) < minIDLen || commonWords[id] != "" {
					continue
				}
				re := wholeWord(id)
				for _, w := range words {
					if checks(w, id) && re.MatchString(w.text) {
						t.Errorf("%s: %s %q names %s %q of game %s: game rules belong in its CUE definition",
							w.pos, w.kind, w.text, ids[id], id, game)
					}
				}
			}
		})
	}
}

// gameIDs reads the ids a loaded definition declares, straight from the
// CUE value, each mapped to where it is declared ("cards", "boards.main.nodes").
func gameIDs(v cue.Value) map[string]string {
	ids := map[string]string{}
	if id, err := v.LookupPath(cue.ParsePath("id")).String(); err == nil {
		ids[id] = "the game id"
	}
	for _, section := range idSections {
		s := v.LookupPath(cue.MakePath(cue.Str(section)))
		for _, name := range labels(s) {
			if _, seen := ids[name]; !seen {
				ids[name] = section
			}
			if section == "boards" {
				nodes := s.LookupPath(cue.MakePath(cue.Str(name), cue.Str("nodes")))
				for _, n := range labels(nodes) {
					if _, seen := ids[n]; !seen {
						ids[n] = "boards." + name + ".nodes"
					}
				}
			}
		}
	}
	return ids
}

// labels lists the regular field names of a struct value, in order.
func labels(v cue.Value) []string {
	it, err := v.Fields()
	if err != nil {
		return nil
	}
	var out []string
	for it.Next() {
		out = append(out, it.Selector().Unquoted())
	}
	return out
}

// wholeWord matches id as a word of its own: not preceded or followed by a
// letter, digit or underscore. Ids may contain '-', which is not a word
// character, so "orange-juice" is found in "orange-juice card" and
// "products" in "products-" + port. Case is ignored: a Go identifier
// `Rotterdam` knows the game "rotterdam" as much as the string does.
// checks tells whether a word is one an id may not appear in. An id-like
// string literal ("rotterdam", "products-") may hold no id at all. Prose
// (a message with spaces) and Go identifiers are only checked for ids that
// cannot be ordinary English or Go words: long ones, or ones with a
// separator or digit ("orange-juice", "mission-07"); "pass" in "the
// scenarios that pass" or strings.Split is no game knowledge.
func checks(w word, id string) bool {
	distinctive := len(id) >= 7 || strings.ContainsAny(id, "-_0123456789")
	switch {
	case w.kind == "identifier":
		return distinctive
	case strings.ContainsAny(w.text, " \t\n"):
		return distinctive
	}
	return true
}

func wholeWord(id string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[^A-Za-z0-9_])` + regexp.QuoteMeta(id) + `(?:[^A-Za-z0-9_]|$)`)
}

// TestNoGameIDsWholeWord pins down what counts as a whole word.
func TestNoGameIDsWholeWord(t *testing.T) {
	for _, c := range []struct {
		id, text string
		want     bool
	}{
		{"rotterdam", "rotterdam", true},
		{"rotterdam", "Rotterdam", true},
		{"rotterdam", `e.g. game: "rotterdam"`, true},
		{"products", "products-", true},
		{"orange-juice", "an orange-juice card", true},
		{"orange-juice", "orange-juices", false},
		{"ship", "shipCount", false},
		{"ship", "airship", false},
		{"mission_points_to_win", "params.mission_points_to_win=15", true},
		{"mission_points_to_win", "mission_points_to_win2", false},
	} {
		if got := wholeWord(c.id).MatchString(c.text); got != c.want {
			t.Errorf("wholeWord(%q) on %q = %v, want %v", c.id, c.text, got, c.want)
		}
	}
}

// word is a string literal (unquoted) or an identifier of an engine file.
type word struct {
	pos  string // file:line:col, relative to the module root
	kind string // "string literal" or "identifier"
	text string
}

// engineWords scans every non-test .go file below the engine folders of
// the module at root and returns its string literals and identifiers.
// Comments are not read: a doc comment may cite a game as an example.
func engineWords(t *testing.T, root string) []word {
	t.Helper()
	var out []word
	found := 0
	for _, dir := range engineDirs {
		base := filepath.Join(root, dir)
		if _, err := os.Stat(base); os.IsNotExist(err) {
			continue
		}
		found++
		err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			words, err := scanWords(filepath.ToSlash(rel), src)
			out = append(out, words...)
			return err
		})
		if err != nil {
			t.Fatalf("reading %s: %v", base, err)
		}
	}
	if found == 0 {
		t.Fatalf("none of the engine folders %v exists below %s", engineDirs, root)
	}
	return out
}

// scanWords tokenizes one Go file.
func scanWords(name string, src []byte) ([]word, error) {
	fset := token.NewFileSet()
	file := fset.AddFile(name, -1, len(src))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, 0)
	var out []word
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.IDENT:
			out = append(out, word{fset.Position(pos).String(), "identifier", lit})
		case token.STRING:
			text, err := strconv.Unquote(lit)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", fset.Position(pos), err)
			}
			out = append(out, word{fset.Position(pos).String(), "string literal", text})
		}
	}
	return out, errs.Err()
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
