package interpreter

// This file is the Game's public face: what callers outside the
// interpreter may do with a compiled game. Each method hands the work to
// the machine (package runtime), whose own fields and methods are the
// compiler's and stay behind it.

import (
	"maps"
	"slices"
)

// New starts a game for a number of players with a seed: it builds the
// state and runs setup and the flow up to the first decision.
func (g *Game) New(players int, seed uint64) (*State, error) { return g.rt.New(players, seed) }

// NewOneStream starts a game as New does, but draws every random number
// from one generator, as games saved before a stream per purpose were
// played: their saves replay with it.
func (g *Game) NewOneStream(players int, seed uint64) (*State, error) {
	return g.rt.NewRandom(players, seed, false)
}

// NewInto starts a new game in dst, as New does, in dst's own memory: a
// simulation that plays game after game on one state does not list
// every game's moves in a new array. dst is overwritten: nothing read
// from it before may be kept, and every state copied from it must be
// done with.
func (g *Game) NewInto(dst *State, players int, seed uint64) error {
	return g.rt.NewInto(dst, players, seed)
}

// Legal lists the legal moves of st's pending decision.
func (g *Game) Legal(st *State) ([]Move, error) { return g.rt.Legal(st) }

// LegalInto lists the legal moves of st's pending decision into buf,
// reused: a caller that keeps buf lists without allocating.
func (g *Game) LegalInto(st *State, buf []Move) ([]Move, error) { return g.rt.LegalInto(st, buf) }

// Apply makes a move, given by its text, and runs the game on to the
// next decision. An illegal move leaves the state as it was and returns
// an *IllegalMove.
func (g *Game) Apply(st *State, move string) error { return g.rt.Apply(st, move) }

// ApplyIndex makes the move of index i of the last listing of st (Legal
// or LegalInto), as Apply does with its text.
func (g *Game) ApplyIndex(st *State, i int) error { return g.rt.ApplyIndex(st, i) }

// SetLog turns the event log on or off (simulations run without it).
func (g *Game) SetLog(on bool) { g.rt.SetLog(on) }

// Score evaluates the scoring of a state, finished or not.
func (g *Game) Score(st *State) (*Result, error) { return g.rt.Score(st) }

// ScoreInto is Score into r, whose lists and maps it fills again: a bot
// judging every playout allocates nothing by it once they have grown.
func (g *Game) ScoreInto(st *State, r *Result) error { return g.rt.ScoreInto(st, r) }

// ScoresInto lists each seat's score in buf, reused, and nothing else
// of the scoring: for a caller that only compares scores.
func (g *Game) ScoresInto(st *State, buf []int) ([]int, error) { return g.rt.ScoresInto(st, buf) }

// HasEstimate tells whether the scoring has an estimate for bots.
func (g *Game) HasEstimate() bool { return g.rt.HasEstimate() }

// Estimate evaluates the scoring's estimate of every seat of st (higher
// is better) into dst, grown as needed. A bot gives it a state sampled
// from its seat's observation, never the true state.
func (g *Game) Estimate(st *State, dst []int) ([]int, error) { return g.rt.Estimate(st, dst) }

// HasPolicy tells whether the definition's bots.prefer ranks some
// decision's moves.
func (g *Game) HasPolicy() bool { return g.rt.HasPolicy() }

// Prefer lists the legal moves of st into moves (reused) and ranks each
// by the definition's policy into ranks (reused), higher first; ranked
// is false when the policy ranks none of them.
func (g *Game) Prefer(st *State, moves []Move, ranks []int) (_ []Move, _ []int, ranked bool, err error) {
	return g.rt.Prefer(st, moves, ranks)
}

// View returns st as seat viewer (-1: a spectator) may see it.
func (g *Game) View(st *State, viewer int) (*View, error) { return g.rt.View(st, viewer) }

// ViewBoard is View without the log.
func (g *Game) ViewBoard(st *State, viewer int) (*View, error) { return g.rt.ViewBoard(st, viewer) }

// FullView is the whole state shaped as a view, every zone open: what a
// person debugging a game reads. It shares no memory with the state.
func (g *Game) FullView(st *State) *View { return g.rt.FullView(st) }

// ViewState is a state made from a view, for scoring it as the game
// does: the zones the viewer may not see are empty.
func (g *Game) ViewState(v *View) *State { return g.rt.ViewState(v) }

// Observe returns what seat may know of st (-1: a spectator).
func (g *Game) Observe(st *State, seat int) (*Observation, error) { return g.rt.Observe(st, seat) }

// ObserveSince is Observe with the log from event index from on.
func (g *Game) ObserveSince(st *State, seat, from int) (*Observation, error) {
	return g.rt.ObserveSince(st, seat, from)
}

// ObserveSinceInto is ObserveSince into dst, in the arrays dst was made
// in before: a bot that observes at every decision allocates little.
// Whatever dst held is overwritten: nothing read from it before may be
// kept, and the states sampled from it before must be done with.
func (g *Game) ObserveSinceInto(dst *Observation, st *State, seat, from int) error {
	return g.rt.ObserveSinceInto(dst, st, seat, from)
}

// HiddenZonesInto lists into buf the zones of st that seat may not see,
// sorted by reference, each with its number and size: what an
// observation of st hides, found without one made.
func (g *Game) HiddenZonesInto(st *State, seat int, buf []HiddenZone) ([]HiddenZone, error) {
	return g.rt.HiddenZonesInto(st, seat, buf)
}

// LogView returns the events of st's log from index from on, as seat
// viewer (-1: a spectator) may see them.
func (g *Game) LogView(st *State, viewer, from int) []Event { return g.rt.LogView(st, viewer, from) }

// Sees tells whether seat viewer may see which card id is, where it lies.
func (g *Game) Sees(st *State, viewer int, id string) (bool, error) {
	return g.rt.Sees(st, viewer, id)
}

// PendingRule returns the rule text the definition quotes for the step
// the pending decision waits at, or "".
func (g *Game) PendingRule(st *State) string { return g.rt.PendingRule(st) }

// The definition, as callers read it.

// ID is the game's id, Name its title and Summary its one-line summary.
func (g *Game) ID() string      { return g.rt.ID }
func (g *Game) Name() string    { return g.rt.Name }
func (g *Game) Summary() string { return g.rt.Summary }

// Options are the options the game was loaded with, other than their
// defaults, as NAME=VALUE sorted by name (--option map=great-europe).
func (g *Game) Options() []string { return slices.Clone(g.rt.Choices) }

// MinPlayers and MaxPlayers bound the seats of a game.
func (g *Game) MinPlayers() int { return g.rt.MinPlayers }
func (g *Game) MaxPlayers() int { return g.rt.MaxPlayers }

// Action returns the declared action of an id, or nil.
func (g *Game) Action(id string) *Action { return g.rt.Action(id) }

// CardTypes lists the game's card types, in definition order, with the
// names the definition gives them and how many cards of each it makes.
func (g *Game) CardTypes() []CardType { return g.rt.CardTypes() }

// ActionIDs lists the ids of the game's actions, in definition order.
func (g *Game) ActionIDs() []string {
	out := make([]string, len(g.rt.ActionOrder))
	for i, a := range g.rt.ActionOrder {
		out[i] = a.ID
	}
	return out
}

// Prompts lists the prompts of the game's decisions (`turn: prompt`,
// `choose: prompt`), sorted, each once.
func (g *Game) Prompts() []string {
	seen := map[string]bool{}
	for _, b := range g.rt.Blocks {
		for _, s := range b.Steps {
			if s.Prompt != "" {
				seen[s.Prompt] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// Card returns the card of an instance id, or nil.
func (g *Game) Card(id string) *Card { return g.rt.Card(id) }

// Goods lists the declared goods, in definition order.
func (g *Game) Goods() []*Good { return g.rt.Goods() }

// CapVar names the var the definition's cap counts (a round counter,
// most often), or "" when it has none: the game's own measure of
// progress.
func (g *Game) CapVar() string { return g.rt.CapVar() }

// DisplayName returns the name the definition gives to a node, card,
// good or action id, or id itself when it has none.
func (g *Game) DisplayName(id string) string { return g.rt.DisplayName(id) }

// ZoneName returns the name the definition gives to a zone, by its
// reference ("name", or "name/seat" for a player's), or the zone's id.
func (g *Game) ZoneName(ref string) string { return g.rt.ZoneName(ref) }

// BoardNodes lists the board's nodes, in definition order.
func (g *Game) BoardNodes() []*Node { return g.rt.BoardNodes() }

// PlayerVarNodeFields lists the node number fields the definition sets
// player var name to as they are, sorted (an effect
// `pset(p, name, node(x).num.FIELD)`): what a value of the var names is
// the node whose FIELD holds it. None for a var only ever counted.
func (g *Game) PlayerVarNodeFields(name string) []string {
	return slices.Clone(g.rt.PvarNodeFields[name])
}

// BoardEdges lists the board's edges as the definition declares them.
func (g *Game) BoardEdges() []BoardEdge { return g.rt.BoardEdges() }
