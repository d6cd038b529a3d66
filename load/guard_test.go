package load_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/load"
)

// with loads the test game with one more file of the game folder.
func with(extra string) error {
	_, err := load.Source{FS: fstest.MapFS{
		"g/game.cue":  {Data: []byte(game)},
		"g/extra.cue": {Data: []byte(extra)},
	}}.Game("g", load.Options{})
	return err
}

// TestParserPanic is the regression test of a nil dereference in CUE's
// parser: the file gets a positioned error instead.
func TestParserPanic(t *testing.T) {
	err := with("package haven\ns:\n//\nlet")
	require.Error(t, err)
	assert.Equal(t, `g/extra.cue:4:1: s: reference "let" not found`, err.Error())
}

func TestFileTooLarge(t *testing.T) {
	err := with("package haven\n" + strings.Repeat("// padding\n", 200_000))
	require.Error(t, err)
	assert.Equal(t, "g/extra.cue: larger than 1048576 bytes, the most a definition file may have", err.Error())
}

func TestVariantNotARegularFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "v.cue")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, v := range []string{fifo, "/dev/zero"} {
		_, err := source().Game("g", load.Options{Variants: []string{v}})
		require.Error(t, err)
		assert.Equal(t, fmt.Sprintf("variant %s: %s: not a regular file", v, v), err.Error())
	}
}

// TestBillionLaughs bounds CUE's evaluation: a comprehension over a
// tenfold chain of references stops at the time limit.
func TestBillionLaughs(t *testing.T) {
	defer func(d time.Duration) { load.Limits.EvalTime = d }(load.Limits.EvalTime)
	load.Limits.EvalTime = 500 * time.Millisecond
	var b strings.Builder
	b.WriteString("package haven\nl0: {a: \"lol\", b: \"lol\", c: \"lol\", d: \"lol\", e: \"lol\", f: \"lol\", g: \"lol\", h: \"lol\", i: \"lol\", j: \"lol\"}\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "l%d: {", i)
		for _, k := range "abcdefghij" {
			fmt.Fprintf(&b, "%c: l%d, ", k, i-1)
		}
		b.WriteString("}\n")
	}
	b.WriteString("x: [for _, v in l9 for _, v2 in v for _, v3 in v2 for _, v4 in v3 for _, v5 in v4 for _, v6 in v5 for _, v7 in v6 {v7}]\n")
	b.WriteString("game: name: \"\\(len(x))\"\n")
	err := with(b.String())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "g: evaluating the definition took more than 500ms")
}
