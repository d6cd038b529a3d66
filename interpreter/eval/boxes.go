package eval

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

// BoxStr is s in an interface: the game's own box when s is a name it
// declares, else one cut from the frame's chunks (KeptBoxes), not a new
// one.
func (fr *Frame) BoxStr(s string) any {
	if b, ok := fr.Boxed[s]; ok {
		return b
	}
	if s == "" {
		return s // boxing the empty string allocates nothing
	}
	return fr.Boxes.String(s)
}
