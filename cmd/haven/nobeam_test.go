//go:build !beam

package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDefaultBuildHasNoBeam checks that the default haven links nothing
// of Apache Beam, whose SDK only a build with -tags beam carries
// (sim_beam.go).
func TestDefaultBuildHasNoBeam(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, string(out))
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/haven-engine/haven/sim", "the list is haven's")
	for _, d := range deps {
		assert.NotContains(t, d, "github.com/apache/beam", "the default build links %s", d)
	}
	_, stderr, code := haven(t, "", "sim", "race", "--defs", defs, "--runner", "beam")
	assert.Equal(t, 2, code)
	assert.Equal(t, "haven: sim: --runner beam: this haven is built without Apache Beam: build it with `go build -tags beam ./cmd/haven`; see 'haven help sim'\n", stderr)
}
