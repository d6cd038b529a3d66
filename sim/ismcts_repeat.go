package sim

import (
	"encoding/binary"
	"encoding/json"
	"hash"
	"hash/fnv"
	"maps"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// This file holds how ismcts keeps out of cycles. A market open as long
// as one likes (buy, sell back, buy...) or a phase that an offer keeps
// open (offer, declined, offer...) returns a seat to a position it has
// decided in before, and a search that values the moves of that
// position alike (or values keeping the game where it is) may choose
// the same move there again, for thousands of decisions. The bot
// remembers, for each position it has decided in, the moves it chose
// there: at a position seen again it prefers a move it has chosen there
// least, so a cycle is left by another way out (another good, a pass)
// within as many returns as the position has moves (ismcts and learned
// alike). A position is what
// the seat observes (its view, without the log) and the moves it may
// make: two states the seat cannot tell apart are one position, so the
// memory reads nothing the seat may not see. It is cleared when the
// game's measure of progress (its cap var, a round) moves on, where a
// position cannot come back anyway, and at a new game.

// cycles is a bot's memory of the positions its seats decided in (ismcts
// and learned keep one each).
type cycles struct {
	seats    map[int]*repeats
	position uint64 // the position of the decision under way
}

// repeats is one seat's memory of the positions it decided in.
type repeats struct {
	made     int                       // Observation.Made at the last decision
	progress int                       // the cap var then
	chosen   map[uint64]map[string]int // position → move → times chosen
}

// positionOf returns the hash of the position of obs with moves legal,
// and the game's progress there (its cap var, 0 without one). The view's
// maps are hashed by hand, each in the order of its sorted keys: encoded
// by encoding/json they cost hundreds of allocations a decision
// (reflection over every key and value), most of a decision's own. The
// pieces and the pending decision, which carry their own encodings, are
// encoded by encoding/json.
func positionOf(g *interpreter.Game, obs *interpreter.Observation, legal []interpreter.Move) (uint64, int) {
	v := obs.View()
	var p positionHash
	p.h = fnv.New64a()
	p.str(v.Game)
	p.int(v.Viewer)
	p.int(v.Players)
	p.ints(v.Vars)
	p.int(len(v.PlayerVars))
	for _, vars := range v.PlayerVars {
		p.ints(vars)
	}
	p.lists(v.Zones, false)
	p.ints(v.Hidden)
	// A stock is a count of units of each good: the order its list
	// shows (a unit moved goes last) is not part of the position, and
	// a good bought and sold back would otherwise make a new one.
	p.lists(v.Stocks, true)
	p.int(len(v.NodeVars))
	for _, node := range sortedKeys(v.NodeVars) {
		p.str(node)
		p.ints(v.NodeVars[node])
	}
	_ = json.NewEncoder(p.h).Encode(struct {
		Pieces   []*interpreter.Piece
		Pending  *interpreter.Decision
		Finished bool
	}{v.Pieces, v.Pending, v.Finished}) // plain data always encodes
	for _, m := range legal {
		p.str(m.Text)
	}
	return p.h.Sum64(), v.Vars[g.CapVar()]
}

// positionHash writes the parts of a position into a hash, each
// delimited (a string by its length, a map by its size) so that two
// different positions never write the same bytes.
type positionHash struct {
	h   hash.Hash64
	buf []byte
}

func (p *positionHash) int(n int) {
	p.buf = binary.AppendVarint(p.buf[:0], int64(n))
	p.h.Write(p.buf)
}

func (p *positionHash) str(s string) {
	p.int(len(s))
	p.buf = append(p.buf[:0], s...)
	p.h.Write(p.buf)
}

// ints writes a map of numbers by its keys sorted.
func (p *positionHash) ints(m map[string]int) {
	p.int(len(m))
	for _, k := range sortedKeys(m) {
		p.str(k)
		p.int(m[k])
	}
}

// lists writes a map of lists by its keys sorted, each list sorted
// first when its order is not part of the position (a copy: the view's
// lists are the observation's).
func (p *positionHash) lists(m map[string][]string, anyOrder bool) {
	p.int(len(m))
	for _, k := range sortedKeys(m) {
		p.str(k)
		l := m[k]
		if anyOrder {
			l = slices.Sorted(slices.Values(l))
		}
		p.int(len(l))
		for _, s := range l {
			p.str(s)
		}
	}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// chosenAt returns, for the seat deciding in obs, how often it has
// chosen each move at this position before (nil: never here), and
// notes the position so that remember can count the move chosen.
func (c *cycles) chosenAt(g *interpreter.Game, obs *interpreter.Observation, legal []interpreter.Move) map[string]int {
	pos, progress := positionOf(g, obs, legal)
	rep := c.seats[obs.Seat()]
	if rep == nil || obs.Made() < rep.made || progress != rep.progress {
		rep = &repeats{chosen: map[uint64]map[string]int{}}
		if c.seats == nil {
			c.seats = map[int]*repeats{}
		}
		c.seats[obs.Seat()] = rep
	}
	rep.made, rep.progress = obs.Made(), progress
	c.position = pos
	return rep.chosen[pos]
}

// remember counts move as chosen by seat at the position chosenAt last
// noted.
func (c *cycles) remember(seat int, move string) {
	rep := c.seats[seat]
	m := rep.chosen[c.position]
	if m == nil {
		m = map[string]int{}
		rep.chosen[c.position] = m
	}
	m[move]++
}
