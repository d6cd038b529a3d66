package interpreter

import (
	"io"

	"github.com/haven-engine/haven/interpreter/reference"
)

// RefEntry is one entry of the designer's reference: a library
// function, a step kind, a top-level field or a hook (package reference).
type RefEntry = reference.Entry

// Reference lists the reference entries of a name: none, one, or more
// when a function and a hook, say, share it.
func Reference(name string) []RefEntry { return reference.Lookup(name) }

// ReferenceNames lists the name of every reference entry once.
func ReferenceNames() []string { return reference.Names() }

// WriteReferenceIndex prints the reference's names grouped by kind.
func WriteReferenceIndex(w io.Writer) { reference.WriteIndex(w) }

// WriteReferenceEntry prints one entry as the terminal shows it.
func WriteReferenceEntry(w io.Writer, e RefEntry) { reference.WriteText(w, e) }

// WriteReferenceMarkdown prints the whole reference as docs/reference.md.
func WriteReferenceMarkdown(w io.Writer) { reference.WriteMarkdown(w) }
