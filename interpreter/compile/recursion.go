package compile

import (
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr/ast"

	"github.com/haven-engine/haven/interpreter/runtime"
)

// checkRecursion refuses a named function that calls itself, directly
// or through others: a definition's functions are pure expressions over
// the state, and the library's loops (map, filter, reduce, walks) do what
// recursion would. At run time a call that never ends would only stop at
// the depth budget, with an error as deep as the calls; here it is one
// line at the function, naming the cycle. bes holds each function's
// `be`, for its position.
func (c *compiler) checkRecursion(funcs map[string]*runtime.Function, bes map[string]cue.Value) {
	calls := map[string][]string{}
	for name, f := range funcs {
		if f.Be == nil || f.Be.Prog == nil {
			continue
		}
		root := f.Be.Prog.Node()
		ast.Walk(&root, callVisitor(func(callee string) {
			if funcs[callee] != nil && !slices.Contains(calls[name], callee) {
				calls[name] = append(calls[name], callee)
			}
		}))
	}
	names := make([]string, 0, len(funcs))
	for name := range funcs {
		names = append(names, name)
	}
	slices.Sort(names)
	// Depth-first, in name order so that the error names the same cycle
	// every load; a function on a cycle already told is not told again.
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	told := map[string]bool{}
	var path []string
	var visit func(string)
	visit = func(name string) {
		state[name] = onPath
		path = append(path, name)
		for _, callee := range calls[name] {
			switch state[callee] {
			case onPath:
				cycle := append(slices.Clone(path[slices.Index(path, callee):]), callee)
				if !told[callee] {
					for _, n := range cycle {
						told[n] = true
					}
					how := "itself"
					if len(cycle) > 2 {
						how = "itself through " + strings.Join(cycle[1:len(cycle)-1], ", ")
					}
					c.errorf(bes[callee], "function %s calls %s (%s): a function may not call itself; write the repetition with map, filter, reduce or a walk",
						callee, how, strings.Join(cycle, " → "))
				}
			case unseen:
				visit(callee)
			}
		}
		path = path[:len(path)-1]
		state[name] = done
	}
	for _, name := range names {
		if state[name] == unseen {
			visit(name)
		}
	}
}

// callVisitor calls its function with the name of every function an
// expression calls by name.
type callVisitor func(string)

func (v callVisitor) Visit(n *ast.Node) {
	if call, ok := (*n).(*ast.CallNode); ok {
		if id, ok := call.Callee.(*ast.IdentifierNode); ok {
			v(id.Value)
		}
	}
}
