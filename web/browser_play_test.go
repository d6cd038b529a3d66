package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserHandOffDesignAndNewGame plays Walk hot-seat in a browser:
// after a move the page is covered until the next person says they sit;
// the design view shows the state and the table as a spectator sees it;
// the form starts a new game with a bot kind and its options.
func TestBrowserHandOffDesignAndNewGame(t *testing.T) {
	ctx := browser(t)
	s, c := walkServer(t, Options{})
	var who, viewer, state string
	var covered, uncovered bool
	steps := []chromedp.Action{
		chromedp.EmulateViewport(1440, 900),
		chromedp.Navigate(c.base + "/games/walk"),
		chromedp.WaitVisible(`button.move`),
		settled(),
		chromedp.Click(`button.move`),
		settled(), // the page drawn again after the move: no node replaced under a click
		chromedp.WaitVisible(`#handoff`),
		chromedp.Evaluate(`document.getElementById("handoff-who").textContent`, &who),
		chromedp.Evaluate(`!document.getElementById("handoff").hidden`, &covered),
		chromedp.Click(`#handoff-go`),
		settled(),
		chromedp.Evaluate(`document.getElementById("handoff").hidden`, &uncovered),

		chromedp.Click(`#designtoggle`),
		settled(),
		chromedp.Poll(`document.getElementById("state").textContent.includes('"moves"')`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		chromedp.SendKeys(`#statesearch`, `"round"`),
		chromedp.Evaluate(`document.getElementById("state").textContent`, &state),
		chromedp.SetValue(`#viewas`, "-1"),
		chromedp.Evaluate(`document.getElementById("viewas").dispatchEvent(new Event("change", {bubbles: true}))`, nil),
		chromedp.Poll(`document.getElementById("viewer").textContent === "spectator"`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
		// Read by script: the page may draw #viewer again at any moment,
		// and a node chromedp found may be gone when it reads it.
		chromedp.Evaluate(`document.getElementById("viewer").textContent`, &viewer),
	}
	for i, a := range steps {
		require.NoError(t, chromedp.Run(ctx, a), "step %d", i)
	}
	assert.Equal(t, "player 1", who)
	assert.True(t, covered, "the page is covered for the hand-off")
	assert.True(t, uncovered, "the next person uncovers it")
	assert.Equal(t, "spectator", viewer)
	for _, l := range strings.Split(strings.TrimSpace(state), "\n") {
		assert.Contains(t, l, `"round"`, "the search keeps the lines that say it")
	}

	require.NoError(t, chromedp.Run(ctx,
		settled(),
		chromedp.Click(`#newtoggle`),
		chromedp.WaitVisible(`#newgame select[name="bot"]`),
		chromedp.Click(`#newgame input[name="bot1"]`),
		chromedp.SetValue(`#newgame select[name="bot"]`, "ismcts"),
		chromedp.Evaluate(`document.getElementById("newgame").dispatchEvent(new Event("input"))`, nil),
		chromedp.WaitVisible(`#newgame .botopts[data-bot="ismcts"] input[name="opt-iters"]`),
		chromedp.SendKeys(`#newgame .botopts[data-bot="ismcts"] input[name="opt-iters"]`, "20"),
		chromedp.Click(`#newgame button[type="submit"]`),
	))
	require.Eventually(t, func() bool {
		tb := s.entry("walk")
		tb.mu.Lock()
		defer tb.mu.Unlock()
		return tb.botName == "ismcts:iters=20:ms=3000" && tb.bots[1] && !tb.bots[0]
	}, 10*time.Second, 20*time.Millisecond, "a new game with an ismcts bot of 20 iterations at seat 1")
}
