package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/haven-engine/haven/interpreter"
)

// A server hosts many tables of each game. A table has a number among
// its game's, never used again once it is closed, and its own URL,
// /games/GAME/tables/N, under which its page and API live; it has its
// own state, revision, lock, bot loop, log and seat secrets. The game's
// URL, /games/GAME, is its default table: the first of its open tables,
// opened on first use, so that one person on this machine opens a game's
// page and plays, as on a server with one table a game.
//
// A new table is asked for by POST /games/GAME/tables (newGame: an empty
// body takes the server's setup), within Limits.Tables a server and
// Limits.GameTables a game. A table nobody asked anything of for
// Limits.TableIdle, with no page watching it (an event stream open), is
// closed by the janitor, a goroutine that runs while tables are open;
// a table whose game is over is closed by POST close. A closed table
// stops its bot loop and its event streams, and answers 404.

// url is the table's own address.
func (t *table) url() string { return "/games/" + t.game + "/tables/" + strconv.Itoa(t.num) }

// gone is the error of a request for a closed table.
func (t *table) gone() error {
	return refuse(http.StatusNotFound, "table %d of %s is closed: the open tables are listed at /", t.num, t.game)
}

// find returns the table of a game numbered num, or for num "" the
// game's default table, opening it if the game has none.
func (s *Server) find(game, num string) (*table, error) {
	if !slices.Contains(s.games, game) {
		return nil, errNotFound
	}
	var gone []*table
	defer func() { shut(gone) }()
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	if num == "" {
		for _, t := range s.tables {
			if t.game == game {
				t.used = now
				return t, nil
			}
		}
		gone = s.expire(now)
		return s.add(game)
	}
	n, err := strconv.Atoi(num)
	if err == nil {
		for _, t := range s.tables {
			if t.game == game && t.num == n {
				t.used = now
				return t, nil
			}
		}
	}
	return nil, refuse(http.StatusNotFound, "%s has no table %s: it was closed, or never opened (the open tables are listed at /)", game, clip(num, 20))
}

// add opens a table of a game, within the server's bounds. The server's
// lock is held.
func (s *Server) add(game string) (*table, error) {
	if len(s.tables) >= s.limits.Tables {
		return nil, refuse(http.StatusTooManyRequests, "this server has as many tables open as it holds (%d): close a finished one, or wait for an idle one to close", len(s.tables))
	}
	n := 0
	for _, t := range s.tables {
		if t.game == game {
			n++
		}
	}
	if n >= s.limits.GameTables {
		return nil, refuse(http.StatusTooManyRequests, "%s has as many tables open as this server holds of one game (%d): close a finished one, or wait for an idle one to close", game, n)
	}
	s.next[game]++
	t := newTable(game, s.next[game])
	s.tables = append(s.tables, t)
	if !s.janitor && s.limits.TableIdle > 0 {
		s.janitor = true
		go s.sweep()
	}
	return t, nil
}

// expire takes out of the list the tables idle for Limits.TableIdle, and
// returns them, to be shut without the server's lock. The server's lock
// is held.
func (s *Server) expire(now time.Time) []*table {
	if s.limits.TableIdle <= 0 {
		return nil
	}
	var gone []*table
	s.tables = slices.DeleteFunc(s.tables, func(t *table) bool {
		idle := t.streams == 0 && now.Sub(t.used) >= s.limits.TableIdle
		if idle {
			gone = append(gone, t)
		}
		return idle
	})
	return gone
}

// sweep is the janitor: it closes the idle tables, and ends when no
// table is open or the server is closed.
func (s *Server) sweep() {
	tick := time.NewTicker(min(max(s.limits.TableIdle/4, 10*time.Millisecond), time.Minute))
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-s.stop:
		}
		s.mu.Lock()
		gone := s.expire(time.Now())
		done := len(s.tables) == 0 || s.closed
		if done {
			s.janitor = false
		}
		s.mu.Unlock()
		shut(gone)
		if done {
			return
		}
	}
}

// drop closes a table.
func (s *Server) drop(t *table) {
	s.mu.Lock()
	s.tables = slices.DeleteFunc(s.tables, func(u *table) bool { return u == t })
	s.mu.Unlock()
	shut([]*table{t})
}

// shut closes tables taken out of the list: their bot loops end at their
// next look at the table, their event streams at once.
func shut(tables []*table) {
	for _, t := range tables {
		t.mu.Lock()
		t.closed = true
		t.auto, t.steps = false, 0
		t.bump()
		t.mu.Unlock()
	}
}

// watching counts an event stream of a table open (+1) or closed (-1):
// a table watched is not idle.
func (s *Server) watching(t *table, d int) {
	s.mu.Lock()
	t.streams += d
	t.used = time.Now()
	s.mu.Unlock()
}

// newTableAnswer is the answer to a new table: its address.
type newTableAnswer struct {
	URL   string `json:"url"`
	Table int    `json:"table"`
}

// create opens a new table of a game, with the server's setup, or the
// one the request gives where it gives one.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if err := s.checkOrigin(r); err != nil {
		writeError(w, err, nil)
		return
	}
	game := r.PathValue("game")
	if !slices.Contains(s.games, game) {
		writeError(w, errNotFound, nil)
		return
	}
	var req newGame
	if err := decode(w, r, s.limits.Body, &req); err != nil {
		writeError(w, err, nil)
		return
	}
	var gone []*table
	s.mu.Lock()
	gone = s.expire(time.Now())
	t, err := s.add(game)
	s.mu.Unlock()
	shut(gone)
	if err != nil {
		writeError(w, err, nil)
		return
	}
	t.mu.Lock()
	err = s.ensure(t)
	if err == nil && !req.empty() {
		// What the request leaves out is the server's.
		o := s.opt
		if req.Players != 0 {
			o.Players = req.Players
		}
		def := o.setup(t.g)
		if req.Players == 0 {
			req.Players = def.Players
		}
		if req.Bots == nil {
			req.Bots = def.Bots
		}
		err = s.restart(t, &req)
	}
	t.mu.Unlock()
	if err != nil {
		s.drop(t)
		writeError(w, err, nil)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(newTableAnswer{URL: t.url(), Table: t.num})
}

// restart starts a new game at a table. The table's lock is held; on
// failure the table is as it was.
func (s *Server) restart(t *table, req *newGame) error {
	spec, err := s.checkBot(req.Bot)
	if err != nil {
		return err
	}
	req.Bot = spec
	old := *t.snapshot()
	if err := s.choose(t, req.Variants, req.Options); err != nil {
		return err
	}
	if err := t.start(req.setup); err != nil {
		t.restore(old)
		t.hist = nil
		return err
	}
	return nil
}

// closeFinished closes a table whose game is over, at the request of its
// page (on a public server, of a seated player if any sits).
func (s *Server) closeFinished(w http.ResponseWriter, r *http.Request) {
	t, req, ok := begin(s, w, r, s.limits.Body, &action{})
	if !ok {
		return
	}
	t.mu.Lock()
	seat, err := s.seatOf(t, r)
	if err == nil {
		err = s.current(t, *req, seat)
	}
	if err == nil {
		err = s.mayRun(t, seat)
	}
	if err == nil && !t.st.Finished {
		err = refuse(http.StatusConflict, "a table is closed once its game is over: an idle table closes by itself")
	}
	rev := t.rev
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, &rev)
		return
	}
	s.drop(t)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(newTableAnswer{URL: "/", Table: t.num})
}

// gameInfo is what the index says of a game, or why it does not load.
type gameInfo struct {
	name, summary, players string
	err                    error
}

// know keeps what the index says of a game, from a compiled game.
func (s *Server) know(game string, g *interpreter.Game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.info[game] = gameInfo{name: g.Name(), summary: g.Summary(), players: fmt.Sprintf("%d–%d players", g.MinPlayers(), g.MaxPlayers())}
}

// describe is what the index says of a game: compiled once, apart from
// any table, and again after a reload.
func (s *Server) describe(game string) (gameInfo, error) {
	s.mu.Lock()
	in, ok := s.info[game]
	s.mu.Unlock()
	if ok {
		return in, in.err
	}
	c, err := s.compile(game, s.opt.Load)
	if err != nil {
		// Kept until the game is reloaded, as a game that loads is.
		s.mu.Lock()
		s.info[game] = gameInfo{err: err}
		s.mu.Unlock()
		return gameInfo{}, err
	}
	s.know(game, c.g)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info[game], nil
}

// tableRow is a table in the index: who sits at it and how far its game
// is, nothing any seat may not see.
type tableRow struct {
	URL      string
	Num      int
	Players  int
	Persons  int
	Bots     int
	Taken    int // seats claimed (a public server)
	Free     int // persons' seats nobody claimed (a public server)
	Moves    int
	Finished bool
	Started  string
	Error    bool
}

// rows lists the open tables of a game for the index.
func (s *Server) rows(game string) []tableRow {
	s.mu.Lock()
	var open []*table
	for _, t := range s.tables {
		if t.game == game {
			open = append(open, t)
		}
	}
	s.mu.Unlock()
	var out []tableRow
	for _, t := range open {
		t.mu.Lock()
		row := tableRow{URL: t.url(), Num: t.num, Error: !t.loaded}
		if t.loaded {
			row.Players, row.Moves, row.Finished = t.players, len(t.line), t.st.Finished
			row.Started = ago(time.Since(t.started))
			for p := 0; p < t.players; p++ {
				switch {
				case t.bots[p]:
					row.Bots++
				case s.opt.Public && p < len(t.claims) && t.claims[p] != "":
					row.Persons++
					row.Taken++
				default:
					row.Persons++
					row.Free++
				}
			}
		}
		t.mu.Unlock()
		out = append(out, row)
	}
	return out
}

// ago says how long ago, roughly.
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	default:
		return fmt.Sprintf("%d h %d min ago", int(d/time.Hour), int(d%time.Hour/time.Minute))
	}
}
