package tests

import (
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/sim"
)

// BenchmarkPolicyPlay measures the policy bot in each shipped game that
// declares a policy (bots.prefer): each iteration plays one game of
// three policy bots (at most 2,000 decisions); the cost is the sampled
// state and the designer's expressions at every decision.
func BenchmarkPolicyPlay(b *testing.B) {
	ids, _ := load.Source{FS: definitions.Files}.Games()
	for _, id := range ids {
		g := compiled(b, id)
		if !g.HasPolicy() {
			continue
		}
		b.Run(id, func(b *testing.B) {
			g.SetLog(false)
			decisions := 0
			for i := 0; b.Loop(); i++ {
				bots := []sim.Bot{sim.Policy(g, uint64(3*i)), sim.Policy(g, uint64(3*i+1)), sim.Policy(g, uint64(3*i+2))}
				out, err := sim.PlaySeats(g, uint64(i), bots, 2000, nil)
				if err != nil {
					b.Fatal(err)
				}
				decisions += out.Decisions
			}
			b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}
