package compile

import (
	"errors"
	"reflect"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/checker"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"
)

// exprConf compiles a game's expressions with one expr configuration,
// made once: expr.Compile makes a new one per expression and applies
// every option to it (the library's hundred functions copied in, each
// named function's types reflected again), which was about half of
// compiling an expression (a CPU profile of loading Mainports). Only what differs from one expression to the
// next is set again: its environment and the type it must have.
type exprConf struct {
	base *conf.Config
	// applied is how many of the game's options base holds: a named
	// function registered since makes it again.
	applied int
}

// compile is expr.Compile(src, expr.Env(env), lib..., opts...), as
// that function does it, with the configuration of lib kept.
func (e *exprConf) compile(lib []expr.Option, src string, env types.Map, opts ...expr.Option) (*vm.Program, error) {
	if e.base == nil || e.applied != len(lib) {
		e.base = conf.CreateNew()
		for _, op := range lib {
			op(e.base)
		}
		for name := range e.base.Disabled {
			delete(e.base.Builtins, name)
		}
		e.applied = len(lib)
	}
	c := e.base
	c.Expect, c.ExpectAny = reflect.Invalid, false
	c.WithEnv(env)
	for _, op := range opts {
		op(c)
	}
	c.Check()
	tree, err := checker.ParseCheck(src, c)
	if err != nil {
		return nil, err
	}
	if c.Optimize {
		if err := optimizer.Optimize(&tree.Node, c); err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				return nil, fe.Bind(tree.Source)
			}
			return nil, err
		}
	}
	return exprcompiler.Compile(tree, c)
}
