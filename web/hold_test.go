package web

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// The tests of this file check that the server holds against pages that
// are not its own, stale and foreign requests, and costly ones.

func walkServer(t *testing.T, opt Options) (*Server, *client) {
	t.Helper()
	opt.Source = load.Dir("testdata")
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	if opt.Players == 0 {
		opt.Players = 2
	}
	s, ts := newTestServer(t, opt)
	return s, newClient(t, s, ts)
}

// TestHostIsMatchedExactly refuses a Host that only begins like the
// server's (a DNS-rebinding name pointing at it), on every request.
func TestHostIsMatchedExactly(t *testing.T) {
	_, c := walkServer(t, Options{})
	port := c.base[strings.LastIndexByte(c.base, ':'):]
	for host, code := range map[string]int{
		"127.0.0.1" + port:                     200,
		"localhost" + port:                     200,
		"LocalHost" + port:                     200,
		"localhost." + port:                    200,
		"[::1]" + port:                         200,
		"127.evil.example" + port:              403,
		"127.0.0.1.rebind.evil.example" + port: 403,
		"localhost.evil.example" + port:        403,
		"127.0.0.2" + port:                     403,
		"evil.example":                         403,
	} {
		for _, path := range []string{"/", "/games/walk/state"} {
			req, err := http.NewRequest("GET", c.base+path, nil)
			require.NoError(t, err)
			req.Host = host
			r, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			r.Body.Close()
			assert.Equal(t, code, r.StatusCode, "Host %q, %s", host, path)
		}
	}
	a := c.send("POST", "/games/walk/move", `{"rev":0,"seat":0,"move":"go left"}`, map[string]string{"Host": "127.evil.example"})
	assert.Equal(t, 200, c.state("walk").code)
	assert.Equal(t, 0, c.state("walk").At, "a move under a rebinding name: %s", a.raw)
}

// TestOtherOriginsAreRefused refuses the requests a page elsewhere can
// make: a form or a no-cors fetch (not JSON), a fetch from another
// origin, one without the page's token.
func TestOtherOriginsAreRefused(t *testing.T) {
	_, c := walkServer(t, Options{})
	body := `{"rev":0,"seat":0,"move":"go left"}`
	for _, tt := range []struct {
		name   string
		header map[string]string
		code   int
		want   string
	}{
		{"plain text", map[string]string{"Content-Type": "text/plain"}, 415, "Content-Type: application/json"},
		{"a form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, "Content-Type: application/json"},
		{"no type", map[string]string{"Content-Type": ""}, 415, "Content-Type: application/json"},
		{"another origin", map[string]string{"Origin": "http://localhost:18090"}, 403, "from http://localhost:18090 is refused"},
		{"a null origin", map[string]string{"Origin": "null"}, 403, "from null is refused"},
		{"another site", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "another site (cross-site)"},
		{"the same site, another origin", map[string]string{"Sec-Fetch-Site": "same-site"}, 403, "another site (same-site)"},
		{"no token", map[string]string{TokenHeader: ""}, 403, "page token"},
		{"a wrong token", map[string]string{TokenHeader: "0123456789abcdef0123456789abcdef"}, 403, "page token"},
	} {
		a := c.send("POST", "/games/walk/move", body, tt.header)
		assert.Equal(t, tt.code, a.code, tt.name)
		assert.Contains(t, a.Error, tt.want, tt.name)
	}
	st := c.state("walk")
	assert.Equal(t, 0, st.At, "no refused request moved")
	a := c.send("POST", "/games/walk/move", body, map[string]string{"Origin": c.base, "Sec-Fetch-Site": "same-origin"})
	assert.Equal(t, 200, a.code, "the page's own request: %s", a.raw)
}

// TestStaleAndForeignRequests refuses a request for a revision the table
// has left (a double click, a second tab), for a seat that is not the
// page's, or a bot's move on a person's turn; each names the revision.
func TestStaleAndForeignRequests(t *testing.T) {
	_, c := walkServer(t, Options{})
	st := c.state("walk")
	require.Equal(t, 0, st.Viewer)
	click := fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go left"}`, st.Rev)
	first := c.send("POST", "/games/walk/move", click, nil)
	second := c.send("POST", "/games/walk/move", click, nil)
	assert.Equal(t, 200, first.code)
	assert.Equal(t, 409, second.code, "the second of a double click")
	assert.Contains(t, second.Error, "the table changed since this page was drawn")
	assert.Equal(t, first.Rev, second.pageModel.Rev, "the refusal names the table's revision")
	assert.Equal(t, 1, c.state("walk").At, "one move for two clicks")

	st = c.state("walk") // player 1 decides
	for _, tt := range []struct{ what, body, want string }{
		{"move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go left"}`, st.Rev), "the request is for player 0, but this page is player 1's"},
		{"bot", fmt.Sprintf(`{"rev":%d,"seat":1}`, st.Rev), "player 1 is a person: the bot plays only its own seats"},
		{"back", fmt.Sprintf(`{"rev":%d,"seat":1}`, st.Rev-1), "revision"},
	} {
		a := c.send("POST", "/games/walk/"+tt.what, tt.body, nil)
		assert.Equal(t, 409, a.code, tt.what)
		assert.Contains(t, a.Error, tt.want, tt.what)
	}
	for _, body := range []string{`{"move":"go left"}`, `{"rev":3}`, `{"seat":1}`} {
		a := c.send("POST", "/games/walk/move", body, nil)
		assert.Equal(t, 400, a.code, body)
		assert.Contains(t, a.Error, `{"rev": N, "seat": S, ...}`, body)
	}
	assert.Equal(t, 1, c.state("walk").At)
}

// TestStatusCodes answers each kind of bad request with its status and a
// short message, never 200.
func TestStatusCodes(t *testing.T) {
	_, c := walkServer(t, Options{})
	rev := func() int { return c.state("walk").Rev }
	huge := strings.Repeat("x", 3<<20)
	for _, tt := range []struct {
		name, path, body string
		code             int
		want             string
	}{
		{"malformed JSON", "move", `{"rev":`, 400, "not the JSON object asked for"},
		{"not an object", "move", `[1,2]`, 400, "not the JSON object asked for"},
		{"null", "move", `null`, 400, "must name the revision"},
		{"unknown field", "move", fmt.Sprintf(`{"rev":%d,"seat":0,"mvoe":"go left"}`, rev()), 400, `unknown field "mvoe"`},
		{"two values", "move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go left"} {}`, rev()), 400, "more than one JSON value"},
		{"wrong type", "move", `{"rev":"0","seat":0}`, 400, "not the JSON object asked for"},
		{"not UTF-8", "move", "{\"rev\":0,\"seat\":0,\"move\":\"\xff\"}", 400, "not UTF-8"},
		{"a large body", "move", `{"rev":0,"seat":0,"move":"` + huge + `"}`, 413, "larger than the 65536 bytes"},
		{"a long move", "move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"%s"}`, rev(), strings.Repeat("go ", 20000)), 413, "a move is at most 1000 characters"},
		{"an illegal move", "move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go end"}`, rev()), 422, "illegal move"},
		{"an unknown game", "../nosuch/move", `{"rev":0,"seat":0}`, 404, "no such game"},
		{"too many players", "new", fmt.Sprintf(`{"rev":%d,"seat":0,"players":9}`, rev()), 422, "Walk is for 2 to 3 players"},
		{"a seat out of range", "new", fmt.Sprintf(`{"rev":%d,"seat":0,"players":2,"bots":[5]}`, rev()), 422, "seat 5: seats are 0 to 1"},
		{"an unknown bot", "new", fmt.Sprintf(`{"rev":%d,"seat":0,"bot":"clever"}`, rev()), 422, `unknown bot "clever"`},
		{"a save that is not one", "load", fmt.Sprintf(`{"rev":%d,"seat":0,"save":"{\"game\":\"walk\",\"moves\":7}"}`, rev()), 422, "not a saved game"},
		{"a save of nothing", "load", fmt.Sprintf(`{"rev":%d,"seat":0,"save":"%s"}`, rev(), strings.Repeat("x", 5000)), 422, "not a saved game"},
	} {
		a := c.send("POST", "/games/walk/"+tt.path, tt.body, nil)
		assert.Equal(t, tt.code, a.code, tt.name)
		assert.Contains(t, a.Error, tt.want, tt.name)
		assert.Less(t, len(a.raw), 3000, "%s: the answer is short", tt.name)
	}
	assert.Equal(t, 0, c.state("walk").At)
	code, _ := get(t, c.base+"/games/nosuch/state")
	assert.Equal(t, 404, code)
}

// TestBotLimits refuses a bot over the server's limits, with the limit
// in the message, and caps a search bot's time.
func TestBotLimits(t *testing.T) {
	s, c := walkServer(t, Options{Bot: "ismcts:iters=20000"})
	for spec, want := range map[string]string{
		"ismcts:iters=100000":   "bot ismcts: iters=100000 is more than this server allows (iters=5000 at most)",
		"ismcts:ms=20000":       "bot ismcts: ms=20000 is more than this server allows (ms=3000 at most)",
		"greedy:depth=9":        "bot greedy: depth=9 is more than this server allows (depth=3 at most)",
		"ismcts:iters=10:ms=x":  "bot ismcts: ms=x: want a whole number, 0 or more",
		"ismcts:iters=10:bogus": `bot ismcts: unknown option "bogus" (options: iters, ms, depth, c, eps, spread, prior, rescale, guide, value)`,
	} {
		a := c.try("walk", "new", map[string]any{"players": 2, "bots": []int{1}, "bot": spec})
		assert.Equal(t, 422, a.code, spec)
		assert.Equal(t, want, a.Error, spec)
	}
	for spec, want := range map[string]string{
		"ismcts:iters=50":         "ismcts:iters=50:ms=3000",
		"ismcts:iters=50:ms=0":    "ismcts:iters=50:ms=3000",
		"ismcts:ms=100":           "ismcts:ms=100",
		"greedy":                  "greedy",
		"ismcts:iters=20000":      "ismcts:iters=20000", // the server's own
		"":                        "ismcts:iters=20000",
		"random":                  "random",
		"ismcts:iters=50,depth=2": "ismcts:depth=2:iters=50:ms=3000",
	} {
		got, err := s.checkBot(spec)
		assert.NoError(t, err, spec)
		assert.Equal(t, want, got, spec)
	}
}

// TestSlowBotLeavesTheServerFree has a bot think for seconds: the index,
// another game and the bot's own game answer meanwhile. Each answer comes
// while the bot still thinks, which a lock held by the bot would forbid:
// the claim is an order of events, not a time, so a loaded machine
// cannot fail it.
func TestSlowBotLeavesTheServerFree(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 2, Players: 3,
		Limits: Limits{Settle: time.Millisecond}})
	c := newClient(t, s, ts)
	code, _ := get(t, ts.URL+"/") // loads every game
	require.Equal(t, 200, code)
	c.act("rotterdam", "new", map[string]any{"players": 3, "seed": 2, "bots": []int{1, 2}, "bot": "ismcts:ms=1500"})
	a := c.state("rotterdam")
	require.NotEmpty(t, a.Moves)
	a = c.act("rotterdam", "move", map[string]any{"move": a.Moves[0].Text})
	require.True(t, a.Thinking, "the bot thinks after the person's move")
	time.Sleep(100 * time.Millisecond)
	for _, path := range []string{"/", "/games/mainports/state", "/games/rotterdam/state", "/games/rotterdam"} {
		start := time.Now()
		code, _ := get(t, ts.URL+path)
		assert.Equal(t, 200, code, path)
		assert.True(t, c.state("rotterdam").Thinking, "%s answered while the bot thinks", path)
		t.Logf("%s answered in %v", path, time.Since(start))
	}
}

// TestOneBotLoop plays the bots on and asks for them again and again, as
// pages drawn again would: one loop plays, at the server's pace, and
// stops when asked.
func TestOneBotLoop(t *testing.T) {
	pace := 100 * time.Millisecond
	s, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 4, AllBots: true, Bot: "random",
		Limits: Limits{BotPace: pace}})
	c := newClient(t, s, ts)
	c.state("rotterdam")
	c.act("rotterdam", "auto", map[string]any{"run": true})
	start := c.state("rotterdam").At
	began := time.Now()
	for k := 0; k < 10; k++ {
		a := c.try("rotterdam", "auto", map[string]any{"run": true})
		assert.Contains(t, []int{200, 409}, a.code, a.raw)
		c.try("rotterdam", "bot", nil)
		assert.LessOrEqual(t, s.loops.Load(), int32(1), "bot loops of one table")
		time.Sleep(pace / 2)
		assert.LessOrEqual(t, s.loops.Load(), int32(1), "bot loops of one table")
	}
	a := c.state("rotterdam")
	played, took := a.At-start, time.Since(began)
	assert.Greater(t, played, 0, "the bots play on")
	assert.LessOrEqual(t, played, int(took/pace)+2, "%d moves in %v: more than one loop at the pace", played, took)
	assert.True(t, a.Auto)

	a = c.send("POST", "/games/rotterdam/auto", `{"rev":0,"seat":-1,"run":false}`, nil)
	require.Equal(t, 200, a.code, "stopping the bots at any revision: %s", a.raw)
	stopped := c.state("rotterdam").At
	time.Sleep(3 * pace)
	a = c.state("rotterdam")
	assert.LessOrEqual(t, a.At, stopped+1, "the bots stopped (one move may have been under way)")
	assert.False(t, a.Auto)
	assert.False(t, a.Thinking)
}

// TestPublicSeats has two players claim their seats on a public server:
// each sees only its own view and moves only for its own seat.
func TestPublicSeats(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Public: true})
	alice, bob, eve := newClient(t, s, ts), newClient(t, s, ts), newClient(t, s, ts)
	take := func(c *client, seat int) answer {
		st := c.state("walk")
		a := c.send("POST", "/games/walk/claim", fmt.Sprintf(`{"rev":%d,"seat":%d}`, st.Rev, seat), nil)
		if a.code == 200 {
			require.Len(t, a.Secret, 32)
			c.claim = fmt.Sprintf("%d %s", seat, a.Secret)
		}
		return a
	}
	st := eve.state("walk")
	assert.Equal(t, -1, st.Viewer, "a page that holds no seat is a spectator")
	assert.Empty(t, st.Moves)
	require.Equal(t, 200, take(alice, 0).code)
	claim := alice.claim
	a := take(alice, 1)
	assert.Equal(t, 409, a.code, "a page takes one seat")
	assert.Equal(t, "this page holds player 0's seat already", a.Error)
	alice.claim = claim
	require.Equal(t, 200, take(bob, 1).code)
	a = take(eve, 0)
	assert.Equal(t, 409, a.code)
	assert.Equal(t, "player 0 is taken", a.Error)

	tb := s.entry("walk")
	hidden := func(seat int) []string {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		return hiddenCards(t, tb.g, tb.st, seat)
	}
	for seat, c := range map[int]*client{0: alice, 1: bob, -1: eve} {
		a := c.state("walk")
		assert.Equal(t, seat, a.Viewer)
		require.NotEmpty(t, hidden(seat))
		assertNoCards(t, fmt.Sprintf("seat %d's state", seat), a.raw, hidden(seat))
	}
	assert.NotEmpty(t, alice.state("walk").Moves, "player 0 decides")
	assert.Empty(t, bob.state("walk").Moves, "player 1 does not see player 0's moves")

	// Bob moves for Alice: as seat 0 with his own secret, as seat 1 on
	// her turn, or with a secret of his making.
	rev := alice.state("walk").Rev
	a = bob.send("POST", "/games/walk/move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go left"}`, rev), nil)
	assert.Equal(t, 409, a.code)
	assert.Contains(t, a.Error, "the request is for player 0, but this page is player 1's")
	a = bob.send("POST", "/games/walk/move", fmt.Sprintf(`{"rev":%d,"seat":1,"move":"go left"}`, rev), nil)
	assert.Equal(t, 409, a.code)
	assert.Contains(t, a.Error, "it is player 0's turn, not player 1's")
	a = bob.send("POST", "/games/walk/move", fmt.Sprintf(`{"rev":%d,"seat":0,"move":"go left"}`, rev), map[string]string{SeatHeader: "0 0123456789abcdef0123456789abcdef"})
	assert.Equal(t, 403, a.code)
	assert.Contains(t, a.Error, "not valid")
	a = eve.send("GET", "/games/walk/state", "", map[string]string{SeatHeader: "0 " + strings.Repeat("0", 32)})
	assert.Equal(t, 403, a.code, "a forged secret reads no view")
	a = eve.try("walk", "new", map[string]any{"players": 2})
	assert.Equal(t, 403, a.code)
	assert.Contains(t, a.Error, "the players at this table run it")
	assert.Equal(t, 0, alice.state("walk").At)

	a = alice.act("walk", "move", map[string]any{"move": "go left"})
	assert.Equal(t, 1, a.At)
	assert.NotEmpty(t, bob.state("walk").Moves, "now player 1 decides")

	// A page that leaves its seat frees it for another.
	a = alice.act("walk", "leave", nil)
	assert.Equal(t, -1, a.Viewer, "the page is a spectator's")
	assert.Equal(t, 403, alice.send("GET", "/games/walk/state", "", nil).code, "the secret is no longer valid")
	alice.claim = ""
	require.Equal(t, 200, take(eve, 0).code)
}

// TestClaimOnlyOnPublicServer: a server of this machine has no seats to
// claim; everyone at the screen is at the table.
func TestClaimOnlyOnPublicServer(t *testing.T) {
	_, c := walkServer(t, Options{})
	a := c.try("walk", "claim", map[string]any{"seat": 0})
	assert.Equal(t, 409, a.code)
	assert.Contains(t, a.Error, "--public")
}

// TestWatchReloadsImports edits a package a game imports: the game is
// reloaded, as when a file of its own folder changes.
func TestWatchReloadsImports(t *testing.T) {
	dir := t.TempDir()
	walk, err := os.ReadFile("testdata/walk/game.cue")
	require.NoError(t, err)
	game := strings.Replace(string(walk), "package haven\n", "package haven\n\nimport \"example.org/defs/lib/names\"\n", 1)
	game = strings.Replace(game, `name:    "Walk"`, `name:    names.walk`, 1)
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	write("cue.mod/module.cue", "module: \"example.org/defs@v0\"\nlanguage: version: \"v0.15.1\"\n")
	write("lib/names/names.cue", "package names\n\nwalk: \"Walk\"\n")
	write("walk/game.cue", game)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1})
	c := newClient(t, s, ts)
	require.Equal(t, "Walk", c.state("walk").Name)
	go s.Watch(t.Context(), dir, 20*time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	write("lib/names/names.cue", "package names\n\nwalk: \"Walk on\"\n")
	require.Eventually(t, func() bool { return c.state("walk").Name == "Walk on" }, 10*time.Second, 20*time.Millisecond,
		"an edit of an imported package was not reloaded")
}

// TestFailedMoveLeavesTheState plays a move whose effect runs out of its
// budget half way: it is refused (422), and the table is as it was.
func TestFailedMoveLeavesTheState(t *testing.T) {
	dir := t.TempDir()
	walk, err := os.ReadFile("testdata/walk/game.cue")
	require.NoError(t, err)
	game := strings.Replace(string(walk), `actions: ["go"]`, `actions: ["go", "boom"]`, 1)
	game += `
game: actions: boom: {
	name: "Boom"
	text: "Adds a round, then doubles a string a hundred times."
	do: [{do: "add('round', 1)"}, {do: "len(reduce(1..100, #acc + #acc, 'ab')) > 0"}]
}
`
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "walk"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "walk", "game.cue"), []byte(game), 0o644))
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2})
	c := newClient(t, s, ts)
	before := c.state("walk")
	a := c.try("walk", "move", map[string]any{"move": "boom"})
	assert.Equal(t, 422, a.code)
	assert.Contains(t, a.Error, "the move failed: ")
	assert.Contains(t, a.Error, "budget exceeded")
	after := c.state("walk")
	assert.Equal(t, before.Vars, after.Vars, "the round added before the failure is undone")
	assert.Equal(t, 0, after.At)
	assert.Equal(t, 200, c.try("walk", "move", map[string]any{"move": "go left"}).code, "the table plays on")
}
