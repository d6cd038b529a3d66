package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRunAs checks that `run --as SEAT` shows nothing the seat may not
// see: no other hand, no generator, no seed, no other seat's moves.
func TestRunAs(t *testing.T) {
	full, stderr, code := haven(t, "step\n", "run", "race", "--defs", defs, "--moves", "-", "--seed", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Note  string
		State struct{ Zones map[string][]string }
	}
	if err := json.Unmarshal([]byte(full), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.Note, "the full state, for debugging") {
		t.Errorf("run --json does not say it prints the full state: %q", out.Note)
	}
	for _, seat := range []string{"0", "1", "2", "-1"} {
		for _, format := range [][]string{{"--json"}, nil} {
			args := append([]string{"run", "race", "--defs", defs, "--moves", "-", "--seed", "4", "--as", seat}, format...)
			view, stderr, code := haven(t, "step\n", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for zone, cards := range out.State.Zones {
				if zone == "hand/"+seat || zone == "table" {
					continue
				}
				for _, c := range cards {
					if strings.Contains(view, c+"\"") || strings.Contains(view, c+"\n") || strings.Contains(view, c+" ") {
						t.Errorf("--as %s %v shows %s of %s:\n%s", seat, format, c, zone, view)
					}
				}
			}
			for _, leak := range []string{`"rng"`, `"seed"`, `"moves"`, `"stack"`, "seed 4"} {
				if strings.Contains(view, leak) {
					t.Errorf("--as %s %v shows %s:\n%s", seat, format, leak, view)
				}
			}
			if seat != "1" && strings.Contains(view, "jump 2") {
				t.Errorf("--as %s shows the moves of seat 1:\n%s", seat, view)
			}
		}
	}
	_, stderr, code = haven(t, "", "run", "race", "--defs", defs, "--moves", "-", "--as", "7")
	if want := "haven: --as 7: seats are 0 to 2, or -1 for a spectator\n"; code != 2 || stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
}
