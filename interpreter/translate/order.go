package translate

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"

	"github.com/haven-engine/haven/interpreter/eval"
)

// The builtins whose order expr leaves to the standard library, made
// with an order of the engine's own, the same on every Go release:
// sort sorts stably by the engine's algorithm (eval.SortStable), as
// sortBy does; keys, values and toPairs list a map by its keys sorted,
// where expr lists it in Go's map iteration order, which differs from
// one run to the next.

// sortList is sort(list[, order]): expr's, but stable. A list of ints
// or of strings has no ties that can be told apart; a list of numbers
// does (1 and 1.0 are equal keys), and keeps their order.
func (t *translator) sortList(n *ast.BuiltinNode, args []eval.Val) eval.Val {
	t.usesScratch = true // SortStable's buffer
	boxed, loc := t.builtinArgs(n, args), n.Location()
	return eval.Mk(func(fr *eval.Frame) any {
		list := boxed[0](fr)
		var order any
		if len(boxed) == 2 {
			order = boxed[1](fr)
		}
		// expr's sort reads these four kinds of list; any other value
		// sorts as no list at all (nil).
		var items []any
		switch l := list.(type) {
		case []any:
			items = append(eval.Fresh(fr, len(l))[:0], l...)
		case []int:
			items = boxAll(fr, l)
		case []float64:
			items = boxAll(fr, l)
		case []string:
			items = boxAll(fr, l)
		}
		desc := false
		if len(boxed) == 2 {
			o, ok := order.(string)
			if !ok {
				eval.Fail(loc, fmt.Errorf("sort order argument must be a string (got %T)", order))
			}
			switch o {
			case "asc":
			case "desc":
				desc = true
			default:
				eval.Fail(loc, fmt.Errorf("invalid order %s, expected asc or desc", o))
			}
		}
		keys := append(fr.Scratch(len(items))[:0], items...)
		eval.Guard(loc, func() bool { fr.SortStable(items, keys, desc); return true })
		return items
	})
}

// boxAll copies a typed list into a fresh []any.
func boxAll[E any](fr *eval.Frame, l []E) []any {
	out := eval.Fresh(fr, len(l))
	for i, x := range l {
		out[i] = boxElem(fr, x)
	}
	return out
}

// mapOrdered is keys(m), values(m) or toPairs(m): expr's lists, in the
// order of m's keys sorted (keyOrder) rather than in Go's map iteration
// order. Sorted, not in the order the map was written: a map has no
// other order once built, and a map read back from a save (JSON writes
// an object's keys sorted) or made by fromPairs lists the same as the
// literal it equals. A value that is no map fails as it does in expr.
func (t *translator) mapOrdered(n *ast.BuiltinNode, args []eval.Val) eval.Val {
	f := builtin.Builtins[builtin.Index[n.Name]]
	arg, loc, name := t.builtinArgs(n, args)[0], n.Location(), n.Name
	return eval.Mk(func(fr *eval.Frame) any {
		x := arg(fr)
		v := reflect.ValueOf(x)
		if v.Kind() != reflect.Map {
			return eval.Guard(loc, func() any { return call(f, x) })
		}
		keys := v.MapKeys()
		if err := sortKeys(keys); err != nil {
			eval.Fail(loc, fmt.Errorf("%s(): %w", name, err))
		}
		switch name {
		case "keys":
			out := make([]any, len(keys))
			for i, k := range keys {
				out[i] = k.Interface()
			}
			return fr.Sized(out, loc)
		case "values":
			out := make([]any, len(keys))
			for i, k := range keys {
				out[i] = v.MapIndex(k).Interface()
			}
			return fr.Sized(out, loc)
		}
		out := make([][2]any, len(keys))
		for i, k := range keys {
			out[i] = [2]any{k.Interface(), v.MapIndex(k).Interface()}
		}
		return out
	})
}

// sortKeys sorts a map's keys: numbers first, by value (an int before a
// float of the same value), then strings, by their bytes; false before
// true before both. Distinct keys never tie, so the order is the keys'
// alone. A key of any other kind (nil, a list, a card), or a NaN, has no
// place in it: an error, not an order that changes from run to run.
func sortKeys(keys []reflect.Value) error {
	for _, k := range keys {
		if err := orderable(k); err != nil {
			return err
		}
	}
	slices.SortFunc(keys, compareKeys)
	return nil
}

// keyRank is the rank of a key's kind in the order of keys.
func keyRank(k reflect.Value) int {
	switch {
	case k.Kind() == reflect.Bool:
		return 0
	case k.CanInt(), k.CanUint(), k.CanFloat():
		return 1
	}
	return 2 // a string
}

func orderable(k reflect.Value) error {
	if k.Kind() == reflect.Interface {
		k = k.Elem()
	}
	switch {
	case !k.IsValid():
		return fmt.Errorf("a map keyed by nil has no order to list it in")
	case k.CanFloat() && math.IsNaN(k.Float()):
		return fmt.Errorf("a map keyed by NaN has no order to list it in")
	case k.Kind() == reflect.Bool, k.Kind() == reflect.String, k.CanInt(), k.CanUint(), k.CanFloat():
		return nil
	}
	return fmt.Errorf("a map keyed by %s values has no order to list it in: key it by strings or numbers", k.Type())
}

func compareKeys(a, b reflect.Value) int {
	if a.Kind() == reflect.Interface {
		a, b = a.Elem(), b.Elem()
	}
	if c := cmp.Compare(keyRank(a), keyRank(b)); c != 0 {
		return c
	}
	switch keyRank(a) {
	case 0:
		return cmp.Compare(boolRank(a.Bool()), boolRank(b.Bool()))
	case 2:
		return cmp.Compare(a.String(), b.String())
	}
	switch {
	case a.CanInt() && b.CanInt():
		if c := cmp.Compare(a.Int(), b.Int()); c != 0 {
			return c
		}
	case a.CanUint() && b.CanUint():
		if c := cmp.Compare(a.Uint(), b.Uint()); c != 0 {
			return c
		}
	default:
		if c := cmp.Compare(number(a), number(b)); c != 0 {
			return c
		}
	}
	return cmp.Compare(a.Kind(), b.Kind()) // 1 (int) before 1.0 (float64)
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// number is a numeric key's value as a float, to compare an int with a
// float.
func number(k reflect.Value) float64 {
	switch {
	case k.CanInt():
		return float64(k.Int())
	case k.CanUint():
		return float64(k.Uint())
	}
	return k.Float()
}
