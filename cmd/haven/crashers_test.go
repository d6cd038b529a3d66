package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/haven-engine/haven/load"
)

// positioned is one line of error at a file:line:col.
var positioned = regexp.MustCompile(`^(haven: (line \d+: move "step": )?)?[^ :]+\.cue:\d+:\d+: [^\n]+\n$`)

// TestCrashers is one regression test per definition that crashed or
// hung haven: each now gets one line of error with a position, exit 1,
// from vet when the problem is found at load, else from run.
func TestCrashers(t *testing.T) {
	defer func(d time.Duration) { load.Limits.EvalTime = d }(load.Limits.EvalTime)
	load.Limits.EvalTime = time.Second
	race, err := os.ReadFile(filepath.Join(defs, "race", "game.cue"))
	if err != nil {
		t.Fatal(err)
	}
	var laughs strings.Builder
	laughs.WriteString("l0: {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1, j: 1}\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&laughs, "l%d: {a: l%[2]d, b: l%[2]d, c: l%[2]d, d: l%[2]d, e: l%[2]d, f: l%[2]d, g: l%[2]d, h: l%[2]d, i: l%[2]d, j: l%[2]d}\n", i, i-1)
	}
	laughs.WriteString("x: [for _, v in l9 for _, v2 in v for _, v3 in v2 for _, v4 in v3 for _, v5 in v4 for _, v6 in v5 for _, v7 in v6 {v7}]\n")
	laughs.WriteString("game: rules: \"\\(len(x))\"\n")
	for _, tt := range []struct {
		name, game, extra, cmd, want string
	}{
		{"folded int as a condition", "", `game: actions: step: when: x: "reduce(1..2, #acc + #, 0)"`, "vet", "want bool, but once its constants are folded this is always 3 (int)"},
		{"score in the score", "s/score: \"pget(me, 'points')\"/score: \"score(me)\"/", "", "vet", "a cycle: scoring → score() → scoring"},
		{"legal in a condition", "", `game: actions: step: when: x: "len(legal()) > 0"`, "vet", "a cycle: legal() lists the moves"},
		{"now", "", `game: actions: step: when: x: "now().Year() > 0"`, "vet", "now() is refused"},
		{"cue parser", "", "s:\n//\nlet", "vet", `s: reference "let" not found`},
		{"1e8 cards", "s/count: 6}/count: 100000000}/", "", "vet", "more than the 100000 copies of a card"},
		{"5e7 players", "s/max: 4}/max: 50000000}/", "", "vet", "more than the 64 players"},
		{"doubling a string", "", `game: actions: step: when: x: "len(reduce(1..100, #acc + #acc, 'ab')) > 0"`, "run", "memory budget exceeded"},
		{"walks 1e12", "", `game: actions: step: when: x: "len(walks('start', 1000000000000)) >= 0 && len(1..1000000000000) > 0"`, "run", "memory budget exceeded"},
		{"billion laughs", "", laughs.String(), "vet", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "race"), 0o755); err != nil {
				t.Fatal(err)
			}
			src := string(race)
			if tt.game != "" {
				parts := strings.Split(tt.game, "/")
				if !strings.Contains(src, parts[1]) {
					t.Fatalf("%q not in race", parts[1])
				}
				src = strings.Replace(src, parts[1], parts[2], 1)
			}
			writeFile(t, filepath.Join(dir, "race", "game.cue"), src)
			writeFile(t, filepath.Join(dir, "race", "extra.cue"), "package haven\n"+tt.extra)
			var stderr string
			var code int
			if tt.cmd == "vet" {
				_, stderr, code = haven(t, "", "vet", dir)
			} else {
				_, stderr, code = haven(t, "step\nstep\n", "run", "race", "--defs", dir, "--moves", "-", "--seed", "1")
			}
			if tt.want == "" { // no file position: the game's folder
				if code != 1 || !strings.Contains(stderr, "evaluating the definition took more than 1s") || strings.Count(stderr, "\n") != 1 {
					t.Errorf("exit %d, stderr:\n%s", code, stderr)
				}
				return
			}
			// expr's caret snippet may follow the line, as for any expression error.
			stderr = regexp.MustCompile(`(?m)^\t\|.*\n`).ReplaceAllString(stderr, "")
			if code != 1 || !positioned.MatchString(stderr) || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and one positioned line with %q", code, stderr, tt.want)
			}
		})
	}
}
