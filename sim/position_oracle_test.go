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

// positionOfView is positionOf as it was, from the view's maps: the
// view's maps hashed by hand, each in the order of its sorted keys, the
// pieces and the pending decision encoded by encoding/json. It is the
// oracle the tests check positionOf against: both must tell the same
// positions apart.
func positionOfView(g *interpreter.Game, obs *interpreter.Observation, legal []interpreter.Move) (uint64, int) {
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
