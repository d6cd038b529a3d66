package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"
)

// The request protocol. A table's requests go under its address,
// /games/GAME/tables/N, or /games/GAME for the game's default table
// (tables.go). Every request that changes a table is a POST of a JSON
// object that names the position it acts on and the seat it acts as:
//
//	{"rev": 12, "seat": 0, "move": "place start1 grain"}
//
// rev is the table's revision the page was drawn from (pageModel.Rev:
// every change of the table raises it) and seat the seat the page plays
// (pageModel.Viewer, -1 for a spectator). A request for another
// revision than the table's, or for a seat that is not the page's, is
// refused with 409 and the page is drawn again: a double click, a second
// tab or a page left open while the bots played acts on nothing it did
// not see. The answer to a request that succeeds is the table as the
// page's seat sees it (apiAnswer); the answer to one that fails is
// {"error": "...", "rev": N} with its status: 400 for a body that is not
// the JSON asked for, 403 for a request that does not come from the
// server's own page, 404 for an unknown game or table (a closed one),
// 409 for a stale or foreign request, 413 for a body or a move over its
// bound, 415 for a body that is not JSON, 422 for a request the rules or
// the server's limits refuse (an illegal move, a bot over the limits, a
// save that does not load), 429 while another save is loading, or for a
// new table beyond the server's bound on tables (tables.go).

// action is the part of every state-changing request that says what it
// acts on.
type action struct {
	// Rev is the revision of the table the page was drawn from.
	Rev *int `json:"rev"`
	// Seat is the seat the page plays, -1 for a spectator.
	Seat *int `json:"seat"`
}

// moveRequest plays a move.
type moveRequest struct {
	action
	Move string `json:"move"`
	// Replace confirms a move made while a game is replayed, which
	// replaces the rest of its line.
	Replace bool `json:"replace"`
}

// newRequest starts a new game at the table.
type newRequest struct {
	action
	newGame
}

// newGame is a new game's setup. Variants (the names of shipped
// variants) and Options (NAME: VALUE), when given, replace the table's:
// the game is compiled again with them. It is also the body of a request
// for a new table (POST /games/GAME/tables), which names no revision nor
// seat: an empty one takes the server's setup.
type newGame struct {
	setup
	Variants *[]string         `json:"variants"`
	Options  map[string]string `json:"options"`
}

// empty tells a request that sets nothing.
func (n *newGame) empty() bool {
	return n.Players == 0 && n.Seed == 0 && n.Bots == nil && n.Bot == "" && n.Variants == nil && n.Options == nil
}

// jumpRequest steps the game to the position after its first To moves.
type jumpRequest struct {
	action
	To int `json:"to"`
	// Design steps back past a card shown to a person, which play
	// against the bots refuses (undo.go); a public server ignores it.
	Design bool `json:"design"`
}

// autoRequest starts (Run) or stops the bots playing on.
type autoRequest struct {
	action
	Run bool `json:"run"`
}

// loadRequest loads a saved game: Save is the text of the save.
type loadRequest struct {
	action
	Save string `json:"save"`
}

// statusError is an error with the HTTP status that answers it.
type statusError struct {
	code int
	msg  string
}

func (e *statusError) Error() string { return e.msg }

// refuse makes a statusError; the message is clipped, so that a
// string of the request it quotes cannot make the answer large.
func refuse(code int, format string, args ...any) error {
	return &statusError{code, clip(fmt.Sprintf(format, args...), maxMessage)}
}

// maxMessage is the longest message an answer carries, in bytes.
const maxMessage = 600

// clip cuts s to at most n bytes, at a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// decode reads a JSON object of at most limit bytes into v, strictly:
// one object, no unknown field, nothing after it.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return refuse(http.StatusRequestEntityTooLarge, "the request is larger than the %d bytes this server takes", limit)
	}
	if err != nil {
		return refuse(http.StatusBadRequest, "the request could not be read: %v", err)
	}
	return decodeBytes(b, v)
}

// decodeBytes is decode's parsing, apart for the fuzz test.
func decodeBytes(b []byte, v any) error {
	if !utf8.Valid(b) {
		return refuse(http.StatusBadRequest, "the request is not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return refuse(http.StatusBadRequest, "the request is not the JSON object asked for: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return refuse(http.StatusBadRequest, "the request has more than one JSON value")
	}
	return nil
}

// named checks that an action names its revision and seat.
func (a *action) named() error {
	if a.Rev == nil || a.Seat == nil {
		return refuse(http.StatusBadRequest, `the request must name the revision it acts on and the page's seat: {"rev": N, "seat": S, ...}`)
	}
	return nil
}

// errorAnswer is the body of a refused request.
type errorAnswer struct {
	Error string `json:"error"`
	// Rev is the table's revision, when the game is known.
	Rev *int `json:"rev,omitempty"`
}

// writeError answers a refused request with its status and message.
func writeError(w http.ResponseWriter, err error, rev *int) {
	code, msg := http.StatusInternalServerError, err.Error()
	var se *statusError
	switch {
	case errors.As(err, &se):
		code = se.code
	case errors.Is(err, errNotFound):
		code = http.StatusNotFound
	default:
		if isDefinitionError(err) {
			code = http.StatusUnprocessableEntity
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(errorAnswer{Error: clip(strings.TrimSpace(msg), maxMessage*4), Rev: rev})
}
