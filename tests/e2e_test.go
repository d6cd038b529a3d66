package tests

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestE2E builds the haven binary once and runs it as a user would: a
// variant file written now, and the same override given with --set,
// change how the embedded game plays, with no rebuild.
func TestE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "haven")
	build := exec.Command("go", "build", "-o", bin, "github.com/haven-engine/haven/cmd/haven")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	haven := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String(), code
	}

	t.Run("variant changes play", func(t *testing.T) {
		// Rotterdam ends once a player has mission_points_to_win (12)
		// mission points; at 3, random games end much sooner.
		variant := filepath.Join(dir, "quick.cue")
		src := "package haven\n\n// A quick game: three mission points win.\ngame: params: mission_points_to_win: 3\n"
		if err := os.WriteFile(variant, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		type report struct {
			Games, Ended, Capped, Decisions int
		}
		sim := func(extra ...string) report {
			args := append([]string{"sim", "rotterdam", "-n", "3", "--seed", "1", "--max", "20000", "--json"}, extra...)
			out, stderr, code := haven(args...)
			if code != 0 {
				t.Fatalf("haven %s: exit %d: %s", strings.Join(args, " "), code, stderr)
			}
			var r struct{ Report report }
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatalf("haven %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			if r.Report.Games != 3 {
				t.Fatalf("haven %s: %d games in the report, want 3:\n%s", strings.Join(args, " "), r.Report.Games, out)
			}
			return r.Report
		}
		base := sim()
		quick := sim("--variant", variant)
		set := sim("--set", "params.mission_points_to_win=3")
		if quick.Decisions >= base.Decisions || quick.Ended < base.Ended {
			t.Errorf("with the variant: %+v; without: %+v: want shorter games", quick, base)
		}
		if set.Decisions != quick.Decisions || set.Ended != quick.Ended {
			t.Errorf("--set gave %+v, the variant file %+v: want the same games", set, quick)
		}
	})

	t.Run("a variant file adds a technology card with its own trigger", func(t *testing.T) {
		// A designer's new card, in a file of their own: it pays its
		// owner whenever another player collects a dividend.
		games := filepath.Join(dir, "scenarios", "mainports")
		if err := os.MkdirAll(games, 0o755); err != nil {
			t.Fatal(err)
		}
		card := `package haven

game: cards: "lobbyist-c": {
	name: "Lobbyist"
	kind: "tech"
	num: phase: 3
	str: type:  "lobbyist"
	triggers: lobby: {on: "dividend", when: "event.to != me", do: [{do: "padd(me, 'cash', 7)"}]}
}
`
		scenario := `package scenario

scenarios: "the lobbyist is paid when another player takes a dividend": {
	game: "mainports"
	rule: "a new card"
	variants: ["../../lobbyist.cue"]
	set: ["params.quick=true", "params.first=0"]
	patch: ["moveCard('lobbyist-c', 'techdeck', pz('tech', 2))", "all(seats(0), pset(#, 'cash', 100))", "all(zone('mainports'), moveCard(#, 'mainports', 'mainportdeck'))"]
	moves: ["rondel r3"]
	expect: ["pget(0, 'cash') == 110 && pget(1, 'cash') == 100 && pget(2, 'cash') == 107"]
}
`
		if err := os.WriteFile(filepath.Join(dir, "lobbyist.cue"), []byte(card), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(games, "lobbyist.cue"), []byte(scenario), 0o644); err != nil {
			t.Fatal(err)
		}
		out, stderr, code := haven("test", filepath.Join(dir, "scenarios"))
		if code != 0 || !strings.Contains(out, "1 passed, 0 failed") {
			t.Fatalf("haven test: exit %d\n%s%s", code, out, stderr)
		}
		// The shipped variant plays in simulations with the same binary.
		_, stderr, code = haven("sim", "mainports", "-n", "2", "--seed", "1", "--max", "3000", "--variant", "port-agent")
		if code != 0 {
			t.Fatalf("haven sim mainports --variant port-agent: exit %d: %s", code, stderr)
		}
	})

	t.Run("vet a game folder and a variant file", func(t *testing.T) {
		// An edited copy of a shipped game: vet checks the copy, alone and
		// with its variants, and says where it read it from.
		game := filepath.Join(dir, "copy", "rotterdam")
		copyDir(t, filepath.Join("..", "definitions", "rotterdam"), game)
		// Rotterdam imports the shared package lib/rotterdam of the
		// definitions' CUE module: the copy needs the module beside it.
		copyDir(t, filepath.Join("..", "definitions", "cue.mod"), filepath.Join(dir, "copy", "cue.mod"))
		copyDir(t, filepath.Join("..", "definitions", "lib", "rotterdam"), filepath.Join(dir, "copy", "lib", "rotterdam"))
		out, stderr, code := haven("vet", game)
		if want := "ok: rotterdam, alone and with 4 shipped variants (from " + game + ")\n"; code != 0 || out != want {
			t.Errorf("vet %s: exit %d, %q %s; want %q", game, code, out, stderr, want)
		}
		typo := filepath.Join(game, "variants", "typo.cue")
		if err := os.WriteFile(typo, []byte("package haven\n\ngame: params: mision_points_to_win: 3\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		want := typo + `:3:37: unknown param "mision_points_to_win" (did you mean "mission_points_to_win"?)` + "\n"
		for _, args := range [][]string{{"vet", typo}, {"vet", game}, {"vet", "rotterdam", "--variant", typo}} {
			out, stderr, code = haven(args...)
			if code != 1 || stderr != want || out != "" {
				t.Errorf("haven %s: exit %d, stdout %q, stderr %q; want exit 1 and %q", strings.Join(args, " "), code, out, stderr, want)
			}
		}
		// The same typo given with --set names the flag.
		_, stderr, code = haven("sim", "rotterdam", "-n", "1", "--set", "game.params.mision_points_to_win=3")
		if want := `--set game.params.mision_points_to_win=3: unknown param "mision_points_to_win" (did you mean "mission_points_to_win"?)` + "\n"; code != 1 || stderr != want {
			t.Errorf("--set typo: exit %d, %q; want %q", code, stderr, want)
		}
		// A typo in an expression of the edited copy points into it.
		rules := filepath.Join(game, "rules.cue")
		src, err := os.ReadFile(rules)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(typo); err != nil {
			t.Fatal(err)
		}
		edited := strings.Replace(string(src), "pzone('transport', me)", "pzone('transprot', me)", 1)
		if err := os.WriteFile(rules, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code = haven("vet", game)
		if code != 1 || !strings.HasPrefix(stderr, rules+":") || !strings.Contains(stderr, `: pzone: unknown player zone "transprot" (did you mean "transport"?)`) {
			t.Errorf("vet of an edited copy: exit %d, %s", code, stderr)
		}
	})

	t.Run("errors are one line", func(t *testing.T) {
		for _, c := range []struct {
			args []string
			code int
			want string
		}{
			{[]string{"frob"}, 2, `haven: unknown command "frob"`},
			{[]string{"sim", "rotterdam", "-n", "x"}, 2, `haven: sim: invalid value "x" for flag -n`},
			{[]string{"run", "nosuchgame", "--moves", "-"}, 1, `haven: unknown game "nosuchgame"`},
			{[]string{"replay", filepath.Join(dir, "quick.cue")}, 1, "haven: " + filepath.Join(dir, "quick.cue") + ": not a game log"},
		} {
			_, stderr, code := haven(c.args...)
			if code != c.code || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("haven %s: exit %d, stderr %q; want exit %d and one line starting %q",
					strings.Join(c.args, " "), code, stderr, c.code, c.want)
			}
		}
	})
}

// copyDir copies the .cue files of a game folder and its variants.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	for _, sub := range []string{"", "variants"} {
		files, err := filepath.Glob(filepath.Join(from, sub, "*.cue"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(to, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(to, sub, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
