package runtime

// Boxed strings. Putting a string in an interface (a list element, a
// value the fast path hands the VM's way) copies its header to the heap:
// one allocation per string per evaluation. The strings a game's
// expressions pass around are nearly all names the definition declares
// (zones, board nodes, cards, kinds, goods, string vars), so the game
// boxes each of them once at compile time and the hot path reuses the
// box. The table is read-only once Compile returns; the Game as a whole
// still runs one state at a time (game.go), its machine's buffers and
// the values its expressions keep (memo.go) being its own.

// InternNames boxes every name the definition declares.
func (g *Game) InternNames() map[string]any {
	boxed := map[string]any{}
	g.eachName(func(s string) {
		if _, ok := boxed[s]; !ok {
			if g.Tab != nil {
				s = g.Tab.Intern(s)
			}
			boxed[s] = s
		}
	})
	return boxed
}

// eachName calls add with every string of the game's tables that names
// something: a zone, a card and its fields, a kind, a good, a counter, a
// node and its fields. The same name may come more than once, as
// different strings.
func (g *Game) eachName(add func(string)) {
	addMap := func(m map[string]string) {
		for k, v := range m {
			add(k)
			add(v)
		}
	}
	for _, z := range g.ZoneOrder {
		add(z)
	}
	for _, refs := range g.PzNames {
		for _, z := range refs {
			add(z)
		}
	}
	add(BoxZone)
	for _, id := range g.CardOrder {
		c := g.Cards[id]
		add(c.ID)
		add(c.Def)
		add(c.Name)
		add(c.Kind)
		addMap(c.Str)
	}
	for _, k := range g.PieceKindIDs {
		add(k)
	}
	for _, gd := range g.GoodList {
		add(gd.ID)
	}
	for _, l := range [][]string{g.Vars, g.PlayerVars, g.PieceVars, g.NodeVars, g.PieceStrs} {
		for _, s := range l {
			add(s)
		}
	}
	addMap(g.QstrInit)
	if b := g.Board; b != nil {
		for _, id := range b.Order {
			n := b.Nodes[id]
			add(n.ID)
			add(n.Kind)
			add(n.Name)
			addMap(n.Str)
			for _, e := range b.Out[id] {
				addMap(e.Str)
			}
		}
	}
}
