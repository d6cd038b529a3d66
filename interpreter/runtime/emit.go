package runtime

// heard tells whether a trigger of the rules or of a card listens to
// the event on. An emit no trigger hears makes no event value: the map
// would be an allocation per emit for nothing. The answer is kept per
// machine, by event name (a game has few).
func (g *Game) heard(on string) bool {
	m := g.M
	if h, ok := m.heard[on]; ok {
		return h
	}
	h := false
	for _, t := range g.Triggers {
		h = h || t.On == on
	}
	for _, r := range g.CardRules {
		for _, t := range r.Triggers {
			h = h || t.On == on
		}
	}
	if m.heard == nil {
		m.heard = map[string]bool{}
	}
	m.heard[on] = h
	return h
}
