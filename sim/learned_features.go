package sim

import (
	"math"
	"slices"

	"github.com/haven-engine/haven/interpreter"
)

// This file turns what one seat may know of a state into numbers a value
// model reads: features named from the definition (its counters, zones,
// card types, goods, piece kinds and node kinds), each relative to the
// seat ("mine", "other": the best of the other seats), read off the
// seat's view and nothing else.

// featureSet names the features of one compiled game and finds them.
type featureSet struct {
	names    []string
	index    map[string]int
	nodeKind map[string]string // a node id → its kind
	cardDef  map[string]string // a card id → its definition
	facts    map[string]*cardFacts
	result   interpreter.Result // scratch of ScoreInto
	seen     []bool             // scratch: a feature set by an "other" seat
	board    *boardInfo
}

// newFeatureSet names the features of g: every name a view of g's states
// can give, found from the definition's lists and from the views of
// states, added as they are met (addNames) while training.
func newFeatureSet(g *interpreter.Game) *featureSet {
	f := &featureSet{index: map[string]int{}, nodeKind: map[string]string{}, cardDef: map[string]string{}, facts: map[string]*cardFacts{}, board: boardOf(g)}
	for _, n := range g.BoardNodes() {
		f.nodeKind[n.ID] = n.Kind
	}
	return f
}

// withNames is a feature set of g with the names given, in their order
// (a saved model's).
func withNames(g *interpreter.Game, names []string) *featureSet {
	f := newFeatureSet(g)
	for _, n := range names {
		f.add(n)
	}
	return f
}

func (f *featureSet) add(name string) int {
	if i, ok := f.index[name]; ok {
		return i
	}
	f.index[name] = len(f.names)
	f.names = append(f.names, name)
	return len(f.names) - 1
}

// features is one seat's features of a state, sparse while they are
// gathered: by name.
type features map[string]float64

// extract gathers seat's features of what obs shows, and the scores of
// sample, a state consistent with obs (its hidden cards dealt at
// random): nothing the seat may not know.
// made is how many moves the game has made (a sample made from an
// observation has no moves of its own).
func (f *featureSet) extract(g *interpreter.Game, obs *interpreter.Observation, sample *interpreter.State, made int, out features) error {
	clear(out)
	seat := obs.Seat()
	v := obs.View()
	out["bias"] = 1
	out["made"] = float64(made) / 100
	for k, x := range v.Vars {
		out["var:"+k] = float64(x)
	}
	other := func(name string, x float64) {
		if y, ok := out[name]; !ok || x > y {
			out[name] = x
		}
	}
	for p, vars := range v.PlayerVars {
		for k, x := range vars {
			if p == seat {
				out["mine:"+k] = float64(x)
			} else {
				other("other:"+k, float64(x))
			}
		}
	}
	whose := func(owner int) string {
		switch {
		case owner < 0:
			return ""
		case owner == seat:
			return "/mine"
		}
		return "/other"
	}
	// Zones: sizes, and the cards of each definition in the zones seen.
	for ref, cards := range v.Zones {
		name, owner := interpreter.SplitZoneRef(ref)
		z := "zone:" + name + whose(owner)
		if owner >= 0 && owner != seat {
			other(z, float64(len(cards)))
		} else {
			out[z] = float64(len(cards))
		}
		if owner >= 0 && owner != seat {
			continue // another seat's cards count in its score and zone size
		}
		if owner == seat {
			f.cardFeatures(g, v, seat, name+"/mine", cards, out)
		}
		for _, c := range cards {
			def, ok := f.cardDef[c]
			if !ok {
				def = c
				if card := g.Card(c); card != nil {
					def = card.Def
				}
				f.cardDef[c] = def
			}
			out["cards:"+name+whose(owner)+":"+def]++
		}
	}
	for ref, n := range v.Hidden {
		name, owner := interpreter.SplitZoneRef(ref)
		z := "zone:" + name + whose(owner)
		if owner >= 0 && owner != seat {
			other(z, float64(n))
		} else {
			out[z] = float64(n)
		}
	}
	// Goods by holder kind: a piece's owner, a node's kind, a zone-like
	// holder's name and owner.
	owners := map[string]int{}
	for _, pc := range v.Pieces {
		owners[pc.ID] = pc.Owner
		at := "off"
		if pc.At != "" {
			at = f.nodeKind[pc.At]
		}
		out["pieces:"+pc.Kind+whose(pc.Owner)+"@"+at]++
	}
	f.boardFeatures(v, seat, out, other)
	for holder, goods := range v.Stocks {
		var kind string
		if o, ok := owners[holder]; ok {
			kind = "piece" + whose(o)
		} else if nk, ok := f.nodeKind[holder]; ok {
			kind = "node:" + nk
		} else {
			name, owner := interpreter.SplitZoneRef(holder)
			kind = name + whose(owner)
		}
		for _, good := range goods {
			out["goods:"+kind+":"+good]++
		}
	}
	// The scoring: the seat's score, its lead and rank; each tie-break
	// and each figure the scoring shows, the seat's, the best other
	// seat's and its lead over it (a figure that ends the game when it
	// reaches a mark, or one that tells a position the score cannot).
	if err := g.ScoreInto(sample, &f.result); err != nil {
		return err
	}
	scores := f.result.Scores
	if seat >= 0 && seat < len(scores) {
		figure := func(name string, of func(p int) (float64, bool)) {
			mine, ok := of(seat)
			if !ok {
				return
			}
			best, any := 0.0, false
			for p := range scores {
				if x, ok := of(p); ok && p != seat && (!any || x > best) {
					best, any = x, true
				}
			}
			out[name+":mine"] = mine
			if any {
				out[name+":other"] = best
				out[name+":lead"] = mine - best
			}
		}
		for k, name := range f.result.TiebreakNames {
			figure("tiebreak:"+name, func(p int) (float64, bool) {
				if p >= len(f.result.Tiebreak) || k >= len(f.result.Tiebreak[p]) {
					return 0, false
				}
				return float64(f.result.Tiebreak[p][k]), true
			})
		}
		if seat < len(f.result.Show) {
			for name := range f.result.Show[seat] {
				figure("show:"+name, func(p int) (float64, bool) {
					if p >= len(f.result.Show) {
						return 0, false
					}
					x, ok := f.result.Show[p][name]
					return float64(x), ok
				})
			}
		}
		lead := float64(lead(scores, seat))
		rank := 0
		for q, s := range scores {
			if q != seat && s > scores[seat] {
				rank++
			}
		}
		out["score:mine"] = float64(scores[seat])
		out["score:lead"] = lead
		out["score:rank"] = float64(rank)
		out["score:lead×made"] = lead * float64(made) / 100
		out["score:ahead"] = boolFloat(lead > 0)
	}
	out["finished"] = boolFloat(v.Finished)
	return nil
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// vector writes the features of x that the set names into dst, by index;
// features it does not name are left out.
func (f *featureSet) vector(x features, dst []float64) []float64 {
	dst = slices.Grow(dst[:0], len(f.names))[:len(f.names)]
	clear(dst)
	for k, v := range x {
		if i, ok := f.index[k]; ok && !math.IsNaN(v) {
			dst[i] = v
		}
	}
	return dst
}
