package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/record"
)

// compiled is a game loaded, compiled and laid out.
type compiled struct {
	def cue.Value
	g   *interpreter.Game
	lay *Layout
}

// compileGame loads, compiles and lays out a game of src.
func compileGame(src load.Source, id string, opts load.Options) (*compiled, error) {
	v, err := src.Game(id, opts)
	if err != nil {
		return nil, err
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		return nil, err
	}
	lay, err := readLayout(v, g)
	if err != nil {
		return nil, err
	}
	if lay.Pres, err = readPresentation(v, g); err != nil {
		return nil, err
	}
	g.SetLog(true)
	return &compiled{def: v, g: g, lay: lay}, nil
}

// openedSave is a save whose game is compiled and whose moves replay.
type openedSave struct {
	log  *record.Log
	opts load.Options
	c    *compiled
}

// openSave decodes a save (record.Log), compiles its game with its
// variants and replays it. A save is untrusted: record.Parse decodes it
// strictly and checks every value, and replaying it opens nothing it
// names.
func openSave(src load.Source, b []byte) (*openedSave, error) {
	l, err := record.Parse(b)
	if err != nil {
		return nil, refuse(http.StatusUnprocessableEntity, "not a saved game: %v", err)
	}
	opts, err := l.Options(src)
	if err != nil {
		return nil, err
	}
	c, err := compileGame(src, l.Game, opts)
	if err != nil {
		return nil, err
	}
	if _, err := l.Replay(c.g); err != nil {
		return nil, refuse(http.StatusUnprocessableEntity, "the save does not replay: %v", err)
	}
	return &openedSave{log: l, opts: opts, c: c}, nil
}

// loadSave starts the table on a saved game, at its first move, every
// seat played at the page: step forward to replay it. The save's
// definition is evaluated first in a child process (isolate.go), then
// here, and neither holds the table's lock: the table is only locked to
// check the request and to swap the game in.
func (s *Server) loadSave(w http.ResponseWriter, r *http.Request) {
	t, req, ok := begin(s, w, r, s.limits.SaveBody, &loadRequest{})
	if !ok {
		return
	}
	fail := func(err error) {
		t.mu.Lock()
		rev := t.rev
		t.mu.Unlock()
		writeError(w, err, &rev)
	}
	// A request the table would refuse costs no evaluation; the table
	// is checked again once the save is loaded.
	ready := func() error {
		seat, err := s.seatOf(t, r)
		if err == nil {
			err = s.current(t, req.action, seat)
		}
		if err == nil {
			err = s.mayRun(t, seat)
		}
		return err
	}
	t.mu.Lock()
	err := ready()
	t.mu.Unlock()
	if err != nil {
		fail(err)
		return
	}
	// The save is decoded here (strictly, by Go code with bounds): only
	// the evaluation of its definition needs a child.
	b := []byte(req.Save)
	l, err := record.Parse(b)
	if err != nil {
		fail(refuse(http.StatusUnprocessableEntity, "not a saved game: %v", err))
		return
	}
	if l.Game != t.game {
		fail(refuse(http.StatusUnprocessableEntity, "this save is a game of %q, not of %q", l.Game, t.game))
		return
	}
	select {
	case s.loading <- struct{}{}:
		defer func() { <-s.loading }()
	default:
		fail(refuse(http.StatusTooManyRequests, "another save is being loaded: try again in a moment"))
		return
	}
	if err := s.checkSave(r.Context(), t.game, b); err != nil {
		fail(err)
		return
	}
	o, err := openSave(s.opt.Source, b)
	if err != nil {
		fail(err)
		return
	}

	t.mu.Lock()
	if err = ready(); err == nil {
		old := *t.snapshot()
		t.def, t.g, t.lay, t.opts = o.c.def, o.c.g, o.c.lay, o.opts
		if err = t.start(setup{Players: o.log.Players, Seed: o.log.Seed, Bot: "random"}); err != nil {
			t.restore(old)
		} else {
			t.line = append([]string(nil), o.log.Moves...)
			t.note = fmt.Sprintf("loaded a saved game of %d moves: step forward to replay it", len(o.log.Moves))
			t.bump()
		}
	}
	rev := t.rev
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, &rev)
		return
	}
	s.answer(w, r, t, "")
}

// tableGame is the part of a table a failed load puts back.
type tableGame struct {
	def  cue.Value
	g    *interpreter.Game
	lay  *Layout
	opts load.Options
}

func (t *table) snapshot() *tableGame {
	return &tableGame{t.def, t.g, t.lay, t.opts}
}

func (t *table) restore(o tableGame) {
	t.def, t.g, t.lay, t.opts = o.def, o.g, o.lay, o.opts
}

// save answers the record of a finished game. A game under way is not
// saved: its moves would tell every seat's hidden choices.
func (s *Server) save(w http.ResponseWriter, r *http.Request) {
	t, err := s.tableOf(r)
	if err != nil {
		writeError(w, err, nil)
		return
	}
	t.mu.Lock()
	if !t.st.Finished {
		rev := t.rev
		t.mu.Unlock()
		writeError(w, refuse(http.StatusConflict, "a game is saved once it is over: its moves tell every seat's hidden choices"), &rev)
		return
	}
	l, err := record.New(s.opt.Source, t.game, t.players, t.seed, t.opts, t.st)
	t.mu.Unlock()
	if err != nil {
		writeError(w, err, nil)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", t.game+".json"))
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(l)
}
