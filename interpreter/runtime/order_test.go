package runtime_test

import (
	"fmt"
	goruntime "runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
)

// orderCase is an expression over a list of n elements with ties, and
// the order the engine promises for it.
type orderCase struct {
	src  string
	want any
}

// orderCases are the builtins whose order a definition sees, on n
// elements: sortBy and sort keep the list's order among equal keys,
// keys, values and toPairs list a map by its keys sorted, uniq keeps
// each value's first place, max gives the first of equal values (1 or
// 1.0, whichever comes first).
func orderCases(n int) []orderCase {
	ints := make([]int, n)
	for i := range ints {
		ints[i] = i + 1
	}
	// byKey is the stable sort of ints by key, as the engine promises it:
	// the keys in order, each key's elements in the list's order.
	byKey := func(key func(int) int, desc bool) []any {
		keys := []int{0, 1, 2}
		if desc {
			keys = []int{2, 1, 0}
		}
		var out []any
		for _, k := range keys {
			for _, x := range ints {
				if key(x) == k {
					out = append(out, x)
				}
			}
		}
		return out
	}
	mod3 := func(x int) int { return x % 3 }
	// Three kinds of number in one list: 0, and 1 written as an int or as
	// a float, equal keys that can be told apart.
	mixed := func(x int) any {
		switch x % 3 {
		case 0:
			return 1.0
		case 1:
			return 1
		}
		return 0
	}
	var mixedAsc, mixedDesc []any
	for _, x := range ints {
		if mixed(x) == 0 {
			mixedAsc = append(mixedAsc, 0)
		}
	}
	for _, x := range ints {
		if mixed(x) != 0 {
			mixedAsc = append(mixedAsc, mixed(x))
			mixedDesc = append(mixedDesc, mixed(x))
		}
	}
	mixedDesc = append(mixedDesc, mixedAsc[:len(mixedAsc)-len(mixedDesc)]...)
	mixedSrc := fmt.Sprintf("map(1..%d, # %% 3 == 0 ? 1.0 : (# %% 3 == 1 ? 1 : 0))", n)

	var names []string
	for _, x := range ints {
		names = append(names, "k"+strconv.Itoa(x))
	}
	slices.Sort(names) // k1, k10, k11, …, k2, …
	var keys, values, numKeys []any
	var pairs [][2]any
	for _, s := range names {
		v, _ := strconv.Atoi(s[1:])
		keys, values, pairs = append(keys, s), append(values, v), append(pairs, [2]any{s, v})
	}
	for x := range n {
		numKeys = append(numKeys, x)
	}
	var firsts []any
	for _, x := range ints {
		if !slices.Contains(firsts, any(x%7)) {
			firsts = append(firsts, x%7)
		}
	}
	return []orderCase{
		{fmt.Sprintf("sortBy(1..%d, # %% 3)", n), byKey(mod3, false)},
		{fmt.Sprintf("sortBy(1..%d, # %% 3, 'desc')", n), byKey(mod3, true)},
		{fmt.Sprintf("sortBy(1..%d, # %% 3, ['desc', 'asc'][me])", n), byKey(mod3, true)},
		{fmt.Sprintf("let l = map(1..%d, #); sortBy(l, # %% 3)", n), byKey(mod3, false)},
		{fmt.Sprintf("map(sortBy(map(1..%d, [# %% 3, #]), #[0]), #[1])", n), byKey(mod3, false)},
		{fmt.Sprintf("map(sortBy(split(join(map(1..%d, string(#)), ','), ','), int(#) %% 3), int(#))", n), byKey(mod3, false)},
		{fmt.Sprintf("sort(%s)", mixedSrc), mixedAsc},
		{fmt.Sprintf("sort(%s, 'desc')", mixedSrc), mixedDesc},
		{fmt.Sprintf("keys(fromPairs(map(1..%d, ['k' + string(#), #])))", n), keys},
		{fmt.Sprintf("values(fromPairs(map(1..%d, ['k' + string(#), #])))", n), values},
		{fmt.Sprintf("toPairs(fromPairs(map(1..%d, ['k' + string(#), #])))", n), pairs},
		{fmt.Sprintf("keys(fromPairs(map(1..%d, [%d - #, #])))", n, n), numKeys},
		{fmt.Sprintf("uniq(map(1..%d, # %% 7))", n), firsts},
		{fmt.Sprintf("uniq(%s)", mixedSrc), uniqMixed(n, mixed)},
		{fmt.Sprintf("max(%s)", mixedSrc), 1},
		{fmt.Sprintf("max(map(1..%d, # %% 3 == 1 ? 1.0 : (# %% 3 == 2 ? 1 : 0)))", n), 1.0},
	}
}

// uniqMixed is uniq of the mixed list: 1 and 1.0 are one value, kept as
// it first comes.
func uniqMixed(n int, mixed func(int) any) []any {
	var out []any
	for x := 1; x <= n; x++ {
		v := mixed(x)
		if !slices.ContainsFunc(out, func(y any) bool { return fmt.Sprint(y) == fmt.Sprint(v) }) {
			out = append(out, v)
		}
	}
	return out
}

// TestOrderWithTies pins the order of every builtin that orders a list,
// on lists with ties on both sides of the length under which the
// standard library's sort runs an insertion sort (12, stable by
// accident): an unstable sort, or a map's iteration order, fails it.
// Each is evaluated again and again, under several GOMAXPROCS.
func TestOrderWithTies(t *testing.T) {
	g, st := smallGame(t)
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(0))
	for _, n := range []int{5, 12, 13, 20, 64, 257} {
		for _, tc := range orderCases(n) {
			e, err := compile.Expr(g, tc.src, diag.Pos{File: "t", Line: 1, Col: 1})
			require.NoError(t, err, tc.src)
			require.NotNil(t, e.Fast, tc.src)
			for _, procs := range []int{1, 2, 8} {
				goruntime.GOMAXPROCS(procs)
				for range 5 {
					got, err := g.EvalPatch(st, e)
					require.NoError(t, err, tc.src)
					require.Equal(t, tc.want, got, "%s, GOMAXPROCS=%d", tc.src, procs)
				}
			}
		}
	}
}
