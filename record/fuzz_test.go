package record

import (
	"testing"
)

// FuzzParse reads a fuzzed save, and replays it when it is valid: every
// input must end in a log or an error, never a panic, and nothing is
// opened but the definitions the test holds in memory.
func FuzzParse(f *testing.F) {
	f.Add(goodLog(f))
	f.Add([]byte(`{"game":"race","players":2,"seed":7,"variants":["quick"],"sets":[],"moves":["step"],"final":"` + "0000000000000000000000000000000000000000000000000000000000000000" + `"}`))
	f.Add([]byte(`{"format":"haven-save/2","game":"race","players":2,"seed":1,"variants":[{"name":"v","text":"package haven\ns:\n//\nlet"}],"sets":["params.target=1"],"moves":[],"final":"0000000000000000000000000000000000000000000000000000000000000000"}`))
	f.Add([]byte(`{"game":"race","game":"race"}`))
	f.Add([]byte(`{"Game":"race"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := Parse(b)
		if err != nil {
			return
		}
		if len(l.Moves) > 200 {
			l.Moves = l.Moves[:200]
		}
		g, err := l.Compile(games)
		if err != nil {
			return
		}
		_, _ = l.Replay(g)
	})
}
