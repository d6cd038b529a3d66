package tests

import (
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// BenchmarkSimPlay measures what the report's attribution costs random
// play: each iteration plays one game of three random bots (at most 2,000
// decisions), bare or with the Tracker that counts actions, cards and
// lead changes.
func BenchmarkSimPlay(b *testing.B) {
	ids, _ := load.Source{FS: definitions.Files}.Games()
	for _, id := range ids {
		for _, tracked := range []bool{false, true} {
			name := id + "/bare"
			if tracked {
				name = id + "/tracked"
			}
			b.Run(name, func(b *testing.B) {
				g := compiled(b, id)
				g.SetLog(false)
				decisions := 0
				var st *interpreter.State
				for i := 0; b.Loop(); i++ {
					bot := sim.Random(uint64(i))
					var tr *sim.Tracker
					if tracked {
						tr = &sim.Tracker{}
					}
					// Each game in the state of the one before, as sim.Run
					// plays them.
					out, err := sim.PlaySeatsInto(g, st, uint64(i), []sim.Bot{bot, bot, bot}, 2000, tr)
					if err != nil {
						b.Fatal(err)
					}
					decisions += out.Decisions
					st = out.State
				}
				b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
			})
		}
	}
}
