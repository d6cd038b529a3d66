package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// tableLook is what the browser test reads of a game's page.
type tableLook struct {
	Buttons, InWords, Groups, Changed, Raw, Columns int
	Tracks, SlotRows, Marks                         int
	Last                                            bool
	Overlaps                                        []string
}

// lookJS reads the page: the moves in words, the log's moves, what is
// marked changed, names shown by their ids, the layout's columns, the
// tracks and slot boards, and every pair of labels whose boxes overlap:
// the board's, and those of the tracks and slot boards.
const lookJS = `(() => {
  const moves = [...document.querySelectorAll("button.move")];
  const labels = [...document.querySelectorAll("#board text.label")].map(t => ({t: t.textContent, b: t.getBBox()}));
  const overlaps = [];
  const box = l => l.t + " [" + [l.b.x, l.b.y, l.b.x + l.b.width, l.b.y + l.b.height].map(Math.round).join(" ") + "]";
  for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
    const a = labels[i].b, b = labels[j].b;
    if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) overlaps.push(box(labels[i]) + " / " + box(labels[j]));
  }
  // A text's own extent, not its box's: a label may overflow its box.
  const extent = e => { if (e.tagName === "I") return e.getBoundingClientRect(); const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
  const cells = [...document.querySelectorAll("#tboards .tl, #tboards i.mark")].map(t => ({t: t.textContent || t.title, b: extent(t)}));
  for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) {
    const a = cells[i].b, b = cells[j].b;
    if (a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5) overlaps.push(box(cells[i]) + " / " + box(cells[j]));
  }
  return {
    Buttons: moves.length,
    InWords: moves.filter(b => b.textContent.trim() !== b.dataset.move).length,
    Groups: document.querySelectorAll("#log li.lmove").length,
    Changed: document.querySelectorAll(".changed, .card.new").length,
    Raw: document.querySelectorAll(".raw").length,
    Columns: getComputedStyle(document.querySelector(".layout")).gridTemplateColumns.split(" ").length,
    Last: !!document.getElementById("lastmove"),
    Tracks: document.querySelectorAll("#tboards .track").length,
    SlotRows: document.querySelectorAll("#tboards .slotboard .trow").length,
    Marks: document.querySelectorAll("#tboards i.mark").length,
    Overlaps: overlaps,
  };
})()`

// TestBrowserTable opens every shipped game (and Mainports' second map)
// a few moves in, at a desk's width and a phone's: the moves read in
// words, the log lists them by move and searches the whole of it, the
// last move and what it changed are marked, no name is shown by an id
// the presentation does not label, no two labels of the board overlap,
// and at 390 px the page is one column no wider than the screen. With
// -screenshots DIR it writes each page's picture there (the docs' are
// made by go test ./web -run 'TestBrowserTable$' -screenshots ../docs).
func TestBrowserTable(t *testing.T) {
	ctx := browser(t)
	src := load.Source{FS: definitions.Files}
	changed := 0
	for _, tc := range []struct {
		game, shot       string
		options          map[string]string
		tracks, slotRows int // drawn beside the board
	}{
		{"rotterdam", "serve-rotterdam", nil, 0, 0},
		{"masters-of-trade", "serve-masters-of-trade", nil, 13, 12},
		{"mainports", "serve-mainports", nil, 1, 0},
		{"mainports", "serve-mainports-great-europe", map[string]string{"map": "great-europe"}, 1, 0},
		{"mainport-mastermind", "serve-mainport-mastermind", nil, 0, 0},
	} {
		t.Run(tc.shot, func(t *testing.T) {
			bots := []int{1, 2}
			if tc.options != nil {
				// The game with options starts by the page's new game:
				// no bot may move the table before it (409).
				bots = nil
			}
			s, ts := newTestServer(t, Options{Source: src, Seed: 7, Bots: bots, Bot: "random"})
			c := newClient(t, s, ts)
			if tc.options != nil {
				c.state(tc.game)
				c.act(tc.game, "new", map[string]any{"bots": []int{1, 2}, "bot": "random", "options": tc.options})
			}
			playSome(c, tc.game, 4)

			var desk, phone tableLook
			var found string
			var wide, width int
			var png, phonePNG []byte
			require.NoError(t, chromedp.Run(ctx,
				chromedp.EmulateViewport(1440, 900),
				chromedp.Navigate(ts.URL+"/games/"+tc.game),
				chromedp.WaitVisible(`#board`),
				settled(),
				chromedp.Evaluate(lookJS, &desk),
			))
			if *screenshots != "" {
				require.NoError(t, chromedp.Run(ctx, chromedp.Sleep(100*time.Millisecond), chromedp.CaptureScreenshot(&png)))
			}
			require.NoError(t, chromedp.Run(ctx,
				chromedp.SendKeys(`#logsearch`, "no such words"),
				chromedp.Poll(`document.querySelector("#log").textContent.includes("nothing found")`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
				chromedp.Text(`#log`, &found),
				chromedp.EmulateViewport(390, 844),
				chromedp.Navigate(ts.URL+"/games/"+tc.game),
				chromedp.WaitVisible(`#board`),
				settled(),
				chromedp.Evaluate(lookJS, &phone),
				chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide),
				chromedp.Evaluate(`Math.round(document.getElementById("board").getBoundingClientRect().width)`, &width),
			))
			if *screenshots != "" && tc.game == "rotterdam" {
				require.NoError(t, chromedp.Run(ctx, chromedp.CaptureScreenshot(&phonePNG)))
			}

			assert.Positive(t, desk.Buttons, "the person has moves")
			assert.Equal(t, desk.Buttons, desk.InWords, "every move reads in words")
			assert.GreaterOrEqual(t, desk.Groups, 2, "the log lists the moves")
			assert.True(t, desk.Last, "the last move is said")
			// A choice may change nothing a player sees: the marks are
			// counted over the games.
			changed += desk.Changed
			assert.Zero(t, desk.Raw, "names shown by their ids")
			assert.Empty(t, desk.Overlaps, "labels that overlap")
			assert.Equal(t, tc.tracks, desk.Tracks, "tracks")
			assert.Equal(t, tc.slotRows, desk.SlotRows, "rows of slot boards")
			if tc.tracks > 0 {
				assert.Positive(t, desk.Marks, "markers on the tracks")
			}
			assert.Empty(t, phone.Overlaps, "labels that overlap at 390 px")
			assert.Equal(t, 3, desk.Columns, "board, players and log side by side at 1,440 px")
			assert.Contains(t, found, "nothing found")
			assert.Equal(t, 1, phone.Columns, "one column at 390 px")
			assert.LessOrEqual(t, wide, 390, "the page is no wider than a phone")
			assert.LessOrEqual(t, width, 390)
			assert.Greater(t, width, 300, "the board fills the phone's width")

			if *screenshots != "" {
				require.NoError(t, os.WriteFile(filepath.Join(*screenshots, tc.shot+".png"), png, 0o644))
				if phonePNG != nil {
					require.NoError(t, os.WriteFile(filepath.Join(*screenshots, strings.Replace(tc.shot, "serve-", "serve-phone-", 1)+".png"), phonePNG, 0o644))
				}
			}
		})
	}
	assert.Positive(t, changed, "what the last moves changed is marked")
}
