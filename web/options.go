package web

import (
	"time"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

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

// Limits bound what one request may cost the server, and how many
// tables it holds.
type Limits struct {
	// Tables bounds the tables open on the server, GameTables those of
	// one game: a new table beyond either is refused (429).
	Tables, GameTables int
	// TableIdle is how long a table nobody asks anything of, and no page
	// watches, stays open; a negative one keeps tables open until they
	// are closed.
	TableIdle time.Duration
	// BotIterations, BotMillis and BotDepth bound the bot a page asks
	// for: ismcts's iters and ms, greedy's and ismcts's depth. A search
	// bot always stops after BotMillis.
	BotIterations, BotMillis, BotDepth int
	// BotGames bounds the games the learned bot a page asks for trains
	// on before it plays.
	BotGames int
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
	// save's definition, or a definition reloaded (isolate.go): it is
	// killed past either.
	SaveTime   time.Duration
	SaveMemory uint64
}

// DefaultLimits are the limits of a server that sets none.
var DefaultLimits = Limits{
	Tables: 64, GameTables: 16, TableIdle: time.Hour,
	BotIterations: 5000, BotMillis: 3000, BotDepth: 3, BotGames: 50,
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
	pick(&l.BotGames, d.BotGames)
	pick(&l.Move, d.Move)
	pick(&l.Tables, d.Tables)
	pick(&l.GameTables, d.GameTables)
	if l.TableIdle == 0 {
		l.TableIdle = d.TableIdle
	}
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

// setup is how a game starts at a new table.
func (o *Options) setup(g *interpreter.Game) setup {
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
