package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// The handlers of the API (the protocol is described in request.go).

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
	t, err := s.tableOf(r)
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
	held, herr := s.seatOf(t, r)
	switch {
	case !s.opt.Public:
		err = refuse(http.StatusConflict, "seats are claimed only on a public server (haven serve --public)")
	case herr != nil:
		err = herr
	case held >= 0:
		err = refuse(http.StatusConflict, "this page holds %s's seat already", seatLabel(held))
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
	t, err := s.tableOf(r)
	if err != nil {
		writeError(w, err, nil)
		return
	}
	s.answer(w, r, t, "")
}

// logAnswer is a page of the log: its moves drawn, and where the next
// page starts (0: none).
type logAnswer struct {
	HTML string `json:"html"`
	More int    `json:"more"`
}

// log answers a page of the log as the request's seat sees it: the moves
// numbered below `before` (all, without it), those that say `q` when it
// is given.
func (s *Server) log(w http.ResponseWriter, r *http.Request) {
	t, err := s.tableOf(r)
	if err != nil {
		writeError(w, err, nil)
		return
	}
	q := r.URL.Query()
	before := -1
	if b := q.Get("before"); b != "" {
		if before, err = strconv.Atoi(b); err != nil || before < 0 {
			writeError(w, refuse(http.StatusBadRequest, "before=%s: want a move number", clip(b, 20)), nil)
			return
		}
	}
	search := clip(q.Get("q"), 200)
	t.mu.Lock()
	seat, err := s.seatOf(t, r)
	var a logAnswer
	var groups []logGroup
	if err == nil {
		var v *interpreter.View
		var h *history
		if v, err = t.g.View(t.st, seat); err == nil {
			h, err = t.history(seat)
		}
		if err == nil {
			if before < 0 {
				before = len(h.moves) + 1
			}
			groups, a.More = t.words(seat).groups(h, v.Log, before, search)
		}
	}
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, nil)
		return
	}
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, "loggroups", groups); err != nil {
		writeError(w, err, nil)
		return
	}
	a.HTML = b.String()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(a)
}

// inspectAnswer is the design view of a table: the page as one seat
// sees it, the seat the page acts as, and the whole state.
type inspectAnswer struct {
	*pageModel
	HTML  string `json:"html"`
	Seat  int    `json:"seat"`
	State string `json:"state"`
}

// inspect answers the design view, `as` a seat (-1: a spectator), with
// the state in full: a designer's, on a server of this machine only. A
// public server's players would read each other's cards in it.
func (s *Server) inspect(w http.ResponseWriter, r *http.Request) {
	if s.opt.Public {
		writeError(w, refuse(http.StatusForbidden, "the design view is for a server on this machine, not a public one"), nil)
		return
	}
	t, err := s.tableOf(r)
	if err != nil {
		writeError(w, err, nil)
		return
	}
	t.mu.Lock()
	as, err := strconv.Atoi(r.URL.Query().Get("as"))
	if err != nil || as < -1 || as >= t.players {
		t.mu.Unlock()
		writeError(w, refuse(http.StatusBadRequest, "as=%s: a seat, 0 to %d, or -1 for a spectator", clip(r.URL.Query().Get("as"), 20), t.players-1), nil)
		return
	}
	a := inspectAnswer{Seat: t.viewer()}
	a.pageModel, err = s.model(t, as)
	var state []byte
	if err == nil {
		state, err = json.MarshalIndent(t.st, "", "  ")
	}
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, nil)
		return
	}
	a.State = string(state)
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, "table", a.pageModel); err != nil {
		writeError(w, err, nil)
		return
	}
	a.HTML = b.String()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(a)
}
