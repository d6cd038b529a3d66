package runtime

// The texts of moves without an allocation per decision: Legal's texts
// are copied into a chunk that is only ever appended to, and the move a
// state keeps is the one copy of its text the machine holds.

import "strings"

// textChunk is the size of a chunk of listed texts: a few hundred
// decisions' worth, so that a chunk is one allocation among many
// decisions.
const textChunk = 16 << 10

// maxKept bounds the distinct move texts the machine keeps: a game
// whose moves name ever new values stops keeping them there, and its
// states then hold copies of their own.
const maxKept = 1 << 14

// texts hands out the strings of the moves Legal lists and of the moves
// a state records.
type texts struct {
	// chunk holds the texts listed so far: a string cut from it stays
	// as it is, since the builder writes only after what it holds, and
	// a new chunk is started where the next text does not fit.
	chunk strings.Builder
	// kept are the move texts recorded in states, each once.
	kept map[string]string
}

// listing is b as a string cut from the current chunk: it keeps the
// chunk alive while it is held, as the one string of all the texts of
// a listing did before.
func (t *texts) listing(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if t.chunk.Cap()-t.chunk.Len() < len(b) {
		t.chunk = strings.Builder{}
		t.chunk.Grow(max(textChunk, len(b)))
	}
	at := t.chunk.Len()
	t.chunk.Write(b)
	return t.chunk.String()[at:]
}

// keep is the text of a move a state records: the copy the machine
// already keeps of the same text, else a copy of its own (which keeps
// no chunk nor a caller's larger string alive).
func (t *texts) keep(move string) string {
	if s, ok := t.kept[move]; ok {
		return s
	}
	s := strings.Clone(move)
	if t.kept == nil {
		t.kept = make(map[string]string)
	}
	if len(t.kept) < maxKept {
		t.kept[s] = s
	}
	return s
}
