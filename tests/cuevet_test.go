package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// cueVersion is the CUE release Haven builds on (go.mod).
const cueVersion = "v0.17.1"

// cueCommand finds the stock cue command: on PATH, in GOPATH/bin, or run
// from the module proxy by `go run` (the .ci/run script installs it).
func cueCommand(t *testing.T) []string {
	if p, err := exec.LookPath("cue"); err == nil {
		return []string{p}
	}
	if home, err := os.UserHomeDir(); err == nil {
		if p := filepath.Join(home, "go", "bin", "cue"); fileExists(p) {
			return []string{p}
		}
	}
	if out, err := exec.Command("go", "run", "cuelang.org/go/cmd/cue@"+cueVersion, "version").CombinedOutput(); err != nil {
		t.Skipf("no cue command, and `go run` could not fetch one: %s", out)
	}
	return []string{"go", "run", "cuelang.org/go/cmd/cue@" + cueVersion}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// The stock `cue vet` accepts every shipped definition, with each of its
// variants, against the schema: the schema is plain CUE, not something
// only Haven's loader understands.
func TestStockCueVet(t *testing.T) {
	cue := cueCommand(t)
	games, err := load.Source{FS: definitions.Files}.Games()
	require.NoError(t, err)
	for _, g := range games {
		// cue runs in the definitions folder, the root of the CUE module
		// (cue.mod), so that a game's imports of lib/ packages resolve.
		files, err := filepath.Glob(filepath.Join("..", "definitions", g, "*.cue"))
		require.NoError(t, err)
		sets := [][]string{nil}
		variants, _ := filepath.Glob(filepath.Join("..", "definitions", g, "variants", "*.cue"))
		for _, v := range variants {
			sets = append(sets, []string{v})
		}
		for _, extra := range sets {
			args := append(append([]string{}, cue[1:]...), "vet", filepath.Join("..", "schema", "game.cue"))
			for _, f := range append(append([]string{}, files...), extra...) {
				rel, err := filepath.Rel(filepath.Join("..", "definitions"), f)
				require.NoError(t, err)
				args = append(args, rel)
			}
			cmd := exec.Command(cue[0], args...)
			cmd.Dir = filepath.Join("..", "definitions")
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "cue vet %s %v:\n%s", g, extra, out)
		}
	}
}

// ...and rejects one that breaks it.
func TestStockCueVetRejects(t *testing.T) {
	cue := cueCommand(t)
	bad := filepath.Join(t.TempDir(), "bad.cue")
	require.NoError(t, os.WriteFile(bad, []byte("package haven\ngame: players: {min: 3, max: 2}\n"), 0o644))
	files, _ := filepath.Glob(filepath.Join("..", "definitions", "rotterdam", "*.cue"))
	args := append(append([]string{}, cue[1:]...), "vet", filepath.Join("..", "schema", "game.cue"))
	for _, f := range files {
		rel, _ := filepath.Rel(filepath.Join("..", "definitions"), f)
		args = append(args, rel)
	}
	args = append(args, bad)
	cmd := exec.Command(cue[0], args...)
	cmd.Dir = filepath.Join("..", "definitions")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "game.players")
}
