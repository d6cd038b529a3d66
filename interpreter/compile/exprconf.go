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
	"github.com/expr-lang/expr/parser"
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
	// bytecode compiles each expression for expr's VM too (KeepPrograms).
	bytecode bool
}

// compile is expr.Compile(src, expr.Env(env), lib..., opts...), as
// that function does it, with the configuration of lib kept; the
// program's bytecode is compiled only when bytecode is set (castOnly).
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
	if !e.bytecode {
		return castOnly(tree, c.Expect), nil
	}
	return exprcompiler.Compile(tree, c)
}

// castOnly is the program of a checked tree that no VM will run: a game
// compiled without KeepPrograms runs its expressions as closures and
// drops the programs once compiled, and until then the compiler reads
// of a program only its tree and the cast its bytecode ends with (what
// expr.AsInt or expr.AsBool added: translate's cast, foldedType). So
// expr's bytecode compiler, a fifteenth of compiling a game, is skipped:
// the program's bytecode is that cast alone, as expr's compiler ends it
// (TestCastOnly holds the two alike).
func castOnly(tree *parser.Tree, want reflect.Kind) *vm.Program {
	var code []vm.Opcode
	var args []int
	if arg, ok := castArgs[want]; ok {
		code, args = []vm.Opcode{vm.OpCast}, []int{arg}
	}
	return vm.NewProgram(tree.Source, tree.Node, nil, 0, nil, code, args, nil, nil, nil)
}

// castArgs are the arguments of the OpCast with which expr's compiler
// ends the bytecode of a program expected to be of a kind.
var castArgs = map[reflect.Kind]int{reflect.Int: 0, reflect.Int64: 1, reflect.Float64: 2, reflect.Bool: 3}
