package web

import (
	"sort"
	"strconv"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// pageModel is everything the page of a game shows. It is built from one
// seat's view (interpreter.View), never from the state itself, and it is
// also what the JSON API returns: nothing reaches the browser that the
// viewing seat may not see.
type pageModel struct {
	Game string `json:"game"`
	// Table is the table's number among the game's, Base its address
	// (tables.go): the page's requests go under it.
	Table  int      `json:"table"`
	Base   string   `json:"base"`
	Name   string   `json:"name"`
	Errors []string `json:"errors,omitempty"`
	Note   string   `json:"note,omitempty"`
	// Rev is the table's revision: a request that changes the table
	// names it (request.go).
	Rev int `json:"rev"`
	// Token is the server's page token (guard.go), written into the
	// page only, never into a JSON answer.
	Token string `json:"-"`
	// Public says that a page holds a seat by its secret (seats.go).
	Public bool `json:"public,omitempty"`

	Viewer      int    `json:"viewer"`
	ViewerLabel string `json:"viewerLabel"`
	Players     int    `json:"players"`
	// Humans counts the seats played at a page: with two or more on a
	// server of this machine, the page hands over between them.
	Humans int `json:"humans"`
	// Seed is shown once the game is over: with the moves, it would tell
	// every deck's order to a seat while the game is under way.
	Seed uint64 `json:"seed,omitempty"`
	Bots []int  `json:"bots"`
	Bot  string `json:"bot"`
	// Setup is what the form for a new game offers (newgame.go).
	Setup *setupForm `json:"-"`

	Deciding int    `json:"deciding"` // -1: nobody (the game is over)
	Waiting  string `json:"waiting"`  // who is to move, in words
	BotTurn  bool   `json:"botTurn"`  // the bot decides now
	// AllBots: no person sits at the table. Auto: the bots are played
	// on; Thinking: the bot loop is under way (bots.go).
	AllBots  bool   `json:"allBots"`
	Auto     bool   `json:"auto"`
	Thinking bool   `json:"thinking"`
	Finished bool   `json:"finished"`
	Result   string `json:"result,omitempty"`

	// At is how many moves of the line are played; Line how many it has.
	At   int `json:"at"`
	Line int `json:"line"`
	// Last is the last move played, in words, and who played it.
	Last *logGroup `json:"last,omitempty"`

	Moves  []moveButton `json:"moves"`
	Seats  []seatPanel  `json:"seats"`
	Vars   []figure     `json:"vars"`
	Zones  []zonePanel  `json:"zones"`
	Stocks []stockLine  `json:"stocks"`
	// Log is the latest page of the log, by move, latest first; LogMore
	// is the move before which the next page starts (0: none).
	Log     []logGroup `json:"log"`
	LogMore int        `json:"logMore,omitempty"`
	Board   *svgBoard  `json:"-"`
	// Tracks and SlotBoards are the presentation's, beside the board.
	Tracks     []trackGroup    `json:"tracks,omitempty"`
	SlotBoards []slotBoardView `json:"slotBoards,omitempty"`
	Events     int             `json:"events"` // how many events the log holds
}

type moveButton struct {
	// Text is the move as the engine reads it (its notation), Desc what
	// it does in words.
	Text  string `json:"text"`
	Desc  string `json:"desc"`
	Nodes string `json:"nodes,omitempty"` // the nodes and pieces the move names, space-separated
	Title string `json:"title,omitempty"` // the notation, the action's name and text
	// Raw says a word of the move reads by its id: the presentation
	// gives it no word.
	Raw bool `json:"raw,omitempty"`
}

type seatPanel struct {
	Seat   int         `json:"seat"`
	Label  string      `json:"label"`
	Color  string      `json:"color"`
	You    bool        `json:"you"`
	Bot    bool        `json:"bot"`
	Held   bool        `json:"held,omitempty"` // a page holds it (public server)
	Free   bool        `json:"free,omitempty"` // the page may claim it (public server)
	Score  int         `json:"score"`
	Show   []figure    `json:"show"`
	Vars   []figure    `json:"vars"`
	Zones  []zonePanel `json:"zones"`
	Stocks []stockLine `json:"stocks"`
}

// figure is a counter as the page shows it.
type figure struct {
	ID    string `json:"id,omitempty"`
	Name  string `json:"name"`
	Value int    `json:"value"`
	// Text is the value in words: a seat's name, a family's keys.
	Text    string `json:"text,omitempty"`
	Raw     bool   `json:"raw,omitempty"`     // shown by its id: the presentation has no label
	Changed bool   `json:"changed,omitempty"` // the last move changed it
}

type zonePanel struct {
	Ref     string     `json:"zone"`
	Name    string     `json:"name"`
	Raw     bool       `json:"raw,omitempty"`
	Hidden  bool       `json:"hidden"`
	Count   int        `json:"count"`
	Cards   []cardView `json:"cards,omitempty"`
	Changed bool       `json:"changed,omitempty"`
}

type cardView struct {
	ID     string      `json:"id"`
	Name   string      `json:"name"`
	Kind   string      `json:"kind"`
	Text   string      `json:"text,omitempty"`
	Fields string      `json:"fields,omitempty"`
	Parts  []fieldPart `json:"-"`
	New    bool        `json:"new,omitempty"` // the last move put it here
}

// fieldPart is one field of a card: its label and value.
type fieldPart struct {
	Label, Value string
	Raw          bool
	// Notation is the value as the engine writes it (its ids), shown on
	// hover when it differs from Value.
	Notation string
}

type stockLine struct {
	Holder  string      `json:"holder"`
	Goods   []goodCount `json:"goods"`
	Changed bool        `json:"changed,omitempty"`
}

type goodCount struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
	N     int    `json:"n"`
}

// logGroup is one move of the log and the events it caused (Move 0:
// the setup).
type logGroup struct {
	Move     int       `json:"move"`
	Seat     int       `json:"seat"`
	Who      string    `json:"who"`
	Color    string    `json:"color"`
	Desc     string    `json:"desc"`
	Notation string    `json:"notation,omitempty"`
	Last     bool      `json:"last,omitempty"`
	Lines    []logLine `json:"lines"`
}

type logLine struct {
	What  string `json:"what"`
	Cause string `json:"cause"`
	Times int    `json:"times,omitempty"`
}

// logPage is how many moves a page of the log shows (a test makes it
// smaller).
var logPage = 25

func seatLabel(p int) string {
	if p < 0 {
		return "spectator"
	}
	return "player " + strconv.Itoa(p)
}

// model builds the page of a table for the viewing seat (-1: a
// spectator). The table's lock is held.
func (s *Server) model(t *table, viewer int) (*pageModel, error) {
	if err := s.ensure(t); err != nil {
		return nil, err
	}
	v, err := t.g.View(t.st, viewer)
	if err != nil {
		return nil, err
	}
	h, err := t.history(viewer)
	if err != nil {
		return nil, err
	}
	ch := diff(nil, v)
	if h.prev != nil {
		before, err := t.g.ViewBoard(h.prev, viewer)
		if err != nil {
			return nil, err
		}
		ch = diff(before, v)
	}
	pr := t.lay.pres()
	m := &pageModel{
		Game: t.game, Table: t.num, Base: t.url(), Name: t.g.Name(), Rev: t.rev, Errors: t.errs, Note: t.note, Public: s.opt.Public,
		Viewer: viewer, ViewerLabel: pr.seatName(viewer), Players: t.players, Bot: t.botName,
		Deciding: -1, Finished: v.Finished, At: len(t.st.Moves), Line: len(t.line), Events: len(v.Log),
		AllBots: !t.someHuman(), Auto: t.auto, Thinking: t.running, Setup: s.setupForm(t),
	}
	if t.st.Finished {
		m.Seed = t.seed
	}
	for p := 0; p < t.players; p++ {
		if t.bots[p] {
			m.Bots = append(m.Bots, p)
		} else {
			m.Humans++
		}
	}
	nodes := map[string]bool{}
	for _, n := range t.g.BoardNodes() {
		nodes[n.ID] = true
	}
	pieces := map[string]bool{}
	for _, p := range v.Pieces {
		pieces[p.ID] = true
	}
	targets := map[string]bool{}
	if d := v.Pending; d != nil && !v.Finished {
		m.Deciding = d.Player
		who := pr.seatName(d.Player)
		if t.bots[d.Player] {
			who += " (bot)"
			m.BotTurn = true
		}
		what := "to move"
		if d.Kind == "choose" {
			what = "to choose"
		}
		m.Waiting = who + " " + what
		if d.Prompt != "" {
			prompt := d.Prompt
			if d.Kind == "choose" {
				prompt = pr.prompt(d.ID, prompt)
			} else {
				prompt = pr.turnPrompt(prompt)
			}
			m.Waiting += ": " + prompt
		}
		// Only the deciding person sees their moves: a bot's moves could
		// name its hidden cards.
		if d.Player == viewer {
			legal, err := t.g.Legal(t.st)
			if err != nil {
				return nil, err
			}
			w := t.words(viewer)
			for _, mv := range legal {
				desc, _, raw := w.describe(t.st, mv.Text)
				b := moveButton{Text: mv.Text, Desc: desc, Title: mv.Text, Raw: raw}
				words := strings.Fields(mv.Text)
				var named []string
				for _, w := range words {
					if nodes[w] || pieces[w] {
						named = append(named, w)
						targets[w] = true
					}
				}
				b.Nodes = strings.Join(named, " ")
				if len(words) > 0 {
					if a := t.g.Action(words[0]); a != nil && a.Text != "" {
						b.Title += " — " + strings.TrimSpace(a.Name+": "+a.Text)
					}
				}
				m.Moves = append(m.Moves, b)
			}
		}
	}
	if err := t.scores(m, v, ch); err != nil {
		return nil, err
	}
	m.Vars = pr.figures(pr.vars, v.Vars, t.g)
	markFigures(m.Vars, ch.vars)
	t.zones(m, v, ch)
	t.stocks(m, v, nodes, ch)
	w := t.words(viewer)
	m.Log, m.LogMore = w.groups(h, v.Log, len(h.moves)+1, "")
	if len(m.Log) > 0 && m.Log[0].Move > 0 && m.Log[0].Move == m.At {
		m.Log[0].Last = true
		last := m.Log[0]
		m.Last = &last
	}
	m.Board = drawBoard(t.g, t.lay, v, targets, ch)
	m.Tracks, m.SlotBoards = t.boards(v)
	return m, nil
}

func markFigures(fs []figure, changed map[string]bool) {
	for i := range fs {
		fs[i].Changed = changed[fs[i].ID]
	}
}

// scores fills the seats' scores. Until the game is over they are the
// scores of what the viewer sees: the scoring runs on a state made from
// the view, in which the zones the viewer may not see are empty. The
// final result is the game's own.
func (t *table) scores(m *pageModel, v *interpreter.View, ch *changes) error {
	st := t.st
	if !v.Finished {
		st = t.g.ViewState(v)
	}
	res, err := t.g.Score(st)
	if err != nil {
		return err
	}
	pr := t.lay.pres()
	for p := 0; p < t.players; p++ {
		sp := seatPanel{Seat: p, Label: pr.seatName(p), Color: pr.seatColor(p), You: p == m.Viewer, Bot: t.bots[p], Score: res.Scores[p]}
		if m.Public && p < len(t.claims) {
			sp.Held = t.claims[p] != ""
			sp.Free = !sp.Held && t.human(p) && m.Viewer < 0
		}
		if p < len(res.Show) {
			sp.Show = pr.showFigures(res.Show[p], t.g)
		}
		if p < len(v.PlayerVars) {
			sp.Vars = pr.figures(pr.playerVars, v.PlayerVars[p], t.g)
			if p < len(ch.pvars) {
				markFigures(sp.Vars, ch.pvars[p])
			}
		}
		m.Seats = append(m.Seats, sp)
	}
	if v.Finished {
		var ws []string
		for _, p := range res.Winners {
			ws = append(ws, pr.seatName(p))
		}
		reason := res.Reason
		if reason == "" {
			reason = "the game is over"
		}
		m.Result = reason
		if len(ws) > 0 {
			m.Result += " — won by " + strings.Join(ws, ", ")
		}
	}
	return nil
}

// showFigures lists the figures of the scoring's show as the
// presentation labels them. A game without a presentation names them in
// its own words: they are not marked as ids.
func (p *presentation) showFigures(vars map[string]int, g *interpreter.Game) []figure {
	fs := p.figures(p.show, vars, g)
	if !p.declared {
		for i := range fs {
			fs[i].Raw = false
		}
	}
	return fs
}

// zones sorts the view's zones into the seats' panels and the table's,
// in the order the presentation lists them.
func (t *table) zones(m *pageModel, v *interpreter.View, ch *changes) {
	pr := t.lay.pres()
	refs := make([]string, 0, len(v.Zones)+len(v.Hidden))
	for ref := range v.Zones {
		refs = append(refs, ref)
	}
	for ref := range v.Hidden {
		if ref != interpreter.BoxZone {
			refs = append(refs, ref)
		}
	}
	sort.Strings(refs)
	sort.SliceStable(refs, func(i, j int) bool {
		a, _ := interpreter.SplitZoneRef(refs[i])
		b, _ := interpreter.SplitZoneRef(refs[j])
		return pr.zones.pos(a) < pr.zones.pos(b)
	})
	for _, ref := range refs {
		name, raw, hide := pr.zoneName(t.g, ref)
		if hide {
			continue
		}
		z := zonePanel{Ref: ref, Name: name, Raw: raw, Changed: ch.zones[ref]}
		if n, hidden := v.Hidden[ref]; hidden {
			z.Hidden, z.Count = true, n
		} else {
			for _, id := range v.Zones[ref] {
				c := t.card(id)
				c.New = ch.cards[id]
				z.Cards = append(z.Cards, c)
			}
			z.Count = len(z.Cards)
		}
		_, seat := interpreter.SplitZoneRef(ref)
		if seat >= 0 && seat < len(m.Seats) {
			m.Seats[seat].Zones = append(m.Seats[seat].Zones, z)
			continue
		}
		m.Zones = append(m.Zones, z)
	}
}

// card shows a card with its fields as the presentation labels them, a
// value that is an id by its name.
func (t *table) card(id string) cardView {
	c := t.g.Card(id)
	if c == nil {
		return cardView{ID: id, Name: id}
	}
	pr := t.lay.pres()
	cv := cardView{ID: id, Name: c.Name, Kind: c.Kind, Text: c.Text}
	add := func(k, val, notation string, named bool) {
		label, raw, hide := pr.fieldLabel(k)
		if notation == k+": "+val {
			notation = ""
		}
		if !hide {
			cv.Parts = append(cv.Parts, fieldPart{Label: label, Value: val, Raw: raw || !named, Notation: notation})
		}
	}
	// A value that is an id (a good, a kind of card, a port) reads by its
	// name; one nothing names is marked.
	keys := append(append(sortedKeys(c.List), sortedKeys(c.Num)...), sortedKeys(c.Str)...)
	for _, k := range pr.cardFields.rank(keys) {
		switch {
		case c.List[k] != nil:
			names := make([]string, len(c.List[k]))
			named := true
			for i, x := range c.List[k] {
				var ok bool
				names[i], ok = pr.word(t.g, nil, x)
				named = named && ok
			}
			add(k, strings.Join(names, ", "), k+": "+strings.Join(c.List[k], ", "), named)
		case c.Str[k] != "":
			name, named := pr.word(t.g, nil, c.Str[k])
			add(k, name, k+": "+c.Str[k], named)
		default:
			if n, ok := c.Num[k]; ok {
				add(k, strconv.Itoa(n), "", true)
			}
		}
	}
	parts := make([]string, len(cv.Parts))
	for i, p := range cv.Parts {
		parts[i] = p.Label + " " + p.Value
	}
	cv.Fields = strings.Join(parts, " · ")
	return cv
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// stocks lists the goods held off the board (the supply, a player's
// store): goods on nodes and pieces are drawn on the board.
func (t *table) stocks(m *pageModel, v *interpreter.View, nodes map[string]bool, ch *changes) {
	pieces := map[string]bool{}
	for _, p := range v.Pieces {
		pieces[p.ID] = true
	}
	names := map[string]string{}
	for _, gd := range t.g.Goods() {
		names[gd.ID] = gd.Name
	}
	for _, h := range sortedKeys(v.Stocks) {
		units := v.Stocks[h]
		if len(units) == 0 || nodes[h] {
			continue
		}
		line := stockLine{Holder: t.g.DisplayName(h), Changed: ch.stocks[h]}
		count := map[string]int{}
		var order []string
		for _, u := range units {
			if count[u] == 0 {
				order = append(order, u)
			}
			count[u]++
		}
		for _, u := range order {
			line.Goods = append(line.Goods, goodCount{ID: u, Name: nameOr(names, u), Color: t.lay.Goods[u], N: count[u]})
		}
		if pieces[h] {
			line.Holder += " (on board)"
		}
		m.Stocks = append(m.Stocks, line)
	}
}
