package main

// This file draws the game for a person at the terminal (`haven play`):
// a compact board with the names the definition gives, the moves with
// what they do, and the rule behind a move on request.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// shownMove is a move as listed: the text Apply reads and what it says to
// a player.
type shownMove struct {
	text, desc string
	masked     bool // it names a card the player may not see
}

// show prints the board as seat who sees it, then the moves open to them.
func (s *session) show(who int, legal []interpreter.Move) {
	v, err := s.g.ViewBoard(s.st, who)
	if err != nil {
		fmt.Fprintf(s.out, "(the board cannot be shown: %v)\n", err)
		return
	}
	w := s.out
	d := s.st.Pending
	head := fmt.Sprintf("%s · %s to move", s.g.Name(), s.seat(who))
	if d != nil && d.Prompt != "" {
		head += ": " + d.Prompt
	}
	fmt.Fprintf(w, "\n── %s ──\n", head)
	if len(v.Vars) > 0 {
		fmt.Fprintln(w, counterLine(v.Vars))
	}
	s.writeTable(v)
	s.writeBoard(v)
	for p := 0; p < v.Players; p++ {
		s.writePlayer(v, p, who)
	}
	if lines := s.eventLines(s.recent); len(lines) > 0 {
		fmt.Fprintln(w, "last events:")
		for _, l := range lines[max(0, len(lines)-recentLines):] {
			fmt.Fprintf(w, "  · %s\n", l)
		}
	}
	s.listMoves(who, legal)
	fmt.Fprintln(w, "moves:")
	s.printMoves()
}

func (s *session) seat(p int) string {
	switch {
	case p == s.viewer:
		return fmt.Sprintf("player %d (you)", p)
	case s.bots[p]:
		return fmt.Sprintf("player %d (bot)", p)
	}
	return fmt.Sprintf("player %d", p)
}

// owner says whose a piece on the board is: the id alone does not tell
// a player which ships are theirs. A piece of nobody's says nothing.
func (s *session) owner(p, players int) string {
	switch {
	case p < 0 || p >= players:
		return ""
	case p == s.viewer:
		return " (yours)"
	}
	return fmt.Sprintf(" (player %d)", p)
}

// writeTable prints the zones of nobody in particular (decks, discard
// piles, rows of cards) and the goods off the board.
func (s *session) writeTable(v *interpreter.View) {
	var parts []string
	for _, ref := range zoneRefs(v) {
		if _, seat := splitZone(ref); seat >= 0 || ref == "box" {
			continue
		}
		if z := s.zoneText(v, ref); z != "" {
			parts = append(parts, s.g.ZoneName(ref)+": "+z)
		}
	}
	if supply := s.goods(v.Stocks["supply"]); supply != "" {
		parts = append(parts, "supply: "+supply)
	}
	if len(parts) > 0 {
		fmt.Fprintf(s.out, "table: %s\n", wrap(parts, len("table: "), 100))
	}
}

// writeBoard prints the nodes (and other holders) that hold pieces or
// goods, by name, in the order of their ids.
func (s *session) writeBoard(v *interpreter.View) {
	var order []string
	at := map[string][]string{}
	for _, pc := range v.Pieces {
		if pc.At == "" {
			continue
		}
		if at[pc.At] == nil {
			order = append(order, pc.At)
		}
		label := pc.ID + s.owner(pc.Owner, len(v.PlayerVars))
		if g := s.goods(v.Stocks[pc.ID]); g != "" {
			label += " [" + g + "]"
		}
		at[pc.At] = append(at[pc.At], label)
	}
	for _, h := range sortedKeys(v.Stocks) {
		if h == "supply" || isPiece(v, h) {
			continue // the supply is on the table; a piece's goods are shown with it
		}
		if g := s.goods(v.Stocks[h]); g != "" {
			if at[h] == nil {
				order = append(order, h)
			}
			at[h] = append(at[h], g)
		}
	}
	if len(order) == 0 {
		return
	}
	sort.Strings(order)
	fmt.Fprintln(s.out, "board:")
	for _, n := range order {
		fmt.Fprintf(s.out, "  %s: %s\n", s.g.DisplayName(n), strings.Join(at[n], ", "))
	}
}

// isPiece tells whether a holder of goods is a piece.
func isPiece(v *interpreter.View, h string) bool {
	for _, pc := range v.Pieces {
		if pc.ID == h {
			return true
		}
	}
	return false
}

// writePlayer prints a player's counters, pieces in reserve and zones:
// the cards of the viewer's own zones with their texts, other zones by
// name when visible, by count when not.
func (s *session) writePlayer(v *interpreter.View, p, who int) {
	line := s.seat(p)
	if p < len(v.PlayerVars) && len(v.PlayerVars[p]) > 0 {
		line += ": " + counterLine(v.PlayerVars[p])
	}
	reserve := map[string]int{}
	var kinds []string
	for _, pc := range v.Pieces {
		if pc.Owner == p && pc.At == "" {
			if reserve[pc.Kind] == 0 {
				kinds = append(kinds, pc.Kind)
			}
			reserve[pc.Kind]++
		}
	}
	for _, k := range kinds {
		line += fmt.Sprintf(" · %s in reserve: %d", k, reserve[k])
	}
	fmt.Fprintln(s.out, line)
	for _, ref := range zoneRefs(v) {
		if _, seat := splitZone(ref); seat != p {
			continue
		}
		name := s.g.ZoneName(ref)
		if cards, ok := v.Zones[ref]; ok && p == who && len(cards) > 0 {
			for _, c := range cards {
				fmt.Fprintf(s.out, "  %s: %s\n", name, s.cardText(c))
			}
			continue
		}
		if z := s.zoneText(v, ref); z != "" {
			fmt.Fprintf(s.out, "  %s: %s\n", name, z)
		}
	}
}

// zoneText is a zone in a few words: its cards by name (like ones
// counted), or how many hidden cards it holds; "" when empty.
func (s *session) zoneText(v *interpreter.View, ref string) string {
	if n, hidden := v.Hidden[ref]; hidden {
		if n == 0 {
			return ""
		}
		return plural(n, "hidden card")
	}
	cards := v.Zones[ref]
	if len(cards) == 0 {
		return ""
	}
	var names []string
	count := map[string]int{}
	for _, c := range cards {
		n := s.g.DisplayName(c)
		if count[n] == 0 {
			names = append(names, n)
		}
		count[n]++
	}
	if len(names) > maxCards {
		return fmt.Sprintf("%s … (%d cards)", joinCounted(names[:maxCards], count), len(cards))
	}
	return joinCounted(names, count)
}

func joinCounted(names []string, count map[string]int) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n
		if count[n] > 1 {
			parts[i] += fmt.Sprintf(" ×%d", count[n])
		}
	}
	return strings.Join(parts, ", ")
}

// cardText is a card as its holder reads it: name, fields and text.
func (s *session) cardText(id string) string {
	c := s.g.Card(id)
	if c == nil {
		return id
	}
	t := c.Name + cardFields(c)
	if c.Text != "" {
		t += " — " + c.Text
	}
	return t
}

// goods is a list of goods by name, like ones counted.
func (s *session) goods(l []string) string {
	var names []string
	count := map[string]int{}
	for _, g := range l {
		n := s.g.DisplayName(g)
		if count[n] == 0 {
			names = append(names, n)
		}
		count[n]++
	}
	return joinCounted(names, count)
}

func counterLine(m map[string]int) string {
	keys := sortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, " · ")
}

func zoneRefs(v *interpreter.View) []string {
	refs := make([]string, 0, len(v.Zones)+len(v.Hidden))
	for ref := range v.Zones {
		refs = append(refs, ref)
	}
	for ref := range v.Hidden {
		refs = append(refs, ref)
	}
	sort.Strings(refs)
	return refs
}

// splitZone splits a zone reference "name/seat"; seat is -1 for a zone
// of nobody in particular.
func splitZone(ref string) (string, int) {
	name, seat, ok := strings.Cut(ref, "/")
	if !ok {
		return ref, -1
	}
	p, err := strconv.Atoi(seat)
	if err != nil {
		return ref, -1
	}
	return name, p
}

// describe says what a move does, for seat viewer
// (interpreter.DescribeMove, as the web board says it).
func (s *session) describe(text string, viewer int) (string, bool) {
	return s.g.DescribeMove(s.st, text, viewer)
}

// listMoves numbers the moves for seat who. Moves that read the same
// (two copies of one card) are listed once.
func (s *session) listMoves(who int, legal []interpreter.Move) {
	s.shown = s.shown[:0]
	seen := map[string]bool{}
	for _, m := range legal {
		d, masked := s.describe(m.Text, who)
		if seen[d] {
			continue
		}
		seen[d] = true
		s.shown = append(s.shown, shownMove{text: m.Text, desc: d, masked: masked})
	}
}

func (s *session) printMoves() {
	for i, m := range s.shown {
		if m.masked || m.desc == m.text {
			fmt.Fprintf(s.out, "  %2d. %s\n", i+1, m.desc)
			continue
		}
		fmt.Fprintf(s.out, "  %2d. %s  [%s]\n", i+1, m.desc, m.text)
	}
}

func (s *session) writeMoves(legal []interpreter.Move) {
	s.listMoves(s.st.Pending.Player, legal)
	s.printMoves()
}

// why prints the rule behind move N: the action's text as the definition
// quotes it, and the texts of the cards the move names that the player
// may see.
func (s *session) why(arg string) {
	k, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil || k < 1 || k > len(s.shown) {
		fmt.Fprintf(s.out, "why N: N is the number of a move, 1 to %d\n", len(s.shown))
		return
	}
	m := s.shown[k-1]
	fmt.Fprintf(s.out, "%d. %s\n", k, m.desc)
	words := strings.Fields(m.text)
	said := false
	if a := s.g.Action(words[0]); a != nil && a.Text != "" {
		fmt.Fprintf(s.out, "  rule: %s\n", a.Text)
		said = true
	} else if r := s.g.PendingRule(s.st); r != "" {
		fmt.Fprintf(s.out, "  rule: %s\n", r)
		said = true
	}
	for _, w := range words[1:] {
		c := s.g.Card(w)
		if c == nil || c.Text == "" {
			continue
		}
		if ok, _ := s.g.Sees(s.st, s.st.Pending.Player, w); ok {
			fmt.Fprintf(s.out, "  %s: %s\n", c.Name, c.Text)
			said = true
		}
	}
	if !said {
		fmt.Fprintln(s.out, "  the definition quotes no rule for this move")
	}
}

// writeLog prints the last events with their causes, rule quotes
// included.
func (s *session) writeLog() {
	if len(s.recent) == 0 {
		fmt.Fprintln(s.out, "no events yet")
		return
	}
	for _, e := range s.recent {
		fmt.Fprintf(s.out, "  · %s\n    because: %s\n", s.eventLine(e), e.Cause)
	}
}

// eventLines renders events, one line each; a run of equal lines (cards
// dealt one by one) is one line, counted.
func (s *session) eventLines(events []interpreter.Event) []string {
	var lines []string
	last, n := "", 0
	flush := func() {
		switch {
		case n == 1:
			lines = append(lines, last)
		case n > 1:
			lines = append(lines, fmt.Sprintf("%s ×%d", last, n))
		}
	}
	for _, e := range events {
		l := s.eventLine(e)
		if l == last {
			n++
			continue
		}
		flush()
		last, n = l, 1
	}
	flush()
	return lines
}

// eventLine is one event in words, with names for ids and the action or
// effect that caused it (interpreter.DescribeEvent), without the rule it
// quotes (the log command shows that).
func (s *session) eventLine(e interpreter.Event) string {
	line, cause := s.g.DescribeEvent(e, nil)
	return line + "  [" + cause + "]"
}

// wrap joins parts with " · " in lines of about width characters, the
// lines after the first indented by indent.
func wrap(parts []string, indent, width int) string {
	var b strings.Builder
	col := indent
	for i, p := range parts {
		if i > 0 {
			if col+3+len([]rune(p)) > width {
				b.WriteString(" ·\n" + strings.Repeat(" ", indent))
				col = indent
			} else {
				b.WriteString(" · ")
				col += 3
			}
		}
		b.WriteString(p)
		col += len([]rune(p))
	}
	return b.String()
}
