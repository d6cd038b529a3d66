package interpreter

import (
	"fmt"
	"strings"
)

// This file says moves and events in words, for a person at a table: the
// terminal (`haven play`) and the web board use the same sentences.

// DescribeMove says what a move of st's pending decision does, for seat
// viewer: the action's name (or the question a choice answers) and its
// arguments by name. A card the viewer may not see where it lies reads
// "?"; masked says one did.
func (g *Game) DescribeMove(st *State, text string, viewer int) (desc string, masked bool) {
	return g.DescribeMoveWith(st, text, viewer, g.DisplayName)
}

// DescribeMoveWith is DescribeMove with the arguments named by name (a
// page that names pieces and seats its own way).
func (g *Game) DescribeMoveWith(st *State, text string, viewer int, name func(id string) string) (desc string, masked bool) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return text, false
	}
	label := words[0]
	if d := st.Pending; d != nil && d.Kind == "choose" && d.ID == words[0] && d.Prompt != "" {
		label = d.Prompt
	} else if a := g.Action(words[0]); a != nil && a.Name != "" {
		label = a.Name
	}
	args := make([]string, 0, len(words)-1)
	arg := func(w string) string {
		if g.Card(w) != nil {
			if ok, _ := g.Sees(st, viewer, w); !ok {
				masked = true
				return "?"
			}
		}
		return name(w)
	}
	for _, w := range words[1:] {
		// A list ([a,b]) reads item by item, each card masked on its own.
		if l, ok := strings.CutPrefix(w, "["); ok && strings.HasSuffix(l, "]") {
			items := strings.Split(strings.TrimSuffix(l, "]"), ",")
			if l == "]" {
				items = []string{"—"}
			}
			for i, x := range items {
				if x != "—" {
					items[i] = arg(x)
				}
			}
			args = append(args, strings.Join(items, " + "))
			continue
		}
		args = append(args, arg(w))
	}
	if len(args) == 0 {
		return label, masked
	}
	return label + ": " + strings.Join(args, ", "), masked
}

// SeatNamer names a seat in a sentence ("player 2", or the name a
// presentation gives it).
type SeatNamer func(seat int) string

// PlayerN names seat p "player p".
func PlayerN(p int) string { return fmt.Sprintf("player %d", p) }

// DescribeEvent says an event in words: names for the ids it mentions,
// the zones a card moved between by name and owner ("player 2's Hand"),
// and, apart, what caused it (an action by its name, or the kind of step
// and its id), without the rule text the cause quotes.
func (g *Game) DescribeEvent(e Event, seat SeatNamer) (line, cause string) {
	if seat == nil {
		seat = PlayerN
	}
	words := strings.Fields(e.What)
	for i, w := range words {
		words[i] = g.DisplayName(w)
	}
	line = strings.Join(words, " ")
	if e.Card != "" {
		line += " " + g.DisplayName(e.Card)
	}
	if e.From != "" || e.To != "" {
		line += fmt.Sprintf(" (%s → %s)", g.ZoneOf(e.From, seat), g.ZoneOf(e.To, seat))
	}
	cause, _, _ = strings.Cut(e.Cause, ":")
	if kind, id, ok := strings.Cut(cause, " "); ok && kind == "action" {
		cause = g.DisplayName(id)
	}
	return line, cause
}

// ZoneOf names a zone by its reference: "hand/2" reads "player 2's Hand"
// (the seat as seat names it), a zone of nobody's its name.
func (g *Game) ZoneOf(ref string, seat SeatNamer) string {
	if seat == nil {
		seat = PlayerN
	}
	if _, p := SplitZoneRef(ref); p >= 0 {
		return seat(p) + "'s " + g.ZoneName(ref)
	}
	return g.ZoneName(ref)
}
