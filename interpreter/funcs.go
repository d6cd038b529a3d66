package interpreter

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"

	"github.com/haven-engine/haven/diag"
)

// machine is what the expr functions of a Game act on: the state being run
// and the cause that changes are logged under.
type machine struct {
	g     *Game
	st    *State
	cause string
	log   bool
	vm    vm.VM
	depth int
	free  []Scope // maps of ended frames, for reuse
	// rev counts changes; with the state and its step count it tells
	// whether the options Legal listed still stand when Apply comes.
	rev   uint64
	cache optionCache
}

type optionCache struct {
	st    *State
	steps int
	rev   uint64
	opts  []any
}

// eval runs a compiled expression in a scope.
func (m *machine) eval(c *code, env Scope) (any, error) {
	switch {
	case c.ident != "":
		if v, ok := env[c.ident]; ok {
			return v, nil
		}
	case c.isConst:
		return c.konst, nil
	}
	if m.depth > 0 { // re-entered from a function: use a fresh VM
		out, err := expr.Run(c.prog, map[string]any(env))
		if err != nil {
			return nil, c.runtimeError(err)
		}
		return out, nil
	}
	m.depth++
	out, err := m.vm.Run(c.prog, map[string]any(env))
	m.depth--
	if err != nil {
		return nil, c.runtimeError(err)
	}
	return out, nil
}

// runtimeError positions an error raised while running an expression at
// the spot of the expression that raised it.
func (c *code) runtimeError(err error) error {
	var fe *file.Error
	if errors.As(err, &fe) {
		msg := fe.Message
		if fe.Prev != nil && !strings.Contains(msg, fe.Prev.Error()) {
			msg += ": " + fe.Prev.Error()
		}
		return &diag.Error{Pos: c.lit.at(fe.Line, fe.Column), Msg: msg}
	}
	return &diag.Error{Pos: c.pos, Msg: err.Error()}
}

func (m *machine) event(what, card, from, to string) {
	if !m.log {
		return
	}
	e := Event{Cause: m.cause, What: what, Card: card, From: from, To: to}
	if card != "" {
		// Who sees a card move is decided now: who may see a zone can
		// change later (the parties of a face-down trade).
		for p := 0; p < m.st.Players; p++ {
			a, _ := m.g.visible(m.st, from, p)
			b, _ := m.g.visible(m.st, to, p)
			if a || b {
				e.Seen = append(e.Seen, p)
			}
		}
		if len(e.Seen) == m.st.Players {
			if a, _ := m.g.visible(m.st, from, -1); a {
				e.Seen = nil
			} else if b, _ := m.g.visible(m.st, to, -1); b {
				e.Seen = nil
			}
		}
		e.Hidden = e.Seen != nil || !m.public(from, to)
	}
	m.st.Log = append(m.st.Log, e)
}

// public tells whether a spectator sees a card moving between two zones.
func (m *machine) public(from, to string) bool {
	a, _ := m.g.visible(m.st, from, -1)
	b, _ := m.g.visible(m.st, to, -1)
	return a || b
}

// Typed signatures for expr's checker; the implementations take ...any.
var (
	tStrInt      = new(func(string) int)
	tIntStrInt   = new(func(int, string) int)
	tStrList     = new(func(string) []string)
	tStrIntStr   = new(func(string, int) string)
	tStrIntList  = new(func(string, int) []string)
	tStrCard     = new(func(string) *Card)
	tPieces      = new(func() []*Piece)
	tStrPiece    = new(func(string) *Piece)
	tStrPieces   = new(func(string) []*Piece)
	tStrNode     = new(func(string) *Node)
	tStrEdges    = new(func(string) []*Edge)
	tStrStrInt   = new(func(string, string) int)
	tStrIntWalks = new(func(string, int) [][]string)
	tIntIntInt   = new(func(int, int) int)
	tIntInts     = new(func(int) []int)
	tStrIntBool  = new(func(string, int) bool)
	tIntStrIntB  = new(func(int, string, int) bool)
	tStr3Bool    = new(func(string, string, string) bool)
	tStr2Str     = new(func(string, string) string)
	tStrBool     = new(func(string) bool)
	tStr2Bool    = new(func(string, string) bool)
	tIntInt      = new(func(int) int)
	tListStr     = new(func() []string)
	tInt         = new(func() int)
	tBool        = new(func() bool)
	tInts        = new(func() []int)
	tStr2IntB    = new(func(string, string, int) bool)
	tAny2Strs    = new(func(any, any) []string)
)

// functions is the library every expression may call. Reads come first,
// then the changes; each change is logged with the current cause.
func (m *machine) functions() []expr.Option {
	fn := func(name string, f func(a ...any) (any, error), t any) expr.Option {
		return expr.Function(name, f, t)
	}
	s := func(a any) string { return a.(string) }
	i := func(a any) int { return a.(int) }
	return []expr.Option{
		// Counters.
		fn("get", func(a ...any) (any, error) { return m.st.Vars[s(a[0])], nil }, tStrInt),
		fn("pget", func(a ...any) (any, error) {
			p, err := m.seat(i(a[0]))
			if err != nil {
				return nil, err
			}
			return m.st.PlayerVars[p][s(a[1])], nil
		}, tIntStrInt),
		fn("set", func(a ...any) (any, error) { return m.setVar(s(a[0]), i(a[1]), false) }, tStrIntBool),
		fn("add", func(a ...any) (any, error) { return m.setVar(s(a[0]), i(a[1]), true) }, tStrIntBool),
		fn("pset", func(a ...any) (any, error) { return m.setPVar(i(a[0]), s(a[1]), i(a[2]), false) }, tIntStrIntB),
		fn("padd", func(a ...any) (any, error) { return m.setPVar(i(a[0]), s(a[1]), i(a[2]), true) }, tIntStrIntB),

		fn("qget", func(a ...any) (any, error) {
			p, err := m.piece(s(a[0]))
			if err != nil {
				return nil, err
			}
			return p.Vars[s(a[1])], nil
		}, tStrStrInt),
		fn("qset", func(a ...any) (any, error) { return m.setQVar(s(a[0]), s(a[1]), i(a[2]), false) }, tStr2IntB),
		fn("qadd", func(a ...any) (any, error) { return m.setQVar(s(a[0]), s(a[1]), i(a[2]), true) }, tStr2IntB),

		// Players.
		fn("seat", func(a ...any) (any, error) { return mod(i(a[0])+i(a[1]), m.st.Players), nil }, tIntIntInt),
		fn("seats", func(a ...any) (any, error) {
			out := make([]int, m.st.Players)
			for k := range out {
				out[k] = mod(i(a[0])+k, m.st.Players)
			}
			return out, nil
		}, tIntInts),

		// Cards and zones.
		fn("zone", func(a ...any) (any, error) { return m.zone(s(a[0])) }, tStrList),
		fn("pz", func(a ...any) (any, error) { return playerZone(s(a[0]), i(a[1])), nil }, tStrIntStr),
		fn("pzone", func(a ...any) (any, error) { return m.zone(playerZone(s(a[0]), i(a[1]))) }, tStrIntList),
		fn("card", func(a ...any) (any, error) {
			if c := m.g.cards[s(a[0])]; c != nil {
				return c, nil
			}
			return nil, fmt.Errorf("card(%q): no such card", s(a[0]))
		}, tStrCard),
		fn("defs", func(a ...any) (any, error) { return m.g.defsOf(s(a[0])), nil }, tStrList),
		fn("moveCard", func(a ...any) (any, error) { return m.moveCard(s(a[0]), s(a[1]), s(a[2]), false) }, tStr3Bool),
		fn("moveCardTop", func(a ...any) (any, error) { return m.moveCard(s(a[0]), s(a[1]), s(a[2]), true) }, tStr3Bool),
		fn("draw", func(a ...any) (any, error) { return m.draw(s(a[0]), s(a[1])) }, tStr2Str),
		fn("shuffle", func(a ...any) (any, error) {
			l, err := m.zone(s(a[0]))
			if err != nil {
				return nil, err
			}
			m.rev++
			m.st.shuffle(l)
			m.event("shuffled "+s(a[0]), "", "", "")
			return true, nil
		}, tStrBool),

		// Pieces and the board.
		fn("pieces", func(a ...any) (any, error) { return m.st.Pieces, nil }, tPieces),
		fn("piece", func(a ...any) (any, error) { return m.piece(s(a[0])) }, tStrPiece),
		fn("at", func(a ...any) (any, error) {
			var out []*Piece
			for _, p := range m.st.Pieces {
				if p.At == s(a[0]) {
					out = append(out, p)
				}
			}
			return out, nil
		}, tStrPieces),
		fn("place", func(a ...any) (any, error) { return m.place(s(a[0]), s(a[1])) }, tStr2Bool),
		fn("unplace", func(a ...any) (any, error) { return m.place(s(a[0]), "") }, tStrBool),
		fn("node", func(a ...any) (any, error) {
			if n := m.g.board.Nodes[s(a[0])]; n != nil {
				return n, nil
			}
			return nil, fmt.Errorf("node(%q): no such node", s(a[0]))
		}, tStrNode),
		fn("nodes", func(a ...any) (any, error) { return m.g.board.kinds[s(a[0])], nil }, tStrList),
		fn("out", func(a ...any) (any, error) { return m.g.board.out[s(a[0])], nil }, tStrEdges),
		fn("into", func(a ...any) (any, error) { return m.g.board.in[s(a[0])], nil }, tStrEdges),
		fn("dist", func(a ...any) (any, error) { return m.g.board.dist(s(a[0]), s(a[1])), nil }, tStrStrInt),
		fn("walks", func(a ...any) (any, error) { return m.g.board.walks(s(a[0]), i(a[1]), false), nil }, tStrIntWalks),
		fn("walksBack", func(a ...any) (any, error) { return m.g.board.walks(s(a[0]), i(a[1]), true), nil }, tStrIntWalks),

		// Multisets of ids.
		fn("minus", func(a ...any) (any, error) {
			x, err := idList(a[0])
			if err != nil {
				return nil, fmt.Errorf("minus: %v", err)
			}
			y, err := idList(a[1])
			if err != nil {
				return nil, fmt.Errorf("minus: %v", err)
			}
			return minus(x, y), nil
		}, tAny2Strs),

		// Goods.
		fn("stock", func(a ...any) (any, error) { return m.st.Stocks[s(a[0])], nil }, tStrList),
		fn("has", func(a ...any) (any, error) { return countOf(m.st.Stocks[s(a[0])], s(a[1])), nil }, tStrStrInt),
		fn("transfer", func(a ...any) (any, error) { return m.transfer(s(a[0]), s(a[1]), s(a[2])) }, tStr3Bool),

		// Chance.
		fn("roll", func(a ...any) (any, error) {
			if i(a[0]) < 1 {
				return nil, fmt.Errorf("roll(%d): a die needs at least one side", i(a[0]))
			}
			m.rev++
			r := m.st.intn(i(a[0])) + 1
			m.event("rolled "+strconv.Itoa(r), "", "", "")
			return r, nil
		}, tIntInt),
		fn("rollDie", func(a ...any) (any, error) {
			faces := m.g.dice[s(a[0])]
			if len(faces) == 0 {
				return nil, fmt.Errorf("rollDie(%q): no such die", s(a[0]))
			}
			m.rev++
			r := faces[m.st.intn(len(faces))]
			m.event("rolled "+s(a[0])+" "+strconv.Itoa(r), "", "", "")
			return r, nil
		}, tStrInt),
		fn("note", func(a ...any) (any, error) { m.event(s(a[0]), "", "", ""); return true, nil }, tStrBool),

		// The game as a whole, for scenario expectations.
		fn("legal", func(a ...any) (any, error) {
			moves, err := m.g.Legal(m.st)
			out := make([]string, len(moves))
			for k, mv := range moves {
				out[k] = mv.Text
			}
			return out, err
		}, tListStr),
		fn("pending", func(a ...any) (any, error) {
			if m.st.Pending == nil {
				return -1, nil
			}
			return m.st.Pending.Player, nil
		}, tInt),
		fn("finished", func(a ...any) (any, error) { return m.st.Finished, nil }, tBool),
		fn("winners", func(a ...any) (any, error) {
			r, err := m.g.Score(m.st)
			if err != nil {
				return nil, err
			}
			return r.Winners, nil
		}, tInts),
		fn("score", func(a ...any) (any, error) {
			r, err := m.g.Score(m.st)
			if err != nil {
				return nil, err
			}
			return r.Scores[i(a[0])], nil
		}, tIntInt),
	}
}

func mod(a, n int) int {
	if n == 0 {
		return 0
	}
	return ((a % n) + n) % n
}

func countOf(l []string, x string) int {
	n := 0
	for _, y := range l {
		if y == x {
			n++
		}
	}
	return n
}

func (m *machine) seat(p int) (int, error) {
	if p < 0 || p >= m.st.Players {
		return 0, fmt.Errorf("no player %d (players are 0..%d)", p, m.st.Players-1)
	}
	return p, nil
}

func (m *machine) setVar(name string, v int, add bool) (any, error) {
	m.rev++
	if add {
		v += m.st.Vars[name]
	}
	m.st.Vars[name] = v
	if m.log {
		m.event(name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

func (m *machine) setPVar(p int, name string, v int, add bool) (any, error) {
	m.rev++
	p, err := m.seat(p)
	if err != nil {
		return nil, err
	}
	if add {
		v += m.st.PlayerVars[p][name]
	}
	m.st.PlayerVars[p][name] = v
	if m.log {
		m.event("player "+strconv.Itoa(p)+" "+name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

func (m *machine) setQVar(id, name string, v int, add bool) (any, error) {
	m.rev++
	p, err := m.piece(id)
	if err != nil {
		return nil, err
	}
	if p.Vars == nil {
		p.Vars = map[string]int{}
	}
	if add {
		v += p.Vars[name]
	}
	p.Vars[name] = v
	if m.log {
		m.event(id+" "+name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

// zone returns the cards of a zone reference ("name" or "name/seat").
func (m *machine) zone(ref string) ([]string, error) {
	if l, ok := m.st.Zones[ref]; ok {
		return l, nil
	}
	name, owner := zoneRef(ref)
	switch {
	case owner < 0 && m.g.pzones[name] != nil && m.g.zones[name] == nil:
		return nil, fmt.Errorf("zone %q is per player: name it as pz(%q, seat)", ref, name)
	case owner >= 0 && m.g.pzones[name] != nil:
		return nil, fmt.Errorf("zone %q: no player %d", ref, owner)
	}
	return nil, fmt.Errorf("no zone %q", ref)
}

func (m *machine) moveCard(card, from, to string, top bool) (any, error) {
	m.rev++
	src, err := m.zone(from)
	if err != nil {
		return nil, err
	}
	if _, err := m.zone(to); err != nil {
		return nil, err
	}
	k := slices.Index(src, card)
	if k < 0 {
		return nil, fmt.Errorf("moveCard: card %q is not in %s", card, from)
	}
	m.st.Zones[from] = slices.Delete(src, k, k+1)
	if top {
		m.st.Zones[to] = slices.Insert(m.st.Zones[to], 0, card)
	} else {
		m.st.Zones[to] = append(m.st.Zones[to], card)
	}
	m.event("moved card", card, from, to)
	return true, nil
}

// draw moves the top card of from to the end of to; an empty zone with a
// refill zone is first refilled by shuffling that zone into it. It
// returns the card, or "" when there is none.
func (m *machine) draw(from, to string) (any, error) {
	src, err := m.zone(from)
	if err != nil {
		return nil, err
	}
	if len(src) == 0 {
		name, owner := zoneRef(from)
		if z := m.g.zoneDecl(name, owner); z != nil && z.Refill != "" {
			refill := z.Refill
			if owner >= 0 && m.g.pzones[refill] != nil {
				refill = playerZone(refill, owner)
			}
			src = append(src, m.st.Zones[refill]...)
			m.st.Zones[refill] = m.st.Zones[refill][:0]
			m.st.shuffle(src)
			m.st.Zones[from] = src
			m.event("reshuffled "+refill+" into "+from, "", refill, from)
		}
	}
	if len(src) == 0 {
		return "", nil
	}
	card := src[0]
	_, err = m.moveCard(card, from, to, false)
	return card, err
}

func (m *machine) piece(id string) (*Piece, error) {
	for _, p := range m.st.Pieces {
		if p.ID == id {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no piece %q", id)
}

func (m *machine) place(id, node string) (any, error) {
	m.rev++
	p, err := m.piece(id)
	if err != nil {
		return nil, err
	}
	if node != "" && m.g.board.Nodes[node] == nil {
		return nil, fmt.Errorf("place(%q, %q): no such node", id, node)
	}
	if m.log {
		m.event("moved "+id+" from "+orBox(p.At)+" to "+orBox(node), "", "", "")
	}
	p.At = node
	return true, nil
}

func orBox(node string) string {
	if node == "" {
		return "reserve"
	}
	return node
}

func (m *machine) transfer(good, from, to string) (any, error) {
	m.rev++
	src := m.st.Stocks[from]
	k := slices.Index(src, good)
	if k < 0 {
		return nil, fmt.Errorf("transfer: no %s in %s", good, from)
	}
	m.st.Stocks[from] = slices.Delete(src, k, k+1)
	m.st.Stocks[to] = append(m.st.Stocks[to], good)
	if m.log {
		m.event("moved "+good+" from "+from+" to "+to, "", "", "")
	}
	return true, nil
}

// dist is the fewest edges from a to b, or -1.
func (b *Board) dist(from, to string) int {
	if from == to {
		return 0
	}
	seen := map[string]bool{from: true}
	frontier := []string{from}
	for d := 1; len(frontier) > 0; d++ {
		var next []string
		for _, n := range frontier {
			for _, e := range b.out[n] {
				if e.To == to {
					return d
				}
				if !seen[e.To] {
					seen[e.To] = true
					next = append(next, e.To)
				}
			}
		}
		frontier = next
	}
	return -1
}

// minus is the multiset difference a − b: each element of b cancels one
// equal element of a.
func minus(a, b []string) []string {
	out := make([]string, 0, len(a))
	used := make([]bool, len(b))
next:
	for _, x := range a {
		for k, y := range b {
			if !used[k] && x == y {
				used[k] = true
				continue next
			}
		}
		out = append(out, x)
	}
	return out
}

// walks lists every path of exactly n edges from a node that visits no node
// twice; each path lists the nodes entered, the last being where it ends.
// back walks the edges against their direction.
func (b *Board) walks(from string, n int, back bool) [][]string {
	var out [][]string
	path := []string{}
	var rec func(at string, left int)
	rec = func(at string, left int) {
		if left == 0 {
			out = append(out, append([]string(nil), path...))
			return
		}
		edges := b.out[at]
		if back {
			edges = b.in[at]
		}
		for _, e := range edges {
			to := e.To
			if back {
				to = e.From
			}
			if to == from || slices.Contains(path, to) {
				continue
			}
			path = append(path, to)
			rec(to, left-1)
			path = path[:len(path)-1]
		}
	}
	if n >= 0 {
		rec(from, n)
	}
	return out
}

// defsOf lists the card types of a kind, in definition order.
func (g *Game) defsOf(kind string) []string {
	return g.defs[kind]
}

// idList reads a list of ids, typed or not.
func idList(v any) ([]string, error) {
	switch l := v.(type) {
	case []string:
		return l, nil
	case nil:
		return nil, nil
	case []any:
		out := make([]string, len(l))
		for i, x := range l {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("want a list of ids, found %v", x)
			}
			out[i] = s
		}
		return out, nil
	}
	return nil, fmt.Errorf("want a list of ids, got %T", v)
}

// zoneDecl finds the declaration of a zone: a per-player one when owner is
// a seat, a global one otherwise.
func (g *Game) zoneDecl(name string, owner int) *Zone {
	if owner >= 0 {
		return g.pzones[name]
	}
	return g.zones[name]
}
