package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/web"
)

// TestServeBadInput checks that serve refuses bad flags with one line and
// a non-zero exit, before it listens. The server itself is tested in web/.
func TestServeBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "--bot", "clever"}, 2, `haven: serve: --bot: unknown bot "clever" (bots: random, policy, greedy, ismcts, learned)`},
		{[]string{"serve", "--addr", "8080"}, 2, "haven: --addr 8080: want HOST:PORT"},
		{[]string{"serve", "--addr", "0.0.0.0:0"}, 2, "haven: --addr 0.0.0.0:0: other machines reach this address: add --public to serve them (players then claim their seats with secrets)"},
		{[]string{"serve", "--addr", ":0"}, 2, "haven: --addr :0: other machines reach this address: add --public"},
		{[]string{"serve", "--bots", "x"}, 2, `haven: --bots x: "x" is not a seat`},
		{[]string{"serve", "--defs", "no/such/folder"}, 1, "haven: --defs no/such/folder: no such folder"},
		{[]string{"serve", "--variant", "short-gam"}, 1, `haven: variant "short-gam": no game ships a variant of that name (did you mean "short-game"?)`},
		{[]string{"serve", "--tables", "0"}, 2, "haven: serve: --tables 0: want 1 or more"},
		{[]string{"serve", "--game-tables", "-1"}, 2, "haven: serve: --game-tables -1: want 1 or more"},
		{[]string{"serve", "--idle", "-1m"}, 2, "haven: serve: --idle -1m0s: want 0 (never) or more"},
		{[]string{"serve", "race"}, 2, `haven: serve: unexpected argument "race"`},
	} {
		_, stderr, code := haven(t, "", c.args...)
		if code != c.code || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit %d, %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

// TestServeLimits: the table flags reach the server's limits, and
// --idle 0 keeps tables open.
func TestServeLimits(t *testing.T) {
	o, _, err := parseServe(serveCommand, IO{}, []string{"--tables", "5", "--game-tables", "2", "--idle", "0"})
	require.NoError(t, err)
	assert.Equal(t, web.Limits{Tables: 5, GameTables: 2, TableIdle: -1}, o.limits())
	o, _, err = parseServe(serveCommand, IO{}, []string{"--idle", "90s"})
	require.NoError(t, err)
	assert.Equal(t, web.Limits{Tables: web.DefaultLimits.Tables, GameTables: web.DefaultLimits.GameTables, TableIdle: 90 * time.Second}, o.limits())
}

// TestListenHosts names the hosts a server answers to, and whether they
// are of this machine only.
func TestListenHosts(t *testing.T) {
	for _, tt := range []struct {
		host  string
		want  []string
		local bool
	}{
		{"127.0.0.1", []string{"127.0.0.1"}, true},
		{"::1", []string{"::1"}, true},
		{"localhost", []string{"localhost", "127.0.0.1"}, true},
		{"0.0.0.0", []string{"127.0.0.1", "::1"}, false},
		{"", []string{"127.0.0.1", "::1"}, false},
		{"10.1.2.3", []string{"10.1.2.3"}, false},
	} {
		hosts, local, err := listenHosts(tt.host)
		require.NoError(t, err, tt.host)
		assert.Equal(t, tt.local, local, tt.host)
		assert.Subset(t, hosts, tt.want, tt.host)
	}
}
