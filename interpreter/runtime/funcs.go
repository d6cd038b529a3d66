package runtime

// This file is the function library every expression may call: reads
// first, then the changes, each logged with the current cause.

import (
	"fmt"
	"slices"
	"strconv"
	"unsafe"

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
//
// Every list an expression sees has one order, the same on every machine
// and with every Go release, so that a save replays to the state it
// recorded. Of expr's builtins (made by package translate):
//   - sortBy(list, key[, 'asc' or 'desc']) and sort(list[, order]) are
//     stable: elements whose keys are equal (neither less than the other)
//     keep the order they have in the list, in a descending sort too. The
//     sort is the engine's own (eval.SortStable), not the standard
//     library's, whose sort.Sort leaves ties in an order of its choosing.
//   - uniq(list) keeps each value where it first comes; of values equal
//     but of different types (1 and 1.0) the first is kept. min and max
//     give the first of equal values.
//   - keys(m), values(m) and toPairs(m) list a map by its keys sorted
//     (false, true, then numbers by value, an int before an equal float,
//     then strings byte by byte), never in Go's map order; a map keyed by
//     anything else (nil, a NaN, a list) is an error. groupBy, whose
//     value is a map, is refused at load.
//
// Of the library's: zone and pzone give the zone's order; pieces and at
// the order the pieces were made in; nodes, defs, out and into the order
// the definition declares them in; stock the order the units arrived in
// (a unit moved goes last); seats(p) the seats from p round the table;
// minus keeps the order of its first list; walks and walksBack list the
// paths depth first, each node's edges in the order the board declares
// them.
func (m *Machine) library() []eval.Func {
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
		m.zoneFunc(eval.Fn1("zone", m.zone)),
		eval.Fn2("pz", m.pz),
		m.zoneFunc(eval.Fn2("pzone", m.pzone)),
		m.cardFunc(),
		eval.Fn1("defs", m.defs),
		eval.Fn3("moveCard", m.moveCardEnd),
		eval.Fn3("moveCardTop", m.moveCardTop),
		eval.Fn2("draw", m.draw),
		eval.Fn1("shuffle", m.shuffle),

		// Pieces and the board.
		m.piecesFunc(),
		eval.Fn1("piece", m.piece),
		m.atFunc(),
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

// Register makes the library: by name for the fast path, and as options
// for expr.
//
// expr's Function option reflects a function's types each time it is
// applied, which is once per expression compiled: the library's options
// are applied here once, and one option copies what they made.
func (m *Machine) Register() {
	m.Lib = map[string]eval.Func{}
	made := conf.CreateNew()
	for _, f := range append(m.library(), m.playLibrary()...) {
		f.Named, f.NameArg = m.namedCall(f.Name)
		f.Keyed = m.keyedCall(f.Name)
		m.Lib[f.Name] = f
		f.Option(made)
	}
	fns := made.Functions
	m.Opts = append(m.Opts, func(c *conf.Config) {
		for name, f := range fns {
			c.Functions[name] = f
		}
	})
}

func (m *Machine) get(name string) (int, error) { return m.St.VarOf(name), nil }

func (m *Machine) pget(p int, name string) (int, error) {
	p, err := m.seat(p)
	if err != nil {
		return 0, err
	}
	return m.St.PvarOf(p, name), nil
}

func (m *Machine) set(name string, v int) (bool, error) { return m.setVar(name, v, false) }
func (m *Machine) add(name string, v int) (bool, error) { return m.setVar(name, v, true) }

func (m *Machine) pset(p int, name string, v int) (bool, error) { return m.setPVar(p, name, v, false) }
func (m *Machine) padd(p int, name string, v int) (bool, error) { return m.setPVar(p, name, v, true) }

func (m *Machine) qget(id, name string) (int, error) {
	p, err := m.piece(id)
	if err != nil {
		return 0, err
	}
	return p.Var(name), nil
}

func (m *Machine) qset(id, name string, v int) (bool, error) { return m.setQVar(id, name, v, false) }
func (m *Machine) qadd(id, name string, v int) (bool, error) { return m.setQVar(id, name, v, true) }

// seatOf is the seat k seats on from p, wrapping round the table.
func (m *Machine) seatOf(p, k int) (int, error) { return mod(p+k, m.St.Players), nil }

// seats lists every seat, starting at p. The lists are made once per
// number of players and shared: a list is never changed in place, and
// each is capped at its length, so appending to one copies it.
func (m *Machine) seats(p int) ([]int, error) {
	n := m.St.Players
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

func (m *Machine) pz(name string, p int) (string, error) { return m.G.playerZone(name, p), nil }

func (m *Machine) pzone(name string, p int) ([]string, error) {
	if st := m.St; st.Tables == m.G.Tab && p >= 0 && p < st.Players {
		if j := st.Tables.Players.Find(name); j >= 0 {
			return st.Zones[st.Tables.PlayerZone(j, p, st.Players)], nil
		}
	}
	return m.zone(m.G.playerZone(name, p))
}

func (m *Machine) card(id string) (*model.Card, error) {
	if c := m.G.cardOf(id); c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("card(%q): no such card", id)
}

// zoneFunc marks f as giving a zone's list of the state, which is never
// changed in place (model's zones.go) unless a sample deals into it.
func (m *Machine) zoneFunc(f eval.Func) eval.Func {
	f.Zone = func(l []string) bool { return !m.St.LaidOver(l) }
	return f
}

// cardFunc is card for the library, with the card of an id read without
// its error.
func (m *Machine) cardFunc() eval.Func {
	f := eval.Fn1("card", m.card)
	f.CardOf = func(id string) *model.Card { return m.G.cardOf(id) }
	return f
}

func (m *Machine) defs(kind string) ([]string, error) { return m.G.defsOf(kind), nil }

func (m *Machine) moveCardEnd(card, from, to string) (bool, error) {
	return m.moveCard(card, from, to, false)
}

func (m *Machine) moveCardTop(card, from, to string) (bool, error) {
	return m.moveCard(card, from, to, true)
}

func (m *Machine) shuffle(name string) (bool, error) {
	l, err := m.zone(name)
	if err != nil {
		return false, err
	}
	m.changed()
	// A fresh list: a local holding the zone's list keeps its order.
	l = slices.Clone(l)
	m.St.ShuffleFrom(model.StreamKey(model.StreamZone, name, 0), l)
	m.St.SetZone(name, l)
	m.event("shuffled "+name, "", "", "")
	return true, nil
}

func (m *Machine) pieces() ([]*model.Piece, error) { return m.St.Pieces, nil }

// piecesFunc is pieces for the library, marked as the state's pieces:
// pieces are only appended (setup, newPiece) and their PieceDef never
// changes, which the translator's index of a loop's candidates needs.
func (m *Machine) piecesFunc() eval.Func {
	f := eval.Fn0("pieces", m.pieces)
	f.Pieces = true
	return f
}

// atFunc is at for the library: len(at(node)) counts the pieces without
// listing them.
func (m *Machine) atFunc() eval.Func {
	f := eval.Fn1("at", m.at)
	f.Len = func(loc file.Location, args []eval.Val) eval.Val {
		node := eval.As[string](args[0])
		return eval.Mk(func(fr *eval.Frame) int {
			n, at := 0, node(fr)
			for _, p := range m.St.Pieces {
				if p.At == at {
					n++
				}
			}
			return n
		})
	}
	return f
}

// at lists the pieces standing on a node.
func (m *Machine) at(node string) ([]*model.Piece, error) {
	n := 0
	for _, p := range m.St.Pieces {
		if p.At == node {
			n++
		}
	}
	if n == 0 {
		return nil, nil
	}
	out := m.lists.pieceList(n)[:0] // cut from a chunk, not made
	for _, p := range m.St.Pieces {
		if p.At == node {
			out = append(out, p)
		}
	}
	return out, nil
}

func (m *Machine) unplace(id string) (bool, error) { return m.place(id, "") }

func (m *Machine) node(id string) (*board.Node, error) {
	if m.ids.nodes == nil && m.G.Boxed != nil {
		m.ids.nodes = m.G.nodeIDs()
	}
	if m.ids.nodes != nil {
		if n, ok := m.ids.nodes.Find(id); ok {
			return n, nil
		}
	}
	if n := m.G.Board.Nodes[id]; n != nil {
		return n, nil
	}
	return nil, fmt.Errorf("node(%q): no such node", id)
}

// nodes lists the nodes of a kind. The last kind asked is kept by the
// address and length of its string: a kind named by a constant
// (`nodes('port')`) is the same string at every call, and a map lookup
// hashes it each time.
func (m *Machine) nodes(kind string) ([]string, error) {
	if k := &m.lastKind; k.at != nil && k.at == unsafe.StringData(kind) && k.n == len(kind) {
		return k.list, nil
	}
	l := m.G.Board.Kinds[kind]
	m.lastKind = kindList{unsafe.StringData(kind), len(kind), l}
	return l, nil
}

// kindList is the kind nodes was last asked for, by the address and
// length of its string (held, so that the address names no other
// string while kept), and its nodes.
type kindList struct {
	at   *byte
	n    int
	list []string
}

func (m *Machine) out(node string) ([]*board.Edge, error)  { return m.G.Board.Out[node], nil }
func (m *Machine) into(node string) ([]*board.Edge, error) { return m.G.Board.In[node], nil }

func (m *Machine) dist(from, to string) (int, error) { return m.G.Board.Dist(from, to), nil }

func (m *Machine) walks(from string, n int) ([][]string, error) {
	return m.walksDir(from, n, false)
}

func (m *Machine) walksBack(from string, n int) ([][]string, error) {
	return m.walksDir(from, n, true)
}

// minusFunc is minus for the library. On the fast path a list of ids
// that is a []string or a []any is read without boxing it, and a []any
// is read into the frame's scratch.
func (m *Machine) minusFunc() eval.Func {
	f := eval.Fn2("minus", m.minus)
	// minus reads its lists and copies what it keeps of the first.
	f.ReadsArgs = true
	call := func(into func(*eval.Frame, int) []string) func(file.Location, []eval.Val) eval.Val {
		return func(loc file.Location, args []eval.Val) eval.Val {
			a, b := idsArg(args[0]), idsArg(args[1])
			return eval.Mk(func(fr *eval.Frame) []string {
				as, aa, abad := a(fr)
				bs, ba, bbad := b(fr)
				for _, bad := range [2]any{abad, bbad} {
					if bad != nil {
						_, err := idList(bad)
						eval.Fail(loc, fmt.Errorf("minus: %v", err))
					}
				}
				x, err := fr.IDs(0, as, aa)
				if err == nil {
					bs, err = fr.IDs(1, bs, ba)
				}
				if err != nil {
					eval.Fail(loc, fmt.Errorf("minus: %v", err))
				}
				return minusInto(into(fr, len(x))[:0], x, bs)
			})
		}
	}
	f.Call = call(func(_ *eval.Frame, n int) []string { return make([]string, 0, n) })
	f.Scratch = call((*eval.Frame).ScratchStrings)
	return f
}

// idsArg reads a list argument of minus: a []string or a []any as it
// is; any other value is returned as the third result, which is not a
// list of ids (idList says why).
func idsArg(v eval.Val) func(*eval.Frame) ([]string, []any, any) {
	switch f := v.Fn.(type) {
	case func(*eval.Frame) []string:
		return func(fr *eval.Frame) ([]string, []any, any) { return f(fr), nil, nil }
	case func(*eval.Frame) []any:
		return func(fr *eval.Frame) ([]string, []any, any) {
			l := f(fr)
			if l == nil {
				return nil, nil, nil
			}
			return nil, l, nil
		}
	}
	b := v.Box
	return func(fr *eval.Frame) ([]string, []any, any) {
		switch l := b(fr).(type) {
		case []any:
			if l == nil {
				return nil, nil, nil
			}
			return nil, l, nil
		case []string:
			return l, nil, nil
		case nil:
			return nil, nil, nil
		default:
			return nil, nil, l
		}
	}
}

// minus takes lists of ids, typed or not.
func (m *Machine) minus(a, b any) ([]string, error) {
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

func (m *Machine) stock(holder string) ([]string, error) { return m.St.StockList(holder), nil }

func (m *Machine) has(holder, good string) (int, error) {
	return countOf(m.St.StockList(holder), good), nil
}

func (m *Machine) roll(sides int) (int, error) {
	if sides < 1 {
		return 0, fmt.Errorf("roll(%d): a die needs at least one side", sides)
	}
	m.changed()
	r := m.St.IntnFrom(model.StreamKey(model.StreamSides, "", sides), sides) + 1
	if m.log {
		m.event("rolled "+strconv.Itoa(r), "", "", "")
	}
	return r, nil
}

func (m *Machine) rollDie(die string) (int, error) {
	faces := m.G.Dice[die]
	if len(faces) == 0 {
		return 0, fmt.Errorf("rollDie(%q): no such die", die)
	}
	m.changed()
	r := faces[m.St.IntnFrom(model.StreamKey(model.StreamDie, die, 0), len(faces))]
	if m.log {
		m.event("rolled "+die+" "+strconv.Itoa(r), "", "", "")
	}
	return r, nil
}

func (m *Machine) note(text string) (bool, error) {
	m.event(text, "", "", "")
	return true, nil
}

func (m *Machine) legal() ([]string, error) {
	moves, err := m.G.Legal(m.St)
	out := make([]string, len(moves))
	for k, mv := range moves {
		out[k] = mv.Text
	}
	return out, err
}

func (m *Machine) pending() (int, error) {
	if m.St.Pending == nil {
		return -1, nil
	}
	return m.St.Pending.Player, nil
}

func (m *Machine) finished() (bool, error) { return m.St.Finished, nil }

func (m *Machine) winners() ([]int, error) {
	r, err := m.G.Score(m.St)
	if err != nil {
		return nil, err
	}
	return r.Winners, nil
}

// score is seat p's score alone: its tie-breaks, its figures and the
// other seats' scores would be work thrown away.
func (m *Machine) score(p int) (int, error) {
	if p < 0 || p >= m.St.Players {
		return 0, fmt.Errorf("score(%d): no such seat: the seats are 0 to %d", p, m.St.Players-1)
	}
	return m.G.seatScore(p, m.St.Players)
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

func (m *Machine) seat(p int) (int, error) {
	if p < 0 || p >= m.St.Players {
		return 0, fmt.Errorf("no player %d (players are 0..%d)", p, m.St.Players-1)
	}
	return p, nil
}

func (m *Machine) setVar(name string, v int, add bool) (bool, error) {
	return m.setVarAt(-1, name, v, add)
}

// setVarAt sets var k of the game's tables, named name (k -1: by name).
func (m *Machine) setVarAt(k int, name string, v int, add bool) (bool, error) {
	m.changed()
	st := m.St
	if k >= 0 && st.Tables == m.G.Tab {
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

func (m *Machine) setPVar(p int, name string, v int, add bool) (bool, error) {
	return m.setPVarAt(-1, p, name, v, add)
}

// setPVarAt sets player var k of the game's tables, named name (k -1:
// by name), of seat p.
func (m *Machine) setPVarAt(k, p int, name string, v int, add bool) (bool, error) {
	m.changed()
	p, err := m.seat(p)
	if err != nil {
		return false, err
	}
	st := m.St
	if k >= 0 && st.Tables == m.G.Tab {
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

func (m *Machine) setQVar(id, name string, v int, add bool) (bool, error) {
	return m.setQVarAt(-1, id, name, v, add)
}

// setQVarAt sets piece var k of the game's tables, named name (k -1:
// by name), of piece id.
func (m *Machine) setQVarAt(k int, id, name string, v int, add bool) (bool, error) {
	m.changed()
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	if k >= 0 && p.Tables == m.G.Tab {
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
func (m *Machine) zone(ref string) ([]string, error) {
	if l, ok := m.St.ZoneList(ref); ok {
		return l, nil
	}
	name, owner := model.SplitZoneRef(ref)
	switch {
	case owner < 0 && m.G.Pzones[name] != nil && m.G.Zones[name] == nil:
		return nil, fmt.Errorf("zone %q is per player: name it as pz(%q, seat)", ref, name)
	case owner >= 0 && m.G.Pzones[name] != nil:
		return nil, fmt.Errorf("zone %q: no player %d", ref, owner)
	}
	return nil, fmt.Errorf("no zone %q", ref)
}

func (m *Machine) moveCard(card, from, to string, top bool) (bool, error) {
	m.changed()
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
	m.St.SetZone(from, m.lists.without(src, k))
	if top {
		m.St.SetZone(to, m.lists.prepended(m.St.ZoneCards(to), card))
	} else {
		m.St.SetZone(to, m.lists.appended(m.St.ZoneCards(to), card))
	}
	m.event("moved card", card, from, to)
	return true, nil
}

// draw moves the top card of from to the end of to; an empty zone with a
// refill zone is first refilled by shuffling that zone into it. It
// returns the card, or "" when there is none.
func (m *Machine) draw(from, to string) (string, error) {
	src, err := m.zone(from)
	if err != nil {
		return "", err
	}
	if len(src) == 0 {
		name, owner := model.SplitZoneRef(from)
		if z := m.G.zoneDecl(name, owner); z != nil && z.Refill != "" {
			refill := z.Refill
			if owner >= 0 && m.G.Pzones[refill] != nil {
				refill = model.PlayerZone(refill, owner)
			}
			src = append(slices.Clone(src), m.St.ZoneCards(refill)...)
			m.St.SetZone(refill, []string{})
			m.St.ShuffleFrom(model.StreamKey(model.StreamZone, from, 0), src)
			m.St.SetZone(from, src)
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

func (m *Machine) piece(id string) (*model.Piece, error) {
	if p := m.G.pieceOf(m.St, id); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("no piece %q", id)
}

func (m *Machine) place(id, node string) (bool, error) {
	m.changed()
	p, err := m.piece(id)
	if err != nil {
		return false, err
	}
	if node != "" {
		if _, err := m.node(node); err != nil {
			return false, fmt.Errorf("place(%q, %q): no such node", id, node)
		}
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

func (m *Machine) transfer(good, from, to string) (bool, error) {
	m.changed()
	src := m.St.StockList(from)
	k := slices.Index(src, good)
	if k < 0 {
		return false, fmt.Errorf("transfer: no %s in %s", good, from)
	}
	m.St.SetStock(from, m.lists.without(src, k))
	m.St.SetStock(to, m.lists.appended(m.St.StockList(to), good))
	if m.log {
		m.event("moved "+good+" from "+from+" to "+to, "", "", "")
	}
	return true, nil
}

// minus is the multiset difference a − b: each element of b cancels one
// equal element of a.
func minus(a, b []string) []string { return minusInto(make([]string, 0, len(a)), a, b) }

// minusInto is minus, appended to out, whose capacity holds a.
func minusInto(out, a, b []string) []string {
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
	return g.Defs[kind]
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
		return g.Pzones[name]
	}
	return g.Zones[name]
}
