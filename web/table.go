package web

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// table is one game being played on the server: the compiled game, the
// seats played by a bot, and the line of moves. The state shown is the
// one after the first `at` moves of the line; stepping back and forth
// moves `at`, and a move made before the end of the line replaces the
// rest of it.
//
// mu guards every field but game, num and those the server's lock
// guards (tables.go). It is held only while a request reads or changes
// the table, never while a bot thinks (bots.go) nor while a definition
// is evaluated (Reload, load.go).
type table struct {
	game string // the id of the game played
	num  int    // the table's number among the game's, from 1
	mu   sync.Mutex

	// closed: the table was closed (tables.go); nothing plays at it.
	closed bool
	// started is when the table's game began.
	started time.Time

	// Guarded by the server's lock (tables.go): when a request last
	// came for the table, and how many event streams it has open.
	used    time.Time
	streams int

	// loadErr is why the game did not load, until it does; the fields
	// below are set once it has.
	loadErr error
	loaded  bool
	def     cue.Value // the definition g was compiled from: the bots compile their own
	g       *interpreter.Game
	lay     *Layout
	opts    load.Options // the variants and sets the game is loaded with
	players int
	seed    uint64
	bots    map[int]bool
	botName string
	line    []string
	st      *interpreter.State
	// errs are the problems of the last reload that failed: the table
	// keeps playing the last definition that loaded.
	errs []string
	// note says what the last reload or load did, for the page.
	note string

	// rev is the table's revision: every change raises it, and closes
	// changed (the pages' event streams wait on it).
	rev     int
	changed chan struct{}
	// gen is raised when the game or its setup changes: the bots then
	// make their own game and state again (bots.go).
	gen int

	// The bots' loop (bots.go): auto plays them on; steps asks it for
	// single moves; running says the loop is under way; streak counts
	// the bots' moves since a person's; brain is what the loop thinks
	// with, which only the loop touches.
	auto    bool
	steps   int
	running bool
	streak  int
	brain   *brain
	lastBot time.Time // when a bot last moved: the pace counts from it

	// hist is the history of the position drawn, by seat (history.go).
	hist map[int]*history
	// form is the form for a new game, made for the game of gen formGen
	// (newgame.go).
	form    *setupForm
	formGen int

	// claims are the seats' secrets on a public server ("" for a seat
	// nobody has claimed; seats.go).
	claims []string
}

func newTable(game string, num int) *table {
	return &table{game: game, num: num, changed: make(chan struct{}), used: time.Now()}
}

// bump records a change of the table: a new revision, and a signal to
// the pages that wait for one.
func (t *table) bump() {
	t.rev++
	close(t.changed)
	t.changed = make(chan struct{})
}

// setup describes a new game at a table.
type setup struct {
	Players int `json:"players"`
	// Seed 0 asks for a random seed.
	Seed uint64 `json:"seed"`
	// Bots lists the seats played by the bot.
	Bots []int  `json:"bots"`
	Bot  string `json:"bot"`
}

// start begins a new game with the table's game.
func (t *table) start(s setup) error {
	n := s.Players
	if n == 0 {
		n = min(max(t.g.MinPlayers(), 3), t.g.MaxPlayers())
	}
	if n < t.g.MinPlayers() || n > t.g.MaxPlayers() {
		return refuse(http.StatusUnprocessableEntity, "%s is for %d to %d players", t.g.Name(), t.g.MinPlayers(), t.g.MaxPlayers())
	}
	bots := map[int]bool{}
	for _, p := range s.Bots {
		if p < 0 || p >= n {
			return refuse(http.StatusUnprocessableEntity, "seat %d: seats are 0 to %d", p, n-1)
		}
		bots[p] = true
	}
	if s.Seed == 0 {
		s.Seed = 1 + rand.Uint64N(999_999_999)
	}
	st, err := t.g.New(n, s.Seed)
	if err != nil {
		return err
	}
	t.players, t.seed, t.bots, t.botName, t.st, t.line = n, s.Seed, bots, s.Bot, st, nil
	t.note = ""
	t.started = time.Now()
	t.auto, t.steps, t.streak = false, 0, 0
	t.gen++
	t.keepClaims()
	return nil
}

// human tells whether the seat is played at a page, not by the bot.
func (t *table) human(p int) bool { return !t.bots[p] }

func (t *table) someHuman() bool {
	for p := 0; p < t.players; p++ {
		if t.human(p) {
			return true
		}
	}
	return false
}

// viewer is the seat whose view a page of a server on this machine
// shows: the deciding seat when a person plays it; else the only person
// at the table; else a spectator (-1), who sees only what everyone sees.
func (t *table) viewer() int {
	if d := t.st.Pending; d != nil && !t.st.Finished && t.human(d.Player) {
		return d.Player
	}
	seat := -1
	for p := 0; p < t.players; p++ {
		if t.human(p) {
			if seat >= 0 {
				return -1
			}
			seat = p
		}
	}
	return seat
}

// move applies a move of the deciding person, who must be seat. The
// bots then answer (bots.go).
func (t *table) move(text string, seat int, replace bool) error {
	d := t.st.Pending
	if t.st.Finished || d == nil {
		return refuse(http.StatusConflict, "the game is over")
	}
	if !t.human(d.Player) {
		return refuse(http.StatusConflict, "%s is played by the bot: it is not a person's turn", seatLabel(d.Player))
	}
	if seat != d.Player {
		return refuse(http.StatusConflict, "it is %s's turn, not %s's", seatLabel(d.Player), seatLabel(seat))
	}
	if at := len(t.st.Moves); at < len(t.line) && !replace {
		return refuse(http.StatusConflict, "the game is replayed at move %d of %d: a move here replaces the %d moves after it, so the page asks first", at, len(t.line), len(t.line)-at)
	}
	if err := t.apply(text); err != nil {
		var im *interpreter.IllegalMove
		if errors.As(err, &im) {
			return refuse(http.StatusUnprocessableEntity, "illegal move: %s", im.Reason)
		}
		// The definition failed on this move (a budget, an error at a
		// position): the move is refused, the state is as it was.
		return refuse(http.StatusUnprocessableEntity, "the move failed: %v", err)
	}
	t.streak = 0
	return nil
}

// apply plays one move and makes it the end of the line. A move the
// definition fails on (a budget, an error at a position) may have run
// part way: the state is then rebuilt as it was.
func (t *table) apply(text string) error {
	at := len(t.st.Moves)
	if err := t.g.Apply(t.st, text); err != nil {
		var im *interpreter.IllegalMove
		if !errors.As(err, &im) {
			if rerr := t.replay(at); rerr != nil {
				return errors.Join(err, rerr)
			}
		}
		return err
	}
	t.line = append(t.line[:len(t.st.Moves)-1], text)
	return nil
}

// back steps one move back along the line.
func (t *table) back() error {
	if len(t.st.Moves) == 0 {
		return refuse(http.StatusConflict, "already at the start")
	}
	t.auto = false
	return t.replay(len(t.st.Moves) - 1)
}

// forward steps one move forward along the line.
func (t *table) forward() error {
	k := len(t.st.Moves)
	if k >= len(t.line) {
		return refuse(http.StatusConflict, "already at the end of the line")
	}
	t.auto = false
	return t.g.Apply(t.st, t.line[k])
}

// jump steps to the position after the first k moves of the line.
func (t *table) jump(k int) error {
	if k < 0 || k > len(t.line) {
		return refuse(http.StatusUnprocessableEntity, "move %d: the line has moves 0 to %d", k, len(t.line))
	}
	t.auto = false
	return t.replay(k)
}

// replay rebuilds the state after the first k moves of the line.
func (t *table) replay(k int) error {
	st, err := t.g.New(t.players, t.seed)
	if err != nil {
		return err
	}
	for _, m := range t.line[:k] {
		if err := t.g.Apply(st, m); err != nil {
			return err
		}
	}
	t.st = st
	return nil
}

// reload swaps in a newly compiled game and plays the line again as far
// as its moves are still legal; the position shown stays where it was
// when it can. It says how many moves were kept.
func (t *table) reload(c *compiled) (string, error) {
	g := c.g
	at := len(t.st.Moves)
	n := t.players
	if n < g.MinPlayers() || n > g.MaxPlayers() {
		n = min(max(g.MinPlayers(), 3), g.MaxPlayers())
	}
	st, err := g.New(n, t.seed)
	if err != nil {
		return "", err
	}
	kept := 0
	for _, m := range t.line {
		if st.Finished || g.Apply(st, m) != nil {
			break
		}
		kept++
	}
	t.def, t.g, t.lay, t.players = c.def, g, c.lay, n
	t.gen++
	dropped := len(t.line) - kept
	t.line = t.line[:kept]
	t.st = st
	t.keepClaims()
	if at < kept {
		if err := t.replay(at); err != nil {
			return "", err
		}
	}
	note := fmt.Sprintf("reloaded: %d moves replayed", kept)
	if dropped > 0 {
		note += fmt.Sprintf(", %d dropped (no longer legal)", dropped)
	}
	return note, nil
}
