package runtime

// This file holds the library functions of node vars, piece string
// vars, pieces made during play, walks with step costs and the
// modifiers of cards in force.

import (
	"fmt"
	"strconv"

	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// playLibrary is the second part of the library (see library).
func (m *Machine) playLibrary() []eval.Func {
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
		m.pathCostFunc(),
		eval.Fn3("costDist", m.costDist),

		// Modifiers of the cards in force for a player.
		eval.Fn3("modified", m.modified),
		eval.Fn2("owns", m.owns),
	}
}

func (m *Machine) nget(node, name string) (int, error) {
	if m.G.Board.Nodes[node] == nil {
		return 0, fmt.Errorf("nget(%q): no such node", node)
	}
	if v, ok := m.St.NvarOf(node, name); ok {
		return v, nil
	}
	return m.G.NvarInit[name], nil
}

func (m *Machine) nset(node, name string, v int) (bool, error) {
	return m.setNVar(node, name, v, false)
}
func (m *Machine) nadd(node, name string, v int) (bool, error) { return m.setNVar(node, name, v, true) }

func (m *Machine) setNVar(node, name string, v int, add bool) (bool, error) {
	return m.setNVarAt(-1, node, name, v, add)
}

// setNVarAt sets node var k of the game's tables, named name (k -1: by
// name), of a node.
func (m *Machine) setNVarAt(k int, node, name string, v int, add bool) (bool, error) {
	m.changed()
	st, tab := m.St, m.G.Tab
	if n := tab.Nodes.Find(node); k >= 0 && n >= 0 && st.Tables == tab {
		i := n*len(tab.NodeVars.List) + k
		if add {
			if !st.NvarSet(i) {
				v += tab.NvarInit[k]
			} else {
				v += st.Counts[st.NvarAt()+i]
			}
		}
		st.Counts[st.NvarAt()+i] = v
		st.MarkNvar(i)
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

func (m *Machine) qstr(id, name string) (string, error) {
	p, err := m.piece(id)
	if err != nil {
		return "", err
	}
	if v, ok := model.PieceStr(p, name); ok {
		return v, nil
	}
	return m.G.QstrInit[name], nil
}

func (m *Machine) qsetstr(id, name, v string) (bool, error) {
	m.changed()
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	model.SetPieceStr(p, name, v)
	if m.log {
		m.event(id+" "+name+" = "+v, "", "", "")
	}
	return true, nil
}

// newPiece makes one more piece of a kind for a player, off the board,
// and returns its id: kind-seat-n, n one more than the player's pieces
// of the kind.
func (m *Machine) newPiece(kind string, owner int) (string, error) {
	m.changed()
	owner, err := m.seat(owner)
	if err != nil {
		return "", err
	}
	known := false
	for _, k := range m.G.PieceKinds {
		known = known || k.ID == kind
	}
	if !known {
		return "", fmt.Errorf("newPiece(%q): no such kind of piece", kind)
	}
	n := 1
	for _, p := range m.St.Pieces {
		if p.Kind == kind && p.Owner == owner {
			n++
		}
	}
	pc := model.NewPiece(kind+"-"+strconv.Itoa(owner)+"-"+strconv.Itoa(n), kind, owner)
	m.G.initPiece(pc)
	// A new list: a local holding pieces() keeps the pieces it listed.
	m.St.Pieces = append(m.St.Pieces[:len(m.St.Pieces):len(m.St.Pieces)], pc)
	if m.log {
		m.event("new piece "+pc.ID, "", "", "")
	}
	return pc.ID, nil
}

// initPiece gives a piece its vars' starting values.
func (g *Game) initPiece(pc *model.Piece) { g.Tab.NewPieceVars(pc) }

// costWalks lists the paths from a node, visiting no node twice, whose
// steps cost at most maxCost in all. A step's cost is the num named key
// of the edge it takes (1 when the edge has none), so a step can be
// free (passing a port) or dear; a negative cost closes the edge. Each path lists the nodes entered. The
// lists are computed once per (from, maxCost, key) and kept: the board
// does not change, and the list is never changed in place.
func (m *Machine) costWalks(from string, maxCost int, key string) ([][]string, error) {
	b := m.G.Board
	if b.Nodes[from] == nil {
		return nil, fmt.Errorf("costWalks(%q): no such node", from)
	}
	if l, ok := b.KeptCostWalks(from, maxCost, key); ok {
		return l, nil
	}
	l, ok := b.CostWalks(from, maxCost, key, min(m.Budget.Eval, m.Budget.Decision, m.G.Limits.Memory))
	if !ok {
		return nil, budget.Errorf("work budget exceeded: more paths costing at most %d from %s than the budget allows (%s)", maxCost, from, budget.Limit("work", m.G.Limits.Work))
	}
	if err := m.Budget.Spend(len(l)); err != nil {
		return nil, err
	}
	b.KeepCostWalks(from, maxCost, key, l)
	return l, nil
}

// pathCost is what a path from a node costs, as costWalks counts it
// (edges, and the nodes passed through); -1 when a step has no edge or
// its edge is closed to the key (a negative cost).
func (m *Machine) pathCost(from string, list any, key string) (int, error) {
	path, err := idList(list)
	if err != nil {
		return 0, fmt.Errorf("pathCost: %v", err)
	}
	return m.pathCostOf(from, path, key), nil
}

// pathCostFunc is pathCost for the library. On the fast path the path
// is read as minus reads its lists (idsArg): a let holding it is not
// boxed, nor a list of any copied.
func (m *Machine) pathCostFunc() eval.Func {
	f := eval.Fn3("pathCost", m.pathCost)
	f.ReadsArgs = true
	f.Call = func(loc file.Location, args []eval.Val) eval.Val {
		from, path, key := eval.As[string](args[0]), idsArg(args[1]), eval.As[string](args[2])
		return eval.Mk(func(fr *eval.Frame) int {
			a := from(fr)
			s, l, bad := path(fr)
			k := key(fr)
			if bad != nil {
				_, err := idList(bad)
				eval.Fail(loc, fmt.Errorf("pathCost: %v", err))
			}
			ids, err := fr.IDs(0, s, l)
			if err != nil {
				eval.Fail(loc, fmt.Errorf("pathCost: %v", err))
			}
			return m.pathCostOf(a, ids, k)
		})
	}
	return f
}

// pathCostOf is pathCost of a list of ids.
func (m *Machine) pathCostOf(from string, path []string, key string) int {
	total, at := 0, from
	for _, to := range path {
		e := m.G.Board.EdgeTo(at, to)
		if e == nil || board.EdgeCost(e, key) < 0 {
			return -1
		}
		total += board.EdgeCost(e, key)
		if at != from {
			total += m.G.Board.PassCost(at, key)
		}
		at = to
	}
	return total
}

// owns tells whether a player has a card of a type in force (in one of
// the player zones marked active).
func (m *Machine) owns(p int, def string) (bool, error) {
	if _, err := m.seat(p); err != nil {
		return false, err
	}
	for zi := range m.G.ActiveZones {
		for _, id := range m.G.activeCards(m.St, zi, p) {
			if c := m.G.cardOf(id); c != nil && c.Def == def {
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
func (m *Machine) modified(target string, p int, base int) (int, error) {
	if _, err := m.seat(p); err != nil {
		return 0, err
	}
	g := m.G
	v := base
	var keys [8]string // the keys applied: few, no allocation
	done := keys[:0]
	for zi := range g.ActiveZones {
		for _, id := range g.activeCards(m.St, zi, p) {
			c := g.cardOf(id)
			if c == nil {
				continue
			}
			r := g.rulesOf(c)
			if r == nil {
				continue
			}
		mods:
			for _, md := range r.Mods {
				if md.Target != target {
					continue
				}
				if !md.Stack {
					for _, d := range done {
						if d == md.Key {
							continue mods
						}
					}
					done = append(done, md.Key)
				}
				sc := g.Scope(md.Lay, p, m.St.Players)
				// The card's id boxed once per game, not per call.
				sc.Vals[md.ValueSlot], sc.Vals[md.CardSlot] = v, eval.BoxStr(g.Boxed, id)
				x, err := m.Eval(md.Be, sc)
				g.Release(sc)
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
func (m *Machine) costDist(from, to, key string) (int, error) {
	f, err := m.node(from)
	if err != nil {
		return 0, fmt.Errorf("costDist(%q): no such node", from)
	}
	t, err := m.node(to)
	if err != nil {
		return 0, fmt.Errorf("costDist(%q): no such node", to)
	}
	return m.G.Board.CostDistOf(f, t, key), nil
}
