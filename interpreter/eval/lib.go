package eval

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"

	"github.com/haven-engine/haven/interpreter/model"
)

// Func is one function of the expression library. Its Go
// implementation is typed; expr sees it through Option, with the
// signature taken from the implementation, and the translated closures
// (package translate) call the implementation directly through Call.
type Func struct {
	Name   string
	Option expr.Option
	// Call builds the closure for a call whose arguments are translated;
	// loc is where the call stands, for the position of its errors.
	Call func(loc file.Location, args []Val) Val
	// Named, when set, builds the closure for a call whose argument
	// NameArg is a constant name: the name resolved once, when the
	// expression is translated. It returns false for a name it does not
	// resolve; Call is used then.
	Named   func(loc file.Location, name string, args []Val) (Val, bool)
	NameArg int
	// Keyed, when set, builds the closure for a call whose argument
	// NameArg is a name joined at run time from a constant prefix and a
	// string (get('price.' + good)): the name resolved through the
	// family of the names the game declares with that prefix
	// (model.KeyedNames), not looked up by its text at every call. It
	// returns false when it does not resolve the family; Call is used
	// then.
	Keyed func(loc file.Location, name Joined, args []Val) (Val, bool)
	// Scratch, when set, is Call for a call whose list value the
	// evaluation reads and drops (len, a loop's list, an argument
	// concat copies): its closure may cut the list from the frame's
	// arena (ScratchStrings).
	Scratch func(loc file.Location, args []Val) Val
	// Len, when set, builds the closure of len of the call's value,
	// which counts without making the list.
	Len func(loc file.Location, args []Val) Val
	// ReadsArgs says that the function reads its list arguments and
	// keeps none of them, nor gives one back: they may be cut from the
	// arena.
	ReadsArgs bool
	// Pieces says that the call lists the state's pieces: a list that
	// only grows at its end, whose pieces never change kind or owner, so
	// that a loop over it may keep from one run to the next where the
	// pieces its leading tests pass stand (translate's pieceindex.go).
	Pieces bool
	// Zone, when set, says that the call gives a zone's list of the
	// state, and tells whether what such a list holds may be kept by its
	// identity while the list is kept (translate's carddefs.go): a
	// zone's list is never changed in place (a change makes a new list),
	// but for one a bot's sample dealt hidden cards into, which the
	// sample's next deal lays others over (model.State.LaidOver).
	Zone func(l []string) bool
	// CardOf, when set, is the card of an id, nil for an id that is no
	// card: the call is card(id), which fails for such an id.
	CardOf func(id string) *model.Card
}

// Fn0 to Fn3 make a Func of a typed Go function of 0 to 3 arguments.
func Fn0[R any](name string, f func() (R, error)) Func {
	return Func{
		Name: name,
		Option: expr.Function(name, func(a ...any) (any, error) {
			return f()
		}, new(func() R)),
		Call: func(loc file.Location, _ []Val) Val {
			return Mk(func(*Frame) R {
				r, err := f()
				if err != nil {
					Fail(loc, err)
				}
				return r
			})
		},
	}
}

// Fn1 is Fn0 with 1 argument.
func Fn1[A, R any](name string, f func(A) (R, error)) Func {
	return Func{
		Name: name,
		Option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A))
		}, new(func(A) R)),
		Call: func(loc file.Location, args []Val) Val {
			a := As[A](args[0])
			return Mk(func(fr *Frame) R {
				r, err := f(a(fr))
				if err != nil {
					Fail(loc, err)
				}
				return r
			})
		},
	}
}

// Fn2 is Fn0 with 2 arguments.
func Fn2[A, B, R any](name string, f func(A, B) (R, error)) Func {
	return Func{
		Name: name,
		Option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B))
		}, new(func(A, B) R)),
		Call: func(loc file.Location, args []Val) Val {
			a, b := As[A](args[0]), As[B](args[1])
			return Mk(func(fr *Frame) R {
				r, err := f(a(fr), b(fr))
				if err != nil {
					Fail(loc, err)
				}
				return r
			})
		},
	}
}

// Fn3 is Fn0 with 3 arguments.
func Fn3[A, B, C, R any](name string, f func(A, B, C) (R, error)) Func {
	return Func{
		Name: name,
		Option: expr.Function(name, func(a ...any) (any, error) {
			return f(a[0].(A), a[1].(B), a[2].(C))
		}, new(func(A, B, C) R)),
		Call: func(loc file.Location, args []Val) Val {
			a, b, c := As[A](args[0]), As[B](args[1]), As[C](args[2])
			return Mk(func(fr *Frame) R {
				r, err := f(a(fr), b(fr), c(fr))
				if err != nil {
					Fail(loc, err)
				}
				return r
			})
		},
	}
}
