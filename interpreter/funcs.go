package interpreter

// This file is the function library every expression may call: reads
// first, then the changes, each logged with the current cause.

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// library is every function an expression may call. Each is a typed Go
// method of the machine: expr's checker reads its signature, and the fast
// path calls it directly (eval.Func). Reads come first, then the changes;
// each change is logged with the current cause.
func (m *machine) library() []eval.Func {
	return []eval.Func{
		// Counters.
		eval.Fn1("get", m.get),
		eval.Fn2("pget", m.pget),
		eval.Fn2("set", m.set),
		eval.Fn2("add", m.add),
		eval.Fn3("pset", m.pset),
		eval.Fn3("padd", m.padd),
		eval.Fn2("qget", m.qget),
		eval.Fn3("qset", m.qset),
		eval.Fn3("qadd", m.qadd),

		// Players.
		eval.Fn2("seat", m.seatOf),
		eval.Fn1("seats", m.seats),

		// Cards and zones.
		eval.Fn1("zone", m.zone),
		eval.Fn2("pz", m.pz),
		eval.Fn2("pzone", m.pzone),
		eval.Fn1("card", m.card),
		eval.Fn1("defs", m.defs),
		eval.Fn3("moveCard", m.moveCardEnd),
		eval.Fn3("moveCardTop", m.moveCardTop),
		eval.Fn2("draw", m.draw),
		eval.Fn1("shuffle", m.shuffle),

		// Pieces and the board.
		eval.Fn0("pieces", m.pieces),
		eval.Fn1("piece", m.piece),
		eval.Fn1("at", m.at),
		eval.Fn2("place", m.place),
		eval.Fn1("unplace", m.unplace),
		eval.Fn1("node", m.node),
		eval.Fn1("nodes", m.nodes),
		eval.Fn1("out", m.out),
		eval.Fn1("into", m.into),
		eval.Fn2("dist", m.dist),
		eval.Fn2("walks", m.walks),
		eval.Fn2("walksBack", m.walksBack),

		// Multisets of ids.
		m.minusFunc(),

		// Goods.
		eval.Fn1("stock", m.stock),
		eval.Fn2("has", m.has),
		eval.Fn3("transfer", m.transfer),

		// Chance.
		eval.Fn1("roll", m.roll),
		eval.Fn1("rollDie", m.rollDie),
		eval.Fn1("note", m.note),

		// The game as a whole, for scenario expectations.
		eval.Fn0("legal", m.legal),
		eval.Fn0("pending", m.pending),
		eval.Fn0("finished", m.finished),
		eval.Fn0("winners", m.winners),
		eval.Fn1("score", m.score),
	}
}

// register makes the library: by name for the fast path, and as options
// for expr.
//
// expr's Function option reflects a function's types each time it is
// applied, which is once per expression compiled: the library's options
// are applied here once, and one option copies what they made.
func (m *machine) register() {
	m.lib = map[string]eval.Func{}
	made := conf.CreateNew()
	for _, f := range append(m.library(), m.playLibrary()...) {
		f.Named, f.NameArg = m.namedCall(f.Name)
		m.lib[f.Name] = f
		f.Option(made)
	}
	fns := made.Functions
	m.opts = append(m.opts, func(c *conf.Config) {
		for name, f := range fns {
			c.Functions[name] = f
		}
	})
}

func (m *machine) get(name string) (int, error) { return m.st.VarOf(name), nil }

func (m *machine) pget(p int, name string) (int, error) {
	p, err := m.seat(p)
	if err != nil {
		return 0, err
	}
	return m.st.PvarOf(p, name), nil
}

func (m *machine) set(name string, v int) (bool, error) { return m.setVar(name, v, false) }
func (m *machine) add(name string, v int) (bool, error) { return m.setVar(name, v, true) }

func (m *machine) pset(p int, name string, v int) (bool, error) { return m.setPVar(p, name, v, false) }
func (m *machine) padd(p int, name string, v int) (bool, error) { return m.setPVar(p, name, v, true) }

func (m *machine) qget(id, name string) (int, error) {
	p, err := m.piece(id)
	if err != nil {
		return 0, err
	}
	return p.Var(name), nil
}

func (m *machine) qset(id, name string, v int) (bool, error) { return m.setQVar(id, name, v, false) }
func (m *machine) qadd(id, name string, v int) (bool, error) { return m.setQVar(id, name, v, true) }

// seatOf is the seat k seats on from p, wrapping round the table.
func (m *machine) seatOf(p, k int) (int, error) { return mod(p+k, m.st.Players), nil }

// seats lists every seat, starting at p. The lists are made once per
// number of players and shared: a list is never changed in place, and
// each is capped at its length, so appending to one copies it.
func (m *machine) seats(p int) ([]int, error) {
	n := m.st.Players
	if n <= 0 {
		return []int{}, nil
	}
	if len(m.seatLists) != n {
		all := make([]int, n*n)
		m.seatLists = make([][]int, n)
		for q := range m.seatLists {
			l := all[q*n : (q+1)*n : (q+1)*n]
			for k := range l {
				l[k] = mod(q+k, n)
			}
			m.seatLists[q] = l
		}
	}
	return m.seatLists[mod(p, n)], nil
}

func (m *machine) pz(name string, p int) (string, error) { return m.g.playerZone(name, p), nil }

func (m *machine) pzone(name string, p int) ([]string, error) {
	if st := m.st; st.Tables == m.g.tab && p >= 0 && p < st.Players {
		if j := st.Tables.Players.Find(name); j >= 0 {
			return st.Zones[st.Tables.PlayerZone(j, p, st.Players)], nil
		}
	}
	return m.zone(m.g.playerZone(name, p))
}

func (m *machine) card(id string) (*model.Card, error) {
	if c := m.g.cards[id]; c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("card(%q): no such card", id)
}

func (m *machine) defs(kind string) ([]string, error) { return m.g.defsOf(kind), nil }

func (m *machine) moveCardEnd(card, from, to string) (bool, error) {
	return m.moveCard(card, from, to, false)
}

func (m *machine) moveCardTop(card, from, to string) (bool, error) {
	return m.moveCard(card, from, to, true)
}

func (m *machine) shuffle(name string) (bool, error) {
	l, err := m.zone(name)
	if err != nil {
		return false, err
	}
	m.rev++
	// A fresh list: a local holding the zone's list keeps its order.
	l = slices.Clone(l)
	m.st.Shuffle(l)
	m.st.SetZone(name, l)
	m.event("shuffled "+name, "", "", "")
	return true, nil
}

func (m *machine) pieces() ([]*model.Piece, error) { return m.st.Pieces, nil }

// at lists the pieces standing on a node.
func (m *machine) at(node string) ([]*model.Piece, error) {
	var out []*model.Piece
	for _, p := range m.st.Pieces {
		if p.At == node {
			out = append(out, p)
		}
	}
	return out, nil
}

func (m *machine) unplace(id string) (bool, error) { return m.place(id, "") }

func (m *machine) node(id string) (*board.Node, error) {
	if n := m.g.board.Nodes[id]; n != nil {
		return n, nil
	}
	return nil, fmt.Errorf("node(%q): no such node", id)
}

func (m *machine) nodes(kind string) ([]string, error)     { return m.g.board.Kinds[kind], nil }
func (m *machine) out(node string) ([]*board.Edge, error)  { return m.g.board.Out[node], nil }
func (m *machine) into(node string) ([]*board.Edge, error) { return m.g.board.In[node], nil }

func (m *machine) dist(from, to string) (int, error) { return m.g.board.Dist(from, to), nil }

func (m *machine) walks(from string, n int) ([][]string, error) {
	return m.walksDir(from, n, false)
}

func (m *machine) walksBack(from string, n int) ([][]string, error) {
	return m.walksDir(from, n, true)
}

// minusFunc is minus for the library. On the fast path a list of ids
// that is a []string or a []any is read without boxing it, and a []any
// is read into the frame's scratch.
func (m *machine) minusFunc() eval.Func {
	f := eval.Fn2("minus", m.minus)
	f.Call = func(loc file.Location, args []eval.Val) eval.Val {
		a, aok := idsArg(args[0])
		b, bok := idsArg(args[1])
		if !aok || !bok {
			return eval.Fn2("minus", m.minus).Call(loc, args)
		}
		return eval.Mk(func(fr *eval.Frame) []string {
			as, aa := a(fr)
			bs, ba := b(fr)
			x, err := fr.IDs(0, as, aa)
			if err == nil {
				bs, err = fr.IDs(1, bs, ba)
			}
			if err != nil {
				eval.Fail(loc, fmt.Errorf("minus: %v", err))
			}
			return minus(x, bs)
		})
	}
	return f
}

// idsArg reads a list argument typed as []string or []any: one of the
// two results is set.
func idsArg(v eval.Val) (func(*eval.Frame) ([]string, []any), bool) {
	switch f := v.Fn.(type) {
	case func(*eval.Frame) []string:
		return func(fr *eval.Frame) ([]string, []any) { return f(fr), nil }, true
	case func(*eval.Frame) []any:
		return func(fr *eval.Frame) ([]string, []any) {
			l := f(fr)
			if l == nil {
				return nil, nil
			}
			return nil, l
		}, true
	}
	return nil, false
}

// minus takes lists of ids, typed or not.
func (m *machine) minus(a, b any) ([]string, error) {
	x, err := idList(a)
	if err != nil {
		return nil, fmt.Errorf("minus: %v", err)
	}
	y, err := idList(b)
	if err != nil {
		return nil, fmt.Errorf("minus: %v", err)
	}
	return minus(x, y), nil
}

func (m *machine) stock(holder string) ([]string, error) { return m.st.StockList(holder), nil }

func (m *machine) has(holder, good string) (int, error) {
	return countOf(m.st.StockList(holder), good), nil
}

func (m *machine) roll(sides int) (int, error) {
	if sides < 1 {
		return 0, fmt.Errorf("roll(%d): a die needs at least one side", sides)
	}
	m.rev++
	r := m.st.Intn(sides) + 1
	m.event("rolled "+strconv.Itoa(r), "", "", "")
	return r, nil
}

func (m *machine) rollDie(die string) (int, error) {
	faces := m.g.dice[die]
	if len(faces) == 0 {
		return 0, fmt.Errorf("rollDie(%q): no such die", die)
	}
	m.rev++
	r := faces[m.st.Intn(len(faces))]
	m.event("rolled "+die+" "+strconv.Itoa(r), "", "", "")
	return r, nil
}

func (m *machine) note(text string) (bool, error) {
	m.event(text, "", "", "")
	return true, nil
}

func (m *machine) legal() ([]string, error) {
	moves, err := m.g.Legal(m.st)
	out := make([]string, len(moves))
	for k, mv := range moves {
		out[k] = mv.Text
	}
	return out, err
}

func (m *machine) pending() (int, error) {
	if m.st.Pending == nil {
		return -1, nil
	}
	return m.st.Pending.Player, nil
}

func (m *machine) finished() (bool, error) { return m.st.Finished, nil }

func (m *machine) winners() ([]int, error) {
	r, err := m.g.Score(m.st)
	if err != nil {
		return nil, err
	}
	return r.Winners, nil
}

func (m *machine) score(p int) (int, error) {
	r, err := m.g.Score(m.st)
	if err != nil {
		return 0, err
	}
	return r.Scores[p], nil
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

func (m *machine) setVar(name string, v int, add bool) (bool, error) {
	return m.setVarAt(-1, name, v, add)
}

// setVarAt sets var k of the game's tables, named name (k -1: by name).
func (m *machine) setVarAt(k int, name string, v int, add bool) (bool, error) {
	m.rev++
	st := m.st
	if k >= 0 && st.Tables == m.g.tab {
		if add {
			v += st.Counts[k]
		}
		st.Counts[k] = v
	} else {
		if add {
			v += st.VarOf(name)
		}
		st.SetVarOf(name, v)
	}
	if m.log {
		m.event(name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

func (m *machine) setPVar(p int, name string, v int, add bool) (bool, error) {
	return m.setPVarAt(-1, p, name, v, add)
}

// setPVarAt sets player var k of the game's tables, named name (k -1:
// by name), of seat p.
func (m *machine) setPVarAt(k, p int, name string, v int, add bool) (bool, error) {
	m.rev++
	p, err := m.seat(p)
	if err != nil {
		return false, err
	}
	st := m.st
	if k >= 0 && st.Tables == m.g.tab {
		i := st.PvarAt() + p*len(st.Tables.PlayerVars.List) + k
		if add {
			v += st.Counts[i]
		}
		st.Counts[i] = v
	} else {
		if add {
			v += st.PvarOf(p, name)
		}
		st.SetPvarOf(p, name, v)
	}
	if m.log {
		m.event("player "+strconv.Itoa(p)+" "+name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

func (m *machine) setQVar(id, name string, v int, add bool) (bool, error) {
	return m.setQVarAt(-1, id, name, v, add)
}

// setQVarAt sets piece var k of the game's tables, named name (k -1:
// by name), of piece id.
func (m *machine) setQVarAt(k int, id, name string, v int, add bool) (bool, error) {
	m.rev++
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	if k >= 0 && p.Tables == m.g.tab {
		if add {
			v += p.Vars[k]
		}
		p.Vars[k] = v
	} else {
		if add {
			v += p.Var(name)
		}
		model.SetPieceVar(p, name, v)
	}
	if m.log {
		m.event(id+" "+name+" = "+strconv.Itoa(v), "", "", "")
	}
	return true, nil
}

// zone returns the cards of a zone reference ("name" or "name/seat").
func (m *machine) zone(ref string) ([]string, error) {
	if l, ok := m.st.ZoneList(ref); ok {
		return l, nil
	}
	name, owner := model.SplitZoneRef(ref)
	switch {
	case owner < 0 && m.g.pzones[name] != nil && m.g.zones[name] == nil:
		return nil, fmt.Errorf("zone %q is per player: name it as pz(%q, seat)", ref, name)
	case owner >= 0 && m.g.pzones[name] != nil:
		return nil, fmt.Errorf("zone %q: no player %d", ref, owner)
	}
	return nil, fmt.Errorf("no zone %q", ref)
}

func (m *machine) moveCard(card, from, to string, top bool) (bool, error) {
	m.rev++
	src, err := m.zone(from)
	if err != nil {
		return false, err
	}
	if _, err := m.zone(to); err != nil {
		return false, err
	}
	k := slices.Index(src, card)
	if k < 0 {
		return false, fmt.Errorf("moveCard: card %q is not in %s", card, from)
	}
	// Lists are copied on change, never changed in place: a value an
	// expression holds (a local bound to zone(...)) must not change
	// under it, or a saved and reloaded game would diverge.
	m.st.SetZone(from, without(src, k))
	if top {
		m.st.SetZone(to, append([]string{card}, m.st.ZoneCards(to)...))
	} else {
		m.st.SetZone(to, appendFresh(m.st.ZoneCards(to), card))
	}
	m.event("moved card", card, from, to)
	return true, nil
}

// draw moves the top card of from to the end of to; an empty zone with a
// refill zone is first refilled by shuffling that zone into it. It
// returns the card, or "" when there is none.
func (m *machine) draw(from, to string) (string, error) {
	src, err := m.zone(from)
	if err != nil {
		return "", err
	}
	if len(src) == 0 {
		name, owner := model.SplitZoneRef(from)
		if z := m.g.zoneDecl(name, owner); z != nil && z.Refill != "" {
			refill := z.Refill
			if owner >= 0 && m.g.pzones[refill] != nil {
				refill = model.PlayerZone(refill, owner)
			}
			src = append(slices.Clone(src), m.st.ZoneCards(refill)...)
			m.st.SetZone(refill, []string{})
			m.st.Shuffle(src)
			m.st.SetZone(from, src)
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

func (m *machine) piece(id string) (*model.Piece, error) {
	for _, p := range m.st.Pieces {
		if p.ID == id {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no piece %q", id)
}

func (m *machine) place(id, node string) (bool, error) {
	m.rev++
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	if node != "" && m.g.board.Nodes[node] == nil {
		return false, fmt.Errorf("place(%q, %q): no such node", id, node)
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

func (m *machine) transfer(good, from, to string) (bool, error) {
	m.rev++
	src := m.st.StockList(from)
	k := slices.Index(src, good)
	if k < 0 {
		return false, fmt.Errorf("transfer: no %s in %s", good, from)
	}
	m.st.SetStock(from, without(src, k))
	m.st.SetStock(to, appendFresh(m.st.StockList(to), good))
	if m.log {
		m.event("moved "+good+" from "+from+" to "+to, "", "", "")
	}
	return true, nil
}

// minus is the multiset difference a − b: each element of b cancels one
// equal element of a.
func minus(a, b []string) []string {
	out := make([]string, 0, len(a))
	var small [64]bool // b is short: no allocation for its marks
	used := small[:0]
	if len(b) <= len(small) {
		used = small[:len(b)]
	} else {
		used = make([]bool, len(b))
	}
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

// without is a new list: l without its k-th element. l is left as it is.
func without(l []string, k int) []string {
	out := make([]string, 0, len(l)-1)
	return append(append(out, l[:k]...), l[k+1:]...)
}

// appendFresh appends x to l. It writes only past the end of l, where no
// other list can see, since lists are never truncated in place: a list a
// local holds keeps its length and elements.
func appendFresh(l []string, x string) []string { return append(l, x) }
