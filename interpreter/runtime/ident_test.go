package runtime

import (
	"testing"

	"github.com/haven-engine/haven/interpreter/model"
)

// TestCachesKnowAStateCopiedInto checks that the listing kept for
// ApplyIndex and the options kept for a choice are not served to a state
// copied into since (CloneInto): the same pointer, other contents.
func TestCachesKnowAStateCopiedInto(t *testing.T) {
	src, dst := &model.State{Steps: 5, Moves: []string{"a"}}, &model.State{}
	src.CloneInto(dst)
	m := &Machine{}
	m.keep(dst, nil)
	if !m.last.current(dst, m.Rev) {
		t.Fatal("the listing kept is not current for the state it was made for")
	}
	src.CloneInto(dst)
	if m.last.current(dst, m.Rev) {
		t.Fatal("the listing kept is served to a state copied into since")
	}
	m.cache = optionCache{st: dst, ident: dst.Ident(), steps: dst.Steps, rev: m.Rev}
	if !m.cache.current(dst, m.Rev) {
		t.Fatal("the options kept are not current for the state they were listed for")
	}
	src.CloneInto(dst)
	if m.cache.current(dst, m.Rev) {
		t.Fatal("the options kept would be served to a state copied into since")
	}
}
