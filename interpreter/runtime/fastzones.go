package runtime

import (
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
)

// This file numbers the zone a call of zone or pzone names by a
// constant when the expression is translated (model/zones.go): the call then
// reads the state's zone by number. A state the game has not bound is
// read by reference, as the call would have.

func (m *Machine) namedZone(loc file.Location, ref string, _ []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	k := tab.Globals.Find(ref)
	if k < 0 {
		return eval.Val{}, false
	}
	return eval.Mk(func(*eval.Frame) []string {
		if st := m.St; st.Tables == tab {
			return st.Zones[k]
		}
		l, err := m.zone(ref)
		if err != nil {
			eval.Fail(loc, err)
		}
		return l
	}), true
}

func (m *Machine) namedPzone(loc file.Location, name string, args []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	j := tab.Players.Find(name)
	if j < 0 {
		return eval.Val{}, false
	}
	seat := eval.As[int](args[1])
	return eval.Mk(func(fr *eval.Frame) []string {
		p := seat(fr)
		if st := m.St; st.Tables == tab && p >= 0 && p < st.Players {
			return st.Zones[tab.PlayerZone(j, p, st.Players)]
		}
		l, err := m.pzone(name, p)
		if err != nil {
			eval.Fail(loc, err)
		}
		return l
	}), true
}
