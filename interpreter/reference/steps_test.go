package reference_test

import (
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/reference"
	"github.com/haven-engine/haven/schema"
)

// schemaFields lists the fields, optional ones too, of a definition of
// the schema (#Game, #Step).
func schemaFields(t *testing.T, def string) []string {
	t.Helper()
	src, err := schema.Files.ReadFile("game.cue")
	require.NoError(t, err)
	v := cuecontext.New().CompileBytes(src).LookupPath(cue.ParsePath(def))
	require.NoError(t, v.Err())
	it, err := v.Fields(cue.Optional(true))
	require.NoError(t, err)
	var out []string
	for it.Next() {
		out = append(out, strings.TrimSuffix(it.Selector().String(), "?"))
	}
	return out
}

// TestStepsCoverSchema checks that the step entries name every key of
// #Step, #Choose and #Turn, and no other.
func TestStepsCoverSchema(t *testing.T) {
	want := schemaFields(t, "#Step")
	for _, f := range schemaFields(t, "#Choose") {
		want = append(want, "choose."+f)
	}
	for _, f := range schemaFields(t, "#Turn") {
		want = append(want, "turn."+f)
	}
	got := map[string]bool{}
	for _, e := range reference.Of(reference.Step) {
		got[e.Name] = true
		for _, k := range e.Fields {
			got[k.Name] = true
		}
	}
	for _, f := range want {
		assert.True(t, got[f], "step key %s has no entry", f)
	}
	for f := range got {
		assert.Contains(t, want, f, "a step entry names %s, which the schema does not declare", f)
	}
}

// TestStepExamples compiles every step's example into the flow of
// reference.Example (a return into its effect).
func TestStepExamples(t *testing.T) {
	for _, e := range reference.Of(reference.Step) {
		at, with := `{emit: "storm"},`, e.Example+", "+`{emit: "storm"},`
		if e.Name == "return" {
			at, with = `{return: "pget(me, 'coins')"}`, e.Example
		}
		src := interpretertest.ReplaceOnce(t, reference.Example, at, with)
		_, err := interpretertest.Load(t, "example", map[string]string{"game.cue": src})
		assert.NoError(t, err, "step %s: %s", e.Name, e.Example)
	}
}
