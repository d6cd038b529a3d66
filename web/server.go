// Package web is Haven's web board, `haven serve`: an index of the games
// and a page per game that draws the board as SVG from the definition,
// offers the legal moves as buttons and as clicks on the board, shows the
// explained log and the scores, plays the bots, steps a game back and
// forth, loads a saved game, and reloads a definition edited on disk.
//
// Every page and every JSON answer is built from one seat's view
// (interpreter.View): the deciding person's, or with bots the person's,
// or a spectator's; on a public server, the view of the seat the page
// holds (seats.go). Templates, script and style are embedded; the server
// uses only net/http and html/template.
//
// The server holds against pages that are not its own and requests
// that cost too much: guard.go checks who asks, request.go what a
// request must say (the revision and the seat it acts on), bots.go runs
// one bot loop per table without holding its lock, isolate.go loads an
// untrusted save in a child process, and Limits bounds the rest.
package web

import (
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/haven-engine/haven/diag"
)

//go:embed assets
var assets embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"seatColor": seatColor,
	"join":      strings.Join,
}).ParseFS(assets, "assets/*.html"))

// Server serves the games of a source. It is safe for concurrent use:
// each table has its own lock (table.go), and mu guards only the list
// of tables.
type Server struct {
	opt    Options
	limits Limits
	games  []string
	hosts  hostSet
	// token is written into the server's pages and required on every
	// request that changes a table (guard.go).
	token string
	// loading admits one save loaded at a time.
	loading chan struct{}
	// loops counts the bot loops under way, one a table at most.
	loops atomic.Int32

	mu     sync.Mutex
	tables map[string]*table
	closed bool
}

// New makes a server for the games of opt.Source. A game is compiled the
// first time its page is opened.
func New(opt Options) (*Server, error) {
	games, err := opt.Source.Games()
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, errors.New("no games found")
	}
	s := &Server{
		opt: opt, limits: opt.Limits.withDefaults(), games: games, hosts: newHostSet(opt.Hosts),
		token: newSecret(), loading: make(chan struct{}, 1), tables: map[string]*table{},
	}
	return s, nil
}

// Close stops the server's bot loops (each ends at its next move). The
// handler goes on answering.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}

func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

var errNotFound = errors.New("no such game")

// entry returns the table of a game, loaded or not; nil for no game of
// the server.
func (s *Server) entry(id string) *table {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.tables[id]; t != nil {
		return t
	}
	for _, g := range s.games {
		if g == id {
			t := newTable(id)
			s.tables[id] = t
			return t
		}
	}
	return nil
}

// table returns the table of a game, loading it on first use. The game
// is compiled under the table's lock, which only that game's requests
// wait for.
func (s *Server) table(id string) (*table, error) {
	t := s.entry(id)
	if t == nil {
		return nil, errNotFound
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t, s.ensure(t)
}

// ensure loads a table's game if it is not loaded: once, or again after
// a reload (Reload). The table's lock is held.
func (s *Server) ensure(t *table) error {
	if t.loaded || t.loadErr != nil {
		return t.loadErr
	}
	c, err := compileGame(s.opt.Source, t.id, s.opt.Load)
	if err != nil {
		t.loadErr = err
		return err
	}
	t.def, t.g, t.lay, t.opts = c.def, c.g, c.lay, s.opt.Load
	if err := t.start(s.opt.setup(c.g)); err != nil {
		t.loadErr = err
		return err
	}
	t.loaded = true
	s.kick(t)
	return nil
}

// Reload compiles a game again (its files changed on disk), with no lock
// held. Errors are kept for the page, which goes on showing the last
// game that loaded; a game that loads replaces it, replaying the moves
// that are still legal.
func (s *Server) Reload(id string) {
	s.mu.Lock()
	t := s.tables[id]
	s.mu.Unlock()
	if t == nil {
		return // not opened yet: its page loads it
	}
	c, err := compileGame(s.opt.Source, id, s.opt.Load)
	t.mu.Lock()
	defer t.mu.Unlock()
	defer t.bump()
	if !t.loaded {
		t.loadErr = nil // loaded again by the next request
		return
	}
	if err != nil {
		t.errs = errorLines(err)
		t.note = ""
		return
	}
	note, err := t.reload(c)
	if err != nil {
		t.errs = errorLines(err)
		return
	}
	t.errs, t.note = nil, note
	s.kick(t)
}

// errorLines splits an error into its positioned lines (file:line:col:
// message), one per problem.
func errorLines(err error) []string {
	var l diag.List
	if errors.As(err, &l) {
		var out []string
		for _, e := range l {
			out = append(out, e.Error())
		}
		return out
	}
	return strings.Split(err.Error(), "\n")
}

// isDefinitionError tells an error of a definition (positioned problems).
func isDefinitionError(err error) bool {
	var l diag.List
	return errors.As(err, &l)
}

// Handler routes the server's pages and API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /assets/{file}", s.asset)
	mux.HandleFunc("GET /games/{game}", s.page)
	mux.HandleFunc("GET /games/{game}/state", s.state)
	mux.HandleFunc("GET /games/{game}/save", s.save)
	mux.HandleFunc("GET /games/{game}/events", s.events)
	mux.HandleFunc("POST /games/{game}/move", act(s, func(t *table, req *moveRequest, seat int) error {
		if len(req.Move) > s.limits.Move {
			return refuse(http.StatusRequestEntityTooLarge, "a move is at most %d characters", s.limits.Move)
		}
		return t.move(req.Move, seat, req.Replace)
	}))
	mux.HandleFunc("POST /games/{game}/bot", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		return t.stepBot()
	}))
	mux.HandleFunc("POST /games/{game}/auto", act(s, func(t *table, req *autoRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		t.auto = req.Run
		if !req.Run {
			t.steps = 0
		}
		return nil
	}))
	mux.HandleFunc("POST /games/{game}/back", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		if err := s.stepBack(t, len(t.st.Moves)-1, false); err != nil {
			return err
		}
		return t.back()
	}))
	mux.HandleFunc("POST /games/{game}/forward", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		return t.forward()
	}))
	mux.HandleFunc("POST /games/{game}/new", act(s, func(t *table, req *newRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
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
	}))
	mux.HandleFunc("POST /games/{game}/jump", act(s, func(t *table, req *jumpRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		if err := s.stepBack(t, req.To, req.Design); err != nil {
			return err
		}
		return t.jump(req.To)
	}))
	mux.HandleFunc("GET /games/{game}/log", s.log)
	mux.HandleFunc("GET /games/{game}/inspect", s.inspect)
	mux.HandleFunc("POST /games/{game}/claim", s.claim)
	mux.HandleFunc("POST /games/{game}/leave", act(s, func(t *table, _ *action, seat int) error {
		if !s.opt.Public || seat < 0 {
			return refuse(http.StatusConflict, "this page holds no seat")
		}
		t.claims[seat] = ""
		return errLeft
	}))
	mux.HandleFunc("POST /games/{game}/load", s.loadSave)
	return s.checkHost(hardened(recovered(mux)))
}

func (s *Server) index(w http.ResponseWriter, _ *http.Request) {
	type entry struct{ ID, Name, Summary, Players, Error string }
	var list []entry
	for _, id := range s.games {
		e := entry{ID: id, Name: id}
		if t, err := s.table(id); err != nil {
			e.Error = strings.Join(errorLines(err), "\n")
		} else {
			t.mu.Lock()
			e.Name, e.Summary = t.g.Name(), t.g.Summary()
			e.Players = fmt.Sprintf("%d–%d players", t.g.MinPlayers(), t.g.MaxPlayers())
			t.mu.Unlock()
		}
		list = append(list, e)
	}
	render(w, http.StatusOK, "index.html", list)
}

func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	b, err := assets.ReadFile("assets/" + name)
	if err != nil || strings.HasSuffix(name, ".html") {
		http.NotFound(w, r)
		return
	}
	switch {
	case strings.HasSuffix(name, ".js"):
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	case strings.HasSuffix(name, ".css"):
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
	}
	w.Write(b)
}

// page serves the whole page of a game. On a public server it is drawn
// for a spectator: the page then asks for its seat's view.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	t, err := s.table(id)
	if errors.Is(err, errNotFound) {
		writeError(w, err, nil)
		return
	}
	t.mu.Lock()
	rev := t.rev
	var m *pageModel
	if err == nil {
		seat := -1
		if !s.opt.Public {
			seat = t.viewer()
		}
		m, err = s.model(t, seat)
	}
	t.mu.Unlock()
	if err != nil {
		// The page of a game that does not load lists its errors and
		// loads again when a file of the game is saved.
		render(w, http.StatusUnprocessableEntity, "broken.html", map[string]any{"Game": id, "Rev": rev, "Errors": errorLines(err)})
		return
	}
	m.Token = s.token
	render(w, http.StatusOK, "game.html", m)
}

// events streams a table's revision to its pages (Server-Sent Events):
// a page fetches the table again when the revision changes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	t := s.entry(r.PathValue("game"))
	if t == nil {
		writeError(w, errNotFound, nil)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for {
		t.mu.Lock()
		rev, ch := t.rev, t.changed
		t.mu.Unlock()
		fmt.Fprintf(w, "data: %d\n\n", rev)
		fl.Flush()
		select {
		case <-r.Context().Done():
			return
		case <-ch:
		}
	}
}

func render(w http.ResponseWriter, code int, name string, data any) {
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	io.WriteString(w, b.String())
}
