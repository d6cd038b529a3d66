package load

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
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

// For is opt as it applies to game. Unless opt is Scoped, that is opt
// itself. A Scoped variant belongs to a game when it is the name of one
// of the game's shipped variants, or a file in the game's variants/
// folder; any other file belongs to every game. Sets and options apply
// to every game.
func (s Source) For(game string, opt Options) Options {
	if !opt.Scoped {
		return opt
	}
	out := opt
	out.Scoped, out.Variants = false, nil
	for _, v := range opt.Variants {
		if s.belongs(game, v) {
			out.Variants = append(out.Variants, v)
		}
	}
	return out
}

func (s Source) belongs(game, v string) bool {
	if !IsVariantPath(v) {
		_, _, err := s.ReadVariant(game, v)
		return err == nil
	}
	dir := filepath.Dir(filepath.Clean(v))
	if filepath.Base(dir) != "variants" {
		return true
	}
	owner := filepath.Base(filepath.Dir(dir))
	games, _ := s.Games()
	return !contains(games, owner) || owner == game
}

// CheckScoped reports a variant of a Scoped opt that belongs to no game
// of the source: a name no game ships, with the closest shipped name.
func (s Source) CheckScoped(opt Options) error {
	games, err := s.Games()
	if err != nil {
		return err
	}
	var names []string
	for _, g := range games {
		for _, f := range s.VariantFiles(g) {
			names = append(names, strings.TrimSuffix(path.Base(f), ".cue"))
		}
	}
	for _, v := range opt.Variants {
		if IsVariantPath(v) || contains(names, strings.TrimSuffix(v, ".cue")) {
			continue
		}
		hint := diag.DidYouMean(v, names)
		if hint == "" {
			hint = " (shipped: " + strings.Join(sorted(names), ", ") + ")"
		}
		return fmt.Errorf("variant %q: no game ships a variant of that name%s; a file is given by its path (./%s.cue)", v, hint, v)
	}
	return nil
}
