package web

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// table is one game being played on the server: the compiled game, the
// seats played by a bot, and the line of moves. The state shown is the
// one after the first `at` moves of the line; stepping back and forth
// moves `at`, and a move made before the end of the line replaces the
// rest of it.
type table struct {
	id      string
	opts    load.Options // the variants and sets the game is loaded with
	g       *interpreter.Game
	lay     *Layout
	players int
	seed    uint64
	bots    map[int]bool
	botName string
	bot     sim.Bot
	line    []string
	st      *interpreter.State
	// errs are the problems of the last reload that failed: the table
	// keeps playing the last definition that loaded.
	errs []string
	// note says what the last reload or load did, for the page.
	note string
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
		return fmt.Errorf("%s is for %d to %d players", t.g.Name(), t.g.MinPlayers(), t.g.MaxPlayers())
	}
	bots := map[int]bool{}
	for _, p := range s.Bots {
		if p < 0 || p >= n {
			return fmt.Errorf("seat %d: seats are 0 to %d", p, n-1)
		}
		bots[p] = true
	}
	if s.Seed == 0 {
		s.Seed = 1 + rand.Uint64N(999_999_999)
	}
	bot, err := sim.NewBot(s.Bot, t.g, s.Seed)
	if err != nil {
		return err
	}
	st, err := t.g.New(n, s.Seed)
	if err != nil {
		return err
	}
	t.players, t.seed, t.bots, t.botName, t.bot, t.st, t.line = n, s.Seed, bots, s.Bot, bot, st, nil
	t.note = ""
	return t.runBots()
}

// human tells whether the seat is played at the page, not by the bot.
func (t *table) human(p int) bool { return !t.bots[p] }

// viewer is the seat whose view the page shows: the deciding seat when a
// person plays it; else the only person at the table; else a spectator
// (-1), who sees only what everyone sees.
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

// errNotYours refuses a move sent for a seat the page does not play.
var errNotYours = errors.New("it is not a person's turn: step the bot instead")

// move applies a move of the deciding person, then lets the bots play
// up to the next person's decision.
func (t *table) move(text string) error {
	d := t.st.Pending
	if t.st.Finished || d == nil {
		return errors.New("the game is over")
	}
	if !t.human(d.Player) {
		return errNotYours
	}
	if err := t.apply(text); err != nil {
		return err
	}
	return t.runBots()
}

// apply plays one move and makes it the end of the line.
func (t *table) apply(text string) error {
	if err := t.g.Apply(t.st, text); err != nil {
		return err
	}
	t.line = append(t.line[:len(t.st.Moves)-1], text)
	return nil
}

// maxBotMoves bounds the bots' moves in one request, so that a game of
// bots only is watched move by move and never hangs the server.
const maxBotMoves = 2000

// runBots lets the bots play while a bot decides and the person's seats
// wait, when the table is at the end of its line.
func (t *table) runBots() error {
	if len(t.st.Moves) < len(t.line) || !t.someHuman() {
		return nil
	}
	for k := 0; k < maxBotMoves && !t.st.Finished && t.st.Pending != nil && !t.human(t.st.Pending.Player); k++ {
		if err := t.botMove(); err != nil {
			return err
		}
	}
	return nil
}

func (t *table) someHuman() bool {
	for p := 0; p < t.players; p++ {
		if t.human(p) {
			return true
		}
	}
	return false
}

// botMove lets the bot play the pending decision, whoever decides.
func (t *table) botMove() error {
	if t.st.Finished || t.st.Pending == nil {
		return errors.New("the game is over")
	}
	legal, err := t.g.Legal(t.st)
	if err != nil {
		return err
	}
	if len(legal) == 0 {
		return fmt.Errorf("player %d must move but has no legal move", t.st.Pending.Player)
	}
	m, err := sim.Decide(t.g, t.st, t.bot, legal)
	if err != nil {
		return err
	}
	return t.apply(m.Text)
}

// back steps one move back along the line.
func (t *table) back() error {
	if len(t.st.Moves) == 0 {
		return errors.New("already at the start")
	}
	return t.replay(len(t.st.Moves) - 1)
}

// forward steps one move forward along the line.
func (t *table) forward() error {
	k := len(t.st.Moves)
	if k >= len(t.line) {
		return errors.New("already at the end of the line")
	}
	return t.g.Apply(t.st, t.line[k])
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
func (t *table) reload(g *interpreter.Game, lay *Layout) (string, error) {
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
	bot, err := sim.NewBot(t.botName, g, t.seed+uint64(kept))
	if err != nil {
		return "", err
	}
	t.g, t.lay, t.players, t.bot = g, lay, n, bot
	dropped := len(t.line) - kept
	t.line = t.line[:kept]
	t.st = st
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
