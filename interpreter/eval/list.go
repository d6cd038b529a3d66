package eval

import (
	"fmt"
)

// ToList reads a list of values. A []any is returned as it is, not
// copied: lists are shared between evaluations, states and cursors, and
// never changed in place. Strings are boxed with the game's boxes.
func ToList(v any, boxed map[string]any) ([]any, error) {
	switch l := v.(type) {
	case []any:
		return l, nil
	case []string:
		out := make([]any, len(l))
		for i, x := range l {
			out[i] = BoxStr(boxed, x)
		}
		return out, nil
	case []int:
		out := make([]any, len(l))
		for i, x := range l {
			out[i] = x
		}
		return out, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("want a list, got %T", v)
}
