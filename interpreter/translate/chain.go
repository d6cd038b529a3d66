package translate

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"

	"github.com/haven-engine/haven/interpreter/eval"
)

// chainNil is what a?.b panics with when a is nil: the chain around it
// (a?.b.c...) recovers it and gives nil, as the VM jumps to the chain's
// end. It is an *eval.Panic so that eval.Guard, between the two, passes
// it on unchanged.
var chainNil = &eval.Panic{Value: "nil in a chain"}

// chain is a chain of member accesses with an optional one (a?.b.c): nil
// when a link marked ?. finds nil.
func (t *translator) chain(n *ast.ChainNode) eval.Val {
	inner := t.node(n.Node).Box
	return eval.Mk(func(fr *eval.Frame) (v any) {
		defer func() {
			if r := recover(); r != nil {
				if r != chainNil {
					panic(r)
				}
				v = nil
			}
		}()
		return inner(fr)
	})
}

// optional is a?.b: a's member b as the VM fetches it by name, or the
// end of the chain when a is nil.
func (t *translator) optional(n *ast.MemberNode) eval.Val {
	loc := n.Location()
	b := t.node(n.Node).Box
	p := deref(n.Property, t.node(n.Property)).Box
	return eval.Mk(func(fr *eval.Frame) any {
		x := b(fr)
		if runtime.IsNil(x) {
			panic(chainNil)
		}
		return fetch(fr, x, p(fr), loc)
	})
}
