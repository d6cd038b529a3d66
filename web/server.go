// Package web is Haven's web board, `haven serve`: an index of the games
// and a page per game that draws the board as SVG from the definition,
// offers the legal moves as buttons and as clicks on the board, shows the
// explained log and the scores, plays the bot, steps a game back and
// forth, loads a saved game, and reloads a definition edited on disk.
//
// Every page and every JSON answer is built from one seat's view
// (interpreter.View): the deciding person's, or with bots the person's,
// or a spectator's. Templates, script and style are embedded; the server
// uses only net/http and html/template.
package web

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/record"
)

//go:embed assets
var assets embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"seatColor": seatColor,
	"join":      strings.Join,
}).ParseFS(assets, "assets/*.html"))

// Options configure a server.
type Options struct {
	// Source is where the games are read from.
	Source load.Source
	// Load holds the variants and sets every game is loaded with.
	Load load.Options
	// Players is how many play (0: three, or the nearest count the game
	// allows); Seed seeds the game and the bot.
	Players int
	Seed    uint64
	// Bots are the seats the bot plays; Bot is its spec (sim.NewBot: random, policy, greedy, ismcts:iters=N).
	Bots []int
	Bot  string
	// AllBots has the bot play every seat (the page then watches).
	AllBots bool
	// Remote lets pages served under any host name drive the server; by
	// default only 127.0.0.1 and localhost may, so that a web page
	// elsewhere cannot use the browser to reach it (DNS rebinding).
	Remote bool
}

// Server serves the games of a source. It is safe for concurrent use: one
// lock guards the tables, as a compiled game runs one state at a time.
type Server struct {
	opt     Options
	mu      sync.Mutex
	games   []string
	tables  map[string]*table
	version int
	changed chan struct{} // closed and replaced when version changes
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
	return &Server{opt: opt, games: games, tables: map[string]*table{}, changed: make(chan struct{})}, nil
}

// compile loads, compiles and lays out a game.
func (s *Server) compile(id string) (*interpreter.Game, *Layout, error) {
	v, err := s.opt.Source.Game(id, s.opt.Load)
	if err != nil {
		return nil, nil, err
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		return nil, nil, err
	}
	lay, err := readLayout(v, g)
	if err != nil {
		return nil, nil, err
	}
	g.SetLog(true)
	return g, lay, nil
}

// table returns the table of a game, starting it on first use.
func (s *Server) table(id string) (*table, error) {
	if t := s.tables[id]; t != nil {
		return t, nil
	}
	known := false
	for _, g := range s.games {
		known = known || g == id
	}
	if !known {
		return nil, errNotFound
	}
	g, lay, err := s.compile(id)
	if err != nil {
		return nil, err
	}
	t := &table{id: id, opts: s.opt.Load, g: g, lay: lay}
	if err := t.start(s.opt.setup(g)); err != nil {
		return nil, err
	}
	s.tables[id] = t
	return t, nil
}

var errNotFound = errors.New("no such game")

// setup is how a game starts at a new table.
func (o *Options) setup(g *interpreter.Game) setup {
	st := setup{Players: o.Players, Seed: o.Seed, Bots: o.Bots, Bot: o.Bot}
	if o.AllBots {
		n := st.Players
		if n == 0 {
			n = min(max(g.MinPlayers(), 3), g.MaxPlayers())
		}
		st.Bots = nil
		for p := 0; p < n; p++ {
			st.Bots = append(st.Bots, p)
		}
	}
	return st
}

// bump tells the pages listening for changes that a table changed.
func (s *Server) bump() {
	s.version++
	close(s.changed)
	s.changed = make(chan struct{})
}

// Reload compiles a game again (its files changed on disk). Errors are
// kept for the page, which goes on showing the last game that loaded; a
// game that loads replaces it, replaying the moves that are still legal.
func (s *Server) Reload(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.bump()
	t := s.tables[id]
	if t == nil {
		return // not started, or did not load: its page loads it again
	}
	g, lay, err := s.compile(id)
	if err != nil {
		t.errs = errorLines(err)
		t.note = ""
		return
	}
	note, err := t.reload(g, lay)
	if err != nil {
		t.errs = errorLines(err)
		return
	}
	t.errs, t.note = nil, note
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
	return []string{err.Error()}
}

// Handler routes the server's pages and API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /assets/{file}", s.asset)
	mux.HandleFunc("GET /games/{game}", s.page)
	mux.HandleFunc("GET /games/{game}/state", s.api(nil))
	mux.HandleFunc("POST /games/{game}/move", s.api(func(t *table, r *http.Request) error {
		var body struct {
			Move string `json:"move"`
		}
		if err := readJSON(r, &body); err != nil {
			return err
		}
		return t.move(body.Move)
	}))
	mux.HandleFunc("POST /games/{game}/bot", s.api(func(t *table, _ *http.Request) error { return t.botMove() }))
	mux.HandleFunc("POST /games/{game}/back", s.api(func(t *table, _ *http.Request) error { return t.back() }))
	mux.HandleFunc("POST /games/{game}/forward", s.api(func(t *table, _ *http.Request) error { return t.forward() }))
	mux.HandleFunc("POST /games/{game}/new", s.api(func(t *table, r *http.Request) error {
		var st setup
		if err := readJSON(r, &st); err != nil {
			return err
		}
		return t.start(st)
	}))
	mux.HandleFunc("POST /games/{game}/load", s.api(s.loadSave))
	mux.HandleFunc("GET /games/{game}/save", s.save)
	mux.HandleFunc("GET /games/{game}/events", s.events)
	if s.opt.Remote {
		return recovered(mux)
	}
	return localOnly(recovered(mux))
}

// localOnly refuses requests whose Host is not this machine, so that a
// web page elsewhere cannot drive the server through the browser (DNS
// rebinding).
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
			host = host[:i]
		}
		switch host {
		case "127.0.0.1", "localhost", "[::1]", "":
		default:
			if !strings.HasPrefix(host, "127.") {
				http.Error(w, "haven serve answers only on this machine", http.StatusForbidden)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

func readJSON(r *http.Request, v any) error {
	b, err := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("bad request: %v", err)
	}
	return nil
}

func (s *Server) index(w http.ResponseWriter, _ *http.Request) {
	type entry struct{ ID, Name, Summary, Players, Error string }
	var list []entry
	s.mu.Lock()
	for _, id := range s.games {
		e := entry{ID: id, Name: id}
		if t, err := s.table(id); err != nil {
			e.Error = strings.Join(errorLines(err), "\n")
		} else {
			e.Name, e.Summary = t.g.Name(), t.g.Summary()
			e.Players = fmt.Sprintf("%d–%d players", t.g.MinPlayers(), t.g.MaxPlayers())
		}
		list = append(list, e)
	}
	s.mu.Unlock()
	render(w, "index.html", list)
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

// page serves the whole page of a game.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	m, version, err := s.lockedModel(id)
	var l diag.List
	if errors.As(err, &l) {
		// The page of a game that does not load lists its errors and
		// loads again when a file of the game is saved.
		w.WriteHeader(http.StatusUnprocessableEntity)
		render(w, "broken.html", map[string]any{"Game": id, "Version": version, "Errors": errorLines(err)})
		return
	}
	if err != nil {
		httpError(w, err)
		return
	}
	render(w, "game.html", m)
}

// lockedModel is model under the server's lock, which a panic releases
// too (recovered answers it).
func (s *Server) lockedModel(id string) (*pageModel, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, err := s.model(id)
	return m, s.version, err
}

func (s *Server) model(id string) (*pageModel, error) {
	t, err := s.table(id)
	if err != nil {
		return nil, err
	}
	return t.model(s.version)
}

// apiAnswer is what every API call returns: the page model of the viewing
// seat, and the table part of the page rendered from it.
type apiAnswer struct {
	*pageModel
	HTML string `json:"html"`
}

// api runs an action on a table (nil: none) and answers with the page of
// the viewing seat. A refused action is reported in the answer's message,
// with the page as it stands.
func (s *Server) api(act func(*table, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		t, err := s.table(r.PathValue("game"))
		if err != nil {
			httpError(w, err)
			return
		}
		msg := ""
		if act != nil {
			if err := act(t, r); err != nil {
				msg = refusal(err)
			} else {
				s.bump()
			}
		}
		m, err := t.model(s.version)
		if err != nil {
			httpError(w, err)
			return
		}
		m.Message = msg
		var b strings.Builder
		if err := pages.ExecuteTemplate(&b, "table", m); err != nil {
			httpError(w, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(apiAnswer{pageModel: m, HTML: b.String()})
	}
}

// refusal words a refused action for the page: an illegal move says the
// rule it breaks.
func refusal(err error) string {
	var im *interpreter.IllegalMove
	if errors.As(err, &im) {
		return "illegal move: " + im.Reason
	}
	return err.Error()
}

// loadSave starts the table on a saved game (record.Log), at its first
// move, every seat played at the page: step forward to replay it.
func (s *Server) loadSave(t *table, r *http.Request) error {
	// A save is untrusted: record.Parse decodes it strictly and checks
	// every value; replaying it opens nothing it names.
	b, err := io.ReadAll(io.LimitReader(r.Body, record.MaxSize+1))
	if err != nil {
		return err
	}
	l, err := record.Parse(b)
	if err != nil {
		return fmt.Errorf("not a saved game: %v", err)
	}
	if l.Game != t.id {
		return fmt.Errorf("this save is a game of %q, not of %q", l.Game, t.id)
	}
	g, err := l.Compile(s.opt.Source)
	if err != nil {
		return err
	}
	opts, err := l.Options(s.opt.Source)
	if err != nil {
		return err
	}
	v, err := s.opt.Source.Game(l.Game, opts)
	if err != nil {
		return err
	}
	lay, err := readLayout(v, g)
	if err != nil {
		return err
	}
	g.SetLog(true)
	if _, err := l.Replay(g); err != nil {
		return fmt.Errorf("the save does not replay: %v", err)
	}
	old := *t
	t.g, t.lay, t.opts = g, lay, opts
	if err := t.start(setup{Players: l.Players, Seed: l.Seed, Bot: "random"}); err != nil {
		*t = old
		return err
	}
	t.line = append([]string(nil), l.Moves...)
	t.note = fmt.Sprintf("loaded a saved game of %d moves: step forward to replay it", len(l.Moves))
	return nil
}

// save answers the record of a finished game. A game under way is not
// saved: its moves would tell every seat's hidden choices.
func (s *Server) save(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, err := s.table(r.PathValue("game"))
	if err != nil {
		httpError(w, err)
		return
	}
	if !t.st.Finished {
		http.Error(w, "a game is saved once it is over: its moves tell every seat's hidden choices", http.StatusConflict)
		return
	}
	l, err := record.New(s.opt.Source, t.id, t.players, t.seed, t.opts, t.st)
	if err != nil {
		httpError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", t.id+".json"))
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(l)
}

// events streams the server's version to a page (Server-Sent Events):
// the page reloads its table when the version changes.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for {
		s.mu.Lock()
		v, ch := s.version, s.changed
		s.mu.Unlock()
		fmt.Fprintf(w, "data: %d\n\n", v)
		fl.Flush()
		select {
		case <-r.Context().Done():
			return
		case <-ch:
		}
	}
}

func httpError(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	switch {
	case errors.Is(err, errNotFound):
		code = http.StatusNotFound
	default:
		var l diag.List
		if errors.As(err, &l) {
			code = http.StatusUnprocessableEntity
		}
	}
	http.Error(w, err.Error(), code)
}

func render(w http.ResponseWriter, name string, data any) {
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, b.String())
}
