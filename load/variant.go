package load

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/haven-engine/haven/diag"
)

// variant reads a variant given as a file path, or as the name of a
// variant shipped with the game. The two cannot be confused, so a file
// never silently stands in for a shipped variant: a path has a slash or
// ends in .cue (./short.cue), a name has neither (short).
func (s Source) variant(game, v string) ([]byte, string, error) {
	if IsVariantPath(v) {
		b, err := readFile(v)
		if err != nil {
			if os.IsNotExist(err) {
				name := strings.TrimSuffix(path.Base(strings.ReplaceAll(v, `\`, "/")), ".cue")
				if _, _, e := s.ReadVariant(game, name); e == nil {
					return nil, "", fmt.Errorf("variant %s: no such file (the variant %s ships with %s as %q)", v, name, game, name)
				}
				return nil, "", fmt.Errorf("variant %s: no such file", v)
			}
			return nil, "", fmt.Errorf("variant %s: %v", v, err)
		}
		return b, v, nil
	}
	b, name, err := s.ReadVariant(game, v)
	if err != nil {
		var names []string
		for _, f := range s.VariantFiles(game) {
			names = append(names, strings.TrimSuffix(path.Base(f), ".cue"))
		}
		hint := diag.DidYouMean(v, names)
		if hint == "" {
			hint = s.optionHint(game, v)
		}
		if hint == "" && len(names) > 0 {
			hint = " (shipped: " + strings.Join(names, ", ") + ")"
		}
		return nil, "", fmt.Errorf("variant %q: %s ships no variant of that name%s; a file is given by its path (./%s.cue)", v, game, hint, v)
	}
	return b, name, nil
}

// IsVariantPath tells whether a --variant names a file (it has a slash or
// ends in .cue) rather than a variant shipped with the game.
func IsVariantPath(v string) bool {
	return strings.ContainsAny(v, `/\`) || strings.HasSuffix(v, ".cue")
}
