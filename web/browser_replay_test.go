package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserReplay replays a game of Walk in the design view: from move
// 0, every position of the line is shown in turn up to its end, where
// the replay stops; a pause stops it where it is.
func TestBrowserReplay(t *testing.T) {
	ctx := browser(t)
	_, c := walkServer(t, Options{})
	a := c.state("walk")
	for !a.Finished {
		a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	}
	require.GreaterOrEqual(t, a.Line, 3)

	poll := func(js string) chromedp.Action {
		return chromedp.Poll(js, nil, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Second))
	}
	var seen []string
	var button string
	var pausedAt, atEnd int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(c.base+"/games/walk"),
		chromedp.WaitVisible(`#board`),
		settled(),
		chromedp.Click(`#designtoggle`),
		chromedp.WaitVisible(`#replay`),
		chromedp.SetValue(`#replayspeed`, "4"),
		// Every position drawn, in order.
		chromedp.Evaluate(`window.seen = []; new MutationObserver(() => {
			const l = document.querySelector(".layout");
			if (l && window.seen[window.seen.length - 1] !== l.dataset.at) window.seen.push(l.dataset.at);
		}).observe(document.getElementById("table"), {childList: true}); 0`, nil),
		chromedp.Click(`#replay`),
		poll(`document.getElementById("replay").getAttribute("aria-pressed") === "false"`),
		chromedp.Evaluate(`window.seen`, &seen),
		chromedp.Evaluate(`+document.querySelector(".layout").dataset.at`, &atEnd),
		chromedp.Evaluate(`document.getElementById("replay").textContent`, &button),
	))
	want := []string{}
	for k := 0; k <= a.Line; k++ {
		want = append(want, itoa(k))
	}
	assert.Equal(t, want, seen, "each position from move 0 to the end")
	assert.Equal(t, a.Line, atEnd)
	assert.Equal(t, "▶ Replay", button, "the replay stops at the end")

	// Paused once it shows move 1: a step under way as the click lands
	// (a loaded machine) may still be drawn, so the position is read a
	// step's time after the pause and again three steps later.
	var settledAt int
	require.NoError(t, chromedp.Run(ctx,
		chromedp.Click(`#replay`),
		poll(`document.querySelector(".layout").dataset.at === "1"`),
		chromedp.Click(`#replay`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`+document.querySelector(".layout").dataset.at`, &settledAt),
		chromedp.Sleep(800*time.Millisecond), // three steps at 4 a second
		chromedp.Evaluate(`+document.querySelector(".layout").dataset.at`, &pausedAt),
		chromedp.Evaluate(`document.getElementById("replay").textContent`, &button),
	))
	assert.Equal(t, settledAt, pausedAt, "the pause stops the replay")
	assert.Less(t, pausedAt, a.Line, "the pause stops it before the end")
	assert.Equal(t, "▶ Replay", button)
}
