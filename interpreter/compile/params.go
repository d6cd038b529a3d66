package compile

import (
	"reflect"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr/types"
)

// paramValue reads a param's value (its default, when it has one). Besides
// ints, strings and bools, a param may hold a list of ints ([]int: a price
// track, the costs of a row of slots) or a struct of ints or of int lists
// keyed by ids (map[string]int, map[string][]int: one start price per
// product). A struct's values must all be of one kind so that its type is
// known at load: `params.prices[p][k]` type-checks as an int.
func (c *compiler) paramValue(x cue.Value) any {
	x, _ = x.Default()
	switch x.Kind() {
	case cue.IntKind:
		n, _ := x.Int64()
		return int(n)
	case cue.BoolKind:
		b, _ := x.Bool()
		return b
	case cue.StringKind:
		s, _ := x.String()
		return s
	case cue.ListKind:
		return intList(x)
	case cue.StructKind:
		ints, lists := map[string]int{}, map[string][]int{}
		c.fields(x, func(k string, e cue.Value) {
			e, _ = e.Default()
			if e.Kind() == cue.IntKind {
				n, _ := e.Int64()
				ints[k] = int(n)
			} else {
				lists[k] = intList(e)
			}
		})
		if len(ints) > 0 && len(lists) > 0 {
			c.errorf(x, "a keyed param holds either ints or int lists, not both")
		}
		if len(lists) > 0 {
			return lists
		}
		return ints
	}
	return nil
}

// intList reads a CUE list of ints (the schema allows no other list).
func intList(x cue.Value) []int {
	out := []int{}
	elems(x, func(_ int, e cue.Value) {
		n, _ := e.Int64()
		out = append(out, int(n))
	})
	return out
}

// checkType reports, at load, a value whose type expr knows and which is
// not of the declared type of the param it is passed to.
func (c *compiler) checkType(v cue.Value, what string, t types.Type, typ string) {
	if t == nil || t == types.Any || t.Nature().Kind == reflect.Interface {
		return
	}
	k := t.Nature().Kind
	ok := true
	switch typ {
	case "int":
		ok = k >= reflect.Int && k <= reflect.Uint64
	case "bool":
		ok = k == reflect.Bool
	case "list":
		ok = k == reflect.Slice || k == reflect.Array
	case "string", "":
		ok = k == reflect.String
	}
	if !ok {
		c.errorf(v, "%s is a %s, but the param is declared %q", what, k, typ)
	}
}
