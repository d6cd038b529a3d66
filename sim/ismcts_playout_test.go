package sim

import (
	"math"
	"strings"
	"testing"
)

// With a policy, a playout makes the policy's best move but for Eps
// percent of its moves: on the haul race whose policy sails on, a
// playout with eps=0 never turns back, one at random often does, and
// the default turns back now and then.
func TestISMCTSPlayoutsFollowThePolicy(t *testing.T) {
	src := strings.Replace(replaceEstimate(haul, ""), "cap: {var: \"round\", max: 40}", "cap: {var: \"round\", max: 1000}", 1)
	src = strings.Replace(src, "\tscoring:", "\tbots: prefer: {sail: \"1\", to: \"to - pget(me, 'pos')\"}\n\tscoring:", 1)
	src = strings.Replace(src, "pget(p, 'pos') >= 4", "pget(p, 'pos') >= 400", 1)
	g := compileRace(t, src)
	for _, tc := range []struct {
		eps       int
		min, max  int // turns back among the first 1000 moves
		refuelled bool
	}{
		{-1, 0, 0, false},
		{10, 1, 60, true},
		{100, 150, 1000, true},
	} {
		b := NewISMCTS(g, 1, ISMCTSOptions{Eps: tc.eps})
		st, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		back, refuelled := 0, false
		for range 1000 {
			at, _, ok := b.playoutMove(st, false)
			if !ok {
				t.Fatalf("eps %d: no move", tc.eps)
			}
			text := b.buf[at].Text
			if strings.HasPrefix(text, "to ") {
				n := len(b.buf)
				if n != 2 {
					t.Fatalf("eps %d: %d moves to choose from: %v", tc.eps, n, b.buf)
				}
				if at == 0 {
					back++
				}
			}
			// The first decision offers only refuel; after that a seat
			// with fuel sails (ranked 1), one without must refuel.
			if text == "refuel" && len(b.buf) > 1 {
				refuelled = true
			}
			if err := g.ApplyIndex(st, at); err != nil {
				t.Fatal(err)
			}
		}
		if back < tc.min || back > tc.max || refuelled != tc.refuelled {
			t.Errorf("eps %d: turned back %d times (want %d to %d), refuelled by choice %v", tc.eps, back, tc.min, tc.max, refuelled)
		}
	}
}

// With spread, the judge places a two-seat estimate lead in the range of
// leads the search has seen: a lead of 5 and one of 7 differ, where
// against the seats' own spread both are worth the same.
func TestISMCTSJudgesLeadsAgainstTheSearch(t *testing.T) {
	b := &ISMCTS{opt: ISMCTSOptions{Spread: true}}
	judge := func(est ...int) float64 {
		b.values = append(b.values[:0], 0.5, 0.5)
		b.searchLead(est, 0.4)
		return b.values[0]
	}
	first := judge(10, 5) // the first judgement has no range yet
	low := judge(8, 5)
	high := judge(12, 5)
	mid := judge(10, 5)
	near := func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }
	if !near(first, 0.5) || !near(low, 0.1) || !near(high, 0.9) || !near(mid, 0.5) {
		t.Errorf("values %v %v %v %v, want 0.5 0.1 0.9 0.5", first, low, high, mid)
	}
	b.values = append(b.values[:0], 0.5, 0.5)
	b.lead([]int{10, 5}, nil, -1, 0.4)
	a := b.values[0]
	b.values = append(b.values[:0], 0.5, 0.5)
	b.lead([]int{12, 5}, nil, -1, 0.4)
	if d := b.values[0] - a; d > 0.05 {
		t.Errorf("against the seats' spread a lead of 7 gains %v over one of 5, want almost nothing", d)
	}
}

// With the policy as a prior, a search of a few iterations plays the
// policy's move where the playouts cannot tell the moves apart; by
// UCB1, it tries each move once and chooses among them at random.
func TestISMCTSPriorFollowsThePolicy(t *testing.T) {
	src := strings.Replace(replaceEstimate(haul, ""), "cap: {var: \"round\", max: 40}", "cap: {var: \"round\", max: 1000}", 1)
	src = strings.Replace(src, "\tscoring:", "\tbots: prefer: {sail: \"1\", to: \"to - pget(me, 'pos')\"}\n\tscoring:", 1)
	src = strings.Replace(src, "pget(p, 'pos') >= 4", "pget(p, 'pos') >= 400", 1)
	g := compileRace(t, src)
	back := map[int]int{}
	for _, prior := range []int{0, -1} {
		bot := NewISMCTS(g, 1, ISMCTSOptions{Iterations: 2, Depth: -1, Prior: prior})
		st, err := g.New(2, 1)
		if err != nil {
			t.Fatal(err)
		}
		for range 300 {
			legal, err := g.Legal(st)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Decide(g, st, bot, legal)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(m.Text, "to ") && m.Text == legal[0].Text && len(legal) == 2 {
				back[prior]++
			}
			if err := g.Apply(st, m.Text); err != nil {
				t.Fatal(err)
			}
		}
	}
	if back[0] != 0 || back[-1] < 10 {
		t.Errorf("turned back %d times with the prior (want 0), %d by UCB1 (want 10 or more)", back[0], back[-1])
	}
}

// Where the seat sees every card, every sample is the same state, and
// the root's moves are ranked once a search: the bot plays the game
// exactly as one that ranks them on every sample.
func TestISMCTSRanksAnOpenRootOnce(t *testing.T) {
	src := strings.Replace(replaceEstimate(haul, ""), "cap: {var: \"round\", max: 40}", "cap: {var: \"round\", max: 1000}", 1)
	// A preference whose order turns with the round (a seat sails every
	// other round): ranks kept from one search to the next would play
	// other moves, which the prior decides at two iterations.
	src = strings.Replace(src, "\tscoring:", "\tbots: prefer: {sail: \"1\", to: \"get('round') % 4 == 0 ? to : -to\"}\n\tscoring:", 1)
	src = strings.Replace(src, "pget(p, 'pos') >= 4", "pget(p, 'pos') >= 400", 1)
	g := compileRace(t, src)
	once := NewISMCTS(g, 1, ISMCTSOptions{Iterations: 2, Depth: -1})
	each := NewISMCTS(g, 1, ISMCTSOptions{Iterations: 2, Depth: -1})
	each.rankEach = true
	st, err := g.New(2, 1)
	if err != nil {
		t.Fatal(err)
	}
	decided := 0
	for ; decided < 200 && !st.Finished; decided++ {
		legal, err := g.Legal(st)
		if err != nil {
			t.Fatal(err)
		}
		obs, err := g.Observe(st, legal[0].Player)
		if err != nil {
			t.Fatal(err)
		}
		if obs.Hides() {
			t.Fatal("the game hides a card: the test wants one that hides none")
		}
		a, err := Decide(g, st, once, legal)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Decide(g, st, each, legal)
		if err != nil {
			t.Fatal(err)
		}
		if a.Text != b.Text {
			t.Fatalf("decision %d: ranked once %q, on every sample %q", decided, a.Text, b.Text)
		}
		if err := g.Apply(st, a.Text); err != nil {
			t.Fatal(err)
		}
	}
	if decided < 50 {
		t.Fatalf("only %d decisions", decided)
	}
}
