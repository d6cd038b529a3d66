package load

import "strings"

// VariantText resolves a variant as Game does — a file path, or the name
// of a variant shipped with the game — and returns its text. shipped
// tells which: a save names a shipped variant and carries the text of
// any other, so that replaying it opens no path.
func (s Source) VariantText(game, v string) (name string, text []byte, shipped bool, err error) {
	b, shown, err := s.variant(game, v)
	if err != nil {
		return "", nil, false, err
	}
	if !IsVariantPath(v) {
		return strings.TrimSuffix(v, ".cue"), b, true, nil
	}
	return shown, b, false, nil
}
