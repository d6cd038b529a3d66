package main

import (
	"regexp"
	"testing"
)

// TestRandomSeed: without --seed a game takes a random seed and prints
// it, and that seed replays the same game.
func TestRandomSeed(t *testing.T) {
	seedOf := regexp.MustCompile(`, seed (\d+),`)
	run := func(args ...string) (string, string) {
		out, stderr, code := haven(t, "step\n", append([]string{"run", "race", "--defs", defs, "--moves", "-"}, args...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		m := seedOf.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no seed printed: %s", out)
		}
		return out, m[1]
	}
	first, s1 := run()
	_, s2 := run()
	if s1 == s2 {
		t.Errorf("two runs without --seed both took seed %s", s1)
	}
	if again, _ := run("--seed", s1); again != first {
		t.Errorf("--seed %s does not replay the game:\n%s\nthen\n%s", s1, first, again)
	}
}
