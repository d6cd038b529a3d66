package tests

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// profileEnv names the game TestExpressionProfile profiles; unset, the
// test is skipped.
const profileEnv = "HAVEN_PROFILE_GAME"

// TestExpressionProfile is a tool, not a check: with HAVEN_PROFILE_GAME
// set to a game id, it plays random games (BenchmarkRandomPlay's moves,
// HAVEN_PROFILE_DECISIONS of them, 100,000 by default) and prints the
// expressions of the definition that cost the most time per decision,
// each at its place in the CUE files: where a CPU profile shows
// closures, this shows the rules that ran them.
//
//	HAVEN_PROFILE_GAME=rotterdam go test ./tests -run TestExpressionProfile -v
//
// Each top-level evaluation is timed (an expression that a function or a
// score calls is counted, and its time is its caller's); the cost of
// reading the clock, measured first, is taken off each.
//
// With HAVEN_PROFILE_REPEATS=1 it also says how much of that time went
// to evaluations a cache of values by revision of the state could have
// answered (repeats_test.go): the same expression, with the same values of
// the locals it reads and the same parts of the state it reads, seen
// before in the run.
func TestExpressionProfile(t *testing.T) {
	id := os.Getenv(profileEnv)
	if id == "" {
		t.Skip("set " + profileEnv + " to a game id to profile its expressions")
	}
	decisions := 100_000
	if s := os.Getenv("HAVEN_PROFILE_DECISIONS"); s != "" {
		n, err := strconv.Atoi(s)
		require.NoError(t, err, "HAVEN_PROFILE_DECISIONS")
		decisions = n
	}
	v, err := load.Source{FS: definitions.Files, Prefix: "definitions"}.Game(id, load.Options{})
	require.NoError(t, err)
	g, err := compile.Compile(v)
	require.NoError(t, err)
	g.SetLog(false)

	type cost struct {
		c     *runtime.Code
		evals int
		spent time.Duration
		// repeats and their time: evaluations whose inputs were seen
		// before (HAVEN_PROFILE_REPEATS).
		repeats int
		again   time.Duration
	}
	var rep *repeats
	if os.Getenv("HAVEN_PROFILE_REPEATS") != "" {
		rep = newRepeats(t, g)
	}
	costs := map[*runtime.Code]*cost{}
	m, depth := g.M, 0
	timed := func(c *runtime.Code, env model.Scope) (any, error) {
		k := costs[c]
		if k == nil {
			k = &cost{c: c}
			costs[c] = k
		}
		k.evals++
		d := m.Differ
		m.Differ = nil
		depth++
		var key string
		if rep != nil && depth == 1 {
			key = rep.key(c, env, m.St)
		}
		start := time.Now()
		v, err := m.Eval(c, env)
		if depth == 1 {
			spent := time.Since(start)
			k.spent += spent
			if rep.seen(c, key, v, err) {
				k.repeats++
				k.again += spent
			}
		}
		depth--
		m.Differ = d
		return v, err
	}
	clock := clockCost()

	r := rand.New(rand.NewPCG(1, 2))
	seed := uint64(1)
	st, err := g.New(3, seed)
	require.NoError(t, err)
	m.Differ = timed
	start := time.Now()
	for n := 0; n < decisions; n++ {
		if st.Finished {
			seed++
			st, err = g.New(3, seed)
			require.NoError(t, err)
		}
		moves, err := g.LegalInto(st, nil)
		require.NoError(t, err)
		require.NoError(t, g.ApplyIndex(st, r.IntN(len(moves))))
	}
	total := time.Since(start)
	m.Differ = nil

	all := make([]*cost, 0, len(costs))
	var evals int
	var spent, again time.Duration
	for _, k := range costs {
		k.spent = max(0, k.spent-time.Duration(k.evals)*clock)
		k.again = max(0, k.again-time.Duration(k.repeats)*clock)
		all = append(all, k)
		evals += k.evals
		spent += k.spent
		again += k.again
	}
	slices.SortFunc(all, func(a, b *cost) int { return cmp.Compare(b.spent, a.spent) })
	per := func(x float64) float64 { return x / float64(decisions) }
	fmt.Printf("%s: %d decisions, %.0f ns a decision (timed), %.1f evaluations and %.0f ns of them a decision (%.0f%%); reading the clock: %v\n",
		id, decisions, per(float64(total)), per(float64(evals)), per(float64(spent)), 100*float64(spent)/float64(total), clock)
	if rep != nil {
		require.Zero(t, rep.differed, "an expression gave another value for inputs seen before (the parts it reads, repeats_test.go, miss one): %s", rep.first)
		fmt.Printf("on inputs seen before (the locals and the parts of the state it reads): %.0f%% of the evaluations' time (the decision's time includes fingerprinting the parts)\n", 100*float64(again)/float64(spent))
	}
	fmt.Printf("%8s %8s %6s %7s  %s\n", "ns/dec", "evals", "share", "repeat", "expression")
	for i, k := range all {
		if i == 25 {
			break
		}
		src := strings.Join(strings.Fields(k.c.Src), " ")
		if len(src) > 70 {
			src = src[:67] + "..."
		}
		repeat := "-"
		if rep != nil {
			repeat = fmt.Sprintf("%.0f%%", 100*float64(k.again)/float64(max(k.spent, 1)))
		}
		fmt.Printf("%8.0f %8.2f %5.1f%% %7s  %s:%d  %s\n", per(float64(k.spent)), per(float64(k.evals)),
			100*float64(k.spent)/float64(spent), repeat, k.c.Pos.File, k.c.Pos.Line, src)
	}
}

// clockCost is what reading the clock twice costs, the least of a few
// tries.
func clockCost() time.Duration {
	best := time.Duration(1 << 62)
	for range 5 {
		const n = 10_000
		start := time.Now()
		for range n {
			_ = time.Since(time.Now())
		}
		best = min(best, time.Since(start)/n)
	}
	return best
}
