package reference_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/haven-engine/haven/interpreter/interpretertest"
	"github.com/haven-engine/haven/interpreter/reference"
)

// entryDefs are the schema definitions of the entries of the fields
// whose keys the reference lists.
var entryDefs = map[string]string{
	"options": "#Option", "goods": "#Good", "zones": "#Zone", "playerZones": "#Zone",
	"cards": "#Card", "pieces": "#PieceKind", "boards": "#Board", "effects": "#Effect",
	"actions": "#Action", "free": "#Free", "triggers": "#Trigger", "watches": "#Watch",
	"functions": "#Function", "scoring": "#Scoring", "rulebook": "#RuleBook",
}

// TestFieldsCoverSchema checks that every top-level field of #Game has
// an entry, that every entry is a field, and that the keys an entry
// lists are those of the schema.
func TestFieldsCoverSchema(t *testing.T) {
	want := schemaFields(t, "#Game")
	var got []string
	for _, e := range reference.Of(reference.Field) {
		got = append(got, e.Name)
		assert.Contains(t, want, e.Name, "the field entry %s is not a field of #Game", e.Name)
		def, ok := entryDefs[e.Name]
		if !ok {
			continue
		}
		keys := schemaFields(t, def)
		keys = slices.DeleteFunc(keys, func(k string) bool { return strings.HasPrefix(k, "_") })
		var listed []string
		for _, k := range e.Fields {
			listed = append(listed, k.Name)
		}
		assert.ElementsMatch(t, keys, listed, "the keys of %s (%s)", e.Name, def)
	}
	for _, f := range want {
		assert.Contains(t, got, f, "the field %s of #Game has no entry", f)
	}
}

// TestHooksAreFields checks that every hook is a field of #Scoring or
// of bots.
func TestHooksAreFields(t *testing.T) {
	scoring := schemaFields(t, "#Scoring")
	for _, e := range reference.Of(reference.Hook) {
		parent, name, _ := strings.Cut(e.Name, ".")
		switch parent {
		case "scoring":
			assert.Contains(t, scoring, name, e.Name)
		case "bots":
			assert.Equal(t, "prefer", name, e.Name)
		default:
			t.Errorf("hook %s is neither scoring's nor bots'", e.Name)
		}
	}
}

// TestFieldAndHookExamples loads reference.Example with each field's
// and hook's example added to its game.
func TestFieldAndHookExamples(t *testing.T) {
	for _, e := range append(reference.Of(reference.Field), reference.Of(reference.Hook)...) {
		if e.Example == "" {
			continue
		}
		src := interpretertest.ReplaceOnce(t, reference.Example, "game: {", "game: {\n\t"+e.Example)
		_, err := interpretertest.Load(t, "example", map[string]string{"game.cue": src})
		assert.NoError(t, err, "%s: %s", e.Name, e.Example)
	}
}
