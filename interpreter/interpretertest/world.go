// Package interpretertest builds, for tests, states that a seat cannot
// tell apart: the ground of the tests that no view, log or bot peeks.
// It also holds the small games that the tests of several interpreter
// packages share (games.go).
package interpretertest

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// Relabel returns st through JSON, with every card named in relabel
// replaced by its new name everywhere but in the log and the moves, and
// the generator set to rng. A nil relabel gives a plain copy.
func Relabel(st *interpreter.State, relabel map[string]string, rng uint64) (*interpreter.State, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var raw any
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, err
	}
	var walk func(any) any
	walk = func(x any) any {
		switch y := x.(type) {
		case string:
			if n, ok := relabel[y]; ok {
				return n
			}
		case []any:
			for i := range y {
				y[i] = walk(y[i])
			}
		case map[string]any:
			for k := range y {
				if k != "log" && k != "moves" {
					y[k] = walk(y[k])
				}
			}
		}
		return x
	}
	if b, err = json.Marshal(walk(raw)); err != nil {
		return nil, err
	}
	var c interpreter.State
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, err
	}
	c.RNG = rng
	return &c, nil
}

// OtherWorld returns a state the seat cannot tell from st by its view:
// the cards of the zones it may not see (other hands, decks, the box)
// relabelled by a random permutation within each kind (a card's kind
// shows on its back), and another generator. The kinds are shuffled in
// the order of their names, so that a seed makes one world.
func OtherWorld(g *interpreter.Game, st *interpreter.State, seat int, r *interpreter.Rand) (*interpreter.State, error) {
	v, err := g.View(st, seat)
	if err != nil {
		return nil, err
	}
	byKind := map[string][]string{}
	for ref := range v.Hidden {
		cards, _ := st.Zone(ref)
		for _, c := range cards {
			byKind[g.Card(c).Kind] = append(byKind[g.Card(c).Kind], c)
		}
	}
	relabel := map[string]string{}
	for _, kind := range slices.Sorted(maps.Keys(byKind)) {
		hidden := byKind[kind]
		slices.Sort(hidden)
		to := slices.Clone(hidden)
		r.Shuffle(len(to), func(i, j int) { to[i], to[j] = to[j], to[i] })
		for i, c := range hidden {
			relabel[c] = to[i]
		}
	}
	return Relabel(st, relabel, r.Uint64())
}
