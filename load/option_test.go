package load_test

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// optionGame declares an option whose value a param reads.
const optionGame = `package haven

game: {
	id: "g"
	name: "G"
	players: {min: 2, max: 4}
	options: size: {default: "small", values: {small: {}, large: text: "a long game"}}
	params: target: {small: 6, large: 12}[options.size.value]
	flow: []
	scoring: {score: "0", tiebreak: []}
}
`

func optionSource() load.Source {
	return load.Source{FS: fstest.MapFS{"g/game.cue": {Data: []byte(optionGame)}}}
}

func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		choices []string
		want    int64
	}{{nil, 6}, {[]string{"size=small"}, 6}, {[]string{"size=large"}, 12}} {
		v, err := optionSource().Game("g", load.Options{Choices: tc.choices})
		require.NoError(t, err, tc.choices)
		n, err := v.LookupPath(cuePath("params.target")).Int64()
		require.NoError(t, err)
		assert.Equal(t, tc.want, n, tc.choices)
	}
	v, err := optionSource().Game("g", load.Options{})
	require.NoError(t, err)
	assert.Equal(t, []load.Option{{Name: "size", Default: "small", Values: []string{"small", "large"}}}, load.GameOptions(v))
}

func TestOptionErrors(t *testing.T) {
	for choice, want := range map[string]string{
		"sise=large": `--option sise=large: unknown option "sise" (did you mean "size"?)`,
		"size=lareg": `--option size=lareg: option size has no value "lareg" (did you mean "large"?)`,
		"size=huge":  `--option size=huge: option size has no value "huge" (values: small, large)`,
		"size":       `--option "size": want NAME=VALUE`,
		"size={}":    `--option "size={}": want NAME=VALUE`,
	} {
		_, err := optionSource().Game("g", load.Options{Choices: []string{choice}})
		require.Error(t, err, choice)
		assert.Contains(t, err.Error(), want, choice)
	}
	// Options alone are built with the game at once; when that fails, the
	// game alone is built to name what is wrong.
	for set, want := range map[string]string{
		"options.sise.value=large": `--set options.sise.value=large: game.options has no field "sise" (did you mean "size"?)`,
		"options.size.value=huge":  `--set options.size.value=huge: game.options.size.value: conflicting values "large" and "huge"`,
	} {
		_, err := optionSource().Game("g", load.Options{Sets: []string{set}})
		require.Error(t, err, set)
		assert.Contains(t, err.Error(), want, set)
	}
	// A variant name that is an option's value points at the option.
	_, err := optionSource().Game("g", load.Options{Variants: []string{"large"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "large is a value of the option size: --option size=large")
}
