// Package mastermind is a hand-written player of Mainport Mastermind in
// plain Go: the game as definitions/mainport-mastermind plays it (the same
// board, the same decisions, the same end), with every rule written out in
// Go instead of read from the definition. It is the yardstick Haven's
// random play is measured against (BenchmarkRandomPlay in package tests):
// what the same game costs when nothing is interpreted.
//
// Only the board and the params come from the definition, read once by
// Load; the loop that plays allocates nothing and keeps its state in fixed
// arrays. A decision is what Haven counts as one: a turn (even one with a
// single legal move) or a choice of two options or more (a choice of one
// is taken without asking, as Haven's `choose` does). The moves of each
// decision are numbered in the order Haven lists them, and the dice come
// from Haven's generator (SplitMix64 on the seed), so that a game replayed
// with Haven's choices is Haven's game, decision by decision
// (TestReplaysHaven).
package mastermind

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter"
)

// The sizes the state's arrays are made for; Load refuses a definition
// that needs more.
const (
	maxSeats = 5 // "geschikt voor 2 tot 5 spelers"
	maxShips = 2 * maxSeats
	maxPorts = 16
	maxUnits = 64  // goods a port can hold: every unit of the game
	maxNodes = 255 // a node's number fits a byte
)

// Rules are the board and the params of one definition, read once and
// shared by every Game played on them.
type Rules struct {
	// diceKey is the key of Haven's stream of d6 rolls.
	diceKey uint64
	// Nodes are the node ids, by node number (the board's order).
	Nodes []string
	// Ports are the ports' node numbers in the order nodes('port') lists
	// them: port k's number in the rule book (num.nr) is k+1, and the
	// product it makes is good k.
	Ports []uint8
	// Goods are the good ids, by the port that makes them.
	Goods []string

	portAt [maxNodes]int8 // the port of a node, -1 at sea
	units  []int          // the units of good k that port k starts with

	// routes[n][s] are the moves of s steps from node n (sail).
	routes [][]routeSet

	productsToWin int
	handicap      int // attacker_handicap
	doubleChance  int // double_chance_steps
	capRounds     int // the game stops when round passes it
	homes         []int8
}

// routeSet is what a ship may do from one node with one number of steps:
// the squares it may end on, in the order Haven offers them ("to"), each
// with its routes ("route").
type routeSet struct{ ends []routeEnd }

// routeEnd is the routes that end on one square; each lists the squares
// entered, the last being where the move ends.
type routeEnd struct{ routes [][]uint8 }

// Load reads the board and the params of a loaded definition of Mainport
// Mastermind (load.Source.Game, with whatever variants and --set it was
// loaded with). The board is read from the compiled game, so that each
// node's neighbours come in the order Haven walks them.
func Load(def cue.Value) (*Rules, error) {
	g, err := interpreter.Compile(def)
	if err != nil {
		return nil, err
	}
	// Haven throws every d6 from a stream of its own, started at the
	// seed xor this key.
	r := &Rules{diceKey: interpreter.RollStream(6)}
	ints := map[string]*int{
		"params.products_to_win":     &r.productsToWin,
		"params.attacker_handicap":   &r.handicap,
		"params.double_chance_steps": &r.doubleChance,
		"cap.max":                    &r.capRounds,
	}
	for path, dst := range ints {
		n, err := def.LookupPath(cue.ParsePath(path)).Int64()
		if err != nil {
			return nil, err
		}
		*dst = int(n)
	}
	if v := g.CapVar(); v != "round" {
		return nil, fmt.Errorf("the cap counts %q: the reference counts rounds", v)
	}
	if r.doubleChance < 0 || r.handicap < 0 {
		return nil, fmt.Errorf("negative params: double_chance_steps %d, attacker_handicap %d", r.doubleChance, r.handicap)
	}
	if err := r.readBoard(g); err != nil {
		return nil, err
	}
	if err := r.readGoods(g); err != nil {
		return nil, err
	}
	homes, err := def.LookupPath(cue.ParsePath("params.homes")).String()
	if err != nil {
		return nil, err
	}
	if homes != "" {
		for _, id := range strings.Split(homes, ",") {
			k := r.portOf(id)
			if k < 0 {
				return nil, fmt.Errorf("params.homes: %q is no port", id)
			}
			r.homes = append(r.homes, int8(k))
		}
	}
	r.routes = make([][]routeSet, len(r.Nodes))
	out := r.neighbours(g)
	for n := range r.Nodes {
		// The longest move: two numbers (at most 10 steps), twice a
		// number (at most 10) or kans + kans.
		r.routes[n] = make([]routeSet, max(10, r.doubleChance)+1)
		for s := 1; s < len(r.routes[n]); s++ {
			r.routes[n][s] = movesFrom(out, r.portAt[:], uint8(n), s)
		}
	}
	return r, nil
}

// readBoard numbers the nodes and finds the ports.
func (r *Rules) readBoard(g *interpreter.Game) error {
	nodes := g.BoardNodes()
	if len(nodes) > maxNodes {
		return fmt.Errorf("%d nodes: the reference numbers at most %d", len(nodes), maxNodes)
	}
	for i, n := range nodes {
		r.Nodes = append(r.Nodes, n.ID)
		r.portAt[i] = -1
		if n.Kind != "port" {
			continue
		}
		if len(r.Ports) == maxPorts {
			return fmt.Errorf("more than %d ports", maxPorts)
		}
		if n.Num["nr"] != len(r.Ports)+1 {
			return fmt.Errorf("port %s has nr %d, not its place %d among the ports", n.ID, n.Num["nr"], len(r.Ports)+1)
		}
		r.portAt[i] = int8(len(r.Ports))
		r.Ports = append(r.Ports, uint8(i))
		r.Goods = append(r.Goods, n.Str["product"])
	}
	return nil
}

// readGoods checks that every good is the product of one port and reads
// how many units of it there are.
func (r *Rules) readGoods(g *interpreter.Game) error {
	r.units = make([]int, len(r.Ports))
	total := 0
	for _, gd := range g.Goods() {
		k := -1
		for p, id := range r.Goods {
			if id == gd.ID {
				k = p
			}
		}
		if k < 0 {
			return fmt.Errorf("good %s is no port's product", gd.ID)
		}
		r.units[k] = gd.Count
		total += gd.Count
	}
	if total > maxUnits {
		return fmt.Errorf("%d goods: a port holds at most %d", total, maxUnits)
	}
	for k, id := range r.Goods {
		if r.units[k] == 0 {
			return fmt.Errorf("port %s makes %q, which is no good", r.Nodes[r.Ports[k]], id)
		}
	}
	return nil
}

// neighbours lists each node's neighbours in the order of Haven's out():
// the edges as declared, an undirected edge listed from both ends.
func (r *Rules) neighbours(g *interpreter.Game) [][]uint8 {
	num := make(map[string]uint8, len(r.Nodes))
	for i, id := range r.Nodes {
		num[id] = uint8(i)
	}
	out := make([][]uint8, len(r.Nodes))
	for _, e := range g.BoardEdges() {
		from, to := num[e.From], num[e.To]
		out[from] = append(out[from], to)
		if !e.Directed {
			out[to] = append(out[to], from)
		}
	}
	return out
}

// portOf is the port of a node id, or -1.
func (r *Rules) portOf(id string) int {
	for k, n := range r.Ports {
		if r.Nodes[n] == id {
			return k
		}
	}
	return -1
}

// movesFrom lists the moves of exactly s steps from node n, as the
// definition's sail does: every walk of s steps that enters no square
// twice (walks), then, for each shorter length, the walks that end in a
// port the ship cannot sail on from (a dead end, where the steps left over
// are lost). The squares they end on are offered in that order, each once.
func movesFrom(out [][]uint8, portAt []int8, n uint8, s int) routeSet {
	routes := walks(out, n, s)
	for k := 1; k < s; k++ {
		for _, w := range walks(out, n, k) {
			end := w[len(w)-1]
			if portAt[end] >= 0 && deadEnd(out[end], n, w) {
				routes = append(routes, w)
			}
		}
	}
	var rs routeSet
	for _, w := range routes {
		end := w[len(w)-1]
		k := 0
		for k < len(rs.ends) && last(rs.ends[k].routes[0]) != end {
			k++
		}
		if k == len(rs.ends) {
			rs.ends = append(rs.ends, routeEnd{})
		}
		rs.ends[k].routes = append(rs.ends[k].routes, w)
	}
	return rs
}

// walks lists the paths of exactly s steps from n that enter no node twice
// and never n again, in the order Haven's board walks them (depth first,
// neighbours in out's order).
func walks(out [][]uint8, n uint8, s int) [][]uint8 {
	if s >= len(out) {
		return nil
	}
	var paths [][]uint8
	path := make([]uint8, 0, s)
	var rec func(at uint8)
	rec = func(at uint8) {
		if len(path) == s {
			paths = append(paths, append([]uint8(nil), path...))
			return
		}
		for _, to := range out[at] {
			if to == n || contains(path, to) {
				continue
			}
			path = append(path, to)
			rec(to)
			path = path[:len(path)-1]
		}
	}
	rec(n)
	return paths
}

// deadEnd tells whether every neighbour of a walk's end is its start or
// on the walk.
func deadEnd(next []uint8, start uint8, w []uint8) bool {
	for _, to := range next {
		if to != start && !contains(w, to) {
			return false
		}
	}
	return true
}

func contains(l []uint8, x uint8) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

func last(l []uint8) uint8 { return l[len(l)-1] }
