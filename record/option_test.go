package record

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// TestOptionsSaved checks that an option chosen is saved as the override
// it is, and that the game read back from the log is the same game.
func TestOptionsSaved(t *testing.T) {
	withOption := race[:len(race)-2] + `	options: length: {default: "long", values: {long: {}, short: {}}}
	params: target: {long: 10, short: 3}[options.length.value]
}
`
	src := load.Source{FS: fstest.MapFS{"race/game.cue": {Data: []byte(withOption)}}}
	opt := load.Options{Choices: []string{"length=short"}}
	v, err := src.Game("race", opt)
	if err != nil {
		t.Fatal(err)
	}
	g, err := interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(st, "jump 3"); err != nil {
		t.Fatal(err)
	}
	if !st.Finished {
		t.Fatal("the short race ends at 3")
	}
	l, err := New(src, "race", 2, 1, opt, st)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Sets, []string{"options.length.value=short"}) {
		t.Fatalf("sets %v, want the option as its override", l.Sets)
	}
	back, err := l.Options(src)
	if err != nil {
		t.Fatal(err)
	}
	v, err = src.Game("race", back)
	if err != nil {
		t.Fatal(err)
	}
	g, err = interpreter.Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Replay(g); err != nil {
		t.Fatalf("replay: %v", err)
	}
}
