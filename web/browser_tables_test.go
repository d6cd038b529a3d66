package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserTables opens tables of walk in two tabs of one browser: a
// table from the index, a second from its form for a new game, a move
// at each that the other does not see, the index listing both, and a
// finished table closed from its page, which the other tab is told. The steps are subtests of one
// server and one browser.
func TestBrowserTables(t *testing.T) {
	a := browser(t)
	s, ts := hotSeat(t, 2, nil)
	b, cancel := chromedp.NewContext(a)
	defer cancel()
	// handOff passes the device on, when the page asks for it.
	handOff := chromedp.Evaluate(`(function () {
		var h = document.getElementById("handoff");
		if (!h.hidden) document.getElementById("handoff-go").click();
	})()`, nil)
	moves := func(game string, num int) int {
		tb, err := s.find(game, []string{"", "1", "2"}[num])
		require.NoError(t, err)
		tb.mu.Lock()
		defer tb.mu.Unlock()
		return len(tb.st.Moves)
	}

	t.Run("the index opens a new table with its form", func(t *testing.T) {
		var url string
		var empty bool
		require.NoError(t, chromedp.Run(a,
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`button.newtable[data-game="walk"]`),
			chromedp.Evaluate(`!!document.querySelector('li[data-game="walk"] .notables')`, &empty),
			chromedp.Click(`button.newtable[data-game="walk"]`),
			chromedp.WaitVisible(`#newgame input[name="players"]`),
			chromedp.Location(&url),
		))
		assert.True(t, empty, "the index lists a table before any is opened")
		assert.Equal(t, ts.URL+"/games/walk/tables/1#new", url)
	})

	t.Run("the form starts a game at a new table", func(t *testing.T) {
		var url, status string
		require.NoError(t, chromedp.Run(a,
			settled(),
			chromedp.SendKeys(`#newgame input[name="seed"]`, "5"),
			chromedp.Click(`#newtable`),
			chromedp.WaitVisible(`body[data-base="/games/walk/tables/2"] button.move[data-move="go right"]`),
			settled(),
			chromedp.Location(&url),
			chromedp.Text(`#status`, &status),
		))
		assert.Equal(t, ts.URL+"/games/walk/tables/2", url)
		assert.Contains(t, status, "move 0")
		tb, err := s.find("walk", "2")
		require.NoError(t, err)
		tb.mu.Lock()
		assert.Equal(t, uint64(5), tb.seed, "the form's seed")
		tb.mu.Unlock()
	})

	t.Run("two tabs play two tables apart", func(t *testing.T) {
		var statusA, statusB string
		require.NoError(t, chromedp.Run(b,
			chromedp.Navigate(ts.URL+"/games/walk/tables/1"),
			chromedp.WaitVisible(`button.move[data-move="go left"]`),
			settled(),
			chromedp.Click(`button.move[data-move="go left"]`),
			chromedp.WaitVisible(`#handoff`),
			handOff,
			settled(),
		))
		require.NoError(t, chromedp.Run(a,
			chromedp.Click(`button.move[data-move="go right"]`),
			chromedp.WaitVisible(`#handoff`),
			handOff,
			settled(),
			chromedp.WaitVisible(`button.move[data-move="go left"]`),
			chromedp.Click(`button.move[data-move="go left"]`),
			chromedp.WaitVisible(`#handoff`),
			handOff,
			settled(),
			chromedp.Text(`#status`, &statusA),
		))
		require.NoError(t, chromedp.Run(b, settled(), chromedp.Text(`#status`, &statusB)))
		assert.Equal(t, 1, moves("walk", 1))
		assert.Equal(t, 2, moves("walk", 2))
		assert.Contains(t, statusA, "move 2")
		assert.Contains(t, statusB, "move 1")
		assert.NotContains(t, statusB, "move 2")
	})

	t.Run("the index lists both tables", func(t *testing.T) {
		var one, two string
		require.NoError(t, chromedp.Run(b,
			chromedp.Navigate(ts.URL+"/"),
			chromedp.WaitVisible(`tr[data-table="2"]`),
			chromedp.Text(`tr[data-table="1"]`, &one),
			chromedp.Text(`tr[data-table="2"]`, &two),
		))
		assert.Equal(t, "table 1\t2\t2 persons\t1\tjust now", strings.TrimSpace(one))
		assert.Equal(t, "table 2\t2\t2 persons\t2\tjust now", strings.TrimSpace(two))
	})

	t.Run("a finished table is closed from its page", func(t *testing.T) {
		var url, told string
		var listed bool
		require.NoError(t, chromedp.Run(b,
			chromedp.Navigate(ts.URL+"/games/walk/tables/2"),
			chromedp.WaitVisible(`button.move[data-move="go end"]`),
			settled(),
		))
		require.NoError(t, chromedp.Run(a,
			chromedp.Click(`button.move[data-move="go end"]`),
			chromedp.WaitVisible(`#closetable`),
			settled(),
			chromedp.Click(`#closetable`),
			chromedp.WaitVisible(`button.newtable`),
			chromedp.Location(&url),
			chromedp.Evaluate(`!!document.querySelector('tr[data-table="2"]')`, &listed),
		))
		assert.Equal(t, ts.URL+"/", url)
		assert.False(t, listed, "the index lists the closed table")
		// The other tab at the table is told.
		require.NoError(t, chromedp.Run(b,
			chromedp.Poll(`document.getElementById("message").textContent.indexOf("closed") >= 0`, nil, chromedp.WithPollingInterval(20*time.Millisecond)),
			chromedp.Text(`#message`, &told),
		))
		assert.Equal(t, "This table is closed: the open tables are listed on the first page.", told)
		_, err := s.find("walk", "2")
		assert.Error(t, err)
		require.Eventually(t, func() bool { return moves("walk", 1) == 1 }, time.Second, 10*time.Millisecond, "table 1 is as it was")
	})
}
