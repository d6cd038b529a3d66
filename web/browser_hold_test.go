package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// The browser tests of this file drive the page as a person and as a
// page elsewhere would: the bots played on while the page is drawn again
// and again, a double click, two tabs, and a page from another origin.

// at is how many moves the table of a game has made, and whether its
// bots are played on.
func at(s *Server, game string) (int, bool) {
	t, err := s.table(game)
	if err != nil {
		panic(err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.st.Moves), t.auto
}

// settled waits until a page has no request in flight and no update
// to fetch: its buttons are live.
func settled() chromedp.Action {
	return chromedp.Poll(`!document.body.classList.contains("busy")`, nil, chromedp.WithPollingInterval(10*time.Millisecond))
}

// TestBrowserBotsPlayOnAtPace ticks "play the bots on" and reloads the
// page again and again, which each started another bot loop once: the
// bots play at the server's pace, and stop when the box is unticked.
func TestBrowserBotsPlayOnAtPace(t *testing.T) {
	ctx := browser(t)
	pace := 200 * time.Millisecond
	s, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 4, AllBots: true, Bot: "random",
		Limits: Limits{BotPace: pace}})
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/games/rotterdam"),
		chromedp.WaitVisible(`#autoplay`),
		settled(),
		chromedp.Click(`#autoplay`),
	))
	require.Eventually(t, func() bool { _, auto := at(s, "rotterdam"); return auto }, 10*time.Second, 20*time.Millisecond)
	start, _ := at(s, "rotterdam")
	began := time.Now()
	for k := 0; k < 5; k++ {
		require.NoError(t, chromedp.Run(ctx,
			chromedp.Sleep(300*time.Millisecond),
			chromedp.Reload(),
			chromedp.WaitVisible(`#board`),
		))
	}
	now, auto := at(s, "rotterdam")
	played, took := now-start, time.Since(began)
	assert.True(t, auto)
	assert.Greater(t, played, 2, "the bots play on")
	assert.LessOrEqual(t, played, int(took/pace)+2, "%d bot moves in %v: more than one loop at the server's pace", played, took)
	t.Logf("%d bot moves in %v, pace %v", played, took, pace)

	// Untick the box: it is disabled while a request is in flight,
	// which the bots' moves make often.
	require.Eventually(t, func() bool {
		var checked bool
		chromedp.Run(ctx, chromedp.Evaluate(`(function () {
			var b = document.getElementById("autoplay");
			if (b && b.checked && !b.disabled) b.click();
			return !!b && b.checked;
		})()`, &checked))
		_, auto := at(s, "rotterdam")
		return !auto
	}, 10*time.Second, 50*time.Millisecond, "the box did not stop the bots")
	stopped, _ := at(s, "rotterdam")
	time.Sleep(3 * pace)
	now, _ = at(s, "rotterdam")
	assert.LessOrEqual(t, now, stopped+1, "the bots play on after the box is unticked")
}

// hotSeat is a server of walk for persons at one screen.
func hotSeat(t *testing.T, players int, rec *statusRecorder) (*Server, *httptest.Server) {
	s, err := New(Options{Source: load.Dir("testdata"), Seed: 1, Players: players})
	require.NoError(t, err)
	var h http.Handler = s.Handler()
	if rec != nil {
		h = rec.wrap(h)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(func() { s.Close(); ts.CloseClientConnections(); ts.Close() })
	return s, ts
}

// TestBrowserDoubleClick double-clicks a move in hot-seat, where the
// next player has the same move at the same place: one move is made,
// whether the second click comes before the answer or after it, on the
// next player's move.
func TestBrowserDoubleClick(t *testing.T) {
	ctx := browser(t)
	s, ts := hotSeat(t, 3, nil)
	var status string
	var box []float64
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/games/walk"),
		chromedp.WaitVisible(`button.move[data-move="go left"]`),
		settled(),
		chromedp.Evaluate(`(function () {
			var r = document.querySelector('button.move[data-move="go left"]').getBoundingClientRect();
			return [r.x + r.width / 2, r.y + r.height / 2];
		})()`, &box),
	))
	// A real double click: two presses, the second counted as the
	// second click, a human's interval apart (the answer is back by
	// then).
	require.NoError(t, chromedp.Run(ctx,
		chromedp.MouseClickXY(box[0], box[1]),
		chromedp.Sleep(120*time.Millisecond),
		chromedp.MouseClickXY(box[0], box[1], chromedp.ClickCount(2)),
		chromedp.Sleep(500*time.Millisecond),
		chromedp.Text(`#status`, &status),
	))
	n, _ := at(s, "walk")
	assert.Equal(t, 1, n, "a double click made %d moves", n)
	assert.Contains(t, status, "player 1 to move")

	// Two clicks in one go of the script (player 2 could go left too):
	// the second finds the page busy.
	require.NoError(t, chromedp.Run(ctx,
		chromedp.WaitVisible(`button.move[data-move="go left"]`),
		settled(),
		chromedp.Evaluate(`(function () {
			var b = document.querySelector('button.move[data-move="go left"]');
			b.click(); b.click();
			return document.querySelectorAll("button:disabled").length;
		})()`, new(int)),
		chromedp.Sleep(500*time.Millisecond),
	))
	n, _ = at(s, "walk")
	assert.Equal(t, 2, n, "two clicks made %d moves in all", n)
}

// TestBrowserTwoTabs plays a move in one tab while the other, whose
// live updates do not come through, still shows the position before:
// the other tab's click is refused, it says so and shows the table as it
// stands, and one move is made.
func TestBrowserTwoTabs(t *testing.T) {
	ctx := browser(t)
	rec := &statusRecorder{}
	s, ts := hotSeat(t, 2, rec)
	other, cancel := chromedp.NewContext(ctx)
	defer cancel()
	require.NoError(t, chromedp.Run(other,
		network.Enable(),
		network.SetBlockedURLs([]string{"*/events"}),
		chromedp.Navigate(ts.URL+"/games/walk"),
		chromedp.WaitVisible(`button.move[data-move="go left"]`),
		settled(),
	))
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/games/walk"),
		chromedp.WaitVisible(`button.move[data-move="go left"]`),
		settled(),
		chromedp.Click(`button.move[data-move="go left"]`),
	))
	require.Eventually(t, func() bool { n, _ := at(s, "walk"); return n == 1 }, 10*time.Second, 10*time.Millisecond)
	var message, status string
	require.NoError(t, chromedp.Run(other,
		chromedp.Click(`button.move[data-move="go left"]`),
		chromedp.WaitVisible(`#message`),
		chromedp.Text(`#message`, &message),
		chromedp.Text(`#status`, &status),
	))
	n, _ := at(s, "walk")
	assert.Equal(t, 1, n, "the stale tab's click was played")
	assert.Contains(t, message, "the table changed since this page was drawn")
	assert.Contains(t, status, "move 1")
	assert.Contains(t, status, "player 1 to move")
	// Both tabs opened the game's page: its default table, table 1.
	assert.Equal(t, []string{"POST /games/walk/tables/1/move 200", "POST /games/walk/tables/1/move 409"}, rec.posts())
}

// TestBrowserOtherOrigin opens a page of another origin that tries to
// drive the server through the browser, as a page on the web could: a
// no-cors fetch, a JSON fetch with a guessed token, and a form posted
// as text. Nothing changes at the table.
func TestBrowserOtherOrigin(t *testing.T) {
	ctx := browser(t)
	rec := &statusRecorder{}
	s, ts := hotSeat(t, 2, rec)
	target := ts.URL // http://127.0.0.1:PORT
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><html><body>
<iframe name="sink"></iframe>
<form id="f" method="POST" action="%[1]s/games/walk/new" enctype="text/plain" target="sink">
<input name='{"rev":0,"seat":0,"players":3,"x":"' value='"}'></form>
<script>
var move = JSON.stringify({rev: 0, seat: 0, move: "go left"});
fetch("%[1]s/games/walk/move", {method: "POST", mode: "no-cors", body: move}).catch(function () {});
fetch("%[1]s/games/walk/move", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body: move}).catch(function () {});
fetch("%[1]s/games/walk/move", {method: "POST", headers: {"Content-Type": "application/json", "X-Haven-Token": "guess"}, body: move})
	.catch(function () { document.title = "refused"; });
document.getElementById("f").submit();
</script></body></html>`, target)
	}))
	defer evil.Close()
	page := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1) // another origin
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(page),
		chromedp.Sleep(1500*time.Millisecond),
	))
	n, _ := at(s, "walk")
	assert.Equal(t, 0, n, "a page elsewhere made a move")
	tb, err := s.table("walk")
	require.NoError(t, err)
	tb.mu.Lock()
	rev, players := tb.rev, tb.players
	tb.mu.Unlock()
	assert.Equal(t, 0, rev, "a page elsewhere changed the table")
	assert.Equal(t, 2, players, "a page elsewhere started a game")
	posts := rec.posts()
	t.Logf("the other page's requests: %v", posts)
	assert.GreaterOrEqual(t, len(posts), 3, "the attempts reached the server: %v", posts)
	for _, p := range posts {
		assert.NotRegexp(t, ` 2\d\d$`, p, "a request of the other page was answered")
	}
}

// statusRecorder keeps the method, path and status of every POST.
type statusRecorder struct {
	mu    sync.Mutex
	lines []string
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (rec *statusRecorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, code: 200}
		h.ServeHTTP(sw, r)
		if r.Method == "POST" {
			rec.mu.Lock()
			rec.lines = append(rec.lines, fmt.Sprintf("%s %s %d", r.Method, r.URL.Path, sw.code))
			rec.mu.Unlock()
		}
	})
}

func (rec *statusRecorder) posts() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]string(nil), rec.lines...)
}

// TestBrowserPublicSeats has a player take a seat on a public server by
// the page's button, while another takes the other seat by the API: the
// page shows its own seat's view, plays when that seat decides, and is
// drawn again when the other plays.
func TestBrowserPublicSeats(t *testing.T) {
	ctx := browser(t)
	s, err := New(Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Public: true})
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	defer func() { s.Close(); ts.CloseClientConnections(); ts.Close() }()
	var viewer string
	var moves int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/games/walk"),
		chromedp.WaitVisible(`button.claim[data-seat="0"]`),
		settled(),
		chromedp.Evaluate(`document.querySelectorAll("button.move").length`, &moves),
	))
	assert.Equal(t, 0, moves, "a spectator has no moves")
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`button.claim[data-seat="0"]`),
		chromedp.WaitVisible(`#leave`),
		settled(),
		chromedp.Text(`#viewer`, &viewer),
		chromedp.Evaluate(`document.querySelectorAll("button.move").length`, &moves),
	))
	assert.Equal(t, "player 0", viewer)
	assert.Equal(t, 2, moves, "player 0 decides")

	other := newClient(t, s, ts)
	st := other.state("walk")
	a := other.send("POST", "/games/walk/claim", fmt.Sprintf(`{"rev":%d,"seat":1}`, st.Rev), nil)
	require.Equal(t, 200, a.code, a.raw)
	other.claim = "1 " + a.Secret

	require.NoError(t, chromedp.Run(ctx,
		// The page shows the other's claim: it has no update to fetch.
		chromedp.WaitVisible(`.seat[data-seat="1"] .held`),
		settled(),
		chromedp.Click(`button.move[data-move="go left"]`),
		chromedp.WaitNotPresent(`button.move`),
	))
	other.act("walk", "move", map[string]any{"move": "go right"})
	var html string
	require.NoError(t, chromedp.Run(ctx,
		chromedp.WaitVisible(`button.move[data-move="go end"]`), // drawn again by the live update
		chromedp.OuterHTML(`html`, &html),
	))
	tb, err := s.table("walk")
	require.NoError(t, err)
	tb.mu.Lock()
	hidden := hiddenCards(t, tb.g, tb.st, 0)
	tb.mu.Unlock()
	require.NotEmpty(t, hidden)
	assertNoCards(t, "player 0's page", html, hidden)
	n, _ := at(s, "walk")
	assert.Equal(t, 2, n)
}
