package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haven-engine/haven/load"
)

// fuzzPaths are the requests FuzzRequests sends, by their op.
var fuzzPaths = []string{"move", "bot", "auto", "back", "forward", "new", "claim", "leave", "load", "state"}

// fuzzServers are a server of this machine and a public one, shared by
// the fuzz inputs (the bots do not play).
var fuzzServers = sync.OnceValues(func() ([]fuzzServer, error) {
	var out []fuzzServer
	for _, public := range []bool{false, true} {
		s, err := New(Options{Source: load.Dir("testdata"), Seed: 1, Players: 2, Public: public, Limits: Limits{
			Settle: time.Millisecond, SaveTime: time.Second, Body: 2 << 10, SaveBody: 4 << 10,
		}})
		if err != nil {
			return nil, err
		}
		// No bot loop runs: the coverage of an input is its own, not
		// that of a bot playing meanwhile.
		s.Close()
		out = append(out, fuzzServer{s, s.Handler(), s.token})
	}
	return out, nil
})

type fuzzServer struct {
	s     *Server
	h     http.Handler
	token string
}

// FuzzRequests sends a few requests of any body (and claim on a seat)
// to the requests of both kinds of server, from a table just started:
// each is answered with JSON and a status the protocol names
// (request.go), never a panic nor a 500, and a body that is not JSON is
// a 400 (or a 413, too large). An input is a script: ops[i] picks the
// server and the request of the i-th line of bodies.
func FuzzRequests(f *testing.F) {
	for _, seed := range []struct {
		ops    []byte
		bodies string
	}{
		{[]byte{0, 0}, `{"rev":0,"seat":0,"move":"go left"}` + "\n" + `{"rev":1,"seat":1,"move":"go right"}`},
		{[]byte{0, 3, 0}, `{"rev":0,"seat":0,"move":"go left"}` + "\n" + `{"rev":1,"seat":1}` + "\n" + `{"rev":2,"seat":0,"move":"go right","replace":true}`},
		{[]byte{1}, `{"rev":0,"seat":-1}`},
		{[]byte{5, 2, 1}, `{"rev":0,"seat":0,"players":2,"bots":[0,1],"bot":"random"}` + "\n" + `{"rev":1,"seat":-1,"run":true}` + "\n" + `{"rev":2,"seat":-1}`},
		{[]byte{5}, `{"rev":0,"seat":0,"players":2,"seed":3,"bots":[1],"bot":"ismcts:iters=10"}`},
		{[]byte{5}, `{"rev":0,"seat":0,"players":3,"bots":[0,1,2],"bot":"greedy:depth=9"}`},
		{[]byte{16 + 6, 16 + 0, 16 + 7}, `{"rev":0,"seat":0}` + "\n" + `{"rev":1,"seat":0,"move":"go left"}` + "\n" + `{"rev":2,"seat":0}`},
		{[]byte{8}, `{"rev":0,"seat":0,"save":"{\"format\":\"haven-save/2\",\"game\":\"walk\",\"players\":2}"}`},
		{[]byte{0}, `{"rev":`},
		{[]byte{0}, "null"},
		{[]byte{4}, `{"rev":0,"seat":0} []`},
	} {
		f.Add(seed.ops, seed.bodies, "")
	}
	f.Add([]byte{16 + 9}, "", "0 0123456789abcdef0123456789abcdef")
	servers, err := fuzzServers()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, ops []byte, bodies, claim string) {
		if len(ops) > 8 || len(bodies) > 8<<10 {
			t.Skip("past the bounds of a script, which shorter ones reach")
		}
		for _, s := range servers {
			s.reset()
		}
		lines := strings.Split(bodies, "\n")
		for i, op := range ops {
			body := ""
			if i < len(lines) {
				body = lines[i]
			}
			fuzzRequest(t, servers[int(op>>4)%len(servers)], fuzzPaths[int(op&15)%len(fuzzPaths)], body, claim)
		}
	})
}

// fuzzRequest sends one request of FuzzRequests and checks its answer.
func fuzzRequest(t *testing.T, s fuzzServer, what, body, claim string) {
	method := "POST"
	if what == "state" {
		method = "GET"
	}
	r := httptest.NewRequest(method, "http://127.0.0.1/games/walk/"+what, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set(TokenHeader, s.token)
	if claim != "" && !strings.ContainsAny(claim, "\r\n\x00") {
		r.Header.Set(SeatHeader, claim)
	}
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, r)
	codes := []int{200, 400, 403, 409, 413, 422, 429}
	if !slices.Contains(codes, w.Code) {
		t.Fatalf("%s %s %q: status %d: %s", method, what, body, w.Code, w.Body)
	}
	if !json.Valid(w.Body.Bytes()) {
		t.Fatalf("%s %s %q: the answer is not JSON: %s", method, what, body, w.Body)
	}
	if method == "POST" && !json.Valid([]byte(body)) && w.Code != 400 && w.Code != 413 {
		t.Fatalf("%s %q is not JSON, but is answered %d: %s", what, body, w.Code, w.Body)
	}
}

// reset starts the game of walk again, at revision 0 with no seat
// claimed, so that an input's coverage does not depend on those before.
func (s fuzzServer) reset() {
	t, err := s.s.table("walk")
	if err != nil {
		panic(err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.start(s.s.opt.setup(t.g)); err != nil {
		panic(err)
	}
	t.rev, t.claims, t.errs = 0, make([]string, t.players), nil
}
