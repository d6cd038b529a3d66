package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocCommand checks the index, one entry, a name that is both a
// function and a hook, a hook by its last word, and an unknown name
// answered with did you mean.
func TestDocCommand(t *testing.T) {
	out, _, code := haven(t, "", "doc")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "functions:\n  get set add")
	assert.Contains(t, out, "steps:\n  do if each while let call return choose turn emit end\n")
	assert.Contains(t, out, "hooks:\n  scoring.score scoring.tiebreak scoring.show scoring.estimate bots.prefer\n")

	out, _, code = haven(t, "", "doc", "zone")
	require.Equal(t, 0, code)
	assert.Equal(t, "zone(ref string) []string (function)\n", out[:len("zone(ref string) []string (function)\n")])
	assert.Contains(t, out, "example:\n  zone('deck')  →  [step#1 step#2]\n")

	out, _, code = haven(t, "", "doc", "score")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "score(seat int) int (function)")
	assert.Contains(t, out, "scoring.score (hook)")

	out, _, code = haven(t, "", "doc", "estimate")
	require.Equal(t, 0, code)
	assert.Equal(t, "scoring.estimate (hook)\n", out[:len("scoring.estimate (hook)\n")])

	out, errOut, code := haven(t, "", "doc", "zon")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "haven: doc: no entry \"zon\" (did you mean \"zone\"?); 'haven doc' lists them\n", errOut)

	_, errOut, code = haven(t, "", "doc", "zone", "--markdown")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "--markdown prints the whole reference: give no NAME")
}

// TestReferenceUpToDate checks that docs/reference.md is what
// `haven doc --markdown` prints: regenerate it with
// `go run ./cmd/haven doc --markdown > docs/reference.md`.
func TestReferenceUpToDate(t *testing.T) {
	want, _, code := haven(t, "", "doc", "--markdown")
	require.Equal(t, 0, code)
	got, err := os.ReadFile(filepath.Join("..", "..", "docs", "reference.md"))
	require.NoError(t, err)
	assert.Equal(t, want, string(got), "docs/reference.md is stale: run go run ./cmd/haven doc --markdown > docs/reference.md")
}
