package diag_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/haven-engine/haven/diag"
)

func TestListSortsAndDeduplicates(t *testing.T) {
	var l diag.List
	l.Add(diag.Pos{File: "b.cue", Line: 1, Col: 1}, "second file")
	l.Add(diag.Pos{File: "a.cue", Line: 9, Col: 2}, "later line")
	l.Add(diag.Pos{File: "a.cue", Line: 3, Col: 7}, "unknown var %q", "rond")
	l.Add(diag.Pos{File: "a.cue", Line: 3, Col: 7}, "unknown var %q", "rond")
	l.Add(diag.Pos{}, "no position")
	assert.EqualError(t, l.Err(), "no position\n"+
		"a.cue:3:7: unknown var \"rond\"\n"+
		"a.cue:9:2: later line\n"+
		"b.cue:1:1: second file")
	assert.NoError(t, diag.List(nil).Err())
}
