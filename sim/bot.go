package sim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
)

// Bot chooses moves from what the deciding seat may know: its
// observation, never the state itself (see Decide).
type Bot interface {
	// Choose picks one of legal, which is never empty; every move of legal
	// is the observing seat's. obs is nil for a Blind bot. legal is
	// the caller's, listed again for the next decision: a bot keeps the
	// moves it needs, not the list. So is obs, and the states sampled
	// from it: a game played by PlaySeats makes the next decision's
	// observation in its arrays.
	Choose(obs *interpreter.Observation, legal []interpreter.Move) interpreter.Move
}

// Blind is a bot that reads nothing of the game but the legal moves:
// Decide spares it the cost of an observation and passes nil.
type Blind interface {
	Bot
	Blind()
}

// Follower is a bot that keeps what it learnt from one decision of a
// seat to the next (a search tree): Decide gives it, in the observation,
// the moves made since, as the seat may know them
// (interpreter.Game.ObserveSince).
type Follower interface {
	Bot
	// Since is how many moves the game had made (Observation.Made) when
	// the bot last decided for seat, or -1.
	Since(seat int) int
}

// Decide asks bot for a move at the pending decision of st, of which legal
// (not empty) are the moves: the bot is shown only what the deciding seat
// may know.
func Decide(g *interpreter.Game, st *interpreter.State, bot Bot, legal []interpreter.Move) (interpreter.Move, error) {
	return decideIn(g, st, bot, legal, nil)
}

// decideIn is Decide with the observation made in obs, reused from
// decision to decision (ObserveSinceInto); in a new one when obs is nil.
func decideIn(g *interpreter.Game, st *interpreter.State, bot Bot, legal []interpreter.Move, obs *interpreter.Observation) (interpreter.Move, error) {
	if _, blind := bot.(Blind); blind {
		return bot.Choose(nil, legal), nil
	}
	seat, since := legal[0].Player, -1
	if f, ok := bot.(Follower); ok {
		since = f.Since(seat)
	}
	if obs == nil {
		obs = new(interpreter.Observation)
	}
	if err := g.ObserveSinceInto(obs, st, seat, since); err != nil {
		return interpreter.Move{}, err
	}
	return bot.Choose(obs, legal), nil
}

// newRand is the generator of a bot seeded with seed: the engine's own
// (interpreter.Rand, whose algorithms Haven keeps), so that a bot's
// moves, and a simulation's report, for a seed are the same on every Go
// release. Bots are seeded with the game's seed; the seed is first mixed
// with a salt, through the generator itself, so that a bot's draws are
// not the game's dice and shuffles.
func newRand(seed uint64) *interpreter.Rand {
	return interpreter.NewRand(interpreter.NewRand(seed ^ botSalt).Uint64())
}

// botSalt sets the bots' streams apart from the games' for one seed.
const botSalt = 0x6a09e667f3bcc908 // the first 64 bits of √2's fraction

// botKind is one kind of bot: the keys its spec takes (whole numbers;
// and words, as a file's name, in words) and how to make it.
type botKind struct {
	keys  []string
	make  func(g *interpreter.Game, seed uint64, opt map[string]int) Bot
	words []string
	// makeWords, when set, makes the bot instead of make, from its
	// options and its words.
	makeWords func(g *interpreter.Game, seed uint64, opt map[string]int, words map[string]string) (Bot, error)
}

// botKinds are the kinds of bot by name, made in init: a learned bot
// trains its own model when given none, and training makes the
// opponents it names with NewBot.
var botKinds map[string]botKind

func init() {
	botKinds = map[string]botKind{
		"random": {make: func(_ *interpreter.Game, seed uint64, _ map[string]int) Bot { return Random(seed) }},
		"policy": {make: func(g *interpreter.Game, seed uint64, _ map[string]int) Bot { return Policy(g, seed) }},
		"greedy": {keys: []string{"depth"}, make: func(g *interpreter.Game, seed uint64, opt map[string]int) Bot {
			return Greedy(g, seed, opt["depth"])
		}},
		"ismcts": {keys: []string{"iters", "ms", "depth", "c", "eps", "spread", "prior", "rescale", "guide"}, words: []string{"value"}, makeWords: func(g *interpreter.Game, seed uint64, opt map[string]int, words map[string]string) (Bot, error) {
			o := ISMCTSOptions{Iterations: opt["iters"], Millis: opt["ms"], Depth: opt["depth"], C: opt["c"], Eps: opt["eps"], Spread: opt["spread"] != 0, Prior: opt["prior"], Rescale: opt["rescale"] != 0, Guide: opt["guide"]}
			if d, ok := opt["depth"]; ok && d == 0 {
				o.Depth = -1 // depth=0: no playout
			}
			if p, ok := opt["prior"]; ok && p == 0 {
				o.Prior = -1 // prior=0: UCB1, no prior
			}
			if e, ok := opt["eps"]; ok && e == 0 {
				o.Eps = -1 // eps=0: the policy's best move every time
			}
			path, ok := words["value"]
			for _, key := range []string{"rescale", "guide"} {
				if _, set := opt[key]; set && !ok {
					return nil, fmt.Errorf("bot ismcts: %s= works on a learned model's judgement: give value=FILE too", key)
				}
			}
			if ok {
				m, err := ReadModel(path, g)
				if err != nil {
					return nil, err
				}
				o.Value = m
			}
			return NewISMCTS(g, seed, o), nil
		}},
		"learned": {keys: []string{"games", "depth", "beam"}, words: []string{"model"}, makeWords: func(g *interpreter.Game, seed uint64, opt map[string]int, words map[string]string) (Bot, error) {
			var m *Model
			if path, ok := words["model"]; ok {
				if _, both := opt["games"]; both {
					return nil, fmt.Errorf("bot learned: games= trains a model, model= reads one: give one or the other")
				}
				var err error
				if m, err = ReadModel(path, g); err != nil {
					return nil, err
				}
			}
			b := Learned(g, seed, m, opt["games"])
			if d := opt["depth"]; d > 0 {
				b.depth = d
			}
			b.beam = opt["beam"]
			return b, nil
		}},
	}
}

// DefaultBot is the spec of the bot a simulation uses when it is given
// none: policy when the game gives its bots a policy (bots.prefer: the
// designer has said how to play), else greedy when the game's scoring
// gives an estimate (the designer has said how a position is judged
// mid-game, which greedy goes by), random otherwise.
func DefaultBot(g *interpreter.Game) string {
	if g.HasPolicy() {
		return "policy"
	}
	if g.HasEstimate() {
		return "greedy"
	}
	return "random"
}

// BotNames lists the kinds of bot NewBot makes.
func BotNames() []string {
	return []string{"random", "policy", "greedy", "ismcts", "learned"}
}

// ParseBot checks a bot spec: a kind, then options as :key=value with a
// whole number value ("ismcts:iters=500:depth=4", or
// "ismcts:iters=500,depth=4"), or a word for the keys that take one
// ("learned:model=FILE"). It returns the kind and the whole-number
// options.
func ParseBot(spec string) (string, map[string]int, error) {
	name, opt, _, err := parseBot(spec)
	return name, opt, err
}

// parseBot is ParseBot, with the options that take words.
func parseBot(spec string) (string, map[string]int, map[string]string, error) {
	// Options are separated by ":" or ",": a --bot list of seats splits
	// at the commas that start a new spec only.
	parts := strings.FieldsFunc(spec, func(r rune) bool { return r == ':' || r == ',' })
	if len(parts) == 0 {
		parts = []string{""}
	}
	name := parts[0]
	if name == "" && len(parts) == 1 {
		name = "random"
	}
	kind, ok := botKinds[name]
	if !ok {
		hint := ""
		if s := diag.Suggest(name, BotNames()); s != "" {
			hint = fmt.Sprintf("did you mean %q? ", s)
		}
		return "", nil, nil, fmt.Errorf("unknown bot %q (%sbots: %s)", name, hint, strings.Join(BotNames(), ", "))
	}
	opt, words := map[string]int{}, map[string]string{}
	keys := append(slices.Clip(kind.keys), kind.words...)
	for _, kv := range parts[1:] {
		key, val, found := strings.Cut(kv, "=")
		if slices.Contains(kind.words, key) {
			if !found || val == "" {
				return "", nil, nil, fmt.Errorf("bot %s: %s=: give a value", name, key)
			}
			if _, twice := words[key]; twice {
				return "", nil, nil, fmt.Errorf("bot %s: %s given twice", name, key)
			}
			words[key] = val
			continue
		}
		if !slices.Contains(kind.keys, key) {
			switch {
			case len(keys) == 0:
				return "", nil, nil, fmt.Errorf("bot %s takes no options, not %q", name, kv)
			case diag.Suggest(key, keys) != "":
				return "", nil, nil, fmt.Errorf("bot %s: unknown option %q (did you mean %q? options: %s)", name, key, diag.Suggest(key, keys), strings.Join(keys, ", "))
			}
			return "", nil, nil, fmt.Errorf("bot %s: unknown option %q (options: %s)", name, key, strings.Join(keys, ", "))
		}
		n, err := strconv.Atoi(val)
		if !found || err != nil || n < 0 {
			return "", nil, nil, fmt.Errorf("bot %s: %s=%s: want a whole number, 0 or more", name, key, val)
		}
		if _, twice := opt[key]; twice {
			return "", nil, nil, fmt.Errorf("bot %s: %s given twice", name, key)
		}
		opt[key] = n
	}
	return name, opt, words, nil
}

// NewBot returns the bot a spec names ("random", "greedy",
// "ismcts:iters=500"; see ParseBot), seeded with seed.
func NewBot(spec string, g *interpreter.Game, seed uint64) (Bot, error) {
	name, opt, words, err := parseBot(spec)
	if err != nil {
		return nil, err
	}
	if k := botKinds[name]; k.makeWords != nil {
		return k.makeWords(g, seed, opt, words)
	}
	return botKinds[name].make(g, seed, opt), nil
}
