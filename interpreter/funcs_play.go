package interpreter

// This file holds the library functions of node vars, piece string
// vars, pieces made during play, walks with step costs and the
// modifiers of cards in force.

import (
	"fmt"
	"strconv"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// playLibrary is the second part of the library (see library).
func (m *machine) playLibrary() []eval.Func {
	return []eval.Func{
		// Counters on board nodes; string vars of pieces.
		eval.Fn2("nget", m.nget),
		eval.Fn3("nset", m.nset),
		eval.Fn3("nadd", m.nadd),
		eval.Fn2("qstr", m.qstr),
		eval.Fn3("qsetstr", m.qsetstr),

		// Pieces made during play.
		eval.Fn2("newPiece", m.newPiece),

		// Walks whose steps have costs.
		eval.Fn3("costWalks", m.costWalks),
		eval.Fn3("pathCost", m.pathCost),
		eval.Fn3("costDist", m.costDist),

		// Modifiers of the cards in force for a player.
		eval.Fn3("modified", m.modified),
		eval.Fn2("owns", m.owns),
	}
}

func (m *machine) nget(node, name string) (int, error) {
	if m.g.board.Nodes[node] == nil {
		return 0, fmt.Errorf("nget(%q): no such node", node)
	}
	if v, ok := m.st.NvarOf(node, name); ok {
		return v, nil
	}
	return m.g.nvarInit[name], nil
}

func (m *machine) nset(node, name string, v int) (bool, error) {
	return m.setNVar(node, name, v, false)
}
func (m *machine) nadd(node, name string, v int) (bool, error) { return m.setNVar(node, name, v, true) }

func (m *machine) setNVar(node, name string, v int, add bool) (bool, error) {
	return m.setNVarAt(-1, node, name, v, add)
}

// setNVarAt sets node var k of the game's tables, named name (k -1: by
// name), of a node.
func (m *machine) setNVarAt(k int, node, name string, v int, add bool) (bool, error) {
	m.rev++
	st, tab := m.st, m.g.tab
	if n := tab.Nodes.Find(node); k >= 0 && n >= 0 && st.Tables == tab {
		i := n*len(tab.NodeVars.List) + k
		if add {
			if st.Counts[st.NsetAt()+i] == 0 {
				v += tab.NvarInit[k]
			} else {
				v += st.Counts[st.NvarAt()+i]
			}
		}
		st.Counts[st.NvarAt()+i], st.Counts[st.NsetAt()+i] = v, 1
	} else {
		old, err := m.nget(node, name)
		if err != nil {
			return false, err
		}
		if add {
			v += old
		}
		st.SetNvarOf(node, name, v)
	}
	if m.log {
		m.event(node+" "+name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

func (m *machine) qstr(id, name string) (string, error) {
	p, err := m.piece(id)
	if err != nil {
		return "", err
	}
	if v, ok := p.Strs[name]; ok {
		return v, nil
	}
	return m.g.qstrInit[name], nil
}

func (m *machine) qsetstr(id, name, v string) (bool, error) {
	m.rev++
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	if p.Strs == nil {
		p.Strs = map[string]string{}
	}
	p.Strs[name] = v
	if m.log {
		m.event(id+" "+name+" = "+v, "", "", "")
	}
	return true, nil
}

// newPiece makes one more piece of a kind for a player, off the board,
// and returns its id: kind-seat-n, n one more than the player's pieces
// of the kind.
func (m *machine) newPiece(kind string, owner int) (string, error) {
	m.rev++
	owner, err := m.seat(owner)
	if err != nil {
		return "", err
	}
	known := false
	for _, k := range m.g.pieceKinds {
		known = known || k.ID == kind
	}
	if !known {
		return "", fmt.Errorf("newPiece(%q): no such kind of piece", kind)
	}
	n := 1
	for _, p := range m.st.Pieces {
		if p.Kind == kind && p.Owner == owner {
			n++
		}
	}
	pc := &model.Piece{ID: kind + "-" + strconv.Itoa(owner) + "-" + strconv.Itoa(n), Kind: kind, Owner: owner}
	m.g.initPiece(pc)
	// A new list: a local holding pieces() keeps the pieces it listed.
	m.st.Pieces = append(m.st.Pieces[:len(m.st.Pieces):len(m.st.Pieces)], pc)
	if m.log {
		m.event("new piece "+pc.ID, "", "", "")
	}
	return pc.ID, nil
}

// initPiece gives a piece its vars' starting values.
func (g *Game) initPiece(pc *model.Piece) {
	g.tab.NewPieceVars(pc)
	pc.IDBox = pc.ID
}

// costWalks lists the paths from a node, visiting no node twice, whose
// steps cost at most maxCost in all. A step's cost is the num named key
// of the edge it takes (1 when the edge has none), so a step can be
// free (passing a port) or dear; a negative cost closes the edge. Each path lists the nodes entered. The
// lists are computed once per (from, maxCost, key) and kept: the board
// does not change, and the list is never changed in place.
func (m *machine) costWalks(from string, maxCost int, key string) ([][]string, error) {
	b := m.g.board
	if b.Nodes[from] == nil {
		return nil, fmt.Errorf("costWalks(%q): no such node", from)
	}
	if l, ok := b.KeptCostWalks(from, maxCost, key); ok {
		return l, nil
	}
	l, ok := b.CostWalks(from, maxCost, key, min(m.budget.Eval, m.budget.Decision, m.g.limits.Memory))
	if !ok {
		return nil, budget.Errorf("work budget exceeded: more paths costing at most %d from %s than the budget allows (limits.work, limits.memory)", maxCost, from)
	}
	if err := m.budget.Spend(len(l)); err != nil {
		return nil, err
	}
	b.KeepCostWalks(from, maxCost, key, l)
	return l, nil
}

// pathCost is what a path from a node costs, as costWalks counts it
// (edges, and the nodes passed through); -1 when a step has no edge or
// its edge is closed to the key (a negative cost).
func (m *machine) pathCost(from string, list any, key string) (int, error) {
	path, err := idList(list)
	if err != nil {
		return 0, fmt.Errorf("pathCost: %v", err)
	}
	total, at := 0, from
	for _, to := range path {
		e := m.g.board.EdgeTo(at, to)
		if e == nil || board.EdgeCost(e, key) < 0 {
			return -1, nil
		}
		total += board.EdgeCost(e, key)
		if at != from {
			total += m.g.board.PassCost(at, key)
		}
		at = to
	}
	return total, nil
}

// owns tells whether a player has a card of a type in force (in one of
// the player zones marked active).
func (m *machine) owns(p int, def string) (bool, error) {
	if _, err := m.seat(p); err != nil {
		return false, err
	}
	for _, z := range m.g.activeZones {
		for _, id := range m.st.ZoneCards(m.g.playerZone(z, p)) {
			if c := m.g.cards[id]; c != nil && c.Def == def {
				return true, nil
			}
		}
	}
	return false, nil
}

// modified is base changed by every modifier with this target of the
// cards player p has in force, in the order the cards lie in the active
// zones. A modifier that does not stack applies once however many cards
// with a modifier of that key the player has.
func (m *machine) modified(target string, p int, base int) (int, error) {
	if _, err := m.seat(p); err != nil {
		return 0, err
	}
	g := m.g
	v := base
	var done []string
	for _, z := range g.activeZones {
		for _, id := range m.st.ZoneCards(g.playerZone(z, p)) {
			c := g.cards[id]
			if c == nil {
				continue
			}
			r := g.cardRules[c.Def]
			if r == nil {
				continue
			}
		mods:
			for _, md := range r.mods {
				if md.target != target {
					continue
				}
				if !md.stack {
					for _, d := range done {
						if d == md.key {
							continue mods
						}
					}
					done = append(done, md.key)
				}
				sc := g.scope(md.lay, p, m.st.Players)
				sc.Vals[md.valueSlot], sc.Vals[md.cardSlot] = v, id
				x, err := m.eval(md.be, sc)
				g.release(sc)
				if err != nil {
					return 0, err
				}
				v = x.(int)
			}
		}
	}
	return v, nil
}

// costDist is the least cost of a walk from one node to another
// (Board.costDist).
func (m *machine) costDist(from, to, key string) (int, error) {
	return m.g.board.CostDist(from, to, key)
}
