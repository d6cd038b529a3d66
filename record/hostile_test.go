package record

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// goodLog is a log of a short game of race, as Write writes it.
func goodLog(t testing.TB) []byte {
	t.Helper()
	v, err := games.Game("race", load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(2, 7)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(st, "step"); err != nil {
		t.Fatal(err)
	}
	l, err := New(games, "race", 2, 7, load.Options{}, st)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// replayFile reads and replays a log file the way `haven replay` does.
func replayFile(path string) error {
	l, err := Read(path)
	if err != nil {
		return err
	}
	g, err := l.Compile(games)
	if err != nil {
		return err
	}
	_, err = l.Replay(g)
	return err
}

// TestHostileSaves refuses every kind of hostile log with one line, and
// opens nothing a log names.
func TestHostileSaves(t *testing.T) {
	dir := t.TempDir()
	good := string(goodLog(t))
	secret := filepath.Join(dir, "secret.cue")
	if err := os.WriteFile(secret, []byte("TOP SECRET first line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("%q not in the log %s", old, good)
		}
		return strings.Replace(good, old, new, 1)
	}
	for _, tt := range []struct{ name, log, want string }{
		{"a variant path", edit(`"variants":[]`, `"variants":[{"shipped":"`+secret+`"}]`), `not the name of a shipped variant`},
		{"a variant path, up", edit(`"variants":[]`, `"variants":[{"shipped":"../../etc/passwd"}]`), `not the name of a shipped variant`},
		{"a device as variant", edit(`"variants":[]`, `"variants":[{"shipped":"/dev/zero"}]`), `not the name of a shipped variant`},
		{"a FIFO as variant", edit(`"variants":[]`, `"variants":[{"shipped":"`+fifo+`"}]`), `not the name of a shipped variant`},
		{"a name and a text", edit(`"variants":[]`, `"variants":[{"shipped":"quick","text":"x"}]`), `a shipped variant has a name only`},
		{"an unknown shipped variant", edit(`"variants":[]`, `"variants":[{"shipped":"long"}]`), `variant "long": not a variant shipped with race`},
		{"a variant text that does not parse", edit(`"variants":[]`, `"variants":[{"name":"v.cue","text":"package haven\ngame: {"}]`), `save: v.cue:2:8: expected '}'`},
		{"a set with a newline", edit(`"sets":[]`, `"sets":["params.target=1\ngame: flow: []"]`), `at most 1024 printable characters on one line`},
		{"a set with a second field", edit(`"sets":[]`, `"sets":["params.target=1, game: flow: []"]`), `the value is not one CUE expression`},
		{"a set with no value", edit(`"sets":[]`, `"sets":["params.target"]`), `want path=value`},
		{"an unknown key", edit(`"game"`, `"path":"/etc/passwd","game"`), `unknown key "path"`},
		{"a key cased otherwise", edit(`"game"`, `"Game"`), `unknown key "Game"`},
		{"a duplicate key", edit(`"game":"race"`, `"game":"race","game":"race"`), `key "game" given twice`},
		{"a duplicate variant key", edit(`"variants":[]`, `"variants":[{"shipped":"quick","shipped":"quick"}]`), `key "shipped" given twice`},
		{"an unknown variant key", edit(`"variants":[]`, `"variants":[{"path":"x"}]`), `unknown key "path"`},
		{"trailing data", good + `{}`, `data after the log`},
		{"a wrong hash", edit(`"final":"`, `"final":"0`)[:len(good)+1], `final "0`},
		{"a tampered seed", edit(`"seed":7`, `"seed":8`), `the final state differs from the log`},
		{"a tampered move", edit(`"moves":["step"]`, `"moves":["jump 2"]`), `the final state differs from the log`},
		{"a game path", edit(`"game":"race"`, `"game":"../race"`), `game "../race": not a game id`},
		{"players out of range", edit(`"players":2`, `"players":100000000`), `players 100000000: want 1 to 64`},
		{"a negative seed", edit(`"seed":7`, `"seed":-1`), `cannot unmarshal number -1`},
		{"a control character in a move", edit(`"moves":["step"]`, `"moves":["st\u0000ep"]`), `move 1: not a move`},
		{"another format", edit(`"format":"`+Format+`"`, `"format":"haven-save/9"`), `format "haven-save/9"`},
		{"old format with a path", `{"game":"race","players":2,"seed":7,"variants":["` + secret + `"],"sets":[],"moves":[],"final":"` + strings.Repeat("0", 64) + `"}`, `names variant files by path`},
		{"a huge variant text", edit(`"variants":[]`, `"variants":[{"name":"v.cue","text":"package haven\n`+strings.Repeat("//", 1<<19)+`"}]`), `variant 1: larger than 1048576 bytes`},
		{"too many variants", edit(`"variants":[]`, `"variants":[`+strings.Repeat(`{"shipped":"quick"},`, 32)+`{"shipped":"quick"}]`), `more than 32 variants`},
		{"too many sets", edit(`"sets":[]`, `"sets":[`+strings.Repeat(`"params.target=1",`, 64)+`"params.target=1"]`), `more than 64 overrides`},
		{"a long move", edit(`"moves":["step"]`, `"moves":["`+strings.Repeat("a", 300)+`"]`), `move 1: not a move (at most 256 printable characters)`},
		{"a variant text importing a file", edit(`"variants":[]`, `"variants":[{"name":"v.cue","text":"package haven\nimport s \"`+secret+`\"\ngame: name: s.name\n"}]`), `secret.cue" not found`},
		{"a variant text of another package", edit(`"variants":[]`, `"variants":[{"name":"v.cue","text":"package evil\n"}]`), "want `package haven`"},
		{"a variant named by a path, not opened", edit(`"variants":[]`, `"variants":[{"name":"`+secret+`","text":"package haven\n"}]`), `the final state differs`},
		{"deep nesting", `{"game":[[[[[[[[1]]]]]]]]}`, `nested too deep`},
		{"not JSON", `not json`, `invalid JSON at byte`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "log.json")
			if err := os.WriteFile(path, []byte(tt.log), 0o644); err != nil {
				t.Fatal(err)
			}
			err := replayFile(path)
			if err == nil {
				t.Fatalf("accepted: %s", tt.log)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, "SECRET") {
				t.Errorf("got  %s\nwant one line with %s", msg, tt.want)
			}
		})
	}
	t.Run("the good log", func(t *testing.T) {
		path := filepath.Join(dir, "good.json")
		if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := replayFile(path); err != nil {
			t.Fatal(err)
		}
	})
	for name, path := range map[string]string{"a FIFO": fifo, "a device": "/dev/zero", "a folder": dir} {
		t.Run("the log is "+name, func(t *testing.T) {
			if err := replayFile(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("got %v", err)
			}
		})
	}
	t.Run("a huge log", func(t *testing.T) {
		path := filepath.Join(dir, "huge.json")
		if err := os.WriteFile(path, []byte(`{"moves":["`+strings.Repeat("a", MaxSize)+`"]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := replayFile(path); err == nil || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("got %v", err)
		}
	})
}

// TestOldFormat reads a log of the first format that names only shipped
// variants.
func TestOldFormat(t *testing.T) {
	v, err := games.Game("race", load.Options{Variants: []string{"quick"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.NewOneStream(2, 3) // the first format's games drew from one generator
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"step", "step"} {
		if err := g.Apply(st, m); err != nil {
			t.Fatal(err)
		}
	}
	h, err := hashV1(st)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.json")
	old := `{"game":"race","players":2,"seed":3,"variants":["quick"],"sets":[],"moves":["step","step"],"final":"` + h + `"}`
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := replayFile(path); err != nil {
		t.Fatal(err)
	}
}

// TestHashIsCanonical: the hash is over the log's values, not its bytes:
// the same log indented, with its keys in another order, replays with the
// same hash.
func TestHashIsCanonical(t *testing.T) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(goodLog(t), &fields); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("{\n")
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(keys)))
	for i, k := range keys {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "  %q:   %s", k, fields[k])
	}
	b.WriteString("\n}\n")
	path := filepath.Join(t.TempDir(), "log.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := replayFile(path); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
}
