package tests

import (
	"math/rand/v2"
	"testing"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// BenchmarkLoadCompile measures loading, validating and compiling a
// definition: the work done once when a game starts.
func BenchmarkLoadCompile(b *testing.B) {
	ids, _ := load.Source{FS: definitions.Files}.Games()
	for _, id := range ids {
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				v, err := load.Source{FS: definitions.Files}.Game(id, load.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := interpreter.Compile(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRandomPlay measures random play on one core: each decision is
// one Legal enumeration and one Apply, the work of a simulation step.
// A game with options is measured alone (every option at its default)
// and with each other value of each option (mainports-great-europe).
func BenchmarkRandomPlay(b *testing.B) {
	src := load.Source{FS: definitions.Files}
	ids, _ := src.Games()
	type run struct{ name, id, set string }
	var runs []run
	for _, id := range ids {
		runs = append(runs, run{id, id, ""})
		v, err := src.Game(id, load.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, op := range load.GameOptions(v) {
			for _, val := range op.Values {
				if val != op.Default {
					runs = append(runs, run{id + "-" + val, id, "options." + op.Name + ".value=" + val})
				}
			}
		}
	}
	for _, r := range runs {
		id, set := r.id, r.set
		b.Run(r.name, func(b *testing.B) {
			var sets []string
			if set != "" {
				sets = []string{set}
			}
			g := compiled(b, id, sets...)
			g.SetLog(false)
			r := rand.New(rand.NewPCG(1, 2))
			seed := uint64(1)
			st, _ := g.New(3, seed)
			decisions := 0
			for b.Loop() {
				if st.Finished {
					seed++
					st, _ = g.New(3, seed)
				}
				moves, err := g.Legal(st)
				if err != nil {
					b.Fatal(err)
				}
				if err := g.Apply(st, moves[r.IntN(len(moves))].Text); err != nil {
					b.Fatal(err)
				}
				decisions++
			}
			b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}
