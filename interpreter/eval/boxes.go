package eval

import "github.com/expr-lang/expr/file"

// BoxStr is s in an interface: the game's own box when s is a name it
// declares, else a new one.
func BoxStr(boxed map[string]any, s string) any {
	if b, ok := boxed[s]; ok {
		return b
	}
	return s
}

// JoinedName is the box of a + b when that is a name the game declares,
// found without building the string.
func JoinedName(boxed map[string]any, a, b string) (any, bool) {
	var buf [64]byte
	if len(a)+len(b) > len(buf) || len(boxed) == 0 {
		return nil, false
	}
	n := copy(buf[:], a)
	n += copy(buf[n:], b)
	v, ok := boxed[string(buf[:n])]
	return v, ok
}

// Join is a + b as the + operator builds it: checked against the memory
// budget (loc is where the + stands), the game's own string when the
// game declares that name, else one cut from the frame's chunks.
func (fr *Frame) Join(a, b string, loc file.Location) string {
	fr.Grow(len(a)+len(b), loc)
	if x, ok := JoinedName(fr.Boxed, a, b); ok {
		return x.(string)
	}
	return fr.Boxes.Concat(a, b)
}

// Joined is a name joined at run time from a constant prefix and a
// key, as in get('price.' + good) (Func.Keyed).
type Joined struct {
	Prefix string
	// Key is the key, and false when it is not a string: then the call
	// is Whole, made as it would be with no family, and Key has
	// evaluated nothing that Whole does not evaluate again for free (it
	// reads a variable).
	Key   func(*Frame) (string, bool)
	Whole Val
	At    file.Location // where the + stands
}

// Check is the + operator's budget check, for a caller that finds the
// name of key without building it.
func (j Joined) Check(fr *Frame, key string) { fr.Grow(len(j.Prefix)+len(key), j.At) }

// Name is the name of key as the + operator builds it.
func (j Joined) Name(fr *Frame, key string) string { return fr.Join(j.Prefix, key, j.At) }

// BoxStr is s in an interface: the game's own box when s is a name it
// declares, else one cut from the frame's chunks (KeptBoxes), not a new
// one.
func (fr *Frame) BoxStr(s string) any {
	if fr.BoxedAt != nil {
		if b, ok := fr.BoxedAt.Find(s); ok {
			return b
		}
	}
	if b, ok := fr.Boxed[s]; ok {
		return b
	}
	if s == "" {
		return s // boxing the empty string allocates nothing
	}
	return fr.Boxes.String(s)
}
