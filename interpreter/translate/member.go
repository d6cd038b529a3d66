package translate

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

var (
	pieceType = reflect.TypeFor[*model.Piece]()
	cardType  = reflect.TypeFor[*model.Card]()
	nodeType  = reflect.TypeFor[*board.Node]()
	edgeType  = reflect.TypeFor[*board.Edge]()
)

// member is a.b or a[i]: a field of a piece, card, node or edge, read
// directly; a key of a map; an element of a list.
func (t *translator) member(n *ast.MemberNode) eval.Val {
	if n.Method {
		unsupported()
	}
	if n.Optional {
		return t.optional(n)
	}
	loc := n.Location()
	if name, ok := n.Property.(*ast.StringNode); ok {
		switch n.Node.Type() {
		case pieceType, cardType, nodeType, edgeType:
			return t.field(n, name.Value)
		}
		if v, ok := t.keyed(n, name.Value); ok {
			return v
		}
	}
	base, prop := t.node(n.Node), t.node(n.Property)
	bt := n.Node.Type()
	switch {
	case bt.Kind() == reflect.Map && bt.Key().Kind() == reflect.String && kindOf(n.Property) == reflect.String:
		key := eval.As[string](prop)
		switch g := base.Fn.(type) {
		case func(*eval.Frame) map[string]int:
			return eval.Mk(lastIndex(g, key))
		case func(*eval.Frame) map[string]string:
			return eval.Mk(lastIndex(g, key))
		case func(*eval.Frame) map[string][]string:
			return eval.Mk(lastIndex(g, key))
		case func(*eval.Frame) map[string][]int:
			return eval.Mk(lastIndex(g, key))
		}
		if bt == reflect.TypeFor[map[string]any]() {
			b := base.Box
			// Such maps are params or literals, never written once
			// made (as keptRead says): the values are kept by key.
			kept := new(keptIndex[any])
			get := func(fr *eval.Frame) any {
				x := b(fr)
				if m, ok := x.(map[string]any); ok {
					return kept.read(m, key(fr))
				}
				k := key(fr)
				return eval.Guard(loc, func() any { return runtime.Fetch(x, k) })
			}
			if name, ok := n.Property.(*ast.StringNode); ok {
				get = keptRead(b, name.Value, get)
			}
			// A keyed param (params.prices) read as the map the checker
			// types it: the key read next reads it typed, and a list of
			// ints it gives is not boxed.
			switch n.Type() {
			case reflect.TypeFor[map[string][]int]():
				return asserted[map[string][]int](get, "map[string][]int", loc)
			case reflect.TypeFor[map[string]int]():
				return asserted[map[string]int](get, "map[string]int", loc)
			}
			return eval.Mk(get)
		}
	case bt.Kind() == reflect.Map && bt.Key().Kind() == reflect.String && kindOf(n.Property) == reflect.Interface:
		// A keyed param read by a key of a type known only at run time
		// (the element of a list in a local): a string key reads the
		// map typed; any other goes to expr's runtime.Fetch.
		switch g := base.Fn.(type) {
		case func(*eval.Frame) map[string][]int:
			return eval.Mk(lastDynKey(g, prop.Box, "[]int", loc))
		case func(*eval.Frame) map[string]int:
			return eval.Mk(lastDynKey(g, prop.Box, "int", loc))
		}
	case (bt.Kind() == reflect.Slice || bt.Kind() == reflect.Array) && kindOf(n.Property) == reflect.Int:
		i := intOf(prop, loc)
		switch g := base.Fn.(type) {
		case func(*eval.Frame) []string:
			return index(g, i, loc)
		case func(*eval.Frame) []int:
			return index(g, i, loc)
		case func(*eval.Frame) []any:
			return index(g, i, loc)
		case func(*eval.Frame) [][]string:
			return index(g, i, loc)
		}
	}
	// Anything else goes through expr's own runtime.Fetch; the key is
	// dereferenced unless it is of the map's key type.
	if bt.Kind() != reflect.Map || !n.Property.Type().AssignableTo(bt.Key()) {
		prop = deref(n.Property, prop)
	}
	b, p := base.Box, prop.Box
	v := eval.Mk(func(fr *eval.Frame) any { return fetch(fr, b(fr), p(fr), loc) })
	if n.Type() == intType {
		// An int of params (a price per good, a track's step) read
		// without boxing it; withChecked asserts anything else.
		v.Checked = func(fr *eval.Frame) int {
			x, k := b(fr), p(fr)
			switch m := x.(type) {
			case map[string]int:
				if s, ok := k.(string); ok {
					return m[s]
				}
			case []int:
				if i, ok := k.(int); ok {
					if i < 0 {
						i += len(m)
					}
					if i >= 0 && i < len(m) {
						return m[i]
					}
				}
			}
			y := fetch(fr, x, k, loc)
			i, ok := y.(int)
			if !ok {
				eval.NotOf(y, "int", loc)
			}
			return i
		}
	}
	return v
}

// lastIndex is m[key] of a typed map: a keyed param (params.prices) or
// a card's, node's or edge's keyed field read by a key known only at
// run time (params.price_max[product]). Such maps are never written
// once made, so the values read last are kept with the map and the keys
// they were read by (keptIndex), and the same map read by one of those
// keys — the same bytes of the same string, as a key handed on from a
// list of candidates is — answers it without hashing the key again. The
// closure is the game's, and a game runs one state at a time (as
// keptRead).
func lastIndex[V any](g func(*eval.Frame) map[string]V, key func(*eval.Frame) string) func(*eval.Frame) V {
	kept := new(keptIndex[V])
	return func(fr *eval.Frame) V { return kept.read(g(fr), key(fr)) }
}

// lastDynKey is dynKey keeping the values read last, as lastIndex does,
// when the key is a string.
func lastDynKey[V any](g func(*eval.Frame) map[string]V, key func(*eval.Frame) any, name string, loc file.Location) func(*eval.Frame) V {
	kept := new(keptIndex[V])
	return func(fr *eval.Frame) V {
		m := g(fr)
		k := key(fr)
		s, ok := k.(string)
		if !ok {
			return dynKey(fr, m, func(*eval.Frame) any { return k }, name, loc)
		}
		return kept.read(m, s)
	}
}

// keptKeys is how many keys of one map keptIndex keeps: enough for the
// goods, products or ports a loop reads a param by in turn.
const keptKeys = 8

// keptIndex keeps the values last read from one map by the keys they
// were read by, the newest in place of the oldest. Another map starts
// it anew. The map and the keys kept are kept alive, so their addresses
// are not reused for others; the strings of a game are never changed
// in place.
type keptIndex[V any] struct {
	m          unsafe.Pointer // the map's address, which keeps it alive
	used, next int
	keys       [keptKeys]string
	vals       [keptKeys]V
}

// read is m[k].
func (c *keptIndex[V]) read(m map[string]V, k string) V {
	if m == nil {
		var zero V
		return zero
	}
	if a := mapAddr(m); a != c.m {
		c.m, c.used, c.next = a, 0, 0
	} else {
		for i := range c.used {
			if len(c.keys[i]) == len(k) && unsafe.StringData(c.keys[i]) == unsafe.StringData(k) {
				return c.vals[i]
			}
		}
	}
	v := m[k]
	c.keys[c.next], c.vals[c.next] = k, v
	c.next = (c.next + 1) % keptKeys
	if c.used < keptKeys {
		c.used++
	}
	return v
}

// mapAddr is the address of a map's header: the map's identity.
func mapAddr[V any](m map[string]V) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&m)) }

// dynKey is m[k] for a key k known only at run time: a string reads m;
// anything else is left to runtime.Fetch, for the VM's error or value.
func dynKey[V any](fr *eval.Frame, m map[string]V, key func(*eval.Frame) any, name string, loc file.Location) V {
	k := key(fr)
	if s, ok := k.(string); ok {
		return m[s]
	}
	y := eval.Guard(loc, func() any { return runtime.Fetch(m, k) })
	v, ok := y.(V)
	if !ok {
		eval.NotOf(y, name, loc)
	}
	return v
}

// keptRead is get for a key named in the expression (params.price_max):
// it keeps the value it read last, with the map it read it from, and
// answers the same map without looking the key up again. The maps it
// reads are params, never written once the game is compiled (a frame
// read from a save holds a map of its own: another map, looked up); the
// map kept is kept alive by the pointer, so its address is not reused.
// The closure is the game's, and a game runs one state at a time.
func keptRead(b func(*eval.Frame) any, key string, get func(*eval.Frame) any) func(*eval.Frame) any {
	var last unsafe.Pointer
	var val any
	return func(fr *eval.Frame) any {
		if m, ok := b(fr).(map[string]any); ok && m != nil {
			p := *(*unsafe.Pointer)(unsafe.Pointer(&m))
			if p != last {
				last, val = p, m[key]
			}
			return val
		}
		return get(fr)
	}
}

// asserted reads get's value as a T, the type expr's checker gave it; a
// value of another type (a save's params made by hand) fails as one read
// typed does (eval.NotOf).
func asserted[T any](get func(*eval.Frame) any, name string, loc file.Location) eval.Val {
	return eval.Mk(func(fr *eval.Frame) T {
		x := get(fr)
		v, ok := x.(T)
		if !ok {
			eval.NotOf(x, name, loc)
		}
		return v
	})
}

// fetch is x[k] of values known only at run time, as runtime.Fetch gives
// it.
func fetch(fr *eval.Frame, x, k any, loc file.Location) any {
	// A map of the state by a string, read as Fetch reads it (a
	// missing key gives the zero value) without reflection, which
	// allocates a copy of the value it finds.
	if s, ok := k.(string); ok {
		switch m := x.(type) {
		case map[string]any:
			return m[s]
		case map[string]int:
			return fr.Boxes.Int(m[s])
		case map[string][]int:
			return fr.Boxes.Ints(m[s])
		}
	}
	// An element in range of a []int or a []string (split's):
	// reflection would box it anew.
	if i, ok := k.(int); ok {
		switch l := x.(type) {
		case []int:
			if i < 0 {
				i += len(l)
			}
			if i >= 0 && i < len(l) {
				return fr.Boxes.Int(l[i])
			}
		case []string:
			if i < 0 {
				i += len(l)
			}
			if i >= 0 && i < len(l) {
				return fr.BoxStr(l[i])
			}
		}
	}
	return eval.Guard(loc, func() any { return runtime.Fetch(x, k) })
}

// intOf reads an int operand; a value of another numeric type is
// converted as runtime.Fetch converts an index.
func intOf(v eval.Val, loc file.Location) func(*eval.Frame) int {
	if f, ok := eval.Typed[int](v); ok {
		return f
	}
	b := v.Box
	return func(fr *eval.Frame) int {
		x := b(fr)
		if i, ok := x.(int); ok {
			return i
		}
		return eval.Guard(loc, func() int { return runtime.ToInt(x) })
	}
}

// index is l[i] with runtime.Fetch's rules: a negative index counts from
// the end, and one out of range is an error.
func index[E any](l func(*eval.Frame) []E, i func(*eval.Frame) int, loc file.Location) eval.Val {
	return eval.Mk(func(fr *eval.Frame) E {
		s, k := l(fr), i(fr)
		if k < 0 {
			k += len(s)
		}
		if k < 0 || k >= len(s) {
			eval.Fail(loc, fmt.Sprintf("index out of range: %v (array length is %v)", k, len(s)))
		}
		return s[k]
	})
}

// field reads a field of the engine's own types without reflection.
func (t *translator) field(n *ast.MemberNode, name string) eval.Val {
	loc, rf := n.Location(), fieldOf(n.Node.Type().Elem(), name)
	base, slot := t.fieldBase(n)
	switch n.Node.Type() {
	case pieceType:
		switch name {
		case "id":
			v := field(base, slot, loc, rf, func(p *model.Piece) string { return p.ID })
			v.Box = field(base, slot, loc, rf, func(p *model.Piece) any { return model.BoxedID(p) }).Box
			return v
		case "kind":
			return field(base, slot, loc, rf, func(p *model.Piece) string { return p.Kind })
		case "owner":
			return field(base, slot, loc, rf, func(p *model.Piece) int { return p.Owner })
		case "at":
			return field(base, slot, loc, rf, func(p *model.Piece) string { return p.At })
		}
	case cardType:
		switch name {
		case "id":
			return field(base, slot, loc, rf, func(c *model.Card) string { return c.ID })
		case "def":
			return field(base, slot, loc, rf, func(c *model.Card) string { return c.Def })
		case "name":
			return field(base, slot, loc, rf, func(c *model.Card) string { return c.Name })
		case "kind":
			return field(base, slot, loc, rf, func(c *model.Card) string { return c.Kind })
		case "text":
			return field(base, slot, loc, rf, func(c *model.Card) string { return c.Text })
		case "num":
			return field(base, slot, loc, rf, func(c *model.Card) map[string]int { return c.Num })
		case "str":
			return field(base, slot, loc, rf, func(c *model.Card) map[string]string { return c.Str })
		case "list":
			return field(base, slot, loc, rf, func(c *model.Card) map[string][]string { return c.List })
		}
	case nodeType:
		switch name {
		case "id":
			return field(base, slot, loc, rf, func(x *board.Node) string { return x.ID })
		case "kind":
			return field(base, slot, loc, rf, func(x *board.Node) string { return x.Kind })
		case "name":
			return field(base, slot, loc, rf, func(x *board.Node) string { return x.Name })
		case "num":
			return field(base, slot, loc, rf, func(x *board.Node) map[string]int { return x.Num })
		case "str":
			return field(base, slot, loc, rf, func(x *board.Node) map[string]string { return x.Str })
		}
	case edgeType:
		switch name {
		case "from":
			return field(base, slot, loc, rf, func(e *board.Edge) string { return e.From })
		case "to":
			return field(base, slot, loc, rf, func(e *board.Edge) string { return e.To })
		case "num":
			return field(base, slot, loc, rf, func(e *board.Edge) map[string]int { return e.Num })
		case "str":
			return field(base, slot, loc, rf, func(e *board.Edge) map[string]string { return e.Str })
		}
	}
	unsupported()
	return eval.Val{}
}

// keyed reads a key named in the expression of a card's, node's or
// edge's keyed field (card(c).str.port, .num.depth, .str.color) by the
// number the compiler gave it (Keys): an index, not a map's hash. An
// object the compiler did not fill (nil arrays) is read by its map.
func (t *translator) keyed(n *ast.MemberNode, key string) (eval.Val, bool) {
	in, ok := n.Node.(*ast.MemberNode)
	if !ok || in.Optional || in.Method || t.keys == nil {
		return eval.Val{}, false
	}
	fname, ok := in.Property.(*ast.StringNode)
	if !ok {
		return eval.Val{}, false
	}
	var family string
	switch in.Node.Type() {
	case cardType:
		family = "card."
	case nodeType:
		family = "node."
	case edgeType:
		family = "edge."
	default:
		return eval.Val{}, false
	}
	k, known := t.keys[family+fname.Value+"."+key]
	if !known {
		k = -1 // no object has the key: its zero value, as the map gives
	}
	base, slot := t.fieldBase(in)
	loc, rf := in.Location(), fieldOf(in.Node.Type().Elem(), fname.Value)
	switch family + fname.Value {
	case "card.num":
		return field(base, slot, loc, rf, func(c *model.Card) int { return at(c.NumAt, k, c.Num, key) }), true
	case "card.str":
		return field(base, slot, loc, rf, func(c *model.Card) string { return at(c.StrAt, k, c.Str, key) }), true
	case "card.list":
		return field(base, slot, loc, rf, func(c *model.Card) []string { return at(c.ListAt, k, c.List, key) }), true
	case "node.num":
		return field(base, slot, loc, rf, func(x *board.Node) int { return at(x.NumAt, k, x.Num, key) }), true
	case "node.str":
		return field(base, slot, loc, rf, func(x *board.Node) string { return at(x.StrAt, k, x.Str, key) }), true
	case "edge.num":
		return field(base, slot, loc, rf, func(e *board.Edge) int { return at(e.NumAt, k, e.Num, key) }), true
	case "edge.str":
		return field(base, slot, loc, rf, func(e *board.Edge) string { return at(e.StrAt, k, e.Str, key) }), true
	}
	return eval.Val{}, false
}

// at is a keyed field's value for a key numbered k: from the array by
// the numbers when the compiler filled it, else from the map.
func at[V any](byNum []V, k int, m map[string]V, key string) V {
	if byNum == nil {
		return m[key]
	}
	if k < 0 {
		var zero V
		return zero
	}
	return byNum[k]
}

// fieldBase is the object whose field n reads, and its slot when it is
// the element of a predicate (.kind, #.at), which the field's own
// closure reads from its slot: one call fewer per element (-1: none).
func (t *translator) fieldBase(n *ast.MemberNode) (eval.Val, int) {
	base, slot := t.node(n.Node), -1
	if p, ok := n.Node.(*ast.PointerNode); ok && p.Name == "" {
		if b, ok := t.lookup(""); ok && b.kind == eval.SlotAny {
			slot = b.slot
		}
	}
	return base, slot
}

// fieldOf describes a struct field the way expr's compiler does for
// runtime.FetchField: by its expr tag.
func fieldOf(st reflect.Type, name string) *runtime.Field {
	for _, f := range reflect.VisibleFields(st) {
		if tag, _, _ := strings.Cut(f.Tag.Get("expr"), ","); tag == name {
			return &runtime.Field{Index: f.Index, Path: []string{name}}
		}
	}
	unsupported()
	return nil
}

// field reads a field with get when the value is a non-nil *T; otherwise
// it leaves the value to runtime.FetchField, for the VM's error.
// A slot k >= 0 is the slot base reads (SlotAny), read directly.
func field[T, F any](base eval.Val, k int, loc file.Location, rf *runtime.Field, get func(*T) F) eval.Val {
	slow := func(x any) F {
		return eval.Guard(loc, func() any { return runtime.FetchField(x, rf) }).(F)
	}
	if k >= 0 {
		return eval.Mk(func(fr *eval.Frame) F {
			x := fr.Slots[k].Any
			if p, ok := x.(*T); ok && p != nil {
				return get(p)
			}
			return slow(x)
		})
	}
	if g, ok := base.Fn.(func(*eval.Frame) *T); ok {
		return eval.Mk(func(fr *eval.Frame) F {
			p := g(fr)
			if p == nil {
				return slow(p)
			}
			return get(p)
		})
	}
	b := base.Box
	return eval.Mk(func(fr *eval.Frame) F {
		x := b(fr)
		if p, ok := x.(*T); ok && p != nil {
			return get(p)
		}
		return slow(x)
	})
}
