package web

import (
	"net/http"
	"strconv"
	"strings"
)

// On a public server (Options.Public) a page plays a seat only once it
// has claimed it: POST claim gives the page the seat's secret, which it
// sends back in SeatHeader with every request. A page shows the view of
// the seat it holds (a spectator's without one), and plays only that
// seat's moves: a player can neither move for another nor read another's
// view. A seat is held until its holder leaves it (POST leave), it
// becomes a bot's or the game has fewer seats. The table itself (a new
// game, a save loaded, stepping, the bots) is run by the seated players,
// or by anyone while nobody holds a seat.
//
// On a server of this machine only, everyone at the screen is at the
// table: the page shows the deciding person's view (hot-seat), and needs
// no secret.

// SeatHeader is the header that carries a page's claim on a seat:
// "SEAT SECRET".
const SeatHeader = "X-Haven-Seat"

// seatOf is the seat a request acts as: on a public server the one whose
// secret it carries (-1: none), else the table's viewer. A closed table
// has no seats: every request that names a seat is refused. The table's
// lock is held.
func (s *Server) seatOf(t *table, r *http.Request) (int, error) {
	if t.closed {
		return -1, t.gone()
	}
	if !s.opt.Public {
		return t.viewer(), nil
	}
	h := r.Header.Get(SeatHeader)
	if h == "" {
		return -1, nil
	}
	seatText, secret, _ := strings.Cut(h, " ")
	seat, err := strconv.Atoi(seatText)
	if err != nil || seat < 0 || seat >= len(t.claims) || t.claims[seat] == "" || !same(secret, t.claims[seat]) {
		return -1, refuse(http.StatusForbidden, "this page's claim on a seat is not valid (the seat was left, or the server restarted): take a seat again")
	}
	return seat, nil
}

// mayRun refuses a table action (a new game, a load, a step, the bots)
// to a page that holds no seat while others do, on a public server.
func (s *Server) mayRun(t *table, seat int) error {
	if !s.opt.Public || seat >= 0 {
		return nil
	}
	for _, c := range t.claims {
		if c != "" {
			return refuse(http.StatusForbidden, "the players at this table run it: take a seat to play")
		}
	}
	return nil
}

// claim gives a free seat of a person to a page, and returns its secret.
func (t *table) claim(seat int) (string, error) {
	if seat < 0 || seat >= t.players {
		return "", refuse(http.StatusUnprocessableEntity, "seat %d: seats are 0 to %d", seat, t.players-1)
	}
	if !t.human(seat) {
		return "", refuse(http.StatusConflict, "%s is played by the bot", seatLabel(seat))
	}
	if t.claims[seat] != "" {
		return "", refuse(http.StatusConflict, "%s is taken", seatLabel(seat))
	}
	t.claims[seat] = newSecret()
	return t.claims[seat], nil
}

// keepClaims fits the claims to the table's seats: a seat the game no
// longer has, or that a bot now plays, is free.
func (t *table) keepClaims() {
	claims := make([]string, t.players)
	for p := range claims {
		if p < len(t.claims) && t.human(p) {
			claims[p] = t.claims[p]
		}
	}
	t.claims = claims
}
