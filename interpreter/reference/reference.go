// Package reference is the designer's reference to the language of a
// definition: every function of the expression library, every step
// kind, every top-level field of a definition and the hooks of bots and
// scoring, each with a short description and an example. `haven doc`
// prints it and docs/reference.md is generated from it.
//
// The entries are data checked by tests against the engine itself: a
// library function, step kind or schema field without an entry, or an
// entry naming nothing, fails; every function's example is evaluated
// against Example and must give its value, and every step's example is
// compiled into Example.
package reference

import (
	"slices"
	"strings"
)

// Kind is what an entry describes.
type Kind int

// The kinds of entries, in the order the index lists them.
const (
	Function Kind = iota // a function of the expression library
	Step                 // a step kind of setup, flow, effects and actions
	Field                // a top-level field of a definition
	Hook                 // an expression bots or scoring read
)

// Kinds lists every kind, in the index's order.
var Kinds = []Kind{Function, Step, Field, Hook}

// Heading is the kind's heading in the index: "functions".
func (k Kind) Heading() string {
	return [...]string{"functions", "steps", "fields", "hooks"}[k]
}

// Entry is one reference entry.
type Entry struct {
	Kind Kind
	Name string
	// Signature is a function's call with typed arguments and its result
	// type, as expr sees them: "zone(ref string) []string".
	Signature string
	// Text says what it is or does, in one sentence.
	Text string
	// Returns is what a function returns.
	Returns string
	// Errors are the mistakes a function refuses at run time.
	Errors []string
	// Budget is what a function charges to the limits beyond its
	// evaluation ("" for nothing more).
	Budget string
	// Fields are a step's keys, or the keys of a field's entries.
	Fields []Key
	// Example is an expression (a function's) or a CUE fragment (a
	// step's, a field's, a hook's).
	Example string
	// Value is what a function's example gives, as %v prints it, on a
	// new game of Example for two players with seed 1.
	Value string
}

// Key is one key of a step or of a field's entries.
type Key struct {
	Name, Text string
}

// Entries lists every entry: functions, steps, fields, hooks, each kind
// in its own order.
func Entries() []Entry {
	var out []Entry
	for _, l := range [][]Entry{functions, steps, fields, hooks} {
		out = append(out, l...)
	}
	return out
}

// Of lists the entries of one kind.
func Of(k Kind) []Entry {
	var out []Entry
	for _, e := range Entries() {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// Lookup lists the entries of a name: none, one, or more when a
// function and a hook share it. A hook is found by its last word too:
// "estimate" finds scoring.estimate.
func Lookup(name string) []Entry {
	var out []Entry
	for _, e := range Entries() {
		if e.Name == name || e.Kind == Hook && strings.HasSuffix(e.Name, "."+name) {
			out = append(out, e)
		}
	}
	return out
}

// Names lists every entry's name once, in the index's order.
func Names() []string {
	var out []string
	for _, e := range Entries() {
		if !slices.Contains(out, e.Name) {
			out = append(out, e.Name)
		}
	}
	return out
}
