// Package eval is what the compiled closures of an expression run in:
// a Frame holds the locals of the scope and the names the expression
// binds (typed slots, so that strings, ints and lists are not boxed),
// the budgets charged as lists and strings are built, and the game's
// boxed names. A Val is one translated node: a typed func(*Frame) T and
// the same value boxed as expr's VM would hold it.
//
// The compiler builds Vals (the translator and the library's wrappers),
// and the machine runs them in a Frame of its own; a runtime error
// leaves the closures as a Panic carrying the spot of the expression
// that raised it. Boxing a string in an interface allocates: BoxStr
// reuses the box the game made once for each name it declares.
package eval
