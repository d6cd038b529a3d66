package web

import (
	"fmt"
	"slices"
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
	Game   string   `json:"game"`
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
	// Seed is shown once the game is over: with the moves, it would tell
	// every deck's order to a seat while the game is under way.
	Seed uint64 `json:"seed,omitempty"`
	Bots []int  `json:"bots"`
	Bot  string `json:"bot"`

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

	Moves  []moveButton `json:"moves"`
	Seats  []seatPanel  `json:"seats"`
	Vars   []figure     `json:"vars"`
	Zones  []zonePanel  `json:"zones"`
	Stocks []stockLine  `json:"stocks"`
	Log    []logLine    `json:"log"`
	Board  *svgBoard    `json:"-"`
	Events int          `json:"events"` // how many events the log holds
}

type moveButton struct {
	Text  string `json:"text"`
	Nodes string `json:"nodes,omitempty"` // the nodes and pieces the move names, space-separated
	Title string `json:"title,omitempty"` // the action's name and text
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

type figure struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

type zonePanel struct {
	Ref    string     `json:"zone"`
	Name   string     `json:"name"`
	Hidden bool       `json:"hidden"`
	Count  int        `json:"count"`
	Cards  []cardView `json:"cards,omitempty"`
}

type cardView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Text   string `json:"text,omitempty"`
	Fields string `json:"fields,omitempty"`
}

type stockLine struct {
	Holder string      `json:"holder"`
	Goods  []goodCount `json:"goods"`
}

type goodCount struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
	N     int    `json:"n"`
}

type logLine struct {
	What  string `json:"what"`
	Cause string `json:"cause"`
	Times int    `json:"times,omitempty"`
}

// logShown is how many lines of the log the page shows, the latest.
const logShown = 80

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
	m := &pageModel{
		Game: t.id, Name: t.g.Name(), Rev: t.rev, Errors: t.errs, Note: t.note, Public: s.opt.Public,
		Viewer: viewer, ViewerLabel: seatLabel(viewer), Players: t.players, Bot: t.botName,
		Deciding: -1, Finished: v.Finished, At: len(t.st.Moves), Line: len(t.line), Events: len(v.Log),
		AllBots: !t.someHuman(), Auto: t.auto, Thinking: t.running,
	}
	if t.st.Finished {
		m.Seed = t.seed
	}
	for p := 0; p < t.players; p++ {
		if t.bots[p] {
			m.Bots = append(m.Bots, p)
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
		who := seatLabel(d.Player)
		if t.bots[d.Player] {
			who += " (bot)"
			m.BotTurn = true
		}
		what := "to move"
		if d.Kind == "choose" {
			what = "chooses " + d.ID
		}
		m.Waiting = who + " " + what
		if d.Prompt != "" {
			m.Waiting += ": " + d.Prompt
		}
		// Only the deciding person sees their moves: a bot's moves could
		// name its hidden cards.
		if d.Player == viewer {
			legal, err := t.g.Legal(t.st)
			if err != nil {
				return nil, err
			}
			for _, mv := range legal {
				b := moveButton{Text: mv.Text}
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
					if a := t.g.Action(words[0]); a != nil {
						b.Title = strings.TrimSpace(a.Name + ": " + a.Text)
					}
				}
				m.Moves = append(m.Moves, b)
			}
		}
	}
	if err := t.scores(m, v); err != nil {
		return nil, err
	}
	m.Vars = figures(v.Vars)
	t.zones(m, v)
	t.stocks(m, v, nodes)
	m.Log = logLines(v.Log)
	m.Board = drawBoard(t.g, t.lay, v, targets)
	return m, nil
}

// scores fills the seats' scores. Until the game is over they are the
// scores of what the viewer sees: the scoring runs on a state made from
// the view, in which the zones the viewer may not see are empty. The
// final result is the game's own.
func (t *table) scores(m *pageModel, v *interpreter.View) error {
	st := t.st
	if !v.Finished {
		st = t.g.ViewState(v)
	}
	res, err := t.g.Score(st)
	if err != nil {
		return err
	}
	for p := 0; p < t.players; p++ {
		sp := seatPanel{Seat: p, Label: seatLabel(p), Color: seatColor(p), You: p == m.Viewer, Bot: t.bots[p], Score: res.Scores[p]}
		if m.Public && p < len(t.claims) {
			sp.Held = t.claims[p] != ""
			sp.Free = !sp.Held && t.human(p) && m.Viewer < 0
		}
		if p < len(res.Show) {
			sp.Show = figures(res.Show[p])
		}
		if p < len(v.PlayerVars) {
			sp.Vars = figures(v.PlayerVars[p])
		}
		m.Seats = append(m.Seats, sp)
	}
	if v.Finished {
		var ws []string
		for _, p := range res.Winners {
			ws = append(ws, seatLabel(p))
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

func figures(vars map[string]int) []figure {
	out := make([]figure, 0, len(vars))
	for k, x := range vars {
		out = append(out, figure{k, x})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// zones sorts the view's zones into the seats' panels and the table's.
func (t *table) zones(m *pageModel, v *interpreter.View) {
	refs := make([]string, 0, len(v.Zones)+len(v.Hidden))
	for ref := range v.Zones {
		refs = append(refs, ref)
	}
	for ref := range v.Hidden {
		if ref != "box" {
			refs = append(refs, ref)
		}
	}
	sort.Strings(refs)
	for _, ref := range refs {
		z := zonePanel{Ref: ref, Name: ref}
		if n, hidden := v.Hidden[ref]; hidden {
			z.Hidden, z.Count = true, n
		} else {
			for _, id := range v.Zones[ref] {
				z.Cards = append(z.Cards, t.card(id))
			}
			z.Count = len(z.Cards)
		}
		name, seat := interpreter.SplitZoneRef(ref)
		if seat >= 0 && seat < len(m.Seats) {
			z.Name = name
			m.Seats[seat].Zones = append(m.Seats[seat].Zones, z)
			continue
		}
		m.Zones = append(m.Zones, z)
	}
}

func (t *table) card(id string) cardView {
	c := t.g.Card(id)
	if c == nil {
		return cardView{ID: id, Name: id}
	}
	cv := cardView{ID: id, Name: c.Name, Kind: c.Kind, Text: c.Text}
	var parts []string
	for _, k := range sortedKeys(c.List) {
		parts = append(parts, k+" "+strings.Join(c.List[k], " "))
	}
	for _, k := range sortedKeys(c.Num) {
		parts = append(parts, fmt.Sprintf("%s %d", k, c.Num[k]))
	}
	for _, k := range sortedKeys(c.Str) {
		parts = append(parts, k+" "+c.Str[k])
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
func (t *table) stocks(m *pageModel, v *interpreter.View, nodes map[string]bool) {
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
		line := stockLine{Holder: h}
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
			line.Holder = h + " (on board)"
		}
		m.Stocks = append(m.Stocks, line)
	}
}

// logLines renders the latest events, latest first, a run of equal lines
// counted once.
func logLines(events []interpreter.Event) []logLine {
	var out []logLine
	for _, e := range events {
		what := e.What
		if e.Card != "" {
			what += " " + e.Card
		}
		if e.From != "" || e.To != "" {
			what += fmt.Sprintf(" (%s → %s)", e.From, e.To)
		}
		if n := len(out); n > 0 && out[n-1].What == what && out[n-1].Cause == e.Cause {
			out[n-1].Times++
			continue
		}
		out = append(out, logLine{What: what, Cause: e.Cause, Times: 1})
	}
	if len(out) > logShown {
		out = out[len(out)-logShown:]
	}
	slices.Reverse(out) // the latest first, where the eye looks
	return out
}
