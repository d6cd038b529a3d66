package web

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cuelang.org/go/cue"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// newTestServer serves opt; its bot loops stop when the test ends.
func newTestServer(t *testing.T, opt Options) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(opt)
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.Close(); ts.CloseClientConnections(); ts.Close() })
	return s, ts
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	r, err := http.Get(url)
	require.NoError(t, err)
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

type answer struct {
	pageModel
	HTML   string `json:"html"`
	Secret string `json:"secret"`
	Error  string `json:"error"`
	code   int
	raw    string
}

// client drives a server as its page does: with the page token, JSON
// bodies, and on a public server the seat it holds.
type client struct {
	t     *testing.T
	s     *Server
	base  string
	claim string // the X-Haven-Seat header: "SEAT SECRET"
}

func newClient(t *testing.T, s *Server, ts *httptest.Server) *client {
	return &client{t: t, s: s, base: ts.URL}
}

// send makes a request and decodes its answer, whatever its status.
func (c *client) send(method, path, body string, header map[string]string) answer {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	require.NoError(c.t, err)
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(TokenHeader, c.s.token)
	}
	if c.claim != "" {
		req.Header.Set(SeatHeader, c.claim)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v // net/http sends the request's Host, not a header's
		}
		req.Header.Set(k, v)
	}
	r, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	a := answer{code: r.StatusCode, raw: string(b)}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		require.NoError(c.t, json.Unmarshal(b, &a), "%s %s: %s", method, path, b)
	}
	return a
}

// state is the table of a game as the client's seat sees it.
func (c *client) state(game string) answer {
	c.t.Helper()
	a := c.send("GET", "/games/"+game+"/state", "", nil)
	require.Equal(c.t, 200, a.code, "state: %s", a.raw)
	return a
}

// try posts an action on the table as it stands, with the revision and
// the seat of the table's latest answer, and returns the answer.
func (c *client) try(game, what string, fields map[string]any) answer {
	c.t.Helper()
	st := c.state(game)
	body := map[string]any{"rev": st.Rev, "seat": st.Viewer}
	for k, v := range fields {
		body[k] = v
	}
	b, err := json.Marshal(body)
	require.NoError(c.t, err)
	return c.send("POST", "/games/"+game+"/"+what, string(b), nil)
}

// settled waits until the bots of a game no longer play on their own,
// and returns its table.
func (c *client) settled(game string) answer {
	c.t.Helper()
	var a answer
	require.Eventually(c.t, func() bool { a = c.state(game); return !a.Thinking || a.Auto }, time.Minute, 10*time.Millisecond)
	return a
}

// act is try that must succeed. A new game refused because a bot moved
// between the page's read and its post (409, the protocol at work) is
// asked again at the new revision, as a person would.
func (c *client) act(game, what string, fields map[string]any) answer {
	c.t.Helper()
	a := c.try(game, what, fields)
	for k := 0; k < 5 && what == "new" && a.code == 409; k++ {
		a = c.try(game, what, fields)
	}
	require.Equal(c.t, 200, a.code, "POST %s: %s", what, a.raw)
	return a
}

func TestIndexListsGames(t *testing.T) {
	_, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 1})
	code, body := get(t, ts.URL+"/")
	if code != 200 {
		t.Fatalf("index: %d", code)
	}
	src := load.Source{FS: definitions.Files}
	games, _ := src.Games()
	for _, id := range games {
		if !strings.Contains(body, `href="/games/`+id+`"`) {
			t.Errorf("index does not link %s", id)
		}
	}
	if code, _ := get(t, ts.URL+"/games/nosuchgame"); code != 404 {
		t.Errorf("unknown game: status %d, want 404", code)
	}
}

// hiddenCards are the cards of st that seat viewer may not see: the
// cards of the zones its view hides, but those it saw moving there (a
// card taken from a face-up display into a hand: the log names it).
func hiddenCards(t *testing.T, g *interpreter.Game, st *interpreter.State, viewer int) []string {
	t.Helper()
	v, err := g.View(st, viewer)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, cards := range v.Zones {
		for _, c := range cards {
			seen[c] = true
		}
	}
	for _, e := range st.Log {
		if e.Card != "" && (!e.Hidden || slices.Contains(e.Seen, viewer)) {
			seen[e.Card] = true
		}
	}
	var out []string
	for ref := range v.Hidden {
		cards, _ := st.Zone(ref)
		for _, c := range cards {
			if !seen[c] {
				out = append(out, c)
			}
		}
	}
	return out
}

// idChars are the characters of a card id: a card is named in a text
// where a maximal run of them is its id.
var (
	idRun  = regexp.MustCompile(`[a-z0-9#_-]+`)
	idOnly = regexp.MustCompile(`^[a-z0-9#_-]+$`)
)

// assertNoCards fails if any of the card ids appears in body as a word.
func assertNoCards(t *testing.T, what, body string, cards []string) {
	t.Helper()
	words := map[string]bool{}
	for _, w := range idRun.FindAllString(body, -1) {
		words[w] = true
	}
	for _, c := range cards {
		shown := words[c]
		if !idOnly.MatchString(c) {
			shown = regexp.MustCompile(`(^|[^a-z0-9#_-])` + regexp.QuoteMeta(c) + `($|[^a-z0-9#_-])`).MatchString(body)
		}
		if shown {
			t.Errorf("%s shows hidden card %q", what, c)
		}
	}
}

// TestPageShowsOnlyTheView plays a few moves of every shipped game
// against the bot and checks that no answer names a card the person may
// not see, while the page draws the board and offers the moves.
func TestPageShowsOnlyTheView(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	games, _ := src.Games()
	for _, id := range games {
		t.Run(id, func(t *testing.T) {
			// A loaded machine may take long to compile the bots' game.
			s, ts := newTestServer(t, Options{Source: src, Seed: 3, Bots: []int{1, 2}, Bot: "random", Limits: Limits{Settle: time.Minute}})
			c := newClient(t, s, ts)
			c.settled(id) // the bots play up to the person's turn
			code, page := get(t, ts.URL+"/games/"+id)
			if code != 200 {
				t.Fatalf("page: %d %s", code, page)
			}
			for _, want := range []string{`<svg class="board"`, `class="node`, `class="edge"`, `data-move=`} {
				if !strings.Contains(page, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			// The hidden cards are those of the state the answer shows.
			rev := func(body string) int {
				var a answer
				if json.Unmarshal([]byte(body), &a) == nil {
					return a.Rev
				}
				m := regexp.MustCompile(`data-rev="(\d+)"`).FindStringSubmatch(body)
				require.NotNil(t, m, "no revision in the page")
				n, _ := strconv.Atoi(m[1])
				return n
			}
			check := func(what, body string) {
				tb := s.entry(id)
				tb.mu.Lock()
				hidden := hiddenCards(t, tb.g, tb.st, 0)
				now := tb.rev
				tb.mu.Unlock()
				require.Equal(t, now, rev(body), "the table changed after the %s", what)
				assertNoCards(t, what, body, hidden)
			}
			check("page", page)
			a := c.state(id)
			check("state", a.raw)
			if a.Viewer != 0 || len(a.Moves) == 0 {
				t.Fatalf("viewer %d with %d moves, want player 0 with moves", a.Viewer, len(a.Moves))
			}
			for k := 0; k < 6 && !a.Finished; k++ {
				before := a.At
				a = c.act(id, "move", map[string]any{"move": a.Moves[len(a.Moves)-1].Text})
				if a.At <= before {
					t.Fatalf("move %d: at %d, was %d", k, a.At, before)
				}
				check("move answer", a.raw)
			}
			code, save := get(t, ts.URL+"/games/"+id+"/save")
			if code != http.StatusConflict {
				t.Errorf("save of a game under way: status %d, want 409", code)
			}
			check("save", save)
		})
	}
}

func TestIllegalMoveIsRefused(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1})
	c := newClient(t, s, ts)
	a := c.try("walk", "move", map[string]any{"move": "go end"})
	assert.Equal(t, http.StatusUnprocessableEntity, a.code)
	assert.True(t, strings.HasPrefix(a.Error, "illegal move"), a.Error)
	assert.Equal(t, 0, c.state("walk").At)
}

// TestMovesNameNodes checks that a move naming a node is drawn as a
// target on that node, which the page makes clickable.
func TestMovesNameNodes(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1})
	a := newClient(t, s, ts).state("walk")
	got := map[string]string{}
	for _, m := range a.Moves {
		got[m.Text] = m.Nodes
	}
	if got["go left"] != "left" || got["go right"] != "right" {
		t.Fatalf("moves %v: want go left / go right naming their nodes", got)
	}
	for _, n := range []string{"left", "right"} {
		if !strings.Contains(a.HTML, `class="node target" data-node="`+n+`"`) {
			t.Errorf("node %s is not a target", n)
		}
	}
	if strings.Contains(a.HTML, `class="node target" data-node="end"`) {
		t.Errorf("node end is a target; no move names it")
	}
}

// TestStepBackAndForward replays a line of moves both ways.
func TestStepBackAndForward(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 1, Players: 2})
	c := newClient(t, s, ts)
	c.act("walk", "move", map[string]any{"move": "go left"})
	a := c.act("walk", "move", map[string]any{"move": "go right"})
	if a.At != 2 || a.Line != 2 {
		t.Fatalf("at %d of %d, want 2 of 2", a.At, a.Line)
	}
	c.act("walk", "back", nil)
	a = c.act("walk", "back", nil)
	if a.At != 0 || a.Line != 2 || a.Deciding != 0 {
		t.Fatalf("after two steps back: at %d of %d, player %d to move", a.At, a.Line, a.Deciding)
	}
	a = c.act("walk", "forward", nil)
	if a.At != 1 || a.Deciding != 1 {
		t.Fatalf("after a step forward: at %d, player %d to move; want 1, 1", a.At, a.Deciding)
	}
	// A move off the line replaces the rest of it, once confirmed.
	a = c.try("walk", "move", map[string]any{"move": "go left"})
	assert.Equal(t, http.StatusConflict, a.code)
	assert.Contains(t, a.Error, "replaces the 1 moves after it")
	a = c.act("walk", "move", map[string]any{"move": "go left", "replace": true})
	if a.At != 2 || a.Line != 2 {
		t.Fatalf("after a new move: at %d of %d", a.At, a.Line)
	}
	a = c.try("walk", "forward", nil)
	assert.Equal(t, http.StatusConflict, a.code, "forward at the end of the line")
	assert.Equal(t, "already at the end of the line", a.Error)
}

// TestBotsPlayAndSaveLoads watches the bots play a whole game, saves it
// and loads the save, which then replays move by move.
func TestBotsPlayAndSaveLoads(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Dir("testdata"), Seed: 5, AllBots: true})
	c := newClient(t, s, ts)
	base := ts.URL + "/games/walk/"
	a := c.state("walk")
	if a.Viewer != -1 || !a.BotTurn || len(a.Moves) != 0 {
		t.Fatalf("viewer %d, bot turn %v, %d moves: want a spectator watching the bot", a.Viewer, a.BotTurn, len(a.Moves))
	}
	// The seed and the moves would tell every deck's order: a game under
	// way does not show its seed, a finished one does.
	if a.Seed != 0 {
		t.Errorf("a game under way shows its seed %d", a.Seed)
	}
	for k := 0; k < 50 && !a.Finished; k++ {
		a = c.act("walk", "bot", nil)
	}
	if !a.Finished || a.Result == "" {
		t.Fatalf("the bots did not finish: %+v", a.pageModel)
	}
	if a.Seed != 5 {
		t.Errorf("a finished game shows seed %d, want 5", a.Seed)
	}
	code, save := get(t, base+"save")
	if code != 200 {
		t.Fatalf("save: %d %s", code, save)
	}
	c.act("walk", "new", map[string]any{"players": 2, "seed": 9})
	a = c.act("walk", "load", map[string]any{"save": save})
	if a.At != 0 || a.Line == 0 {
		t.Fatalf("load: at %d of %d", a.At, a.Line)
	}
	for a.At < a.Line {
		a = c.act("walk", "forward", nil)
	}
	if !a.Finished {
		t.Errorf("the loaded game did not replay to its end")
	}
	a = c.try("walk", "load", map[string]any{"save": strings.Replace(save, `"game": "walk"`, `"game": "other"`, 1)})
	assert.Equal(t, http.StatusUnprocessableEntity, a.code)
	assert.Contains(t, a.Error, "not of")
}

// TestReload edits a game on disk: a broken file shows its error with
// file:line:col, a fixed one restarts the game with the moves replayed.
func TestReload(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("testdata/walk/game.cue")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "walk", "game.cue")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, src, 0o644)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1, Players: 2})
	c := newClient(t, s, ts)
	c.act("walk", "move", map[string]any{"move": "go left"})
	c.act("walk", "move", map[string]any{"move": "go right"})

	broken := strings.Replace(string(src), `"map(out(piece(`, `"map(outt(piece(`, 1)
	os.WriteFile(file, []byte(broken), 0o644)
	s.Reload("walk")
	a := c.state("walk")
	if len(a.Errors) == 0 || !regexp.MustCompile(`game\.cue:\d+:\d+: `).MatchString(a.Errors[0]) {
		t.Fatalf("errors %q: want file:line:col", a.Errors)
	}
	if !strings.Contains(a.HTML, "does not load") || a.At != 2 {
		t.Errorf("the page does not show the errors, or lost its game (at %d)", a.At)
	}

	// A valid change: the pawn may not go right any more.
	fixed := strings.Replace(string(src), `{from: "home", to: "right"},`, ``, 1)
	os.WriteFile(file, []byte(fixed), 0o644)
	s.Reload("walk")
	a = c.state("walk")
	if len(a.Errors) != 0 || a.At != 1 || !strings.Contains(a.Note, "1 dropped") {
		t.Fatalf("after a fix: errors %q, at %d, note %q; want the first move kept", a.Errors, a.At, a.Note)
	}
}

// TestWatchReloads saves a file and waits for the watcher to reload it.
func TestWatchReloads(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/walk/game.cue")
	file := filepath.Join(dir, "walk", "game.cue")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, src, 0o644)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir), Seed: 1})
	c := newClient(t, s, ts)
	c.state("walk")
	ctx := t.Context()
	go s.Watch(ctx, dir, 20*time.Millisecond)
	time.Sleep(60 * time.Millisecond)
	os.WriteFile(file, []byte(strings.Replace(string(src), `name:    "Walk"`, `name:    "Walk on"`, 1)), 0o644)
	for k := 0; k < 200; k++ {
		if a := c.state("walk"); a.Name == "Walk on" {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the saved file was not reloaded")
}

func TestAutoLayout(t *testing.T) {
	s, err := New(Options{Source: load.Dir("testdata")})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.table("walk")
	require.NoError(t, err)
	p := tb.lay.Pos
	// Layers by distance from the start: home, then left and right, then end.
	if !(p["home"].X < p["left"].X && p["left"].X == p["right"].X && p["right"].X < p["end"].X) {
		t.Errorf("layers: %v", p)
	}
	if p["left"].Y == p["right"].Y {
		t.Errorf("left and right overlap: %v %v", p["left"], p["right"])
	}
	if tb.lay.Width <= p["end"].X || tb.lay.Height <= 0 {
		t.Errorf("size %gx%g does not hold the nodes", tb.lay.Width, tb.lay.Height)
	}
}

func TestLayoutNamesUnknownNode(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/walk/game.cue")
	os.MkdirAll(filepath.Join(dir, "walk"), 0o755)
	os.WriteFile(filepath.Join(dir, "walk", "game.cue"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "walk", "layout.cue"), []byte("package haven\n\ngame: boards: path: layout: {\n\twidth: 100, height: 100\n\tnodes: hom: {x: 1, y: 1}\n}\n"), 0o644)
	s, ts := newTestServer(t, Options{Source: load.Dir(dir)})
	a := newClient(t, s, ts).send("GET", "/games/walk/state", "", nil)
	assert.Equal(t, http.StatusUnprocessableEntity, a.code)
	assert.Contains(t, a.Error, `layout.cue:5:18: layout: no node "hom" on the board`)
	code, body := get(t, ts.URL+"/games/walk")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, `layout.cue:5:18: layout: no node &#34;hom&#34; on the board`) {
		t.Errorf("page: status %d, body %q", code, body)
	}
}

// TestShippedLayouts checks that every shipped game places every node of
// its board in its own layout (none left to the automatic one), and that
// no edge spans more than a quarter of the board unless it wraps round a
// world map: a misplaced node shows up as a long edge.
func TestShippedLayouts(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	games, _ := src.Games()
	for _, id := range games {
		v, err := src.Game(id, load.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := interpreter.Compile(v)
		if err != nil {
			t.Fatal(err)
		}
		x, ok := boardLayout(v)
		if !ok {
			t.Errorf("%s: no layout", id)
			continue
		}
		placed := 0
		each(x, "nodes", func(string, cue.Value) { placed++ })
		if n := len(g.BoardNodes()); placed != n {
			t.Errorf("%s: layout places %d of %d nodes", id, placed, n)
		}
		lay, err := readLayout(v, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range g.BoardEdges() {
			a, b := lay.Pos[e.From], lay.Pos[e.To]
			if lay.WrapX && math.Abs(a.X-b.X) > lay.Width/2 {
				continue
			}
			if d := math.Hypot(a.X-b.X, a.Y-b.Y); d > lay.Width/4 {
				t.Errorf("%s: edge %s→%s is %.0f long", id, e.From, e.To, d)
			}
		}
	}
}

// TestRecovered answers a panic of a handler with one line and status
// 500, and the server goes on serving.
func TestRecovered(t *testing.T) {
	h := recovered(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/boom" {
			panic("index out of range")
		}
		w.Write([]byte("fine"))
	}))
	ts := httptest.NewServer(h)
	defer ts.Close()
	code, body := get(t, ts.URL+"/boom")
	if code != 500 || body != "haven: internal error while serving GET /boom: index out of range\n" {
		t.Errorf("got %d %q", code, body)
	}
	if code, body := get(t, ts.URL+"/ok"); code != 200 || body != "fine" {
		t.Errorf("after a panic: %d %q", code, body)
	}
}
