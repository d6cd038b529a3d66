package runtime_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	exprast "github.com/expr-lang/expr/ast"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

// differ evaluates every expression both ways, on the fast path and on
// the VM, on the same scope and state, and records any difference in the
// value, the error or, for an expression that changes the state, in the
// state it leaves.
type differ struct {
	m      *runtime.Machine
	seen   map[*runtime.Code]int
	diffs  []string
	impure map[*runtime.Code]bool
}

func newDiffer(g *runtime.Game) *differ {
	d := &differ{m: g.M, seen: map[*runtime.Code]int{}, impure: map[*runtime.Code]bool{}}
	for _, c := range g.Codes {
		if c.Prog != nil {
			d.impure[c] = changesState(c.Prog.Node())
		}
	}
	g.M.Differ = d.eval
	return d
}

func changesState(n exprast.Node) bool {
	found := false
	var visit compile.Walker = func(node exprast.Node) {
		if call, ok := node.(*exprast.CallNode); ok {
			if id, ok := call.Callee.(*exprast.IdentifierNode); ok && compile.IsChange(id.Value) {
				found = true
			}
		}
	}
	exprast.Walk(&n, visit)
	return found
}

// onVM runs c on the VM, and every expression it evaluates in turn.
func (d *differ) onVM(c *runtime.Code, env model.Scope) (any, error) {
	m := d.m
	m.NoFast = true
	defer func() { m.NoFast = false }()
	return m.Eval(c, env)
}

func (d *differ) eval(c *runtime.Code, env model.Scope) (any, error) {
	m := d.m
	d.seen[c]++
	before := env.Clone()
	if !d.impure[c] {
		want, werr := d.onVM(c, env)
		got, gerr := m.RunFast(c, env)
		d.compare(c, env, want, werr, got, gerr, changed{}, changed{})
		return got, gerr
	}
	// An expression that changes the state runs on the VM on a copy
	// (without the log so far: only the events it adds are compared).
	orig, rev, log := m.St, m.Rev, m.St.Log
	orig.Log = nil
	m.St = orig.Clone()
	orig.Log = log
	want, werr := d.onVM(c, env)
	after := m.St
	m.St, m.Rev = orig, rev
	got, gerr := m.RunFast(c, env)
	d.compare(c, before, want, werr, got, gerr, stateOf(after, 0), stateOf(orig, len(log)))
	return got, gerr
}

// changed is what an expression may change in a state.
type changed struct {
	RNG        uint64
	Vars       map[string]int
	PlayerVars []map[string]int
	Zones      map[string][]string
	Stocks     map[string][]string
	Pieces     []*model.Piece
	Log        []model.Event
}

// stateOf is what an expression may change, with the events from the
// from-th on; listsOf makes empty lists alike.
func stateOf(st *model.State, from int) changed {
	var log []model.Event
	if len(st.Log) > from {
		log = st.Log[from:]
	}
	return changed{st.RNG, st.VarMap(), st.PvarMaps(), listsOf(st.ZoneMap()), listsOf(st.StockMap()), st.Pieces, log}
}

// listsOf copies lists by key, an empty list as nil: whether a change
// leaves a list empty or absent is no difference of value.
func listsOf(m map[string][]string) map[string][]string {
	c := make(map[string][]string, len(m))
	for k, l := range m {
		c[k] = append([]string(nil), l...)
	}
	return c
}

func (d *differ) compare(c *runtime.Code, env model.Scope, want any, werr error, got any, gerr error, wantSt, gotSt changed) {
	var diff string
	switch {
	case (werr == nil) != (gerr == nil):
		diff = fmt.Sprintf("error: VM %v, fast %v", werr, gerr)
	case werr != nil && werr.Error() != gerr.Error():
		diff = fmt.Sprintf("error: VM %q, fast %q", werr, gerr)
	case werr == nil && !reflect.DeepEqual(want, got):
		diff = fmt.Sprintf("value: VM %#v, fast %#v", want, got)
	case !reflect.DeepEqual(wantSt, gotSt):
		diff = fmt.Sprintf("state differs:\nVM   %+v\nfast %+v", wantSt, gotSt)
	}
	if diff != "" && len(d.diffs) < 20 {
		d.diffs = append(d.diffs, fmt.Sprintf("%s: %s\n  scope %v\n  %s", c.Pos, c.Src, env.AsMap(), diff))
	}
}

// TestFastMatchesVM plays seeded random games of both shipped games with
// every expression evaluated on both paths, and requires the same values,
// errors and states. Every few moves the state is saved and read back,
// so that locals also come from JSON.
func TestFastMatchesVM(t *testing.T) {
	games := []struct {
		id   string
		sets []string
		vars []string
	}{
		{"rotterdam", []string{"cap.max=8", "params.mission_points_to_win=2"}, nil},
		{"rotterdam", nil, []string{"vent-arriere"}},
		{"mainport-mastermind", []string{"cap.max=30", "params.products_to_win=1"}, nil},
		{"mainport-mastermind", []string{`params.homes="rotterdam,quebec,dakar,caracas,qatar"`}, []string{"korte-reis"}},
	}
	n := 60
	if testing.Short() {
		n = 5
	}
	for _, gm := range games {
		t.Run(fmt.Sprint(gm.id, gm.sets, gm.vars), func(t *testing.T) {
			t.Parallel()
			v, err := load.Source{FS: definitions.Files}.Game(gm.id, load.Options{Sets: gm.sets, Variants: gm.vars})
			require.NoError(t, err)
			g, err := compile.Compile(v, compile.KeepPrograms())
			require.NoError(t, err)
			g.SetLog(true)
			d := newDiffer(g)
			for i := 0; i < n; i++ {
				playChecked(t, g, d, uint64(i+1), 300)
			}
			require.Empty(t, d.diffs, "the fast path and the VM differ")
			fast := 0
			for _, c := range g.Codes {
				if c.Fast == nil || c.IsIdent || c.IsConst {
					continue // on the VM, or answered without either
				}
				fast++
				if d.seen[c] == 0 {
					t.Logf("never evaluated: %s: %s", c.Pos, c.Src)
				}
			}
			evals := 0
			for _, k := range d.seen {
				evals += k
			}
			t.Logf("%d games: %d of the %d translated expressions evaluated both ways, %d evaluations", n, len(d.seen), fast, evals)
		})
	}
}

func playChecked(t *testing.T, g *runtime.Game, d *differ, seed uint64, maxMoves int) {
	players := g.MinPlayers + int(seed)%(g.MaxPlayers-g.MinPlayers+1)
	st, err := g.New(players, seed)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 7))
	for k := 0; !st.Finished && k < maxMoves; k++ {
		if k%25 == 24 {
			b, err := json.Marshal(st)
			require.NoError(t, err)
			var back model.State
			require.NoError(t, json.Unmarshal(b, &back))
			st = &back
		}
		moves, err := g.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, moves)
		for p := -1; p < players && k%10 == 0; p++ {
			_, err := g.View(st, p)
			require.NoError(t, err)
		}
		require.NoError(t, g.Apply(st, moves[r.IntN(len(moves))].Text), "seed %d", seed)
	}
	_, err = g.Score(st)
	require.NoError(t, err)
}
