package eval

// Lists boxed without an allocation each. Putting a slice in an
// interface copies its header (pointer, length, capacity) to the heap:
// an allocation per list boxed. A list a state keeps (a local) is boxed
// once per value stored, and that was the last allocation of a decision
// in several games. KeptBoxes copies the header into an append-only
// chunk instead (never written below its length, as Fresh's lists are)
// and makes the interface point at that copy, as the runtime's own
// boxing points at its heap copy: an interface's data is never written
// through, and the chunk's slot never changes once written, so the
// interface holds the same list for as long as it lives. A full chunk is
// left to the interfaces that point into it (the garbage collector frees
// it with the last of them) and a new one begun.

import (
	"strings"
	"unsafe"
)

// eface is the layout of an interface{} (runtime.eface).
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// typeOf is the type word of an interface holding x's type.
func typeOf(x any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&x)).typ }

var (
	stringsType = typeOf([]string(nil))
	anysType    = typeOf([]any(nil))
	listsType   = typeOf([][]string(nil))
	strType     = typeOf("")
	intsType    = typeOf([]int(nil))
	intType     = typeOf(0)
)

// boxChunk is how many values a chunk of KeptBoxes holds.
const boxChunk = 256

// textChunk is the size of the chunks of Join's texts, in bytes.
const textChunk = 4 << 10

// KeptBoxes boxes values into chunks of its own.
type KeptBoxes struct {
	strs  [][]string
	anys  [][]any
	lists [][][]string
	texts []string
	bytes []byte
	ints  [][]int
	nums  []int
	// split holds Split's lists.
	split []string
}

// boxIn appends x to the chunk *c (a new chunk when it is full) and
// boxes it where it lies, as a value of type typ.
func boxIn[T any](c *[]T, typ unsafe.Pointer, x T) any {
	if len(*c) == cap(*c) {
		*c = make([]T, 0, boxChunk)
	}
	*c = append(*c, x)
	return pack(typ, unsafe.Pointer(&(*c)[len(*c)-1]))
}

// Strings is l boxed as a []string, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Strings(l []string) any { return boxIn(&k.strs, stringsType, l) }

// Anys is l boxed as a []any, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Anys(l []any) any { return boxIn(&k.anys, anysType, l) }

// Lists is l boxed as a [][]string, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Lists(l [][]string) any { return boxIn(&k.lists, listsType, l) }

// Ints is l boxed as a []int, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Ints(l []int) any { return boxIn(&k.ints, intsType, l) }

// Int is i boxed, as any(i) is, without allocating (amortized): Go
// boxes 0..255 without allocating, any other int in a chunk's slot.
func (k *KeptBoxes) Int(i int) any {
	if i >= 0 && i < 256 {
		return i
	}
	return boxIn(&k.nums, intType, i)
}

// Split is strings.Split(s, sep) for a sep that is not empty, its list
// cut from an append-only chunk of strings (never written below its
// length; each list's capacity its length, so appending copies it).
func (k *KeptBoxes) Split(s, sep string) []string {
	n := strings.Count(s, sep) + 1
	if sep == "" || n > boxChunk/4 {
		return strings.Split(s, sep)
	}
	if len(k.split)+n > cap(k.split) {
		k.split = make([]string, 0, boxChunk)
	}
	at := len(k.split)
	for range n - 1 {
		i := strings.Index(s, sep)
		k.split = append(k.split, s[:i])
		s = s[i+len(sep):]
	}
	k.split = append(k.split, s)
	return k.split[at : at+n : at+n]
}

// String is s boxed, as any(s) is, without allocating (amortized).
func (k *KeptBoxes) String(s string) any { return boxIn(&k.texts, strType, s) }

// Join is strings.Join(l, sep), its bytes cut from an append-only chunk
// (never written below its length, so the string never changes; a full
// one is left to the strings made from it and a new one begun).
func (k *KeptBoxes) Join(l []string, sep string) string {
	switch len(l) {
	case 0:
		return ""
	case 1:
		return l[0]
	}
	n := len(sep) * (len(l) - 1)
	for _, s := range l {
		n += len(s)
	}
	if n == 0 || n > textChunk/4 {
		return strings.Join(l, sep)
	}
	if cap(k.bytes)-len(k.bytes) < n {
		k.bytes = make([]byte, 0, textChunk)
	}
	at := len(k.bytes)
	for i, s := range l {
		if i > 0 {
			k.bytes = append(k.bytes, sep...)
		}
		k.bytes = append(k.bytes, s...)
	}
	return unsafe.String(&k.bytes[at], n)
}

// Concat is a + b, its bytes cut from Join's chunks.
func (k *KeptBoxes) Concat(a, b string) string {
	n := len(a) + len(b)
	switch {
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	case n > textChunk/4:
		return a + b
	}
	if cap(k.bytes)-len(k.bytes) < n {
		k.bytes = make([]byte, 0, textChunk)
	}
	at := len(k.bytes)
	k.bytes = append(append(k.bytes, a...), b...)
	return unsafe.String(&k.bytes[at], n)
}

// pack is the interface of type typ whose value is at data.
func pack(typ, data unsafe.Pointer) (x any) {
	e := (*eface)(unsafe.Pointer(&x))
	e.typ, e.data = typ, data
	return x
}
