package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// both evaluates src on the fast path and on the VM.
func both(t *testing.T, g *runtime.Game, st *model.State, src string) (fast, slow any, ferr, serr error) {
	t.Helper()
	e, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err, src)
	require.NotNil(t, e.Fast, "%s: not translated", src)
	fast, ferr = g.EvalPatch(st, e)
	g.M.NoFast = true
	slow, serr = g.EvalPatch(st, e)
	g.M.NoFast = false
	return fast, slow, ferr, serr
}

func TestFastValues(t *testing.T) {
	g, st := smallGame(t)
	for _, src := range []string{
		// Literals, operators, int and float.
		`1 + me * 3 - 4`, `(me + 7) % 3`, `(me + 7) / 2`, `7 / 2`, `me + 1.5`, `-me`, `-(me + 0.5)`, `!(me == 0)`, `'a' + 'b'`, `me < 1 && numPlayers >= 2`,
		`me > 0 || false`, `1..4`, `3..1`, `2 in [1, 2]`, `'x' in ['a']`, `nil == nil`, `[1, 'a', true]`,
		`me == 0 ? 'zero' : 1`, `me == 0 ? [1] : ['a']`, `let x = 2; let y = x * 3; y + x`, `get('v') - 1`,
		// Params, a map of any; keyed params, read typed.
		`params.n + 1`, `params.word`, `split(params.word, ',')[1]`, `split(params.word, ',')[-1]`,
		`params.prices['a'][1]`, `params.prices['a'][-1]`, `len(params.prices[['b'][0]])`, `params.prices[['zz'][0]]`,
		`params.prices['a']`, `map(['a', 'b'], len(params.prices[#]))`, `params.caps['b'] + 1`, `params.caps[['zz'][0]]`,
		`let p = params.prices; p['b']`, `params.prices['a'][len(params.prices['a']) - params.caps['a']]`,
		`let r = ['a', 'b', 1]; map(r[0:2], params.prices[#][0] + params.caps[#])`, `let r = ['zz', 1]; params.prices[r[0]]`,
		// Fields and maps of the engine's own types.
		`card('one').num.points + card('one').num.missing`, `card('one').str.port`, `card('one').list.needs`,
		`card('two#2').def`, `node('x').kind`, `node('x').num.depth`, `out('x')[0].str.color`, `out('x')[0].to`,
		`card('two#2').str.port`, `card('two#1').list.needs`, `node('y').num.depth`, `node('y').str.nothing`,
		`map(zone('deck'), card(#).str.port + string(card(#).num.points))`, `filter(out('x'), .str.color == 'red')[0].num.cost`,
		`piece('pawn-0-1').owner`, `qget('pawn-1-1', 'hp')`, `pieces()[1].id`,
		// Builtins.
		`len(zone('deck'))`, `len('héllo')`, `len(filter(zone('deck'), card(#).kind == 'k'))`, `concat([], [])`,
		`concat(zone('deck'), [1], 2..3)`, `uniq(map(zone('deck'), card(#).def))`, `last([])`, `last(zone('deck'))`,
		`first(zone('deck'))`, `join(zone('deck'), '+')`, `string(me)`, `string(card('one'))`, `toJSON([1, 'a'])`,
		`max([1, 3, 2])`, `sortBy(zone('deck'), card(#).def, 'desc')`, `sortBy(1..5, -#)`,
		`sum(zone('deck'), card(#).num.points)`, `sum(1..4, #)`, `count(1..10, # > 2) > 3`, `count(1..10, # > 2) >= 1`,
		`find(1..3, # > 5)`, `find(pieces(), .owner == 1).id`, `map(filter(pieces(), .owner == 0), .id)`,
		`all(1..3, # > 0)`, `none(1..3, # > 2)`, `any(seats(1), # == 0)`, `filter(1..6, # % 2 == 0)[0]`,
		`map(map(1..3, [#, # * 2]), #[1])`, `filter(['a', 'b'], let c = #; any(['b'], # == c))`,
		`map(1..2, map(1..2, # * 10))`, `minus(zone('deck'), ['one'])`, `seat(me, 3)`, `dist('x', 'y')`,
		`walks('x', 1)`, `map(walks('x', 1), last(#))`, `has('supply', ['gold'][0])`, `stock('nobody')`,
		// Lists whose type is known only at run time.
		`let r = walks('x', 1); uniq(map(r, last(#)))`, `let r = walks('x', 1); map(r, join(#, '>'))`,
		`let r = walks('x', 1); filter(r, len(#) > 0)`, `let r = split(params.word, ','); uniq(r)`,
		`let r = [1, 1, 'a', 1.0]; uniq(r)`, `let r = []; last(r)`, `let r = ['a', 'b']; join(r, '')`,
		// min and max of ints, typed or read at run time; a let bound to a
		// list, read typed and boxed; minus of untyped lists; joined names.
		`min(3, 1, 2)`, `max(me, 4)`, `let x = [5][0]; max(x, 2)`, `let x = [1.5][0]; min(x, 2)`,
		`let l = filter(1..5, # > 2); [len(l), l, l[0]]`, `minus(map(zone('deck'), #), ['one'])`,
		`minus(zone('deck'), map(['one'], #))`, `['de'][0] + 'ck'`, `'de' + 'ck'`, `zone('de' + ['ck'][0])`,
		`uniq(filter(zone('deck'), # != ''))`, `last(filter(zone('deck'), true))`,
		// Slices and affixes, typed and read at run time.
		`zone('deck')[0:2]`, `zone('deck')[1:]`, `zone('deck')[:-1]`, `zone('deck')[-2:]`, `zone('deck')[5:1]`,
		`(1..5)[1:3]`, `filter(1..5, true)[:2]`, `'hello'[1:3]`, `'hello'[-3:]`, `let w = ['abc'][0]; w[1:]`,
		`let w = ['abc'][0]; w[:-1]`, `let w = [[1, 2, 3]][0]; w[1:]`, `'sea-1' startsWith 'sea-'`, `'x' endsWith 'y'`,
		`let w = ['sea-2'][0]; w startsWith 'sea-' ? int(w[4:]) : 0`,
		`let r = 1..3; sum(r, #)`, `let r = [[1], [2]]; map(r, #[0])`,
		// one, findLast in every form the optimizer makes, sortBy by an
		// order known at run time.
		`one(1..3, # > 2)`, `one(1..3, # > 1)`, `one([], true)`, `one(zone('deck'), card(#).def == 'one')`,
		`let r = ['a', 'b']; one(r, # == 'a')`, `findLast(1..5, # < 3)`, `findLast(1..5, # > 9)`,
		`filter(1..5, # % 2 == 1)[-1]`, `map(filter(1..5, # < 4), # * 10)[-1]`,
		`filter(zone('deck'), true)[-1]`, `let r = ['a', 'b']; filter(r, true)[-1]`, `[nil, 1][0:1][-1]`,
		`sortBy(1..4, #, ['desc'][0])`, `map(1..3, #index)`, `map(zone('deck'), [#index, #])`, `map(filter(10..15, # > 11), #index)`, `let r = ['a', 'b']; map(r, #index)`, `reduce(1..4, #acc + #index, 0)`, `reduce(1..4, concat(#acc, [#index]), [])`, `map(1..2, map(1..3, #index))`, `reduce(zone('deck'), #acc + string(#index))`, `[nil, 1][0] ?? 2`, `params?.word`, `find(pieces(), .owner == 5)?.id`, `find(pieces(), .owner == 1)?.id`, `find(pieces(), .owner == 5)?.id ?? 'none'`, `let m = [nil, {'a': {'b': 1}}][0]; m?.a.b`, `let m = [{'a': {'b': 1}}, nil][0]; m?.a.b`, `let m = [{'a': {'b': 1}}, nil][0]; m.a?.b`, `let m = [{'a': nil}, nil][0]; m.a?.b`, `card('one')?.def`, `len(find(pieces(), .owner == 5)?.id ?? '')`, `[3, nil][0] ?? 2`, `find(1..3, # > 5) ?? 0`, `let n = [nil, 'a'][0]; n ?? 'b'`, `'harbour' contains 'bo'`, `params.word contains ','`, `let w = ['ab'][0]; w contains 'c'`, `'sea-12' matches '^sea-[0-9]+$'`, `params.word matches ['[a-z]'][0]`, `let w = ['x1'][0]; w matches '[0-9]'`, `let n = [nil, 'a'][0]; n matches 'a'`, `let n = [nil, 'a'][0]; n contains 'a'`, `sum(1..4)`, `sum([1.5, 2])`, `let r = [1, 2]; sum(r)`, `sum([])`, `count([true, false, true])`, `sortBy(zone('deck'), #, me == 0 ? 'asc' : 'desc')`,
		// in over lists typed and read at run time, of ints past 255 too.
		`me in seats(0)`, `5 in seats(0)`, `let l = [[300, 2]][0]; 300 in l`, `let l = [[300, 2]][0]; 301 in l`,
		`let l = [[300, 2]][0]; 300.0 in l`, `let l = [['a', 'b']][0]; 'b' in l`,
		`let l = [[1, 'a']][0]; 'a' in l`, `let l = [[1, 'a']][0]; nil in l`, `let m = [{'a': 1}][0]; 'a' in m`,
		`let l = me == 0 ? zone('deck') : [1]; 'one' in l`, `let l = me == 0 ? zone('deck') : [1]; 'nine' in l`,
		`let l = me == 0 ? zone('deck') : [1]; 1 in l`, `2 in 1..3`, `5 in 1..3`, `let n = [7][0]; n in 5..9`,
	} {
		fast, slow, ferr, serr := both(t, g, st, src)
		require.NoError(t, serr, src)
		require.NoError(t, ferr, src)
		assert.Equal(t, slow, fast, src)
	}
}

// A runtime error comes back as the VM's: the same message, at the same
// place in the source.
func TestFastErrors(t *testing.T) {
	g, st := smallGame(t)
	for _, tc := range []struct{ src, want string }{
		{`card(['nope'][0]).kind`, `t:1:1: card("nope"): no such card`},
		{`[1, 2][me + 5]`, `t:1:7: index out of range: 5 (array length is 2)`},
		{`zone('deck')[9]`, `t:1:13: index out of range: 9 (array length is 3)`},
		{`filter(1..3, # > 5)[0]`, `t:1:20: reflect: slice index out of range`},
		{`find(pieces(), .owner == 5).id`, `t:1:29: cannot get id from <nil>`},
		{`1 + (me == 0 ? 'a' : 1)`, `t:1:3: invalid operation: int + string`},
		{`1..(me + 2000000)`, `t:1:2: memory budget exceeded`},
		{`1 + roll(me)`, `t:1:5: roll(0): a die needs at least one side`},
		{`pget(me + 5, 'pv')`, `t:1:1: no player 5 (players are 0..1)`},
		{`filter(1..3, # > 5)[-1]`, `t:1:20: reflect: slice index out of range`},
		{`map(filter(1..3, # > 5), # * 2)[-1]`, `t:1:32: reflect: slice index out of range`},
		{`sortBy(1..3, #, ['up'][0])`, `t:1:1: unknown order, use asc or desc`},
		{`'a' matches ['('][0]`, `t:1:5: error parsing regexp: missing closing ): ` + "`(`"},
		{`let m = [{'a': 1}, nil][0]; m?.a.b`, `t:1:34: cannot fetch b from int`},
		{`sortBy(1..3, #, [1, 'a'][0])`, `t:1:1: sortBy order argument must be a string`},
		{`find(out('x'), false).str.color`, `t:1:23: cannot get str from <nil>`},
		{`let r = ['a', 1]; params.caps[r[1]]`, `t:1:30: reflect.Value.MapIndex: value of type int is not assignable to type string`},
	} {
		fast, slow, ferr, serr := both(t, g, st, tc.src)
		require.Error(t, serr, tc.src)
		require.Error(t, ferr, tc.src)
		assert.Nil(t, fast)
		assert.Nil(t, slow)
		assert.Equal(t, serr.Error(), ferr.Error(), tc.src)
		assert.Equal(t, tc.want, ferr.Error(), tc.src)
		var de *diag.Error
		assert.ErrorAs(t, ferr, &de)
	}
}

// Haven runs every expression through the translator: one it does not
// cover is an error at load, at the construct, not a slower evaluator;
// type errors remain compile errors.
func TestFastCoverage(t *testing.T) {
	g, _ := smallGame(t)
	for _, tc := range []struct{ src, want string }{
		{`groupBy(1..me, # % 2)`, "t:1:1: groupBy() is not supported in Haven's expressions: its map is keyed by values of any type, which a state cannot hold; filter the list by each key instead"},
		{`piece('pawn-0-1').Var('hp')`, "t:1:19: a method call is not supported in Haven's expressions: call a function of the library instead"},
		{`$env.me`, "t:1:1: $env is not supported in Haven's expressions: name the local or the function itself"},
	} {
		_, err := compile.Expr(g, tc.src, diag.Pos{File: "t", Line: 1, Col: 1})
		assert.EqualError(t, err, tc.want, tc.src)
	}
	_, err := compile.Expr(g, `1 + 'a'`, diag.Pos{File: "t", Line: 1, Col: 1})
	assert.EqualError(t, err, "t:1:3: invalid operation: + (mismatched types int and string)\n\t| 1 + 'a'\n\t| ..^")
}

// TestFastReduce checks reduce on the fast path against the VM: with and
// without an initial value, #acc, a nested predicate, and the error of
// an empty list with no initial value.
func TestFastReduce(t *testing.T) {
	g, st := smallGame(t)
	for _, src := range []string{
		`reduce(1..4, #acc + #)`, `reduce(1..4, #acc * #, 2)`, `reduce(1..0, #acc + #, 7)`,
		`reduce(['a', 'b'], #acc + #)`, `reduce(1..3, concat(#acc, [#]), [])`,
		`reduce(1..3, concat(#acc, filter(1..#, # > 1)), [0])`, `reduce([1..2, 3..4], concat(#acc, #))`,
		`reduce(1..0, #acc + #)`, `reduce(zone('deck'), concat(#acc, [#, len(#acc)]), [])`,
		`reduce(zone('deck'), #acc + #)`, `reduce(zone('deck'), #acc + #, '')`, `reduce(zone('deck'), concat(#acc, [#acc]), [])`,
		`let l = ['x', 'y']; reduce(l, concat(#acc, [#]), ['w'])`, `reduce([], concat(#acc, [#]), [])`,
	} {
		fast, slow, ferr, serr := both(t, g, st, src)
		assert.Equal(t, slow, fast, src)
		assert.Equal(t, serr, ferr, src)
		if src == `reduce(1..0, #acc + #)` {
			assert.ErrorContains(t, ferr, "reduce of empty array", src)
		}
	}
}

// TestFastMapLiteral checks map literals on the fast path against the
// VM: constant ones made once, others at each evaluation, the first of
// two pairs with one key winning.
func TestFastMapLiteral(t *testing.T) {
	g, st := smallGame(t)
	for _, src := range []string{
		`{'a': 1, 'b': 'x'}`, `{'a': 1, 'b': 2}['b']`, `{'a': 1, 'a': 2}`, `{'a': me, 'a': 2}`,
		`{'a': me + 1, 'b': [1, 2]}['a']`, `{'a': 1}['c']`, `{a: 'x', b: true}.b`, `let k = 'a'; {(k): 1}`,
	} {
		fast, slow, ferr, serr := both(t, g, st, src)
		assert.Equal(t, slow, fast, src)
		assert.Equal(t, serr, ferr, src)
	}
}

// TestFastFindIndex checks findIndex, findLastIndex and findLast on the
// fast path against the VM, nil when no element passes.
func TestFastFindIndex(t *testing.T) {
	g, st := smallGame(t)
	for _, src := range []string{
		`findIndex([3, 4, 3], # == 3)`, `findLastIndex([3, 4, 3], # == 3)`, `findIndex([3], # == 5)`, `findLastIndex([], # == 5)`,
		`findLast(['a', 'bb', 'c'], len(#) == 1)`, `findLast(['a'], # == 'z')`, `findIndex(zone('deck'), card(#).def == 'two')`,
		`findLast(zone('deck'), card(#).def == 'two')`, `findIndex(1..5, # > me + 2)`, `findLast([[1], [2, 3]], len(#) > 1)`,
	} {
		fast, slow, ferr, serr := both(t, g, st, src)
		assert.Equal(t, slow, fast, src)
		assert.Equal(t, serr, ferr, src)
	}
}

// A list of ints the library gives typed ([]int: seats, a keyed param)
// is boxed in the frame's chunks where it becomes a value of unknown
// type (a branch of a conditional whose other branch is a list of
// any), and a loop over it boxes its ints past 255 there too.
func TestIntListsBoxInChunks(t *testing.T) {
	g, st := smallGame(t)
	for _, src := range []string{
		`let r = me < 0 ? [] : seats(0); map(r, # + 300)`,
		`let r = me < 0 ? [] : params.prices['a']; filter(r, # >= 0)`,
	} {
		fast, slow, ferr, serr := both(t, g, st, src)
		require.NoError(t, serr, src)
		require.NoError(t, ferr, src)
		require.Equal(t, slow, fast, src)
		e, err := compile.Expr(g, src, diag.Pos{File: "t", Line: 1, Col: 1})
		require.NoError(t, err)
		sc := g.Scope(g.Base, 0, st.Players)
		g.M.St = st
		_, err = g.M.Eval(e, sc)
		require.NoError(t, err)
		assert.Zero(t, testing.AllocsPerRun(50, func() { _, _ = g.M.Eval(e, sc) }), src)
	}
}
