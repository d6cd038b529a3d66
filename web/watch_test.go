package web

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// walkDir writes the game walk into a new folder, for a server to watch.
func walkDir(t testing.TB) (dir, file string, src []byte) {
	dir = t.TempDir()
	src, err := os.ReadFile("testdata/walk/game.cue")
	require.NoError(t, err)
	file = filepath.Join(dir, "walk", "game.cue")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, src, 0o644))
	return dir, file, src
}

// evaluating counts the goroutines running CUE's evaluator.
func evaluating() int {
	buf := make([]byte, 8<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "cuelang.org/go/internal/core/adt.") {
			n++
		}
	}
	return n
}

// TestHostileReload saves a "billion laughs" into a watched game's
// folder: the child's check refuses it within the server's bounds with
// one line, the table answers meanwhile and plays on with the last good
// game, nothing loads the game in the server until it is fixed, and
// afterwards the server burns no processor and holds no memory for it.
// A fix then reloads the table.
func TestHostileReload(t *testing.T) {
	dir, file, src := walkDir(t)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2,
		Limits: Limits{SaveTime: 4 * time.Second, SaveMemory: 128 << 20}})
	c := newClient(t, s, ts)
	c.act("walk", "move", map[string]any{"move": "go left"})
	go s.Watch(t.Context(), dir, 20*time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	before := heapLive()
	laughsFile := filepath.Join(dir, "walk", "laughs.cue")
	require.NoError(t, os.WriteFile(laughsFile, []byte(laughs()), 0o644))

	time.Sleep(300 * time.Millisecond)
	during := c.state("walk")
	assert.Equal(t, 1, during.At, "the table answers while the edit is checked")
	// A table opened while the edit is checked waits for the check
	// rather than evaluate the edit.
	opened := make(chan answer, 1)
	go func() { opened <- c.newTable(`{}`) }()

	var a answer
	require.Eventually(t, func() bool { a = c.state("walk"); return len(a.Errors) > 0 }, 15*time.Second, 20*time.Millisecond,
		"the edit was not refused")
	t.Logf("refused: %q", a.Errors)
	if assert.Len(t, a.Errors, 1) {
		assert.Regexp(t, `^`+filepath.Join(dir, "walk")+`: (evaluating )?the definition (used more than (64|128) MiB|took more than 4s)`, a.Errors[0])
	}
	assert.Equal(t, "Walk", a.Name)
	assert.Equal(t, 1, a.At)
	assert.Equal(t, 2, c.act("walk", "move", map[string]any{"move": "go left"}).At, "the last good game plays on")
	o := <-opened
	assert.Equal(t, 422, o.code, o.raw)
	assert.Contains(t, o.Error, "evaluat", "the new table has the check's error")
	code, _ := get(t, ts.URL+"/")
	assert.Equal(t, 200, code, "the index answers, and does not evaluate the edit")

	// Nothing of the evaluation goes on in the server: no goroutine is
	// in CUE's evaluator (a state, not a time a loaded machine can miss).
	assert.Zero(t, evaluating(), "CUE evaluates on in the server")
	grown := int64(heapLive()) - int64(before)
	assert.Less(t, grown, int64(32<<20), "the server's heap grew by %d MiB", grown>>20)

	// A fix reloads the table, which keeps its moves.
	require.NoError(t, os.Remove(laughsFile))
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(src), `name:    "Walk"`, `name:    "Walk on"`, 1)), 0o644))
	require.Eventually(t, func() bool { a = c.state("walk"); return a.Name == "Walk on" }, 10*time.Second, 20*time.Millisecond,
		"the fix was not reloaded")
	assert.Empty(t, a.Errors)
	assert.Equal(t, 2, a.At)
}

// TestHostileFirstLoad: a game read from disk whose evaluation explodes
// at its first load is refused within the server's bounds, and nothing
// of its evaluation goes on in the server, as at a reload; once fixed on
// disk, a reload loads it.
func TestHostileFirstLoad(t *testing.T) {
	dir, file, src := walkDir(t)
	laughsFile := filepath.Join(dir, "walk", "laughs.cue")
	require.NoError(t, os.WriteFile(laughsFile, []byte(laughs()), 0o644))
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2,
		Limits: Limits{SaveTime: 4 * time.Second, SaveMemory: 128 << 20}})
	before := heapLive()
	c := newClient(t, s, ts)
	a := c.send("GET", "/games/walk/state", "", nil)
	assert.NotEqual(t, 200, a.code, a.raw)
	assert.Regexp(t, filepath.Join(dir, "walk")+`: (evaluating )?the definition (used more than (64|128) MiB|took more than 4s)`, a.raw)
	code, _ := get(t, ts.URL+"/")
	assert.Equal(t, 200, code, "the index answers")
	assert.Zero(t, evaluating(), "CUE evaluates on in the server")
	grown := int64(heapLive()) - int64(before)
	assert.Less(t, grown, int64(32<<20), "the server's heap grew by %d MiB", grown>>20)

	go s.Watch(t.Context(), dir, 20*time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	require.NoError(t, os.Remove(laughsFile))
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(src), `name:    "Walk"`, `name:    "Walk on"`, 1)), 0o644))
	require.Eventually(t, func() bool {
		a = c.send("GET", "/games/walk/state", "", nil)
		return a.code == 200 && a.Name == "Walk on"
	}, 10*time.Second, 20*time.Millisecond, "the fix was not loaded: %s", a.raw)
}

// TestFirstLoadKeepsWhatWasChecked: once a child has compiled a game
// read from disk, the server compiles the same files, not what the disk
// holds later: an edit no reload has checked (no watcher runs here) is
// never evaluated by the server, and the next table opens at once.
func TestFirstLoadKeepsWhatWasChecked(t *testing.T) {
	dir, _, _ := walkDir(t)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2,
		Limits: Limits{SaveTime: 4 * time.Second, SaveMemory: 128 << 20}})
	c := newClient(t, s, ts)
	assert.Equal(t, "Walk", c.state("walk").Name)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "walk", "laughs.cue"), []byte(laughs()), 0o644))
	a := c.newTable(`{}`)
	assert.Equal(t, 200, a.code, a.raw)
	assert.Zero(t, evaluating(), "the server evaluated files no child checked")
}

// BenchmarkWatchReload measures a valid edit of a watched game, from the
// file written to the page's new state, with a table open.
func BenchmarkWatchReload(b *testing.B) {
	dir, file, src := walkDir(b)
	s, err := New(Options{Source: load.Dir(dir), Seed: 1})
	require.NoError(b, err)
	defer s.Close()
	tb, err := s.table("walk")
	require.NoError(b, err)
	go s.Watch(b.Context(), dir, 20*time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	for i := 0; b.Loop(); i++ {
		name := "Walk " + itoa(i)
		start := time.Now()
		require.NoError(b, os.WriteFile(file, []byte(strings.Replace(string(src), `name:    "Walk"`, `name:    "`+name+`"`, 1)), 0o644))
		for {
			tb.mu.Lock()
			got := tb.g.Name()
			tb.mu.Unlock()
			if got == name {
				break
			}
			if time.Since(start) > 10*time.Second {
				b.Fatalf("edit %d was not reloaded", i)
			}
			time.Sleep(time.Millisecond)
		}
	}
}
