// Package web is Haven's web board, `haven serve`: an index of the games
// and their open tables, and a page per table (tables.go: a server hosts
// many tables of each game) that draws the board as SVG from the definition,
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
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"path"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/load"
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

	// mu guards the list of open tables (tables.go) and what the index
	// knows of each game.
	mu     sync.Mutex
	tables []*table
	next   map[string]int // the last table number of each game
	info   map[string]gameInfo
	// sources are the files of each game's last reload (Reload), and
	// refused why a child did not compile them, if it did not; checking
	// is closed when the check of a reload under way ends.
	sources  map[string]load.Source
	refused  map[string]error
	checking map[string]chan struct{}
	// passed are the games and options a child compiled from the files
	// of sources (firstCheck), by passedKey; reads counts each game's
	// reloads, so that a check of files a reload replaced meanwhile
	// passes nothing.
	passed  map[string]bool
	reads   map[string]int
	janitor bool          // the janitor runs (tables.go)
	stop    chan struct{} // closed by Close
	closed  bool
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
		token: newSecret(), loading: make(chan struct{}, 1), next: map[string]int{}, info: map[string]gameInfo{},
		sources: map[string]load.Source{}, refused: map[string]error{}, checking: map[string]chan struct{}{}, passed: map[string]bool{}, reads: map[string]int{}, stop: make(chan struct{}),
	}
	return s, nil
}

// Close stops the server's bot loops (each ends at its next move) and its
// janitor. The handler goes on answering.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		close(s.stop)
	}
}

func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

var errNotFound = errors.New("no such game")

// entry returns the default table of a game (tables.go), loaded or not;
// nil for no game of the server, or none that may be opened.
func (s *Server) entry(game string) *table {
	t, _ := s.find(game, "")
	return t
}

// table returns the default table of a game, loading it on first use.
func (s *Server) table(game string) (*table, error) {
	t, err := s.find(game, "")
	if err != nil {
		return nil, err
	}
	return t, s.load(t)
}

// tableOf returns the table a request names, loading it on first use:
// /games/GAME/tables/N, or the game's default table for /games/GAME. A
// table whose game does not load is returned with the error.
func (s *Server) tableOf(r *http.Request) (*table, error) {
	t, err := s.find(r.PathValue("game"), r.PathValue("table"))
	if err != nil {
		return nil, err
	}
	return t, s.load(t)
}

// load loads a table's game under the table's lock, which only that
// table's requests wait for.
func (s *Server) load(t *table) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return t.gone()
	}
	return s.ensure(t)
}

// ensure loads a table's game if it is not loaded: once, or again after
// a reload (Reload). The table's lock is held.
func (s *Server) ensure(t *table) error {
	if t.loaded || t.loadErr != nil {
		return t.loadErr
	}
	c, err := s.compile(t.game, s.opt.Load)
	if err != nil {
		t.loadErr = err
		return err
	}
	s.know(t.game, c.g)
	t.def, t.g, t.lay, t.opts = c.def, c.g, c.lay, s.opt.Load
	if err := t.start(s.opt.setup(c.g)); err != nil {
		t.loadErr = err
		return err
	}
	t.loaded = true
	s.kick(t)
	return nil
}

// Reload compiles a game again (its files changed on disk), for every
// open table of it, with no lock held. Errors are kept for each page,
// which goes on showing the last game that loaded; a game that loads
// replaces it, replaying the moves that are still legal. Each table is
// compiled with its own variants and options, into a game of its own (a
// Game runs one state at a time, and the tables play at once).
//
// The files are read once, and a child process compiles the game from
// them first (isolate.go), with the server's options and with each
// table's: an edit whose evaluation explodes is killed there, and never
// evaluated here. The server then compiles from the same files, and goes
// on reading them (compile) until the next reload; while the child
// refuses them with the server's options, the game loads nowhere else.
func (s *Server) Reload(game string) {
	s.mu.Lock()
	checked := make(chan struct{})
	s.checking[game] = checked
	var open []*table
	for _, t := range s.tables {
		if t.game == game {
			open = append(open, t)
		}
	}
	s.mu.Unlock()

	src := s.opt.Source
	files, err := sourceFiles(s.opt.Source, game)
	if err != nil {
		files = nil
	} else {
		src.FS = filesFS(files)
	}
	sets := []load.Options{s.opt.Load}
	errs := []error{err}
	checkedOf := func(opts load.Options) error {
		for i, o := range sets {
			if reflect.DeepEqual(o, opts) {
				return errs[i]
			}
		}
		sets = append(sets, opts)
		err := s.checkReload(src, files, game, opts)
		errs = append(errs, err)
		return err
	}
	if files != nil {
		errs[0] = s.checkReload(src, files, game, s.opt.Load)
	}
	s.mu.Lock()
	s.sources[game], s.refused[game] = src, errs[0]
	s.forget(game)
	s.reads[game]++
	if files != nil && errs[0] == nil {
		s.passed[passedKey(game, s.opt.Load)] = true
	}
	delete(s.info, game)
	delete(s.checking, game)
	close(checked)
	s.mu.Unlock()
	for _, t := range open {
		t.mu.Lock()
		opts, loaded := t.opts, t.loaded
		t.mu.Unlock()
		err := errs[0]
		if loaded && files != nil {
			err = checkedOf(opts)
		}
		s.reload(t, src, err)
	}
}

// checkReload has a child compile a game from files with opts.
func (s *Server) checkReload(src load.Source, files map[string][]byte, game string, opts load.Options) error {
	return s.check(context.Background(), checkJob{Files: files, Prefix: src.Prefix, Game: game, Options: opts},
		path.Join(src.Prefix, game)+": the definition")
}

// compile loads and compiles a game here, from the files of its last
// reload, unless the check of that reload refused them; while a reload
// checks the game's files, it waits for the check.
func (s *Server) compile(game string, opts load.Options) (*compiled, error) {
	s.mu.Lock()
	wait := s.checking[game]
	s.mu.Unlock()
	if wait != nil {
		<-wait
	}
	s.mu.Lock()
	src, ok := s.sources[game]
	err := s.refused[game]
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if !ok {
		src = s.opt.Source
	}
	if src, err = s.firstCheck(src, ok, game, opts); err != nil {
		return nil, err
	}
	return compileGame(src, game, opts)
}

// firstCheck has a child compile a game the server has not compiled
// with opts before, when its definition was read from disk or the
// command line adds variants or sets: an evaluation that explodes at a
// game's first load is killed there, as at a reload, rather than left
// running behind the server. The binary's own definitions need no
// check. The files the child read are the ones the server compiles, and
// goes on compiling until the next reload (Reload); read is false when
// no reload has read them yet.
func (s *Server) firstCheck(src load.Source, read bool, game string, opts load.Options) (load.Source, error) {
	if src.Prefix == "" && len(s.opt.Load.Variants) == 0 && len(s.opt.Load.Sets) == 0 {
		return src, nil
	}
	key := passedKey(game, opts)
	s.mu.Lock()
	passed, reads := s.passed[key], s.reads[game]
	s.mu.Unlock()
	if passed {
		return src, nil
	}
	files, err := sourceFiles(src, game)
	if err != nil {
		return src, err
	}
	if !read {
		src.FS = filesFS(files)
	}
	if err := s.checkReload(src, files, game, opts); err != nil {
		return src, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// What passed stands for the files later compiles read: these, kept
	// as the game's, or a reload's, unless another reload or first load
	// put other files in their place meanwhile.
	if s.reads[game] == reads {
		if _, kept := s.sources[game]; !kept {
			s.sources[game] = src
			s.passed[key] = true
		} else if read {
			s.passed[key] = true
		}
	}
	return src, nil
}

// passedKey names a game compiled with opts (Server.passed).
func passedKey(game string, opts load.Options) string {
	b, _ := json.Marshal(opts)
	return game + "\x00" + string(b)
}

// forget drops the games and options a child compiled of game. The
// server's lock is held.
func (s *Server) forget(game string) {
	prefix := game + "\x00"
	for k := range s.passed {
		if strings.HasPrefix(k, prefix) {
			delete(s.passed, k)
		}
	}
}

// reload compiles a table's game again from src and swaps it in, unless
// the child's check of it failed with checked.
func (s *Server) reload(t *table, src load.Source, checked error) {
	t.mu.Lock()
	opts, loaded := t.opts, t.loaded
	t.mu.Unlock()
	var c *compiled
	err := checked
	if loaded && err == nil {
		c, err = compileGame(src, t.game, opts)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || loaded && !reflect.DeepEqual(t.opts, opts) {
		return // closed, or a new game was compiled since
	}
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

// isDefinitionError tells an error of a definition (positioned problems,
// here or as a child checked them).
func isDefinitionError(err error) bool {
	var l diag.List
	var c childErrors
	return errors.As(err, &l) || errors.As(err, &c)
}

// Handler routes the server's pages and API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /assets/{file}", s.asset)
	mux.HandleFunc("POST /games/{game}/tables", s.create)
	// A table's own URL, and the game's URL for its default table: the
	// links of a server with one table a game still hold.
	for _, base := range []string{"/games/{game}/tables/{table}", "/games/{game}"} {
		s.routes(mux, base)
	}
	return s.checkHost(hardened(recovered(mux)))
}

// routes routes the page and API of the tables under base.
func (s *Server) routes(mux *http.ServeMux, base string) {
	mux.HandleFunc("GET "+base, s.page)
	mux.HandleFunc("GET "+base+"/state", s.state)
	mux.HandleFunc("GET "+base+"/save", s.save)
	mux.HandleFunc("GET "+base+"/events", s.events)
	mux.HandleFunc("POST "+base+"/close", s.closeFinished)
	mux.HandleFunc("POST "+base+"/move", act(s, func(t *table, req *moveRequest, seat int) error {
		if len(req.Move) > s.limits.Move {
			return refuse(http.StatusRequestEntityTooLarge, "a move is at most %d characters", s.limits.Move)
		}
		return t.move(req.Move, seat, req.Replace)
	}))
	mux.HandleFunc("POST "+base+"/bot", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		return t.stepBot()
	}))
	mux.HandleFunc("POST "+base+"/auto", act(s, func(t *table, req *autoRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		t.auto = req.Run
		if !req.Run {
			t.steps = 0
		}
		return nil
	}))
	mux.HandleFunc("POST "+base+"/back", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		if err := s.stepBack(t, len(t.st.Moves)-1, false); err != nil {
			return err
		}
		return t.back()
	}))
	mux.HandleFunc("POST "+base+"/forward", act(s, func(t *table, _ *action, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		return t.forward()
	}))
	mux.HandleFunc("POST "+base+"/new", act(s, func(t *table, req *newRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		return s.restart(t, &req.newGame)
	}))
	mux.HandleFunc("POST "+base+"/jump", act(s, func(t *table, req *jumpRequest, seat int) error {
		if err := s.mayRun(t, seat); err != nil {
			return err
		}
		if err := s.stepBack(t, req.To, req.Design); err != nil {
			return err
		}
		return t.jump(req.To)
	}))
	mux.HandleFunc("GET "+base+"/log", s.log)
	mux.HandleFunc("GET "+base+"/inspect", s.inspect)
	mux.HandleFunc("POST "+base+"/claim", s.claim)
	mux.HandleFunc("POST "+base+"/leave", act(s, func(t *table, _ *action, seat int) error {
		if !s.opt.Public || seat < 0 {
			return refuse(http.StatusConflict, "this page holds no seat")
		}
		t.claims[seat] = ""
		return errLeft
	}))
	mux.HandleFunc("POST "+base+"/load", s.loadSave)
}

func (s *Server) index(w http.ResponseWriter, _ *http.Request) {
	type entry struct {
		ID, Name, Summary, Players, Error string
		Tables                            []tableRow
	}
	var list []entry
	for _, id := range s.games {
		e := entry{ID: id, Name: id, Tables: s.rows(id)}
		if in, err := s.describe(id); err != nil {
			e.Error = strings.Join(errorLines(err), "\n")
		} else {
			e.Name, e.Summary, e.Players = in.name, in.summary, in.players
		}
		list = append(list, e)
	}
	render(w, http.StatusOK, "index.html", map[string]any{"Games": list, "Token": s.token, "Public": s.opt.Public})
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

// page serves the whole page of a table. On a public server it is drawn
// for a spectator: the page then asks for its seat's view.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	t, err := s.tableOf(r)
	if t == nil {
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
		render(w, http.StatusUnprocessableEntity, "broken.html", map[string]any{"Game": id, "Base": t.url(), "Rev": rev, "Errors": errorLines(err)})
		return
	}
	m.Token = s.token
	render(w, http.StatusOK, "game.html", m)
}

// events streams a table's revision to its pages (Server-Sent Events):
// a page fetches the table again when the revision changes, and is told
// when the table is closed (an event "closed"), where the stream ends.
// A table with a stream open is watched, and not idle.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	t, err := s.find(r.PathValue("game"), r.PathValue("table"))
	if err != nil {
		writeError(w, err, nil)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	s.watching(t, 1)
	defer s.watching(t, -1)
	for {
		t.mu.Lock()
		rev, ch, closed := t.rev, t.changed, t.closed
		t.mu.Unlock()
		if closed {
			fmt.Fprintf(w, "event: closed\ndata: %d\n\n", rev)
			fl.Flush()
			return
		}
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
