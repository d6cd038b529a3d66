package compile

// This file holds the checks that keep a definition from crashing or
// hanging the engine, made once at load: types after expr's constant
// folding, functions whose result is not reproducible, and cycles (a
// score that asks for the score, effects that call themselves).

import (
	"fmt"
	"sort"
	"strings"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	exprast "github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"

	"github.com/haven-engine/haven/interpreter/exprpos"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// nondeterministic are expr's builtins whose result depends on the clock
// or the machine's time zone: a replay would not reach the same state.
var nondeterministic = []string{"now", "date", "timezone"}

// noClock disables them, so that expr's checker refuses them.
func noClock() []expr.Option {
	var out []expr.Option
	for _, n := range nondeterministic {
		out = append(out, expr.DisableBuiltin(n))
	}
	return out
}

// clockHint explains why a disabled builtin is unknown.
func clockHint(msg string) string {
	for _, n := range nondeterministic {
		if strings.HasPrefix(msg, "unknown name "+n+" ") || msg == "unknown name "+n {
			return msg + ": " + n + "() is refused: it is not reproducible, and a replay must reach the same state"
		}
	}
	return msg
}

// foldedType checks an expression's type once expr has folded its
// constants: `reduce(1..2, #acc + #, 0)` is typed `any` when checked and
// becomes the int 3 when folded, which a condition cannot use.
func foldedType(prog *vm.Program) string {
	want := ""
	if n := len(prog.Bytecode); n > 0 && prog.Bytecode[n-1] == vm.OpCast {
		switch prog.Arguments[n-1] {
		case 0:
			want = "int"
		case 3:
			want = "bool"
		}
	}
	bad := ""
	check := func(n exprast.Node, want string) {
		v, ok := constValue(n)
		if !ok || bad != "" {
			return
		}
		switch v.(type) {
		case bool:
			if want == "bool" {
				return
			}
		case int:
			if want == "int" {
				return
			}
		}
		bad = fmt.Sprintf("want %s, but once its constants are folded this is always %v (%T)", want, v, v)
	}
	root := prog.Node()
	if want != "" {
		check(root, want)
	}
	var visit Walker = func(node exprast.Node) {
		switch n := node.(type) {
		case *exprast.BinaryNode:
			switch n.Operator {
			case "&&", "||", "and", "or":
				check(n.Left, "bool")
				check(n.Right, "bool")
			}
		case *exprast.UnaryNode:
			if n.Operator == "!" || n.Operator == "not" {
				check(n.Node, "bool")
			}
		case *exprast.ConditionalNode:
			check(n.Cond, "bool")
		}
	}
	exprast.Walk(&root, visit)
	return bad
}

// wholeGame are the library functions that evaluate the definition as a
// whole: legal() lists the moves (every condition and candidate list),
// score() and winners() run the scoring.
var wholeGame = map[string]string{
	"legal":   "legal() lists the moves, which evaluates the conditions and candidate lists of the actions",
	"score":   "score() runs the scoring",
	"winners": "winners() runs the scoring",
}

// cycles reports a call of legal() anywhere in a definition (it is for
// scenarios: in a condition it asks for itself, in a step it lists
// nothing) and a call of score() or winners() in the scoring.
func (c *compiler) cycles(v cue.Value, cd *runtime.Code, scoring bool) {
	if cd.Prog == nil {
		return
	}
	n := cd.Prog.Node()
	var visit Walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok {
			return
		}
		id, ok := call.Callee.(*exprast.IdentifierNode)
		if !ok {
			return
		}
		line, col := exprpos.LineCol(cd.Src, call.Location().From)
		switch {
		case id.Value == "legal":
			c.errs.Add(exprpos.In(v, line, col), "a cycle: %s, which may call legal() again; legal() is for scenarios, not definitions", wholeGame["legal"])
		case scoring && (id.Value == "score" || id.Value == "winners"):
			c.errs.Add(exprpos.In(v, line, col), "a cycle: scoring → %s() → scoring: %s, which calls it again", id.Value, wholeGame[id.Value])
		}
	}
	exprast.Walk(&n, visit)
}

// effectCycles reports effects that call themselves, directly or through
// others, with the cycle named: effects may not recurse (a loop is a
// `while`).
func (c *compiler) effectCycles() {
	calls := map[string][]*runtime.Step{}
	for id, e := range c.g.Effects {
		walkSteps(e.Body, func(s *runtime.Step) {
			if s.Kind == runtime.StepCall && s.Call != nil {
				calls[id] = append(calls[id], s)
			}
		})
	}
	ids := keys(c.g.Effects)
	state := map[string]int{} // 0 new, 1 on the path, 2 done
	var path []string
	reported := map[string]bool{}
	var visit func(id string)
	visit = func(id string) {
		state[id] = 1
		path = append(path, id)
		for _, s := range calls[id] {
			to := s.Call.ID
			switch state[to] {
			case 0:
				visit(to)
			case 1:
				k := indexOf(path, to)
				cycle := append(append([]string{}, path[k:]...), to)
				key := strings.Join(sortedCopy(cycle[:len(cycle)-1]), " ")
				if !reported[key] {
					reported[key] = true
					c.errs.Add(s.Pos, "effects call themselves: %s (effects may not recurse; loop with `while`)", strings.Join(cycle, " → "))
				}
			}
		}
		path = path[:len(path)-1]
		state[id] = 2
	}
	for _, id := range ids {
		if state[id] == 0 {
			visit(id)
		}
	}
}

// walkSteps calls f on every step of a block and its nested blocks.
func walkSteps(b *runtime.Block, f func(*runtime.Step)) {
	if b == nil {
		return
	}
	for _, s := range b.Steps {
		f(s)
		walkSteps(s.Then, f)
		walkSteps(s.Els, f)
		walkSteps(s.Loop, f)
	}
}

func indexOf(l []string, x string) int {
	for i, y := range l {
		if y == x {
			return i
		}
	}
	return -1
}

func sortedCopy(l []string) []string {
	out := append([]string(nil), l...)
	sort.Strings(out)
	return out
}

// constValue is the value of a node expr's optimizer left as a constant.
func constValue(n exprast.Node) (any, bool) {
	switch n := n.(type) {
	case *exprast.ConstantNode:
		return n.Value, true
	case *exprast.IntegerNode:
		return n.Value, true
	case *exprast.FloatNode:
		return n.Value, true
	case *exprast.BoolNode:
		return n.Value, true
	case *exprast.StringNode:
		return n.Value, true
	case *exprast.NilNode:
		return nil, true
	}
	return nil, false
}
