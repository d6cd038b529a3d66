package web

import (
	"bytes"
	"context"
	"flag"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// screenshots, when set, is the folder TestBrowserTable writes a picture
// of every shipped game's page to (go test ./web -run 'TestBrowserTable$'
// -screenshots ../docs).
var screenshots = flag.String("screenshots", "", "write a screenshot of each game's page to `DIR`")

// chromium finds a Chromium or Chrome binary, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// shared is the one Chromium the browser tests open their tabs in:
// starting one costs seconds.
var shared struct {
	once   sync.Once
	ctx    context.Context // the browser's first tab, which keeps it open
	close  func()
	err    error
	noPath bool
}

// closeBrowser ends the shared browser, if one was started (TestMain).
func closeBrowser() {
	if shared.close != nil {
		shared.close()
	}
}

// browser opens a tab in a headless Chromium with flags that suit a CI
// machine: no sandbox, no GPU, no network of its own, a fresh profile.
// The tab closes when the test ends.
func browser(t *testing.T) context.Context {
	t.Helper()
	shared.once.Do(func() {
		path := chromium()
		if path == "" {
			shared.noPath = true
			return
		}
		profile, err := os.MkdirTemp("", "haven-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.UserDataDir(profile),
			chromedp.WindowSize(1600, 1000),
		)
		actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancel2 := chromedp.NewContext(actx)
		shared.ctx = bctx
		shared.close = func() {
			cancel2()
			cancel() // waits for the browser's process to end
			os.RemoveAll(profile)
		}
		shared.err = chromedp.Run(bctx)
	})
	if shared.noPath {
		t.Skip("no chromium binary found (chromium, chromium-browser, google-chrome): install Debian's chromium to run the browser test")
	}
	require.NoError(t, shared.err)
	tab, cancel := chromedp.NewContext(shared.ctx)
	ctx, cancel2 := context.WithTimeout(tab, 90*time.Second)
	t.Cleanup(func() {
		cancel2()
		cancel()
	})
	return ctx
}

// recorder keeps a copy of every response the server sends.
type recorder struct {
	mu     sync.Mutex
	bodies []string
}

type teeWriter struct {
	http.ResponseWriter
	buf bytes.Buffer
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (rec *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tw := &teeWriter{ResponseWriter: w}
		h.ServeHTTP(tw, r)
		rec.mu.Lock()
		rec.bodies = append(rec.bodies, r.URL.Path+"\n"+tw.buf.String())
		rec.mu.Unlock()
	})
}

func (rec *recorder) all() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]string(nil), rec.bodies...)
}

// TestBrowser opens Rotterdam in a real browser against two bots, clicks
// a space of the board and a move, and checks that the board and the log
// change, that stepping back works, and that the hidden cards of the other
// seats are in neither the page nor any response the server sent.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	s, err := New(Options{Source: load.Source{FS: definitions.Files}, Seed: 3, Bots: []int{1, 2}, Bot: "random"})
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	ts := httptest.NewServer(rec.wrap(s.Handler()))
	// The page keeps an event stream open: cut it before closing.
	defer func() { ts.CloseClientConnections(); ts.Close() }()

	var nodes, pieces0, logBefore, logAfter, picked int
	var status, status2, html string
	err = chromedp.Run(ctx,
		chromedp.Navigate(ts.URL+"/games/rotterdam"),
		chromedp.WaitVisible(`#board`),
		settled(),
		chromedp.Evaluate(`document.querySelectorAll("#board g.node").length`, &nodes),
		chromedp.Evaluate(`document.querySelectorAll("#board g.piece").length`, &pieces0),
		chromedp.Evaluate(`document.querySelectorAll("#log li").length`, &logBefore),
		chromedp.Text(`#status`, &status),
		// A start names five moves (a ship with each cargo): clicking it
		// picks them out among the moves.
		chromedp.Click(`g.node.target[data-node="start1"]`),
		chromedp.WaitVisible(`button.move.picked`),
		chromedp.Evaluate(`document.querySelectorAll("button.move.picked").length`, &picked),
		chromedp.Click(`button.move[data-move="place start1 grain"]`),
		chromedp.WaitVisible(`#board g.piece[data-owner="0"]`),
		chromedp.Evaluate(`document.querySelectorAll("#log li").length`, &logAfter),
		chromedp.Text(`#status`, &status2),
		chromedp.OuterHTML(`html`, &html),
	)
	if err != nil {
		t.Fatal(err)
	}
	if nodes != 26 {
		t.Errorf("%d nodes drawn, want the board's 26", nodes)
	}
	if pieces0 != 0 {
		t.Errorf("%d pieces on the board before any move", pieces0)
	}
	if picked != 5 {
		t.Errorf("clicking start1 picked %d moves, want 5", picked)
	}
	if logAfter == logBefore && status == status2 {
		t.Errorf("the log and status did not change after a move (%d lines, %q)", logAfter, status2)
	}
	if !strings.Contains(status2, "move ") || status == status2 {
		t.Errorf("status %q after the move, was %q", status2, status)
	}

	tb := s.entry("rotterdam")
	tb.mu.Lock()
	hidden := hiddenCards(t, tb.g, tb.st, 0)
	tb.mu.Unlock()
	if len(hidden) == 0 {
		t.Fatal("no hidden cards to look for")
	}
	assertNoCards(t, "the page in the browser", html, hidden)
	for _, body := range rec.all() {
		assertNoCards(t, "response "+strings.SplitN(body, "\n", 2)[0], body, hidden)
	}
	if !strings.Contains(html, `data-card=`) {
		t.Errorf("the page shows none of player 0's own cards")
	}

	// Step back to the start: the ship leaves the board.
	var back int
	// Every button is disabled while a request is in flight: the page
	// is at the start when Back is disabled on a page that is not busy.
	err = chromedp.Run(ctx, settled(), chromedp.Click(`button[data-act="back"]`))
	for k := 0; err == nil && k < 10; k++ {
		var disabled bool
		err = chromedp.Run(ctx, settled(), chromedp.Evaluate(`document.querySelector('button[data-act="back"]').disabled`, &disabled))
		if disabled || err != nil {
			break
		}
		err = chromedp.Run(ctx, chromedp.Click(`button[data-act="back"]`))
	}
	if err == nil {
		err = chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#board g.piece").length`, &back))
	}
	if err != nil {
		t.Fatal(err)
	}
	if back != 0 {
		t.Errorf("%d pieces on the board after stepping back to the start", back)
	}
}
