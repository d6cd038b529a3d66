package web

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
)

// presentation is how a game's page names and colours what a player sees:
// the definition's `presentation` (schema #Presentation), read and
// checked against the game's own names. A definition without one is shown
// by its ids, as a designer's debug view.
type presentation struct {
	declared   bool
	seats      []string
	seatColors []string
	vars       labels
	playerVars labels
	nodeVars   labels
	zones      labels
	cardFields labels
	show       labels
	// zoneIDs are the game's zones, which the log names.
	zoneIDs []string
	pawns   []pawnSpec
	// words label the words of moves and card fields the game does not
	// name; typeNames are the names of the kinds of cards, by id (a
	// product's id in a choice).
	words   map[string]string
	choices map[string]string
	// prompts say the turns' prompts, by the rules' own.
	prompts   map[string]string
	typeNames map[string]string
	goodNames map[string]string
	// tracks and slotBoards are drawn beside the board (boards.go).
	tracks     []trackSpec
	slotBoards []slotBoardSpec
	// pieceKinds are the names of the kinds of pieces, by kind.
	pieceKinds map[string]string
}

// pawnSpec draws a seat's pawn on the node of a kind whose num field
// holds the value of one of its player vars.
type pawnSpec struct{ PlayerVar, Kind, Field string }

// labels are the labels of one kind of name, in the order the definition
// writes them.
type labels struct {
	order []string
	by    map[string]shown
}

// shown is how one name is shown (schema #Shown).
type shown struct {
	Label string
	Hide  bool
	Keys  map[string]string // the labels of a var family's keys
	Seat  bool              // the value is a seat
}

func (l labels) get(id string) (shown, bool) {
	s, ok := l.by[id]
	return s, ok
}

// pos is where the presentation lists id: after all it lists when it
// does not.
func (l labels) pos(id string) int {
	for i, x := range l.order {
		if x == id {
			return i
		}
	}
	return len(l.order)
}

// rank orders ids as the presentation lists them, the others after them
// by id.
func (l labels) rank(ids []string) []string {
	pos := map[string]int{}
	for i, id := range l.order {
		pos[id] = i
	}
	out := append([]string(nil), ids...)
	sort.SliceStable(out, func(i, j int) bool {
		pi, oki := pos[out[i]]
		pj, okj := pos[out[j]]
		switch {
		case oki && okj:
			return pi < pj
		case oki != okj:
			return oki
		}
		return out[i] < out[j]
	})
	return out
}

// readPresentation reads the game's presentation, if it has one. A name
// it labels that the game does not declare is an error at its position,
// with a "did you mean" when one is close.
func readPresentation(v cue.Value, g *interpreter.Game) (*presentation, error) {
	names := declaredNames(v)
	p := &presentation{zoneIDs: names["zones"], pieceKinds: map[string]string{}}
	each(v, "pieces", func(k string, pk cue.Value) { p.pieceKinds[k] = text(pk, "name", k) })
	p.words, p.choices, p.typeNames, p.goodNames = map[string]string{}, map[string]string{}, map[string]string{}, map[string]string{}
	for _, ct := range g.CardTypes() {
		p.typeNames[ct.ID] = ct.Name
	}
	for _, gd := range g.Goods() {
		p.goodNames[gd.ID] = gd.Name
	}
	x := v.LookupPath(cue.ParsePath("presentation"))
	if !x.Exists() {
		return p, nil
	}
	p.declared = true
	each(x, "words", func(k string, l cue.Value) { p.words[k], _ = l.String() })
	each(x, "choices", func(k string, l cue.Value) { p.choices[k], _ = l.String() })
	p.seats = stringList(x.LookupPath(cue.ParsePath("seats")))
	p.seatColors = stringList(x.LookupPath(cue.ParsePath("seatColors")))
	var errs diag.List
	for _, kind := range []struct {
		path string
		into *labels
	}{{"vars", &p.vars}, {"playerVars", &p.playerVars}, {"nodeVars", &p.nodeVars}, {"zones", &p.zones}, {"cardFields", &p.cardFields}, {"show", &p.show}} {
		kind.into.by = map[string]shown{}
		known := names[kind.path]
		each(x, kind.path, func(id string, l cue.Value) {
			if !contains(known, id) {
				errs.Add(userPos(l), "presentation.%s: the game has no %s %q%s", kind.path, singular(kind.path), id, diag.DidYouMean(id, known))
				return
			}
			kind.into.order = append(kind.into.order, id)
			kind.into.by[id] = readShown(l)
		})
	}
	kinds := map[string]bool{}
	var kindList []string
	for _, n := range g.BoardNodes() {
		if !kinds[n.Kind] {
			kinds[n.Kind] = true
			kindList = append(kindList, n.Kind)
		}
	}
	if it, err := x.LookupPath(cue.ParsePath("pawns")).List(); err == nil {
		for it.Next() {
			pv := it.Value()
			ps := pawnSpec{PlayerVar: text(pv, "playerVar", ""), Kind: text(pv, "kind", ""), Field: text(pv, "field", "")}
			switch {
			case !contains(names["playerVars"], ps.PlayerVar):
				errs.Add(userPos(pv), "presentation.pawns: the game has no player var %q%s", ps.PlayerVar, diag.DidYouMean(ps.PlayerVar, names["playerVars"]))
			case !kinds[ps.Kind]:
				errs.Add(userPos(pv), "presentation.pawns: the board has no node of kind %q%s", ps.Kind, diag.DidYouMean(ps.Kind, kindList))
			default:
				p.pawns = append(p.pawns, ps)
			}
		}
	}
	p.prompts = map[string]string{}
	turns := g.Prompts()
	each(x, "prompts", func(k string, l cue.Value) {
		if !contains(turns, k) {
			errs.Add(userPos(l), "presentation.prompts: no turn or choice of the game has the prompt %q%s", k, diag.DidYouMean(k, turns))
			return
		}
		p.prompts[k], _ = l.String()
	})
	readBoards(x, g, p, &errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

func singular(kind string) string {
	switch kind {
	case "vars":
		return "var"
	case "playerVars":
		return "player var"
	case "nodeVars":
		return "node var"
	case "zones":
		return "zone"
	case "show":
		return "figure of scoring.show"
	}
	return "card field"
}

func readShown(l cue.Value) shown {
	if b, err := l.Bool(); err == nil && !b {
		return shown{Hide: true}
	}
	if s, err := l.String(); err == nil {
		return shown{Label: s}
	}
	sh := shown{Label: text(l, "label", ""), Keys: map[string]string{}}
	sh.Seat, _ = l.LookupPath(cue.ParsePath("seat")).Bool()
	each(l, "keys", func(k string, kv cue.Value) { sh.Keys[k], _ = kv.String() })
	return sh
}

func stringList(v cue.Value) []string {
	it, err := v.List()
	if err != nil {
		return nil
	}
	var out []string
	for it.Next() {
		s, _ := it.Value().String()
		out = append(out, s)
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// declaredNames lists the names of a game a presentation may label, by
// the presentation's field: the vars (a family by its name), player vars,
// node vars, zones and player zones, and the fields of the cards.
func declaredNames(v cue.Value) map[string][]string {
	fields := func(path string) []string {
		var out []string
		each(v, path, func(id string, _ cue.Value) { out = append(out, id) })
		return out
	}
	out := map[string][]string{
		"vars": fields("vars"), "playerVars": fields("playerVars"), "nodeVars": fields("nodeVars"),
		"zones": append(fields("zones"), fields("playerZones")...),
		"show":  fields("scoring.show"),
	}
	seen := map[string]bool{}
	each(v, "cards", func(_ string, c cue.Value) {
		for _, f := range []string{"num", "str", "list"} {
			each(c, f, func(k string, _ cue.Value) {
				if !seen[k] {
					seen[k] = true
					out["cardFields"] = append(out["cardFields"], k)
				}
			})
		}
	})
	sort.Strings(out["cardFields"])
	return out
}

// seatName names seat s: the presentation's name, or "player s".
func (p *presentation) seatName(s int) string {
	if s < 0 {
		return "spectator"
	}
	if p != nil && s < len(p.seats) && p.seats[s] != "" {
		return p.seats[s]
	}
	return "player " + strconv.Itoa(s)
}

// seatColor is seat s's colour: the presentation's, or the palette's.
func (p *presentation) seatColor(s int) string {
	if p != nil && s >= 0 && s < len(p.seatColors) && p.seatColors[s] != "" {
		return p.seatColors[s]
	}
	return seatColor(s)
}

// figures shows counters as the presentation labels them: a var family
// (price.bread, price.jam) as one figure listing its keys; a name the
// presentation hides is left out; one it does not label is shown by its
// id and marked Raw.
func (p *presentation) figures(l labels, vars map[string]int, g *interpreter.Game) []figure {
	families := map[string][]string{}
	var ids []string
	for k := range vars {
		fam, _, _ := strings.Cut(k, ".")
		if families[fam] == nil {
			ids = append(ids, fam)
		}
		families[fam] = append(families[fam], k)
	}
	var out []figure
	for _, id := range l.rank(ids) {
		sh, labelled := l.get(id)
		if sh.Hide {
			continue
		}
		f := figure{ID: id, Name: sh.Label, Raw: !labelled || sh.Label == ""}
		if f.Name == "" {
			f.Name = id
		}
		keys := families[id]
		sort.Strings(keys)
		if len(keys) == 1 && keys[0] == id {
			f.Value = vars[id]
			f.Text = p.value(sh, vars[id])
			out = append(out, f)
			continue
		}
		var parts []string
		for _, k := range keys {
			key := strings.TrimPrefix(k, id+".")
			name := sh.Keys[key]
			if name == "" {
				name = g.DisplayName(key)
			}
			parts = append(parts, name+" "+p.value(sh, vars[k]))
		}
		f.Text = strings.Join(parts, " · ")
		out = append(out, f)
	}
	return out
}

// value says a counter's value: a seat by its name, when it holds one.
func (p *presentation) value(sh shown, n int) string {
	if !sh.Seat {
		return strconv.Itoa(n)
	}
	if n < 0 {
		return "—"
	}
	return p.seatName(n)
}

// zoneName names a zone (its name, without the seat) for the page, and
// says whether the name is a label or the zone's id.
func (p *presentation) zoneName(g *interpreter.Game, ref string) (name string, raw, hide bool) {
	id, _ := interpreter.SplitZoneRef(ref)
	if sh, ok := p.zones.get(id); ok {
		if sh.Hide {
			return "", false, true
		}
		if sh.Label != "" {
			return sh.Label, false, false
		}
	}
	if n := g.ZoneName(ref); n != id {
		return n, false, false
	}
	return id, true, false
}

// fieldLabel is a card field's label, or its id; hide says the
// presentation hides it.
func (p *presentation) fieldLabel(id string) (label string, raw, hide bool) {
	if sh, ok := p.cardFields.get(id); ok {
		if sh.Hide {
			return "", false, true
		}
		if sh.Label != "" {
			return sh.Label, false, false
		}
	}
	return id, true, false
}

// Unlabelled lists, for `haven vet`, the names a player sees that the
// game's presentation neither labels nor hides, one line each; none when
// the game declares no presentation (its page is the debug view).
func Unlabelled(v cue.Value, g *interpreter.Game) ([]string, error) {
	p, err := readPresentation(v, g)
	if err != nil || !p.declared {
		return nil, err
	}
	names := declaredNames(v)
	var out []string
	for _, kind := range []struct {
		path string
		l    labels
	}{{"vars", p.vars}, {"playerVars", p.playerVars}, {"nodeVars", p.nodeVars}, {"zones", p.zones}, {"cardFields", p.cardFields}, {"show", p.show}} {
		for _, id := range names[kind.path] {
			if _, ok := kind.l.get(id); ok {
				continue
			}
			if kind.path == "zones" && (id == interpreter.BoxZone || g.ZoneName(id) != id || g.ZoneName(id+"/0") != id) {
				continue // the box is never shown; a zone's name is its label
			}
			out = append(out, fmt.Sprintf("presentation.%s: %s %q has no label (label it, or hide it with false)", kind.path, singular(kind.path), id))
		}
	}
	return out, nil
}

// word says a word of a move, a choice or a card field for a person: the
// presentation's label for it, a piece by its name, a kind of card or a
// good by its name, else the name the game gives it; a word of parts
// ("free:grain", "a>b") part by part. ok is false when some part reads
// only by its id: a word that looks like one (lower case, digits, - _ #)
// and that nothing names.
func (p *presentation) word(g *interpreter.Game, pieces map[string]string, x string) (string, bool) {
	if l := p.words[x]; l != "" {
		return l, true
	}
	for _, sep := range []string{":", ">"} {
		if strings.Contains(x, sep) {
			parts := strings.Split(x, sep)
			ok := true
			for i, part := range parts {
				var k bool
				parts[i], k = p.word(g, pieces, part)
				ok = ok && k
			}
			if sep == ">" {
				sep = " →"
			}
			return strings.Join(parts, sep+" "), ok
		}
	}
	if n := pieces[x]; n != "" {
		return n, true
	}
	if n := p.typeNames[x]; n != "" && g.Card(x) == nil {
		return n, true
	}
	if n, ok := p.goodNames[x]; ok && n != "" {
		return n, true
	}
	if n := g.DisplayName(x); n != x {
		return n, true
	}
	return x, !idLike(x)
}

// idLike says a word reads as an identifier: lower-case letters, digits
// and - _ #, with a letter. A number, a name ("Köln") or a grade ("A")
// is none.
func idLike(x string) bool {
	letter := false
	for _, r := range x {
		switch {
		case r >= 'a' && r <= 'z':
			letter = true
		case r >= '0' && r <= '9', r == '-', r == '_', r == '#':
		default:
			return false
		}
	}
	return letter
}

// prompt is the question a choice asks: the presentation's label for
// the choice, else its own prompt.
func (p *presentation) prompt(id, own string) string {
	if l := p.choices[id]; l != "" {
		return l
	}
	return p.turnPrompt(own)
}

// turnPrompt says a decision's own prompt in the presentation's words.
func (p *presentation) turnPrompt(own string) string {
	if l := p.prompts[own]; l != "" {
		return l
	}
	return own
}
