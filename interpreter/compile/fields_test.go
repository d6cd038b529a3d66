package compile

import (
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	"github.com/stretchr/testify/assert"
)

// The compiler tells an empty struct without ordering its fields: it
// reads the same fields as Fields does, for every kind of struct and
// for values that are not one.
func TestFieldsOfEmptyStructs(t *testing.T) {
	ctx := cuecontext.New()
	c := &compiler{empty: ctx.CompileString("{}")}
	for _, src := range []string{
		"{}", "{a: 1}", "{a: 1, b: {}}", "{a?: 1}", "{a!: int}", "{a?: 1, b: 2}",
		"{[string]: int}", "close({})", "{#d: 1}", "{_h: 1}", "{a: *1 | 2}",
		"*{} | {a: 1}", "{a: {}} & {a: {b: 1}}", "1", "[1]", "_|_", "string",
	} {
		v := ctx.CompileString("x: " + src).LookupPath(cue.ParsePath("x"))
		var want, got []string
		fields(v, func(name string, _ cue.Value) { want = append(want, name) })
		c.fields(v, func(name string, _ cue.Value) { got = append(got, name) })
		assert.Equal(t, want, got, src)
	}
	var got []string
	c.fields(ctx.CompileString("{}").LookupPath(cue.ParsePath("none")), func(name string, _ cue.Value) { got = append(got, name) })
	assert.Empty(t, got, "a value that does not exist")
}
