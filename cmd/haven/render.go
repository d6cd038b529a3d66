package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// writeView prints a view for a person: counters, zones (hidden ones as a
// count), goods, pieces and the decision awaited. me marks a seat (-1: none).
//
// With a game, the cards of seat me are spelt out with their names.
func writeView(w io.Writer, g *interpreter.Game, v *interpreter.View, me int) {
	if len(v.Vars) > 0 {
		fmt.Fprintf(w, "vars: %s\n", counters(v.Vars))
	}
	for p, pv := range v.PlayerVars {
		mark := ""
		if p == me {
			mark = "  (you)"
		}
		fmt.Fprintf(w, "player %d: %s%s\n", p, counters(pv), mark)
	}
	refs := make([]string, 0, len(v.Zones)+len(v.Hidden))
	for ref := range v.Zones {
		refs = append(refs, ref)
	}
	for ref := range v.Hidden {
		refs = append(refs, ref)
	}
	sort.Strings(refs)
	// Empty zones are named together on one line, after the others.
	var empty []string
	var lines []string
	for _, ref := range refs {
		n, hidden := v.Hidden[ref]
		cards := v.Zones[ref]
		switch {
		case hidden && n == 0, !hidden && len(cards) == 0:
			if ref != "box" {
				empty = append(empty, ref)
			}
		case hidden:
			lines = append(lines, fmt.Sprintf("  %s: %s, hidden", ref, plural(n, "card")))
		default:
			lines = append(lines, fmt.Sprintf("  %s: %s", ref, cardList(cards)))
		}
	}
	if len(empty) > 0 {
		lines = append(lines, "  empty: "+strings.Join(empty, " "))
	}
	if len(lines) > 0 {
		fmt.Fprintf(w, "zones:\n%s\n", strings.Join(lines, "\n"))
	}
	if g != nil {
		writeOwnCards(w, g, v, me)
	}
	if s := stocks(v.Stocks); s != "" {
		fmt.Fprintf(w, "goods: %s\n", s)
	}
	if s := pieces(v.Pieces); s != "" {
		fmt.Fprintf(w, "pieces: %s\n", s)
	}
	switch d := v.Pending; {
	case v.Finished:
		fmt.Fprintln(w, "the game is over")
	case d == nil:
	case d.Kind == "choose":
		fmt.Fprintf(w, "player %d chooses %s%s\n", d.Player, d.ID, prompt(d.Prompt))
	default:
		fmt.Fprintf(w, "player %d to move%s\n", d.Player, prompt(d.Prompt))
	}
}

func prompt(p string) string {
	if p == "" {
		return ""
	}
	return ": " + p
}

func counters(m map[string]int) string {
	if len(m) == 0 {
		return "-"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}

// maxCards is how many cards of a zone are named before the rest is
// counted.
const maxCards = 15

func cardList(cards []string) string {
	if len(cards) == 0 {
		return "-"
	}
	if len(cards) <= maxCards {
		return strings.Join(cards, " ")
	}
	return fmt.Sprintf("%s … (%d cards)", strings.Join(cards[:maxCards], " "), len(cards))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// stocks prints the goods each holder has, as counts: "supply: wood×7".
func stocks(s map[string][]string) string {
	holders := make([]string, 0, len(s))
	for h, l := range s {
		if len(l) > 0 {
			holders = append(holders, h)
		}
	}
	sort.Strings(holders)
	var parts []string
	for _, h := range holders {
		var order []string
		n := map[string]int{}
		for _, g := range s[h] {
			if n[g] == 0 {
				order = append(order, g)
			}
			n[g]++
		}
		var goods []string
		for _, g := range order {
			goods = append(goods, fmt.Sprintf("%s×%d", g, n[g]))
		}
		parts = append(parts, h+": "+strings.Join(goods, " "))
	}
	return strings.Join(parts, "; ")
}

// pieces prints where the pieces stand, grouped by node.
func pieces(ps []*interpreter.Piece) string {
	var order []string
	at := map[string][]string{}
	for _, p := range ps {
		where := p.At
		if where == "" {
			where = "off board"
		}
		if at[where] == nil {
			order = append(order, where)
		}
		at[where] = append(at[where], p.ID)
	}
	sort.SliceStable(order, func(i, j int) bool { return order[j] == "off board" && order[i] != "off board" })
	var parts []string
	for _, where := range order {
		parts = append(parts, where+": "+strings.Join(at[where], " "))
	}
	return strings.Join(parts, "; ")
}

// writeResult prints the outcome: why the game ended, the ranking with
// scores, and the winners.
func writeResult(w io.Writer, r *interpreter.Result) {
	switch {
	case r.Capped:
		fmt.Fprintf(w, "game stopped: %s\n", r.Reason)
	case r.Finished:
		reason := r.Reason
		if reason == "" {
			reason = "the game is over"
		}
		fmt.Fprintf(w, "game over: %s\n", reason)
	default:
		fmt.Fprintln(w, "game not finished; scores so far:")
	}
	for i, p := range r.Ranking {
		var extra []string
		if p < len(r.Show) && len(r.Show[p]) > 0 {
			extra = append(extra, counters(r.Show[p]))
		}
		if p < len(r.Tiebreak) && len(r.Tiebreak[p]) > 0 {
			var tb []string
			for k, v := range r.Tiebreak[p] {
				name := fmt.Sprint(k + 1)
				if k < len(r.TiebreakNames) {
					name = r.TiebreakNames[k]
				}
				tb = append(tb, fmt.Sprintf("%s=%d", name, v))
			}
			extra = append(extra, "tie-breaks: "+strings.Join(tb, " "))
		}
		line := fmt.Sprintf("  %d. player %d: %d", i+1, p, r.Scores[p])
		if len(extra) > 0 {
			line += "  (" + strings.Join(extra, ", ") + ")"
		}
		fmt.Fprintln(w, line)
	}
	if !r.Finished {
		return
	}
	switch len(r.Winners) {
	case 0:
	case 1:
		fmt.Fprintf(w, "winner: player %d\n", r.Winners[0])
	default:
		ws := make([]string, len(r.Winners))
		for i, p := range r.Winners {
			ws[i] = fmt.Sprint(p)
		}
		fmt.Fprintf(w, "winners (tied): players %s\n", strings.Join(ws, ", "))
	}
}

// writeMoves prints the legal moves, numbered from 1.
func writeMoves(w io.Writer, moves []interpreter.Move) {
	for i, m := range moves {
		fmt.Fprintf(w, "  %2d. %s\n", i+1, m.Text)
	}
}

// writeOwnCards spells out the cards in the zones of seat me: a player
// reads "Bread + Jam (requires bread jam, points 3)", not just an id.
func writeOwnCards(w io.Writer, g *interpreter.Game, v *interpreter.View, me int) {
	suffix := "/" + strconv.Itoa(me)
	var refs []string
	for ref, cards := range v.Zones {
		if strings.HasSuffix(ref, suffix) && len(cards) > 0 {
			refs = append(refs, ref)
		}
	}
	if len(refs) == 0 {
		return
	}
	sort.Strings(refs)
	fmt.Fprintln(w, "your cards:")
	for _, ref := range refs {
		for _, id := range v.Zones[ref] {
			if c := g.Card(id); c != nil {
				fmt.Fprintf(w, "  %s %s: %s%s\n", ref, id, c.Name, cardFields(c))
			}
		}
	}
}

// cardFields lists a card's typed fields in a fixed order.
func cardFields(c *interpreter.Card) string {
	var parts []string
	for _, k := range sortedKeys(c.List) {
		parts = append(parts, k+" "+strings.Join(c.List[k], " "))
	}
	for _, k := range sortedKeys(c.Num) {
		parts = append(parts, fmt.Sprintf("%s %d", k, c.Num[k]))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
