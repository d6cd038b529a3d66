package runtime

import (
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// This file resolves the name of a counter joined at run time from a
// constant prefix and a string (get('price.' + good), set('dealt.' + #,
// 0)): a game declares a var per key, and the call would look the
// joined name up twice, once as a box (eval.JoinedName) and once among
// the vars. Instead the call site keeps the family of the vars that
// start with its prefix (model.KeyedNames), and finds the counter's
// index by the key alone: by the address of its bytes when it is one of
// the game's own strings, as nearly all are, else by a map of the keys.
// The + operator's budget check is made as before; a key the family
// lacks, or a state the game has not bound, goes the way the call
// would have gone, by the joined name, and a key that is not a string
// makes the call as it was (eval.Joined.Whole), so results, budget and
// errors do not change.

// keyedCall is the builder of a call of the library function fn by a
// joined name (Func.Keyed), if there is one.
func (m *Machine) keyedCall(fn string) func(file.Location, eval.Joined, []eval.Val) (eval.Val, bool) {
	switch fn {
	case "get":
		return m.keyedGet
	case "set", "add":
		add := fn == "add"
		return func(loc file.Location, name eval.Joined, args []eval.Val) (eval.Val, bool) {
			return m.keyedSet(loc, name, args, add)
		}
	}
	return nil
}

// family is the family of the names of names that start with prefix,
// and a function that gives it once the game's strings are boxed, with
// those strings registered by address (they are boxed after the
// expressions are translated).
func (m *Machine) family(names model.Names, prefix string) func() *model.KeyedNames {
	f := names.Keyed(prefix)
	if f == nil {
		return nil
	}
	m.keyedSites++
	owned := false
	return func() *model.KeyedNames {
		if !owned && m.G.Boxed != nil {
			f.Own(m.G.eachName)
			owned = true
		}
		return f
	}
}

func (m *Machine) keyedGet(_ file.Location, name eval.Joined, _ []eval.Val) (eval.Val, bool) {
	tab := m.G.Tab
	vars := m.family(tab.Vars, name.Prefix)
	if vars == nil {
		return eval.Val{}, false
	}
	whole := eval.As[int](name.Whole)
	return eval.Mk(func(fr *eval.Frame) int {
		key, ok := name.Key(fr)
		if !ok {
			return whole(fr)
		}
		if st := m.St; st.Tables == tab {
			if k := vars().Find(key); k >= 0 {
				name.Check(fr, key)
				return st.Counts[k]
			}
		}
		return m.St.VarOf(name.Name(fr, key))
	}), true
}

func (m *Machine) keyedSet(loc file.Location, name eval.Joined, args []eval.Val, add bool) (eval.Val, bool) {
	tab := m.G.Tab
	vars := m.family(tab.Vars, name.Prefix)
	if vars == nil {
		return eval.Val{}, false
	}
	x, whole := eval.As[int](args[1]), eval.As[bool](name.Whole)
	return eval.Mk(func(fr *eval.Frame) bool {
		key, ok := name.Key(fr)
		if !ok {
			return whole(fr)
		}
		k := vars().Find(key)
		var s string
		if k >= 0 {
			name.Check(fr, key)
			s = tab.Vars.List[k]
		} else {
			s = name.Name(fr, key)
		}
		r, err := m.setVarAt(k, s, x(fr), add)
		if err != nil {
			eval.Fail(loc, err)
		}
		return r
	}), true
}
