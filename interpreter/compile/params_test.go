package compile_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A param may be a list of ints (a price track) or a struct keyed by ids
// (one start price per product); expressions index them with types known
// at load.
func TestListAndKeyedParams(t *testing.T) {
	src := replaceOnce(t, tiny, `params: target: *3 | int`,
		`params: {target: *3 | int, track: [3, 4, 5], start: {a: 1, b: 2}, tracks: {a: [1, 2], b: [7]}}`)
	src = replaceOnce(t, src, `"padd(me, 'coins', n)"`,
		`"padd(me, 'coins', params.track[n] - params.start['b'] - 1 + len(params.tracks.a) - 2 + params.tracks['b'][0] - 7)"`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "take 1")) // 4 - 2 - 1 + 2 - 2 + 7 - 7 = 1
	assert.Equal(t, 1, st.PlayerVar(0, "coins"))

	_, err = compileSrc(t, replaceOnce(t, src, "params.track[n]", "params.track[n] + 'x'"))
	require.Error(t, err, "an int list's elements are typed ints")
}

// A constant key into a keyed param must be one it declares.
func TestKeyedParamTypo(t *testing.T) {
	src := replaceOnce(t, tiny, `params: target: *3 | int`, `params: {target: *3 | int, start: {a: 1, b: 2}}`)
	src = replaceOnce(t, src, `"padd(me, 'coins', n)"`, `"padd(me, 'coins', params.start['c'])"`)
	_, err := compileSrc(t, src)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tiny/game.cue:19:46: params.start: unknown key "c" (declared: a, b)`)
}

// A var may be a keyed family: `vars: price: {a: 5, b: 10}` declares the
// counters `price.a` and `price.b`; a misspelt member is a load error.
func TestVarFamily(t *testing.T) {
	src := replaceOnce(t, tiny, `playerVars: coins: 0`, "playerVars: coins: 0\n\tvars: price: {a: 5, b: 10}")
	src = replaceOnce(t, src, `"padd(me, 'coins', n)"`, `"padd(me, 'coins', get('price.b') - 9); add('price.' + 'a', 1)"`)
	g, err := compileSrc(t, src)
	require.NoError(t, err)
	st, err := g.New(2, 1)
	require.NoError(t, err)
	require.NoError(t, g.Apply(st, "take 1"))
	assert.Equal(t, 1, st.PlayerVar(0, "coins"))
	assert.Equal(t, 6, st.Var("price.a"))

	_, err = compileSrc(t, replaceOnce(t, src, `get('price.b')`, `get('price.c')`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `get: unknown var "price.c" (did you mean "price.a"?)`)
}
