package web

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/sim"
)

// The bots of a table are played by one loop, which the server owns:
// kick starts it when a bot is to move and it is not already running, and
// it ends when no bot is due. A page only asks: a person's move (the bots
// answer it), one bot move (POST bot), or the bots played on and stopped
// (POST auto). However many pages are open, and however often they are
// drawn again, one loop plays, and when the bots are played on it waits
// Limits.BotPace between two moves.
//
// The loop thinks without the table's lock, in a game and a state of its
// own (a brain): a Game runs one state at a time, so the bots compile
// the definition again rather than share the table's. When it has
// thought, it takes the lock and plays its move only if the table is
// still at the revision it thought about; otherwise it thinks again.

// maxBotStreak bounds the moves the bots make in a row while a person
// sits at the table and no one plays them on: a game in which the
// persons never decide again stops there, with a note.
const maxBotStreak = 2000

// botDue tells whether a bot is to move now: it decides, the table is at
// the end of its line, and someone asked (a person waits, the bots are
// played on, or a single move was asked for).
func (t *table) botDue() bool {
	if !t.loaded || t.closed || t.st.Finished || t.st.Pending == nil || len(t.st.Moves) < len(t.line) {
		return false
	}
	if t.human(t.st.Pending.Player) {
		return false
	}
	return t.steps > 0 || t.auto || (t.someHuman() && t.streak < maxBotStreak)
}

// kick starts the table's bot loop when a bot is due and the loop is not
// running. The table's lock is held.
func (s *Server) kick(t *table) {
	if t.running || !t.botDue() || s.isClosed() {
		return
	}
	t.running = true
	go s.playBots(t)
}

// brain is what the bot loop thinks with: its own compiled game, the
// table's moves replayed in it, and the bot.
type brain struct {
	gen  int // the table's gen it was made for
	def  cue.Value
	spec string
	seed uint64
	g    *interpreter.Game
	st   *interpreter.State
	bot  sim.Bot
}

// playBots is the bot loop of a table.
func (s *Server) playBots(t *table) {
	s.loops.Add(1)
	defer s.loops.Add(-1)
	for {
		t.mu.Lock()
		if !t.botDue() || s.isClosed() {
			t.running = false
			t.bump() // the pages show that the bots stopped thinking
			t.mu.Unlock()
			return
		}
		// The brain outlives the loop, which the next person's move
		// starts again; only the loop uses it, and one loop runs.
		if t.brain == nil || t.brain.gen != t.gen {
			t.brain = &brain{gen: t.gen, def: t.def, spec: t.botName, seed: t.seed}
		}
		b := t.brain
		if wait := s.limits.BotPace - time.Since(t.lastBot); t.auto && wait > 0 {
			t.mu.Unlock()
			time.Sleep(wait) // then look again: the bots may have been stopped
			continue
		}
		rev, players, seed := t.rev, t.players, t.seed
		moves := slices.Clone(t.st.Moves)
		t.mu.Unlock()

		move, err := b.think(players, seed, moves)

		t.mu.Lock()
		if t.rev != rev || t.gen != b.gen || !t.botDue() {
			t.mu.Unlock() // the table changed while the bot thought
			continue
		}
		if err == nil {
			err = t.apply(move)
		}
		if err != nil {
			t.note = "the bot stopped: " + clip(err.Error(), maxMessage)
			t.auto, t.steps = false, 0
			t.running = false
			t.brain = nil // made again, should the bots be asked again
			t.bump()
			t.mu.Unlock()
			return
		}
		t.steps = max(t.steps-1, 0)
		t.streak++
		if t.streak == maxBotStreak && !t.auto {
			t.note = fmt.Sprintf("the bots made %d moves in a row: step them, or play them on", maxBotStreak)
		}
		t.lastBot = time.Now()
		// The loop ends with the move that ends its work, in one
		// revision: a person who answers it at once is not refused
		// for a revision that only stopped the bots thinking.
		done := !t.botDue() || s.isClosed()
		if done {
			t.running = false
		}
		t.bump()
		t.mu.Unlock()
		if done {
			return
		}
	}
}

// think brings the brain to the table's moves and asks the bot for the
// next one. A panic of the engine is an error: the loop is no request,
// which the server would recover.
func (b *brain) think(players int, seed uint64, moves []string) (move string, err error) {
	defer func() {
		if p := recover(); p != nil {
			move, err = "", fmt.Errorf("internal error: %v", p)
		}
	}()
	if b.g == nil {
		if b.g, err = interpreter.Compile(b.def); err != nil {
			return "", err
		}
	}
	// The brain's state follows the table's line: it plays the moves
	// made since it last thought, or starts again when the line is no
	// longer the one it played (a step back, a new line).
	if b.st == nil || len(b.st.Moves) > len(moves) || !slices.Equal(b.st.Moves, moves[:len(b.st.Moves)]) {
		if b.st, err = b.g.New(players, seed); err != nil {
			return "", err
		}
		// A bot that follows the game (a search tree) is made anew with
		// the state: its memory is of another line.
		if b.bot, err = sim.NewBot(b.spec, b.g, b.seed+uint64(len(moves))); err != nil {
			return "", err
		}
	}
	for _, m := range moves[len(b.st.Moves):] {
		if err := b.g.Apply(b.st, m); err != nil {
			return "", err
		}
	}
	legal, err := b.g.Legal(b.st)
	if err != nil {
		return "", err
	}
	if len(legal) == 0 {
		return "", fmt.Errorf("%s must move but has no legal move", seatLabel(b.st.Pending.Player))
	}
	m, err := sim.Decide(b.g, b.st, b.bot, legal)
	if err != nil {
		return "", err
	}
	return m.Text, nil
}

// settle waits, without the table's lock, until the bots no longer play
// on their own (they have answered a person, or made the move asked
// for), for at most Limits.Settle: the answer then shows their moves. It
// does not wait for bots played on.
func (s *Server) settle(ctx context.Context, t *table) {
	timer := time.NewTimer(s.limits.Settle)
	defer timer.Stop()
	for {
		t.mu.Lock()
		idle := !t.running || t.auto
		ch := t.changed
		t.mu.Unlock()
		if idle {
			return
		}
		select {
		case <-ch:
		case <-timer.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// checkBot refuses a bot spec a page asks for that the server's limits
// do not allow: more iterations, milliseconds or depth than
// Limits.Bot*. The server's own bot (Options.Bot) is its operator's
// choice, and allowed as it is.
func (s *Server) checkBot(spec string) (string, error) {
	if spec == "" || spec == s.opt.Bot {
		if spec == "" {
			spec = s.opt.Bot
		}
		return spec, nil
	}
	name, opt, err := sim.ParseBot(spec)
	if err != nil {
		return "", refuse(http.StatusUnprocessableEntity, "%v", err)
	}
	// An option that takes a word names a file on the server (a
	// learned model): a page may not.
	_, words := sim.BotOptions(name)
	for _, part := range strings.FieldsFunc(spec, func(r rune) bool { return r == ':' || r == ',' }) {
		if key, _, _ := strings.Cut(part, "="); slices.Contains(words, key) {
			return "", refuse(http.StatusUnprocessableEntity, "bot %s: %s= names a file of the server, which a page may not", name, key)
		}
	}
	bound := map[string]int{"iters": s.limits.BotIterations, "ms": s.limits.BotMillis, "depth": s.limits.BotDepth, "games": s.limits.BotGames}
	for _, key := range []string{"iters", "ms", "depth", "games"} {
		if n, ok := opt[key]; ok && n > bound[key] {
			return "", refuse(http.StatusUnprocessableEntity, "bot %s: %s=%d is more than this server allows (%s=%d at most)", name, key, n, key, bound[key])
		}
	}
	// A search bot always stops at the time limit, whatever its
	// iterations (ms=0 would mean no limit); a learned bot trains on
	// at most BotGames games (games=0 would mean the default, 300).
	fill := name == "ismcts" && opt["ms"] == 0 || name == "learned" && opt["games"] == 0
	if name == "ismcts" && opt["ms"] == 0 {
		opt["ms"] = s.limits.BotMillis
	}
	if name == "learned" && opt["games"] == 0 {
		opt["games"] = s.limits.BotGames
	}
	if fill {
		spec = name
		for _, key := range slices.Sorted(maps.Keys(opt)) {
			spec += fmt.Sprintf(":%s=%d", key, opt[key])
		}
	}
	return spec, nil
}
