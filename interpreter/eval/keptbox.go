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

import "unsafe"

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
)

// boxChunk is how many list headers a chunk of KeptBoxes holds.
const boxChunk = 256

// KeptBoxes boxes lists into chunks of headers of its own.
type KeptBoxes struct {
	strs [][]string
	anys [][]any
}

// Strings is l boxed as a []string, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Strings(l []string) any {
	if len(k.strs) == cap(k.strs) {
		k.strs = make([][]string, 0, boxChunk)
	}
	k.strs = append(k.strs, l)
	return pack(stringsType, unsafe.Pointer(&k.strs[len(k.strs)-1]))
}

// Anys is l boxed as a []any, as any(l) is, without allocating
// (amortized).
func (k *KeptBoxes) Anys(l []any) any {
	if len(k.anys) == cap(k.anys) {
		k.anys = make([][]any, 0, boxChunk)
	}
	k.anys = append(k.anys, l)
	return pack(anysType, unsafe.Pointer(&k.anys[len(k.anys)-1]))
}

// pack is the interface of type typ whose value is at data.
func pack(typ, data unsafe.Pointer) (x any) {
	e := (*eface)(unsafe.Pointer(&x))
	e.typ, e.data = typ, data
	return x
}
