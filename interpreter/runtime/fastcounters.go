package runtime

import (
	"fmt"

	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
)

// This file resolves the name of a counter given as a constant (get("round"),
// padd(me, "coins", 2), nget(n, "cash"), qadd(id, "hp", 1)) to its index when an expression
// is translated: the call then reads or writes the state's counters by
// that index, with no lookup by name. A state the game has not bound
// (model/counters.go) is read by name, as the call would have.

// namedCall is the builder of a call of the library function fn by a
// constant name, and the argument that holds the name: counters here,
// zones in fastzones.go.
func (m *Machine) namedCall(fn string) (func(file.Location, string, []eval.Val) (eval.Val, bool), int) {
	switch fn {
	case "get":
		return m.namedGet, 0
	case "set", "add":
		add := fn == "add"
		return func(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
			return m.namedSet(loc, name, args, add)
		}, 0
	case "pget":
		return m.namedPget, 1
	case "pset", "padd":
		add := fn == "padd"
		return func(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
			return m.namedPset(loc, name, args, add)
		}, 1
	case "nget":
		return m.namedNget, 1
	case "qget":
		return m.namedQget, 1
	case "nset", "nadd", "qset", "qadd":
		add, piece := fn[1:] == "add", fn[0] == 'q'
		return func(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
			return m.namedSetOf(loc, name, args, add, piece)
		}, 1
	case "zone":
		return m.namedZone, 0
	case "pzone":
		return m.namedPzone, 0
	}
	return nil, 0
}

func (m *Machine) namedGet(_ file.Location, name string, _ []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	k := tab.Vars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	return eval.Mk(func(*eval.Frame) int {
		if st := m.St; st.Tables == tab {
			return st.Counts[k]
		}
		return m.St.VarOf(name)
	}), true
}

func (m *Machine) namedSet(loc file.Location, name string, args []eval.Val, add bool) (eval.Val, bool) {
	k := m.G.Tab.Vars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	x := eval.As[int](args[1])
	return eval.Mk(func(fr *eval.Frame) bool {
		r, err := m.setVarAt(k, name, x(fr), add)
		if err != nil {
			eval.Fail(loc, err)
		}
		return r
	}), true
}

func (m *Machine) namedPget(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	k := tab.PlayerVars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	seat := eval.As[int](args[0])
	return eval.Mk(func(fr *eval.Frame) int {
		p, err := m.seat(seat(fr))
		if err != nil {
			eval.Fail(loc, err)
		}
		if st := m.St; st.Tables == tab {
			return st.Counts[st.PvarAt()+p*len(tab.PlayerVars.List)+k]
		}
		return m.St.PvarOf(p, name)
	}), true
}

func (m *Machine) namedPset(loc file.Location, name string, args []eval.Val, add bool) (eval.Val, bool) {
	k := m.G.Tab.PlayerVars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	seat, x := eval.As[int](args[0]), eval.As[int](args[2])
	return eval.Mk(func(fr *eval.Frame) bool {
		p := seat(fr)
		r, err := m.setPVarAt(k, p, name, x(fr), add)
		if err != nil {
			eval.Fail(loc, err)
		}
		return r
	}), true
}

func (m *Machine) namedNget(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	k := tab.NodeVars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	node, start := eval.As[string](args[0]), tab.NvarInit[k]
	return eval.Mk(func(fr *eval.Frame) int {
		id := node(fr)
		st := m.St
		if st.Tables != tab {
			v, err := m.nget(id, name)
			if err != nil {
				eval.Fail(loc, err)
			}
			return v
		}
		n := tab.Nodes.Find(id)
		if n < 0 {
			eval.Fail(loc, fmt.Errorf("nget(%q): no such node", id))
		}
		i := n*len(tab.NodeVars.List) + k
		if !st.NvarSet(i) {
			return start
		}
		return st.Counts[st.NvarAt()+i]
	}), true
}

func (m *Machine) namedQget(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	k := tab.PieceVars.Find(name)
	if k < 0 {
		return eval.Val{}, false
	}
	id := eval.As[string](args[0])
	return eval.Mk(func(fr *eval.Frame) int {
		p, err := m.piece(id(fr))
		if err != nil {
			eval.Fail(loc, err)
		}
		if p.Tables == tab {
			return p.Vars[k]
		}
		return p.Var(name)
	}), true
}

// namedSetOf is nset or nadd (piece false) or qset or qadd (piece true):
// a counter of a node or a piece, by the index of its name.
func (m *Machine) namedSetOf(loc file.Location, name string, args []eval.Val, add, piece bool) (eval.Val, bool) {
	k := m.G.Tab.NodeVars.Find(name)
	set := m.setNVarAt
	if piece {
		k, set = m.G.Tab.PieceVars.Find(name), m.setQVarAt
	}
	if k < 0 {
		return eval.Val{}, false
	}
	of, x := eval.As[string](args[0]), eval.As[int](args[2])
	return eval.Mk(func(fr *eval.Frame) bool {
		id := of(fr)
		r, err := set(k, id, name, x(fr), add)
		if err != nil {
			eval.Fail(loc, err)
		}
		return r
	}), true
}
