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
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/load"
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
	// Bots are the seats the bot plays; Bot is its spec (sim.NewBot:
	// random, policy, greedy, ismcts:iters=N), which Limits do not
	// bound: it is the operator's.
	Bots []int
	Bot  string
	// AllBots has the bot play every seat (the page then watches).
	AllBots bool
	// Hosts are the names and addresses the server listens on: a
	// request's Host must be one of them, or localhost, exactly (its
	// port aside). None: 127.0.0.1 and ::1.
	Hosts []string
	// Public has the players claim their seats with secrets (seats.go),
	// for a server other machines reach.
	Public bool
	// Limits bound what a request may cost; a zero field takes
	// DefaultLimits'.
	Limits Limits
}

// Limits bound what one request may cost the server.
type Limits struct {
	// BotIterations, BotMillis and BotDepth bound the bot a page asks
	// for: ismcts's iters and ms, greedy's and ismcts's depth. A search
	// bot always stops after BotMillis.
	BotIterations, BotMillis, BotDepth int
	// BotPace is the least time between two moves of bots played on.
	BotPace time.Duration
	// Settle is how long an answer waits for the bots to answer a
	// person's move before it shows them thinking.
	Settle time.Duration
	// Body bounds a request's body, SaveBody a save's, in bytes; Move
	// a move's text.
	Body, SaveBody int64
	Move           int
	// SaveTime and SaveMemory bound the child process that evaluates a
	// save's definition (isolate.go): it is killed past either.
	SaveTime   time.Duration
	SaveMemory uint64
}

// DefaultLimits are the limits of a server that sets none.
var DefaultLimits = Limits{
	BotIterations: 5000, BotMillis: 3000, BotDepth: 3,
	BotPace: 300 * time.Millisecond, Settle: 5 * time.Second,
	Body: 64 << 10, SaveBody: 4 << 20, Move: 1000,
	SaveTime: 10 * time.Second, SaveMemory: 256 << 20,
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v == 0 {
			*v = def
		}
	}
	pick(&l.BotIterations, d.BotIterations)
	pick(&l.BotMillis, d.BotMillis)
	pick(&l.BotDepth, d.BotDepth)
	pick(&l.Move, d.Move)
	if l.BotPace == 0 {
		l.BotPace = d.BotPace
	}
	if l.Settle == 0 {
		l.Settle = d.Settle
	}
	if l.Body == 0 {
		l.Body = d.Body
	}
	if l.SaveBody == 0 {
		l.SaveBody = d.SaveBody
	}
	if l.SaveTime == 0 {
		l.SaveTime = d.SaveTime
	}
	if l.SaveMemory == 0 {
		l.SaveMemory = d.SaveMemory
	}
	return l
}

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

// setup is how a game starts at a new table.
func (o *Options) setup(g interface {
	MinPlayers() int
	MaxPlayers() int
}) setup {
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
		return t.start(req.setup)
	}))
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

// stepBot asks the bot loop for one move of the deciding bot.
func (t *table) stepBot() error {
	d := t.st.Pending
	switch {
	case t.st.Finished || d == nil:
		return refuse(http.StatusConflict, "the game is over")
	case t.human(d.Player):
		return refuse(http.StatusConflict, "%s is a person: the bot plays only its own seats", seatLabel(d.Player))
	case len(t.st.Moves) < len(t.line):
		return refuse(http.StatusConflict, "the game is replayed: step forward to its end for the bot to move")
	}
	t.steps = 1
	return nil
}

// actor is a request that names what it acts on.
type actor interface{ acts() *action }

func (a *action) acts() *action { return a }

// begin starts a state-changing request: it checks that it comes from
// the server's own page, finds the table, decodes the body into req and
// checks that it names a revision and a seat. On failure it has answered.
func begin[R actor](s *Server, w http.ResponseWriter, r *http.Request, limit int64, req R) (*table, R, bool) {
	fail := func(err error) (*table, R, bool) {
		writeError(w, err, nil)
		return nil, req, false
	}
	if err := s.checkOrigin(r); err != nil {
		return fail(err)
	}
	t, err := s.table(r.PathValue("game"))
	if err != nil {
		return fail(err)
	}
	if err := decode(w, r, limit, req); err != nil {
		return fail(err)
	}
	if err := req.acts().named(); err != nil {
		return fail(err)
	}
	return t, req, true
}

// act makes the handler of a state-changing request: do runs under the
// table's lock once the request is known to act on the table as it
// stands, as the seat it may act as. The bots then answer, and the
// answer is the table as the page's seat sees it.
func act[R any, P interface {
	*R
	actor
}](s *Server, do func(*table, P, int) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t, req, ok := begin(s, w, r, s.limits.Body, P(new(R)))
		if !ok {
			return
		}
		t.mu.Lock()
		seat, err := s.seatOf(t, r)
		a := *req.acts()
		if f, ok := any(req).(anyRevision); ok && f.anyRevision() {
			a.Rev = &t.rev
		}
		if err == nil {
			err = s.current(t, a, seat)
		}
		if err == nil {
			err = do(t, req, seat)
		}
		if err == errLeft {
			// The page now holds no seat: it is answered as a spectator.
			err = nil
			r.Header.Del(SeatHeader)
		}
		if err != nil {
			rev := t.rev
			t.mu.Unlock()
			writeError(w, err, &rev)
			return
		}
		t.bump()
		s.kick(t)
		t.mu.Unlock()
		s.settle(r.Context(), t)
		s.answer(w, r, t, "")
	}
}

// anyRevision is a request that holds at any revision of the table.
type anyRevision interface{ anyRevision() bool }

// anyRevision: stopping the bots is never refused for a revision they
// have just moved past.
func (r *autoRequest) anyRevision() bool { return !r.Run }

// errLeft says that a page left its seat.
var errLeft = errors.New("left the seat")

// current refuses a request for another revision than the table's, or
// for a seat the page does not hold. The table's lock is held.
func (s *Server) current(t *table, a action, seat int) error {
	if *a.Rev != t.rev {
		return refuse(http.StatusConflict, "the table changed since this page was drawn (revision %d, now %d): here it is as it stands", *a.Rev, t.rev)
	}
	if *a.Seat != seat {
		return refuse(http.StatusConflict, "the request is for %s, but this page is %s's: here it is as it stands", seatLabel(*a.Seat), seatLabel(seat))
	}
	return nil
}

// claim gives a free seat to a page of a public server.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	t, req, ok := begin(s, w, r, s.limits.Body, &action{})
	if !ok {
		return
	}
	t.mu.Lock()
	secret, err := "", error(nil)
	switch {
	case !s.opt.Public:
		err = refuse(http.StatusConflict, "seats are claimed only on a public server (haven serve --public)")
	case *req.Rev != t.rev:
		err = s.current(t, *req, *req.Seat)
	default:
		secret, err = t.claim(*req.Seat)
	}
	rev := t.rev
	if err == nil {
		t.bump()
	}
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, &rev)
		return
	}
	r.Header.Set(SeatHeader, fmt.Sprintf("%d %s", *req.Seat, secret))
	s.answer(w, r, t, secret)
}

// apiAnswer is what every API call returns: the page model of the viewing
// seat, and the table part of the page rendered from it. Secret is a
// seat's secret, in the answer to its claim only.
type apiAnswer struct {
	*pageModel
	HTML   string `json:"html"`
	Secret string `json:"secret,omitempty"`
}

// answer writes the table as the request's seat sees it.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, t *table, secret string) {
	t.mu.Lock()
	seat, err := s.seatOf(t, r)
	var m *pageModel
	if err == nil {
		m, err = s.model(t, seat)
	}
	rev := t.rev
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, &rev)
		return
	}
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, "table", m); err != nil {
		writeError(w, err, &rev)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(apiAnswer{pageModel: m, HTML: b.String(), Secret: secret})
}

// state answers the table as the request's seat sees it.
func (s *Server) state(w http.ResponseWriter, r *http.Request) {
	t, err := s.table(r.PathValue("game"))
	if err != nil {
		writeError(w, err, nil)
		return
	}
	s.answer(w, r, t, "")
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
