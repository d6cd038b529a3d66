package web

import (
	"bufio"
	"fmt"
	"net/http"
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

// The client helpers take a game's path: "walk" is the game's default
// table, "walk/tables/2" its table 2.

// newTable asks for a new table of walk with body, and returns the answer.
func (c *client) newTable(body string) answer {
	c.t.Helper()
	return c.send("POST", "/games/walk/tables", body, nil)
}

// finish plays walk to its end at a table of two persons.
func (c *client) finish(at string) {
	c.t.Helper()
	for _, m := range []string{"go left", "go left", "go end"} {
		c.act(at, "move", map[string]any{"move": m})
	}
	require.True(c.t, c.state(at).Finished)
}

// TestTables opens tables of one game: each has its own address, game,
// revision and setup; the game's address is its first table; the index
// lists them all; a table that does not exist answers 404.
func TestTables(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2})
	c := newClient(t, s, ts)
	c.act("walk", "move", map[string]any{"move": "go left"})

	a := c.newTable(`{}`)
	require.Equal(t, 200, a.code, a.raw)
	assert.Contains(t, a.raw, `"url":"/games/walk/tables/2"`)
	a = c.newTable(`{"players": 3, "bots": [2], "seed": 7}`)
	require.Equal(t, 200, a.code, a.raw)
	assert.Contains(t, a.raw, `"url":"/games/walk/tables/3"`)

	one, two, three := c.state("walk/tables/1"), c.state("walk/tables/2"), c.state("walk/tables/3")
	assert.Equal(t, 1, one.At, "the game's address is its table 1")
	assert.Equal(t, "/games/walk/tables/1", c.state("walk").Base)
	assert.Equal(t, 0, two.At)
	assert.Equal(t, 2, two.Players, "an empty request takes the server's setup")
	assert.Equal(t, 3, three.Players)
	assert.Equal(t, []int{2}, three.Bots)
	assert.Equal(t, 3, three.Table)

	// A move at table 2 changes neither table 1 nor its revision.
	c.act("walk/tables/2", "move", map[string]any{"move": "go right"})
	c.act("walk/tables/2", "move", map[string]any{"move": "go left"})
	assert.Equal(t, 2, c.state("walk/tables/2").At)
	again := c.state("walk/tables/1")
	assert.Equal(t, one.Rev, again.Rev)
	assert.Equal(t, one.HTML, again.HTML)

	// A request acts on the table of its address: table 1's revision at
	// table 2 is stale there.
	stale := c.send("POST", "/games/walk/tables/2/move", `{"rev": 0, "seat": 0, "move": "go end"}`, nil)
	assert.Equal(t, 409, stale.code, stale.raw)

	code, page := get(t, ts.URL+"/")
	require.Equal(t, 200, code)
	for _, want := range []string{`href="/games/walk/tables/1"`, `href="/games/walk/tables/2"`, `href="/games/walk/tables/3"`,
		`<td>1</td>`, `<td>2</td>`, `2 persons, 1 bot`, `just now`} {
		assert.Contains(t, page, want)
	}
	code, page = get(t, ts.URL+"/games/walk/tables/2")
	require.Equal(t, 200, code)
	assert.Contains(t, page, `data-base="/games/walk/tables/2"`)

	for _, path := range []string{"/games/walk/tables/9/state", "/games/walk/tables/x", "/games/nope/tables/1"} {
		code, body := get(t, ts.URL+path)
		assert.Equal(t, 404, code, path+": "+body)
	}
	bad := c.newTable(`{"variants": ["nope"]}`)
	assert.Equal(t, 422, bad.code, bad.raw)
	assert.Equal(t, 404, c.send("GET", "/games/walk/tables/4/state", "", nil).code, "a refused table is not kept")
	assert.Equal(t, 400, c.newTable(`{"rev": 1}`).code, "a new table names no revision")
	assert.Equal(t, 415, c.send("POST", "/games/walk/tables", `{}`, map[string]string{"Content-Type": "text/plain"}).code)
}

// TestTableLimits: a new table beyond the server's bound, or its game's,
// is refused with 429 and a line that says why; a finished table is
// closed from its page, which makes room, and a table under way is not;
// the pages of a table closed are told.
func TestTableLimits(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Limits: Limits{Tables: 2}})
	c := newClient(t, s, ts)
	require.Equal(t, 200, c.newTable(`{}`).code)
	require.Equal(t, 200, c.newTable(`{}`).code)
	a := c.newTable(`{}`)
	assert.Equal(t, http.StatusTooManyRequests, a.code)
	assert.Equal(t, "this server has as many tables open as it holds (2): close a finished one, or wait for an idle one to close", a.Error)

	under := c.try("walk/tables/1", "close", nil)
	assert.Equal(t, 409, under.code)
	assert.Contains(t, under.Error, "a table is closed once its game is over")
	c.finish("walk/tables/1")
	ended := closing(t, ts.URL+"/games/walk/tables/1/events")
	closed := c.try("walk/tables/1", "close", nil)
	require.Equal(t, 200, closed.code, closed.raw)
	select {
	case told := <-ended:
		assert.True(t, told, "the page was not told that its table closed")
	case <-time.After(10 * time.Second):
		t.Fatal("the event stream of a closed table did not end")
	}
	assert.Equal(t, 404, c.send("GET", "/games/walk/tables/1/state", "", nil).code)
	assert.Equal(t, "/games/walk/tables/2", c.state("walk").Base, "the game's address goes to its first open table")
	a = c.newTable(`{}`)
	require.Equal(t, 200, a.code, a.raw)
	assert.Contains(t, a.raw, `"url":"/games/walk/tables/3"`, "a number is never used again")

	s2, ts2 := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Limits: Limits{GameTables: 1}})
	c2 := newClient(t, s2, ts2)
	c2.state("walk")
	a = c2.newTable(`{}`)
	assert.Equal(t, http.StatusTooManyRequests, a.code)
	assert.Equal(t, "walk has as many tables open as this server holds of one game (1): close a finished one, or wait for an idle one to close", a.Error)
}

// closing reads a table's event stream to its end, and says whether it
// was told that the table closed.
func closing(t *testing.T, url string) chan bool {
	stream, err := http.Get(url)
	require.NoError(t, err)
	ended := make(chan bool, 1)
	go func() {
		told := false
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			told = told || sc.Text() == "event: closed"
		}
		stream.Body.Close()
		ended <- told
	}()
	return ended
}

// goroutines counts the goroutines of a server's bot loops, janitor and
// event streams: those whose stack names it.
func goroutines(s *Server) int {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	n := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		for _, f := range []string{"playBots", "sweep", "events"} {
			if strings.Contains(g, fmt.Sprintf("web.(*Server).%s(%p", f, s)) {
				n++
			}
		}
	}
	return n
}

// TestIdleTables: a table nobody asks anything of is closed after
// Limits.TableIdle, its bots played on stop, and once no table is open no goroutine of the server is
// left; a table a page watches stays open.
func TestIdleTables(t *testing.T) {
	// idle is long enough for the second table to open under a loaded
	// machine before the first is idle; pace such that the first game,
	// four moves, lasts longer than idle.
	idle, pace := slowdown*time.Second, slowdown*500*time.Millisecond
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, AllBots: true, Bot: "random",
		Limits: Limits{TableIdle: idle, BotPace: pace}})
	c := newClient(t, s, ts)
	require.Equal(t, 200, c.newTable(`{}`).code)
	require.Equal(t, 200, c.newTable(`{}`).code)
	c.act("walk/tables/1", "auto", map[string]any{"run": true})
	require.Eventually(t, func() bool { return s.loops.Load() == 1 }, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, 2, goroutines(s), "the bot loop and the janitor are not found")
	one, err := s.find("walk", "1")
	require.NoError(t, err)
	played := func() int {
		one.mu.Lock()
		defer one.mu.Unlock()
		return len(one.st.Moves)
	}

	// A page watches table 2; one opened table 1 and left.
	watch, err := http.Get(ts.URL + "/games/walk/tables/2/events")
	require.NoError(t, err)
	left, err := http.Get(ts.URL + "/games/walk/tables/1/events")
	require.NoError(t, err)
	left.Body.Close()

	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.tables) == 1
	}, 10*time.Second, 20*time.Millisecond, "the idle table is not closed")
	// Its game of four moves at a move a pace is not over: the bots stop.
	n := played()
	time.Sleep(3 * pace)
	assert.Equal(t, n, played(), "the bots play on at a closed table")
	one.mu.Lock()
	assert.False(t, one.st.Finished)
	one.mu.Unlock()
	assert.Equal(t, 404, c.send("GET", "/games/walk/tables/1/state", "", nil).code)
	require.Eventually(t, func() bool { return s.loops.Load() == 0 }, 5*time.Second, 5*time.Millisecond, "the bots play on at a closed table")
	time.Sleep(2 * idle)
	assert.Equal(t, 200, c.send("GET", "/games/walk/tables/2/state", "", nil).code, "a watched table is closed")

	watch.Body.Close()
	// Asking would keep the table open: the list is looked at.
	require.Eventually(t, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.tables) == 0
	}, 10*time.Second, 20*time.Millisecond, "the table no page watches is not closed")
	if !assert.Eventually(t, func() bool { return goroutines(s) == 0 }, 5*time.Second, 10*time.Millisecond, "goroutines left behind") {
		buf := make([]byte, 1<<20)
		t.Log(string(buf[:runtime.Stack(buf, true)]))
	}
	s.mu.Lock()
	assert.Empty(t, s.tables)
	assert.False(t, s.janitor)
	s.mu.Unlock()
}

// TestTablesIsolated: on a public server, a seat's secret at one table
// gives nothing at another, and what one table shows does not change
// with another's moves.
func TestTablesIsolated(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Public: true})
	one, two := newClient(t, s, ts), newClient(t, s, ts)
	require.Equal(t, 200, one.newTable(`{}`).code)
	require.Equal(t, 200, one.newTable(`{"seed": 5}`).code)
	a := one.try("walk/tables/1", "claim", map[string]any{"seat": 0})
	require.Equal(t, 200, a.code, a.raw)
	one.claim = "0 " + a.Secret
	_, index := get(t, ts.URL+"/")
	assert.Contains(t, index, `<a href="/games/walk/tables/1">table 1</a></td>
<td>2</td>
<td>2 persons (1 taken, 1 free)</td>`)
	assert.Contains(t, index, `<td>2 persons (0 taken, 2 free)</td>`)
	assert.NotContains(t, index, a.Secret)

	// Table 1's secret at table 2: refused, seat and view alike.
	for _, path := range []string{"/games/walk/tables/2/state", "/games/walk/tables/2/log"} {
		r := one.send("GET", path, "", nil)
		assert.Equal(t, 403, r.code, path)
		assert.Contains(t, r.Error, "this page's claim on a seat is not valid")
	}
	m := one.send("POST", "/games/walk/tables/2/move", `{"rev": 0, "seat": 0, "move": "go left"}`, nil)
	assert.Equal(t, 403, m.code, m.raw)

	before := two.state("walk/tables/2")
	b := two.try("walk/tables/2", "claim", map[string]any{"seat": 0})
	require.Equal(t, 200, b.code, b.raw)
	assert.NotEqual(t, a.Secret, b.Secret)
	two.claim = "0 " + b.Secret
	before = two.state("walk/tables/2")
	one.act("walk/tables/1", "move", map[string]any{"move": "go left"})
	after := two.state("walk/tables/2")
	assert.Equal(t, before.Rev, after.Rev)
	assert.Equal(t, before.HTML, after.HTML, "table 2's page changed with a move at table 1")
	assert.Equal(t, 1, one.state("walk/tables/1").At)
}

// TestReloadEveryTable: a definition saved reloads every open table of
// its game, each keeping the moves still legal at it.
func TestReloadEveryTable(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/walk/game.cue")
	require.NoError(t, err)
	file := filepath.Join(dir, "walk", "game.cue")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, src, 0o644))
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2})
	c := newClient(t, s, ts)
	require.Equal(t, 200, c.newTable(`{}`).code)
	require.Equal(t, 200, c.newTable(`{}`).code)
	c.act("walk/tables/1", "move", map[string]any{"move": "go left"})
	c.act("walk/tables/2", "move", map[string]any{"move": "go right"})

	// The pawn may not go right any more.
	fixed := strings.Replace(string(src), `{from: "home", to: "right"},`, ``, 1)
	require.NoError(t, os.WriteFile(file, []byte(fixed), 0o644))
	s.Reload("walk")
	one, two := c.state("walk/tables/1"), c.state("walk/tables/2")
	assert.Equal(t, 1, one.At)
	assert.Equal(t, "reloaded: 1 moves replayed", one.Note)
	assert.Equal(t, 0, two.At)
	assert.Equal(t, "reloaded: 0 moves replayed, 1 dropped (no longer legal)", two.Note)
}

// TestBrokenGameTable: the page of a table whose game does not load
// lists the errors and listens to its own table's events; the index
// lists the table as not loaded.
func TestBrokenGameTable(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/walk/game.cue")
	require.NoError(t, err)
	file := filepath.Join(dir, "walk", "game.cue")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	broken := strings.Replace(string(src), `"map(out(piece(`, `"map(outt(piece(`, 1)
	require.NoError(t, os.WriteFile(file, []byte(broken), 0o644))
	_, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2})
	code, page := get(t, ts.URL+"/games/walk")
	assert.Equal(t, 422, code)
	assert.Contains(t, page, `new EventSource("\/games\/walk\/tables\/1/events")`, "a string in a script, escaped")
	assert.Regexp(t, `game\.cue:\d+:\d+: `, page)
	code, page = get(t, ts.URL+"/")
	assert.Equal(t, 200, code)
	assert.Contains(t, page, `<a href="/games/walk/tables/1">table 1</a></td>
<td colspan="4" class="muted">not loaded</td>`)
}
