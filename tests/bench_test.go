package tests

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
	"github.com/haven-engine/haven/tests/reference/mastermind"
)

// BenchmarkLoadCompile measures loading, validating and compiling a
// definition: the work done once when a game starts. A game with options
// is measured alone and with each other value of each option (as
// --option chooses it: mainports-great-europe).
func BenchmarkLoadCompile(b *testing.B) {
	for _, run := range benchRuns(b) {
		var opt load.Options
		if run.set != "" {
			opt.Sets = []string{run.set}
		}
		b.Run(run.name, func(b *testing.B) {
			for b.Loop() {
				v, err := load.Source{FS: definitions.Files}.Game(run.id, opt)
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

// BenchmarkCompile measures compiling a definition loaded once: the
// compiler's own share of BenchmarkLoadCompile, with CUE's evaluation
// out of it (CUE finishes evaluating a value the first time it is read,
// before the timer starts).
func BenchmarkCompile(b *testing.B) {
	ids, _ := load.Source{FS: definitions.Files}.Games()
	for _, id := range ids {
		b.Run(id, func(b *testing.B) {
			v, err := load.Source{FS: definitions.Files}.Game(id, load.Options{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := interpreter.Compile(v); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := interpreter.Compile(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchRun is one game measured: a game with options is measured alone
// (every option at its default) and with each other value of each
// option (mainports-great-europe).
type benchRun struct{ name, id, set string }

func benchRuns(b testing.TB) []benchRun {
	src := load.Source{FS: definitions.Files}
	ids, _ := src.Games()
	var runs []benchRun
	for _, id := range ids {
		runs = append(runs, benchRun{id, id, ""})
		v, err := src.Game(id, load.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, op := range load.GameOptions(v) {
			for _, val := range op.Values {
				if val != op.Default {
					runs = append(runs, benchRun{id + "-" + val, id, "options." + op.Name + ".value=" + val})
				}
			}
		}
	}
	return runs
}

func (r benchRun) compiled(b *testing.B) *interpreter.Game {
	var sets []string
	if r.set != "" {
		sets = []string{r.set}
	}
	g := compiled(b, r.id, sets...)
	g.SetLog(false)
	return g
}

// BenchmarkRandomPlay measures random play on one core: each decision is
// one enumeration of the legal moves into a reused buffer and one move
// applied by its index, the work of a simulation step. As in a
// simulation, each game is played in the state of the one before
// (NewInto).
//
// The game a hand-written player plays too (referenceRun) is measured
// beside it: its run reports times-slower-than-ref, the reference's
// decisions a second measured right after Haven's over Haven's, and the
// run named after it with "-reference" measures the reference alone.
func BenchmarkRandomPlay(b *testing.B) {
	for _, run := range benchRuns(b) {
		b.Run(run.name, func(b *testing.B) {
			g := run.compiled(b)
			r := rand.New(rand.NewPCG(1, 2))
			seed := uint64(1)
			st, _ := g.New(3, seed)
			var moves []interpreter.Move
			var err error
			decisions := 0
			for b.Loop() {
				if st.Finished {
					seed++
					if err := g.NewInto(st, 3, seed); err != nil {
						b.Fatal(err)
					}
				}
				if moves, err = g.LegalInto(st, moves); err != nil {
					b.Fatal(err)
				}
				if err := g.ApplyIndex(st, r.IntN(len(moves))); err != nil {
					b.Fatal(err)
				}
				decisions++
			}
			rate := float64(decisions) / b.Elapsed().Seconds()
			b.ReportMetric(rate, "decisions/s")
			if run.name == referenceRun {
				b.ReportMetric(referenceRate(b)/rate, "times-slower-than-ref")
			}
		})
		if run.name == referenceRun {
			b.Run(run.name+"-reference", benchReference)
		}
	}
}

// referenceRun is the run of BenchmarkRandomPlay that the hand-written
// player of package tests/reference/mastermind plays too: the game with
// its defaults and 3 players, as BenchmarkRandomPlay plays it.
const referenceRun = "mainport-mastermind"

// referenceRules are the reference's board and params, read from the
// definition once.
var referenceRules = sync.OnceValues(func() (*mastermind.Rules, error) {
	v, err := load.Source{FS: definitions.Files}.Game(referenceRun, load.Options{})
	if err != nil {
		return nil, err
	}
	return mastermind.Load(v)
})

// benchReference measures the reference's random play as
// BenchmarkRandomPlay measures Haven's: ns/op is a decision's, made
// uniformly at random among the legal moves by the same generator, on
// games of 3 players seeded 1, 2, ...
func benchReference(b *testing.B) {
	rules, err := referenceRules()
	if err != nil {
		b.Fatal(err)
	}
	game := mastermind.NewGame(rules, mastermind.NewRandom(1, 2))
	b.ResetTimer()
	decisions := playReference(game, b.N)
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// referenceRate is the reference's decisions a second, measured now over
// a fixed 2^22 decisions (about a second, as long as Haven's run): fixed,
// so that the instructions of a benchmark counted at two iteration
// counts cancel them.
func referenceRate(b *testing.B) float64 {
	rules, err := referenceRules()
	if err != nil {
		b.Fatal(err)
	}
	game := mastermind.NewGame(rules, mastermind.NewRandom(1, 2))
	start := time.Now()
	decisions := playReference(game, 1<<22)
	return float64(decisions) / time.Since(start).Seconds()
}

// playReference plays games of 3 players, seeded 1, 2, ..., until n
// decisions are made (a few more: a game stops at a turn), and returns
// how many were.
func playReference(game *mastermind.Game, n int) int {
	decisions := 0
	for seed := uint64(1); decisions < n; seed++ {
		game.Limit = n - decisions
		game.Play(3, seed)
		decisions += game.Decisions
	}
	return decisions
}

// BenchmarkRandomPlayText is BenchmarkRandomPlay through the text of the
// moves, as a person's moves or a save's are applied: Legal lists them
// anew and Apply parses the text.
func BenchmarkRandomPlayText(b *testing.B) {
	for _, run := range benchRuns(b) {
		b.Run(run.name, func(b *testing.B) {
			g := run.compiled(b)
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

// BenchmarkClone measures copying a mid-game state (3 players, 200
// random decisions in), the copy a planning bot makes per playout.
func BenchmarkClone(b *testing.B) {
	for _, run := range benchRuns(b) {
		b.Run(run.name, func(b *testing.B) {
			g := run.compiled(b)
			st := playRandom(b, g, 3, 1, 200)
			b.ReportAllocs()
			for b.Loop() {
				_ = st.Clone()
			}
		})
	}
}

// cloneSink keeps BenchmarkCloneAlloc's blocks from the compiler's
// escape analysis.
var cloneSink []*byte

// BenchmarkCloneAlloc measures the allocation alone that a Clone of
// BenchmarkClone's state makes: a block of as many bytes, with pointers,
// made and dropped. Clone's time less this one is its copying.
func BenchmarkCloneAlloc(b *testing.B) {
	for _, run := range benchRuns(b) {
		b.Run(run.name, func(b *testing.B) {
			g := run.compiled(b)
			st := playRandom(b, g, 3, 1, 200)
			_ = st.Clone() // its block's type made
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			const n = 1000
			for range n {
				_ = st.Clone()
			}
			runtime.ReadMemStats(&m1)
			// Less the header Go puts before a block with pointers of
			// over 512 bytes, so that the block is of the Clone's size
			// class.
			words := (int(m1.TotalAlloc-m0.TotalAlloc)/n - 8) / 8
			b.ReportAllocs()
			for b.Loop() {
				cloneSink = make([]*byte, words)
			}
		})
	}
}

// BenchmarkCloneInto measures copying the state of BenchmarkClone into
// a state copied into before, as a bot does that plays each playout on
// one of a few states it keeps.
func BenchmarkCloneInto(b *testing.B) {
	for _, run := range benchRuns(b) {
		b.Run(run.name, func(b *testing.B) {
			g := run.compiled(b)
			st := playRandom(b, g, 3, 1, 200)
			dst := st.Clone()
			b.ReportAllocs()
			for b.Loop() {
				st.CloneInto(dst)
			}
		})
	}
}
