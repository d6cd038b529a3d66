package main

import (
	"strings"
	"testing"
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
		{[]string{"serve", "--bots", "x"}, 2, `haven: --bots x: "x" is not a seat`},
		{[]string{"serve", "--defs", "no/such/folder"}, 1, "haven: --defs no/such/folder: no such folder"},
		{[]string{"serve", "race"}, 2, `haven: serve: unexpected argument "race"`},
	} {
		_, stderr, code := haven(t, "", c.args...)
		if code != c.code || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want exit %d, %q", c.args, code, stderr, c.code, c.want)
		}
	}
}
