package sim

import "slices"

// BotOptions lists the options a kind of bot takes in its spec: the keys
// of whole numbers (ismcts's iters) and those of words (learned's model
// file); both nil for a kind NewBot does not make.
func BotOptions(name string) (numbers, words []string) {
	k, ok := botKinds[name]
	if !ok {
		return nil, nil
	}
	return slices.Clone(k.keys), slices.Clone(k.words)
}
