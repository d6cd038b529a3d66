package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/haven-engine/haven/sim"
	"github.com/haven-engine/haven/web"
)

var serveCommand = &command{
	name:  "serve",
	usage: "serve [--addr HOST:PORT] [--public] [--host NAME]... [--tables N] [--game-tables N] [--idle DURATION] [--players N] [--seed S] [--bots SEATS] [--bot SPEC] [--defs DIR] [--variant FILE]... [--set PATH=VALUE]... [--option NAME=VALUE]...",
	summary: "Serve the web board: an index of the games and their open tables at /,\n" +
		"and a page per table at /games/GAME/tables/N with the board, the deciding\n" +
		"player's view, the legal moves (buttons, or clicks on the board), the\n" +
		"explained log and the scores. /games/GAME is the game's first open table,\n" +
		"opened on first use; the index and a table's new-game form open more, each\n" +
		"with a game of its own. Play against the bot (--bots), hot-seat, or watch\n" +
		"the bots; step a game back and forth; load a save. A table nobody plays at\n" +
		"or watches for --idle is closed; so is a finished one, from its page.\n" +
		"With --defs DIR, saving a CUE file of a game, or of a package it imports,\n" +
		"reloads it at every open table. A --variant applies to the games it belongs to:\n" +
		"a shipped variant's name to the games that ship it, a file of a game's\n" +
		"variants/ folder to that game, any other file to every game.\n" +
		"Listens on 127.0.0.1 unless --addr says otherwise, and answers only to the\n" +
		"names and addresses it listens on, localhost and each --host NAME. An address\n" +
		"other machines reach needs --public: the players then claim their seats,\n" +
		"and a page plays and sees only the seat it holds.",
	parse: serveParse,
}

type serveOptions struct {
	IO
	gameFlags
	tableFlags
	Addr   string
	Bots   string
	Bot    string
	Public bool
	Hosts  []string
	// Tables, GameTables and Idle bound the tables (web.Limits).
	Tables, GameTables int
	Idle               time.Duration
}

func serveParse(c *command, io IO, args []string) (*flags, func() error, error) {
	opts, f, err := parseServe(c, io, args)
	return f, func() error { return runServe(opts) }, err
}

// parseServe reads serve's flags into its options.
func parseServe(c *command, io IO, args []string) (*serveOptions, *flags, error) {
	opts := &serveOptions{IO: io}
	f := newFlags(c)
	opts.register(f, true)
	opts.registerTable(f, "random seed `S` of each game")
	f.StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	f.BoolVar(&opts.Public, "public", false, "serve other machines: needed for an --addr beyond this machine; players claim their seats with secrets")
	f.Var((*list)(&opts.Hosts), "host", "also answer to the host `NAME` (a name of this machine in DNS; repeatable)")
	f.IntVar(&opts.Tables, "tables", web.DefaultLimits.Tables, "hold at most `N` tables open")
	f.IntVar(&opts.GameTables, "game-tables", web.DefaultLimits.GameTables, "hold at most `N` tables of one game open")
	f.DurationVar(&opts.Idle, "idle", web.DefaultLimits.TableIdle, "close a table nobody plays or watches for `DURATION` (0: never)")
	f.StringVar(&opts.Bots, "bots", "", "`SEATS` played by the bot: a comma list such as 1,2, or all")
	f.StringVar(&opts.Bot, "bot", "random", "the bot `SPEC` playing those seats: random, policy, greedy, ismcts[:iters=N...] or learned[:model=FILE] (haven help sim)")
	_, err := f.parse(args, 0, 0)
	if err == nil {
		if _, _, e := sim.ParseBot(opts.Bot); e != nil {
			err = f.usageErrorf("--bot: %v", e)
		}
	}
	switch {
	case err != nil:
	case opts.Tables < 1:
		err = f.usageErrorf("--tables %d: want 1 or more", opts.Tables)
	case opts.GameTables < 1:
		err = f.usageErrorf("--game-tables %d: want 1 or more", opts.GameTables)
	case opts.Idle < 0:
		err = f.usageErrorf("--idle %v: want 0 (never) or more", opts.Idle)
	}
	return opts, f, err
}

func runServe(opts *serveOptions) error {
	src, err := opts.source()
	if err != nil {
		return err
	}
	// Every game is served with the same options: a variant applies to
	// the game it belongs to (load.Source.For).
	lo := opts.options()
	lo.Scoped = true
	if err := src.CheckScoped(lo); err != nil {
		return err
	}
	wo := web.Options{Source: src, Load: lo, Players: opts.Players, Seed: opts.Seed, Bot: opts.Bot, Limits: opts.limits()}
	if opts.Bots == "all" {
		wo.AllBots = true
	} else if opts.Bots != "" {
		for w := range strings.SplitSeq(opts.Bots, ",") {
			p, err := strconv.Atoi(strings.TrimSpace(w))
			if err != nil || p < 0 {
				return usageErrorf("--bots %s: %q is not a seat (seats are 0, 1, ..., or all)", opts.Bots, w)
			}
			wo.Bots = append(wo.Bots, p)
		}
	}
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return usageErrorf("--addr %s: want HOST:PORT, such as 127.0.0.1:8080", opts.Addr)
	}
	hosts, local, err := listenHosts(host)
	if err != nil {
		return fmt.Errorf("--addr %s: %v", opts.Addr, err)
	}
	if !local && !opts.Public {
		return usageErrorf("--addr %s: other machines reach this address: add --public to serve them (players then claim their seats with secrets)", opts.Addr)
	}
	wo.Hosts = append(hosts, opts.Hosts...)
	wo.Public = opts.Public
	s, err := web.New(wo)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return err
	}
	if opts.Public {
		fmt.Fprintf(opts.Err, "haven: warning: --public: whoever reaches %s can open the games and take a free seat, and nothing is encrypted\n", ln.Addr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if opts.Defs != "" {
		go s.Watch(ctx, opts.Defs, 300*time.Millisecond)
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Fprintf(opts.Out, "Haven web board on http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	if opts.Defs != "" {
		fmt.Fprintf(opts.Out, "watching %s: saving a game's CUE file reloads its open tables\n", opts.Defs)
	}
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		return err
	}
	return nil
}

// limits are the server's bounds on tables: --idle 0 keeps them open.
func (o *serveOptions) limits() web.Limits {
	l := web.Limits{Tables: o.Tables, GameTables: o.GameTables, TableIdle: o.Idle}
	if o.Idle == 0 {
		l.TableIdle = -1 // never
	}
	return l
}

// listenHosts are the names and addresses a server listening on host
// answers to, and whether they are all of this machine only (loopback).
// An empty or unspecified host (0.0.0.0, ::) listens on every address of
// the machine; a name, on the addresses it resolves to.
func listenHosts(host string) ([]string, bool, error) {
	ip := net.ParseIP(host)
	if host == "" || ip != nil && ip.IsUnspecified() {
		hosts := []string{"127.0.0.1", "::1"}
		if name, err := os.Hostname(); err == nil {
			hosts = append(hosts, name)
		}
		addrs, err := net.InterfaceAddrs()
		if err != nil {
			return nil, false, err
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				hosts = append(hosts, n.IP.String())
			}
		}
		return hosts, false, nil
	}
	if ip != nil {
		return []string{host}, ip.IsLoopback(), nil
	}
	ips, err := net.LookupIP(host)
	if err != nil {
		return nil, false, err
	}
	hosts, local := []string{host}, true
	for _, ip := range ips {
		hosts = append(hosts, ip.String())
		local = local && ip.IsLoopback()
	}
	return hosts, local, nil
}
