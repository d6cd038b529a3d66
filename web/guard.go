package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"mime"
	"net"
	"net/http"
	"strings"
)

// The server answers only its own pages. Three checks stand between a
// page from elsewhere and the tables:
//
//   - the Host of every request must be, exactly, a name or an address
//     the server listens on, or localhost: a DNS-rebinding name
//     (127.0.0.1.rebind.evil.example) that points at the server is
//     refused, as is any name not given (checkHost);
//   - a state-changing request must be a same-origin JSON POST: its
//     Content-Type application/json (a form or a no-cors fetch cannot
//     send that without a preflight, which the server never grants), its
//     Origin the server's own and its Sec-Fetch-Site same-origin when the
//     browser sends them;
//   - and it must carry the server's token (TokenHeader), which the
//     server writes into its own pages only: a page elsewhere cannot read
//     it.

// TokenHeader is the header that carries the page token.
const TokenHeader = "X-Haven-Token"

// newSecret is a fresh random secret, 128 bits in hex.
func newSecret() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// same compares two secrets in constant time.
func same(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// hostSet is the set of host names a server answers to, lower case,
// IPv6 addresses without brackets.
type hostSet map[string]bool

func newHostSet(hosts []string) hostSet {
	set := hostSet{"localhost": true}
	if len(hosts) == 0 {
		hosts = []string{"127.0.0.1", "::1"}
	}
	for _, h := range hosts {
		set[normalHost(h)] = true
	}
	return set
}

// normalHost is a host without its port and brackets, lower case.
func normalHost(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if ip := net.ParseIP(h); ip != nil {
		return ip.String()
	}
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// checkHost refuses a request whose Host is not one the server answers
// to: by exact match, never by prefix.
func (s *Server) checkHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hosts[normalHost(r.Host)] {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte("haven serve answers only to the names it listens on (--addr, --host), not to " + clip(r.Host, 100) + "\n"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// checkOrigin refuses a state-changing request that does not come from
// the server's own page: not JSON, from another origin, or without the
// page token.
func (s *Server) checkOrigin(r *http.Request) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return refuse(http.StatusUnsupportedMediaType, "a request that changes a table is JSON: Content-Type: application/json")
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return refuse(http.StatusForbidden, "a request from another site (%s) is refused: play from the server's own page", site)
	}
	if o := r.Header.Get("Origin"); o != "" && o != ownOrigin(r) {
		return refuse(http.StatusForbidden, "a request from %s is refused: play from the server's own page", o)
	}
	if !same(r.Header.Get(TokenHeader), s.token) {
		return refuse(http.StatusForbidden, "the request lacks this server's page token: reload the page")
	}
	return nil
}

// ownOrigin is the origin of the server's pages as the request reached
// it (its Host has passed checkHost).
func ownOrigin(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// hardened asks the browser not to sniff an answer nor show it in a
// frame of another page (which could trick a click).
func hardened(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}
