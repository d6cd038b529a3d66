package web

import (
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// words says a table's log for one seat, by move, in the words of the
// game's presentation: a move as `haven play` says it
// (interpreter.DescribeMove), an event with labels for the names it
// mentions and the seats by name.
type words struct {
	g      *interpreter.Game
	pr     *presentation
	zones  map[string]bool
	nodes  map[string]bool
	pieces map[string]string // a piece's name, by id
	viewer int
}

func (t *table) words(viewer int) *words {
	w := &words{g: t.g, pr: t.lay.pres(), zones: map[string]bool{}, nodes: map[string]bool{}, viewer: viewer}
	w.pieces = pieceNames(t.st.Pieces, w.pr)
	for _, n := range t.g.BoardNodes() {
		w.nodes[n.ID] = true
	}
	for _, l := range [][]string{t.lay.pres().zoneIDs} {
		for _, z := range l {
			w.zones[z] = true
		}
	}
	return w
}

// pieceNames names pieces by their kind's name, their number among
// their owner's pieces of the kind, and their owner: "Navire 2 (Bleu)".
func pieceNames(pieces []*interpreter.Piece, pr *presentation) map[string]string {
	out := map[string]string{}
	count := map[string]int{}
	for _, p := range pieces {
		kind := pr.pieceKinds[p.Kind]
		if kind == "" {
			kind = p.Kind
		}
		key := p.Kind + "\x00" + strconv.Itoa(p.Owner)
		count[key]++
		out[p.ID] = kind + " " + strconv.Itoa(count[key])
		if p.Owner >= 0 {
			out[p.ID] += " (" + pr.seatName(p.Owner) + ")"
		}
	}
	return out
}

// name says an id or a word of a move (presentation.word).
func (w *words) name(id string) string {
	n, _ := w.pr.word(w.g, w.pieces, id)
	return n
}

// describe says a move of st's pending decision in words
// (interpreter.DescribeMoveWith), a choice that gives no prompt by the
// presentation's label for it. raw says a word of it reads only by its
// id; masked that it names a card the viewer may not see.
func (w *words) describe(st *interpreter.State, text string) (desc string, masked, raw bool) {
	desc, masked = w.g.DescribeMoveWith(st, text, w.viewer, w.name)
	f := strings.Fields(text)
	if len(f) == 0 {
		return desc, masked, false
	}
	if d := st.Pending; d != nil && d.Kind == "choose" && d.ID == f[0] && d.Prompt != "" {
		if rest, ok := strings.CutPrefix(desc, d.Prompt); ok {
			desc = w.pr.prompt(d.ID, d.Prompt) + rest
		}
	} else if rest, ok := strings.CutPrefix(desc, f[0]); ok && (rest == "" || rest[0] == ':') {
		if l := w.pr.choices[f[0]]; l != "" {
			desc = l + rest
		} else {
			raw = idLike(f[0])
		}
	} else if a := w.g.Action(f[0]); a != nil && a.Name != "" {
		// A named action in the presentation's language.
		if l := w.pr.choices[f[0]]; l != "" {
			if rest, ok := strings.CutPrefix(desc, a.Name); ok {
				desc = l + rest
			}
		}
	}
	return desc, masked, raw || w.rawMove(text)
}

// rawMove says whether a move's arguments name something only by its id.
func (w *words) rawMove(text string) bool {
	f := strings.Fields(text)
	for _, x := range f[min(1, len(f)):] {
		x = strings.TrimSuffix(strings.TrimPrefix(x, "["), "]")
		for _, item := range strings.Split(x, ",") {
			if _, ok := w.pr.word(w.g, w.pieces, item); !ok && item != "" {
				return true
			}
		}
	}
	return false
}

// varName labels a var of the kind l: a family's key by its label.
func (w *words) varName(l labels, name string) (string, bool) {
	fam, key, keyed := strings.Cut(name, ".")
	sh, ok := l.get(fam)
	if sh.Hide {
		return "", false
	}
	label := fam
	if ok && sh.Label != "" {
		label = sh.Label
	}
	if keyed {
		k := sh.Keys[key]
		if k == "" {
			k = w.g.DisplayName(key)
		}
		label += " " + k
	}
	return label, true
}

// zone names a zone reference, a player's by the seat's name.
func (w *words) zone(ref string) string {
	if ref == interpreter.BoxZone {
		return "the box"
	}
	name, _, hide := w.pr.zoneName(w.g, ref)
	if hide {
		name = w.g.ZoneName(ref)
	}
	if _, p := interpreter.SplitZoneRef(ref); p >= 0 {
		return w.pr.seatName(p) + "'s " + name
	}
	return name
}

// event says one event; ok is false for an event about a name the
// presentation hides.
func (w *words) event(e interpreter.Event) (logLine, bool) {
	_, cause := w.g.DescribeEvent(e, w.pr.seatName)
	line := logLine{Cause: cause, Times: 1}
	f := strings.Fields(e.What)
	n := len(f)
	switch {
	case n >= 3 && f[n-2] == "=":
		value := f[n-1]
		subject := f[:n-3]
		name := f[n-3]
		var label string
		ok := true
		switch {
		case len(subject) == 0:
			label, ok = w.varName(w.pr.vars, name)
			if sh, _ := w.pr.vars.get(strings.SplitN(name, ".", 2)[0]); sh.Seat {
				value = w.seatValue(value)
			}
		case len(subject) == 2 && subject[0] == "player":
			p, _ := strconv.Atoi(subject[1])
			label, ok = w.varName(w.pr.playerVars, name)
			label = w.pr.seatName(p) + "'s " + label
		case len(subject) == 1 && w.nodes[subject[0]]:
			label, ok = w.varName(w.pr.nodeVars, name)
			label = w.g.DisplayName(subject[0]) + " " + label
		default:
			label = strings.Join(append(w.names(subject), name), " ")
		}
		if !ok {
			return line, false
		}
		line.What = label + ": " + value
	case e.Card != "":
		line.What = w.g.DisplayName(e.Card)
		if e.Card == "?" {
			line.What = "a card"
		}
		line.What += " " + w.zone(e.From) + " → " + w.zone(e.To)
	default:
		line.What = strings.Join(w.names(f), " ")
	}
	return line, true
}

func (w *words) seatValue(v string) string {
	n, err := strconv.Atoi(v)
	if err != nil {
		return v
	}
	return w.pr.value(shown{Seat: true}, n)
}

// names says the words of an event: a zone by its label, an id by its
// name.
func (w *words) names(f []string) []string {
	out := make([]string, len(f))
	for i, x := range f {
		if w.zones[x] {
			out[i] = w.zone(x)
			continue
		}
		out[i] = w.name(x)
	}
	return out
}

// groups returns a page of the log by move, latest first: the moves
// numbered below before (0 is the setup), at most logPage of them, and
// the before of the next page (0: none). With q, only the moves and
// events that say it (in any case) are listed.
func (w *words) groups(h *history, log []interpreter.Event, before int, q string) ([]logGroup, int) {
	q = strings.ToLower(strings.TrimSpace(q))
	var out []logGroup
	k := min(before, len(h.moves)+1) - 1
	for ; k >= 0 && len(out) < logPage; k-- {
		g := logGroup{Move: k, Seat: -1, Who: "setup", Desc: "the game is set up"}
		from, to := 0, h.marks[0]
		if k > 0 {
			pm := h.moves[k-1]
			from, to = h.marks[k-1], h.marks[k]
			g.Seat, g.Desc, g.Notation = pm.Seat, pm.Desc, pm.Notation
			g.Who, g.Color = w.pr.seatName(pm.Seat), w.pr.seatColor(pm.Seat)
		}
		head := q == "" || strings.Contains(strings.ToLower(g.Who+" "+g.Desc+" "+g.Notation), q)
		for _, e := range log[from:min(to, len(log))] {
			l, ok := w.event(e)
			if !ok {
				continue
			}
			if !head && !strings.Contains(strings.ToLower(l.What+" "+l.Cause), q) {
				continue
			}
			if n := len(g.Lines); n > 0 && g.Lines[n-1].What == l.What && g.Lines[n-1].Cause == l.Cause {
				g.Lines[n-1].Times++
				continue
			}
			g.Lines = append(g.Lines, l)
		}
		if head || len(g.Lines) > 0 {
			out = append(out, g)
		}
	}
	if k < 0 {
		return out, 0
	}
	return out, k + 1
}
