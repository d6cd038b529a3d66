package translate

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
)

// The scope of the expressions below: locals whose types the checker
// knows (as the compiler declares a step's names), params, and two
// locals declared but not bound (u, b: nil, as before their step runs).
var (
	checkedEnv = types.Map{
		"me": types.Int, "numPlayers": types.Int, "n": types.Int, "s": types.String, "ok": types.Bool,
		"x": types.Any, "l": types.TypeOf([]any{}), "u": types.Int, "b": types.Bool,
		"params": types.Map{"fee": types.Int, "prices": types.TypeOf(map[string]int{}), "track": types.TypeOf([]int{})},
	}
	checkedVals = map[string]any{
		"me": 1, "numPlayers": 3, "n": 300, "s": "bread", "ok": true, "x": 7, "l": []any{"a", "b"},
		"params": map[string]any{"fee": 2, "prices": map[string]int{"bread": 40}, "track": []int{1, 3, 6}},
	}
)

// Each expression gives what the VM gives, and the node above the
// locals takes the typed path: "typed" (a func(*Frame) int, bool,
// string or float64), "checked" (its own closure yields any, but it
// reads as its checker's type: eval.Val.Checked) or "any".
func TestCheckedAsTheVM(t *testing.T) {
	for _, c := range []struct{ src, kind string }{
		{`me`, "checked"},
		{`s`, "checked"},
		{`x`, "any"},
		{`me + 1`, "typed"},
		{`n * (n - 1) / 2 + n <= me * 1000`, "typed"},
		{`n / 7`, "typed"},
		{`n / 7 + 0.5 > me`, "typed"},
		{`-n`, "typed"},
		{`me < n && ok`, "checked"},
		{`me == 1 || s == 'salt'`, "typed"},
		{`1 == me && 'bread' == s`, "typed"},
		{`ok || b`, "checked"},
		{`s + '-' + string(me)`, "typed"},
		{`s > 'apple'`, "typed"},
		{`params.fee + params.prices[s] * 2`, "typed"},
		{`params.track[me] + params.track[-1]`, "typed"},
		{`params.prices[s]`, "typed"}, // a keyed param is read as the map it is
		{`params.prices['salt'] == 0`, "typed"},
		{`let a = n; let c = a - me; a + c`, "typed"},
		{`let a = s; a + '!'`, "typed"},
		{`ok ? me : n`, "checked"},
		{`ok ? me + 1 : 0`, "typed"},
		{`len(l) + len(s)`, "typed"},
		{`min(n, max(0, n - me), 5)`, "typed"},
		{`sum(1..n, # * me)`, "typed"},
		{`count(l, # == s)`, "typed"},
		{`int(n / 7) + int(me)`, "typed"},
		{`int(x)`, "checked"},
		{`abs(me - n) + abs(n)`, "typed"},
		{`x + me`, "any"},
		{`x == me`, "typed"},
		// Locals not bound: the VM's answers, nil kept as it is.
		{`u`, "checked"},
		{`u == nil`, "typed"},
		{`let v = u; v == nil`, "typed"},
		{`ok ? u : 1`, "checked"},
		{`string(u)`, "typed"},
		{`true && b`, "checked"},
		{`u in [1, 2]`, "checked"},
	} {
		v, code := checkedProgram(t, c.src)
		want, wantErr := runVM(t, c.src)
		got, gotErr := runFast(code)
		if wantErr != nil {
			assert.Error(t, gotErr, c.src)
		} else {
			require.NoError(t, gotErr, c.src)
			assert.Equal(t, want, got, c.src)
		}
		assert.Equal(t, c.kind, kindOfVal(v), c.src)
	}
}

// An arithmetic on locals not bound fails as on the VM: where the VM
// would fail, the typed path fails too (with its own message).
func TestCheckedFailsAsTheVM(t *testing.T) {
	for _, src := range []string{`u + 1`, `u < me`, `!b`, `b && ok`, `-u`, `1..u`, `u == me`, `min(u, 2)`, `params.fee + u`, `int(u)`, `abs(u)`} {
		_, code := checkedProgram(t, src)
		_, wantErr := runVM(t, src)
		_, gotErr := runFast(code)
		assert.Error(t, wantErr, src)
		assert.Error(t, gotErr, src)
	}
}

// Typed arithmetic on locals boxes nothing.
func TestCheckedAllocatesNothing(t *testing.T) {
	_, code := checkedProgram(t, `n * (n - 1) / 2 + n * params.prices[s] <= me * 100000 && s + 'x' != 'y'`)
	fr := checkedFrame(code)
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { code.Run(fr) }))
}

var checkedLay = model.NewLayout("n", "s", "ok", "x", "l", "u", "b")

func checkedProgram(t *testing.T, src string) (eval.Val, *Code) {
	t.Helper()
	prog, err := expr.Compile(src, expr.Env(checkedEnv))
	require.NoError(t, err, src)
	tr := &translator{lay: checkedLay}
	v := tr.node(prog.Node())
	code, err := Program(prog, nil, checkedLay, nil)
	require.NoError(t, err, src)
	require.NotNil(t, code, src)
	return v, code
}

func runVM(t *testing.T, src string) (any, error) {
	prog, err := expr.Compile(src, expr.Env(checkedEnv))
	require.NoError(t, err, src)
	return expr.Run(prog, checkedVals)
}

func checkedFrame(code *Code) *eval.Frame {
	lim := budget.Limits{Memory: 1 << 20}
	fr := &eval.Frame{Budget: &budget.Remaining{Eval: 1 << 20, Decision: 1 << 20, Limits: &lim}}
	fr.Slots = make([]eval.Slot, code.Slots)
	fr.Env = make([]any, len(checkedLay.Names))
	for k, name := range checkedLay.Names {
		fr.Env[k] = checkedVals[name]
	}
	return fr
}

func runFast(code *Code) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = assert.AnError
		}
	}()
	return code.Run(checkedFrame(code)), nil
}

func kindOfVal(v eval.Val) string {
	switch v.Fn.(type) {
	case func(*eval.Frame) int, func(*eval.Frame) bool, func(*eval.Frame) string, func(*eval.Frame) float64:
		return "typed"
	}
	if v.Checked != nil {
		return "checked"
	}
	return "any"
}

// A param named in the expression is read again from another map of
// params (a frame read from a save holds its own), and the game's again
// after it: the value kept is its map's.
func TestParamReadKeptByItsMap(t *testing.T) {
	_, code := checkedProgram(t, `params.fee + params.prices['bread']`)
	fr := checkedFrame(code)
	slot := checkedLay.Find("params")
	game := fr.Env[slot]
	saved := map[string]any{"fee": 5, "prices": map[string]int{"bread": 10}}
	for _, c := range []struct {
		params any
		want   int
	}{{game, 42}, {saved, 15}, {game, 42}, {saved, 15}} {
		fr.Env[slot] = c.params
		assert.Equal(t, c.want, code.Run(fr))
	}
	fr.Env[slot] = game
	assert.Equal(t, 0.0, testing.AllocsPerRun(20, func() { code.Run(fr) }))
}

// A keyed param of another type than its checker's (a save made by hand)
// fails as a value read typed does: with expr's message, at the member.
func TestKeyedParamOfAnotherType(t *testing.T) {
	_, code := checkedProgram(t, `params.prices[s] + 1`)
	fr := checkedFrame(code)
	fr.Env[checkedLay.Find("params")] = map[string]any{"prices": "x"}
	defer func() {
		p, ok := recover().(*eval.Panic)
		require.True(t, ok, "a closure fails with an eval.Panic, which the machine positions")
		assert.Contains(t, fmt.Sprint(p.Value), "interface conversion: interface {} is string, not map[string]int")
	}()
	code.Run(fr)
	t.Fatal("no failure")
}

// A loop over a list whose type is known only at run time (x, of type
// any) binds its lists of strings and its ints past 255 boxed in the
// frame's chunks, and boxes an int result there too: the values are the
// VM's, and none is an allocation of its own.
func TestDynamicLoopsBoxInChunks(t *testing.T) {
	lists, ints := [][]string{{"a", "b"}, {"c"}}, []int{300, 301, 2}
	for _, tc := range []struct {
		x   any
		src string
	}{
		{lists, `map(x, len(#) + 300)`}, {lists, `filter(x, len(#) > 1)`}, {lists, `map(x, #)`},
		{ints, `map(x, # * 2)`}, {ints, `filter(x, # > 2)`}, {ints, `min(map(x, # + 1000))`},
	} {
		prog, err := expr.Compile(tc.src, expr.Env(checkedEnv))
		require.NoError(t, err, tc.src)
		vals := maps.Clone(checkedVals)
		vals["x"] = tc.x
		want, err := expr.Run(prog, vals)
		require.NoError(t, err, tc.src)
		code, err := Program(prog, nil, checkedLay, nil)
		require.NoError(t, err, tc.src)
		fr := checkedFrame(code)
		fr.Env[slices.Index(checkedLay.Names, "x")] = tc.x
		assert.Equal(t, want, code.Run(fr), tc.src)
		assert.Zero(t, testing.AllocsPerRun(20, func() { code.Run(fr) }), tc.src)
	}
}

// A keyed param read by a key known only at run time (a typed string,
// or a value of type any; a map of ints, or of any) gives the VM's
// answer as the key goes round more keys than are kept, comes back as
// other bytes of the same length or as the same text at another
// address, and as the map is swapped for another (a frame read from a
// save) and back.
func TestParamReadKeptByItsKeys(t *testing.T) {
	keys := []string{"k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"}
	game := map[string]any{"fee": 2, "track": []int{1}}
	saved := map[string]any{"fee": 2, "track": []int{1}}
	gamePrices, savedPrices := map[string]int{}, map[string]int{}
	for i, k := range keys {
		gamePrices[k], game[k] = 10+i, 10+i
		savedPrices[k], saved[k] = 100+i, 100+i
	}
	game["prices"], saved["prices"] = gamePrices, savedPrices
	var seq []string
	for range 3 {
		seq = append(seq, keys...)
		seq = append(seq, "k1", strings.Clone("k1"), "k2", "k1", "zz")
	}
	for _, c := range []struct{ src, local string }{
		{`params.prices[s]`, "s"}, {`params.prices[x]`, "x"}, {`params[s]`, "s"},
	} {
		prog, err := expr.Compile(c.src, expr.Env(checkedEnv))
		require.NoError(t, err, c.src)
		code, err := Program(prog, nil, checkedLay, nil)
		require.NoError(t, err, c.src)
		fr := checkedFrame(code)
		for i, k := range seq {
			params := game
			if i%7 == 3 {
				params = saved
			}
			vals := maps.Clone(checkedVals)
			vals[c.local], vals["params"] = k, params
			want, err := expr.Run(prog, vals)
			require.NoError(t, err, c.src)
			fr.Env[checkedLay.Find(c.local)] = k
			fr.Env[checkedLay.Find("params")] = params
			require.Equal(t, want, code.Run(fr), "%s, step %d, key %s", c.src, i, k)
		}
	}
}
