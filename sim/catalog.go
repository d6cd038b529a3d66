package sim

import "github.com/haven-engine/haven/interpreter"

// Catalog is what a game offers a report to speak of: its card types and
// actions by id, with the names the definition gives them, and the var
// its rounds are counted by. A run keeps it in its Meta, so that merged
// results files still name what they count.
type Catalog struct {
	Cards   []Named `json:"cards,omitempty"`
	Actions []Named `json:"actions,omitempty"`
	Rounds  string  `json:"rounds,omitempty"`
}

// Named is an id with the name the definition gives it ("" for none).
type Named struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// String is the name, with the id when they differ.
func (n Named) String() string {
	if n.Name == "" || n.Name == n.ID {
		return n.ID
	}
	return n.Name + " (" + n.ID + ")"
}

// NewCatalog reads the catalog of a compiled game.
func NewCatalog(g *interpreter.Game) *Catalog {
	c := &Catalog{Rounds: g.CapVar()}
	for _, t := range g.CardTypes() {
		c.Cards = append(c.Cards, Named{t.ID, t.Name})
	}
	for _, id := range g.ActionIDs() {
		c.Actions = append(c.Actions, Named{id, g.DisplayName(id)})
	}
	return c
}

// Name gives the report the catalog's names: each attribution's label,
// the var its rounds count, and the card types no seat took. A nil
// catalog leaves the report as it is.
func (r *Report) Name(c *Catalog) {
	if c == nil {
		return
	}
	r.Catalog = c
	if r.Rounds != nil {
		r.RoundsOf = c.Rounds
	}
	names := map[string]string{}
	for _, n := range append(append([]Named{}, c.Actions...), c.Cards...) {
		if n.Name != "" && n.Name != n.ID {
			names[n.ID] = n.Name
		}
	}
	for _, as := range [][]Attribution{r.Actions, r.Cards} {
		for i := range as {
			as[i].Label = names[as[i].Name]
		}
	}
	taken := map[string]bool{}
	for _, a := range r.Cards {
		if a.Times > 0 {
			taken[a.Name] = true
		}
	}
	// Which cards left the box, when the records say (files written
	// before they did say nothing: every card counts as in play).
	played, known := map[string]bool{}, false
	for i := range r.Records {
		if r.Records[i].Played != nil {
			known = true
		}
		for _, def := range r.Records[i].Played {
			played[def] = true
		}
	}
	r.Untaken, r.Boxed = nil, nil
	for _, n := range c.Cards {
		switch {
		case taken[n.ID]:
		case known && !played[n.ID]:
			r.Boxed = append(r.Boxed, n)
		default:
			r.Untaken = append(r.Untaken, n)
		}
	}
}

// label is how a report prints an attribution's name.
func (a *Attribution) label() string {
	return Named{a.Name, a.Label}.String()
}
