package web

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/definitions"
	"github.com/haven-engine/haven/load"
)

// walkPresented serves Walk with a presentation given as a variant's
// text.
func walkPresented(t *testing.T, src string) (*Server, *client) {
	t.Helper()
	return walkServer(t, Options{Load: load.Options{Texts: []load.Text{{Name: "look.cue", Src: "package haven\n\ngame: presentation: " + src + "\n"}}}})
}

const walkLook = `{
	seats: ["Ann", "Bob"]
	seatColors: ["#123456"]
	vars: round: "Round"
	zones: hand: "Hand"
}`

// TestPresentationNamesTheTable: the seats, vars and zones read as the
// presentation labels them; a name it does not label is shown by its id
// and marked raw, and the protocol's messages still name seats by number.
func TestPresentationNamesTheTable(t *testing.T) {
	_, c := walkPresented(t, walkLook)
	a := c.state("walk")
	require.Len(t, a.Seats, 2)
	assert.Equal(t, "Ann", a.Seats[0].Label)
	assert.Equal(t, "#123456", a.Seats[0].Color)
	assert.Equal(t, "Bob", a.Seats[1].Label)
	assert.Equal(t, seatColor(1), a.Seats[1].Color, "a seat past the colours takes the palette's")
	assert.Equal(t, "Ann to move: Walk one step.", a.Waiting)
	require.Len(t, a.Vars, 1)
	assert.Equal(t, figure{ID: "round", Name: "Round", Value: 1, Text: "1"}, a.Vars[0])
	require.NotEmpty(t, a.Seats[0].Zones)
	assert.Equal(t, "Hand", a.Seats[0].Zones[0].Name)
	assert.False(t, a.Seats[0].Zones[0].Raw)
	require.Len(t, a.Zones, 1)
	assert.Equal(t, zonePanel{Ref: "deck", Name: "deck", Raw: true, Hidden: true, Count: 1}, a.Zones[0])

	b := c.try("walk", "bot", nil)
	assert.Equal(t, "player 0 is a person: the bot plays only its own seats", b.Error)
}

// TestPresentationHides: false hides a var; a seat var reads the seat's
// name, a value outside the seats "—".
func TestPresentationHides(t *testing.T) {
	_, c := walkPresented(t, `{vars: round: false}`)
	assert.Empty(t, c.state("walk").Vars)
	_, c = walkPresented(t, `{seats: ["Ann", "Bob"], vars: round: {label: "Round's seat", seat: true}}`)
	assert.Equal(t, "Bob", c.state("walk").Vars[0].Text, "round 1 is seat 1")
}

// TestTurnPrompts: a turn's prompt reads as the presentation says it,
// and a named action by its label in choices.
func TestTurnPrompts(t *testing.T) {
	_, c := walkPresented(t, `{prompts: "Walk one step.": "Geh einen Schritt.", choices: go: "Gehen"}`)
	a := c.state("walk")
	assert.Contains(t, a.Waiting, ": Geh einen Schritt.")
	assert.NotContains(t, a.HTML, "Walk one step.")
	require.NotEmpty(t, a.Moves)
	for _, m := range a.Moves {
		assert.True(t, strings.HasPrefix(m.Desc, "Gehen"), m.Desc)
	}
}

// TestPresentationErrors: a name the game does not declare is an error
// at its position with a "did you mean"; a misspelt field is the
// schema's.
func TestPresentationErrors(t *testing.T) {
	src := load.Dir("testdata")
	for _, tt := range []struct{ look, want string }{
		{`{vars: roudn: "Round"}`, `look.cue:3:35: presentation.vars: the game has no var "roudn" (did you mean "round"?)`},
		{`{zones: hands: "Hand"}`, `look.cue:3:36: presentation.zones: the game has no zone "hands" (did you mean "hand"?)`},
		{`{sets: ["Ann"]}`, `field not allowed (did you mean "seats"?)`},
		{`{prompts: "Walk a step.": "Geh"}`, `look.cue:3:47: presentation.prompts: no turn or choice of the game has the prompt "Walk a step." (did you mean "Walk one step."?)`},
	} {
		_, err := compileGame(src, "walk", load.Options{Texts: []load.Text{{Name: "look.cue", Src: "package haven\n\ngame: presentation: " + tt.look + "\n"}}})
		require.Error(t, err, tt.look)
		assert.Contains(t, err.Error(), tt.want)
	}
}

// TestUnlabelled: vet's warnings list every name a declared
// presentation leaves unlabelled, and nothing for a game without one.
func TestUnlabelled(t *testing.T) {
	src := load.Dir("testdata")
	v, err := src.Game("walk", load.Options{})
	require.NoError(t, err)
	c, err := compileGame(src, "walk", load.Options{})
	require.NoError(t, err)
	w, err := Unlabelled(v, c.g)
	require.NoError(t, err)
	assert.Empty(t, w)

	opts := load.Options{Texts: []load.Text{{Name: "look.cue", Src: "package haven\n\ngame: presentation: " + walkLook + "\n"}}}
	v, err = src.Game("walk", opts)
	require.NoError(t, err)
	c, err = compileGame(src, "walk", opts)
	require.NoError(t, err)
	w, err = Unlabelled(v, c.g)
	require.NoError(t, err)
	assert.Equal(t, []string{`presentation.zones: zone "deck" has no label (label it, or hide it with false)`}, w)
}

// TestShippedGamesShowNoRawName: the view of every shipped game, at each
// of its first moves, shows no var, zone, card field, card-list value,
// move or choice by an id its presentation does not label, and vet has
// nothing to warn of.
func TestShippedGamesShowNoRawName(t *testing.T) {
	src := load.Source{FS: definitions.Files}
	games, err := src.Games()
	require.NoError(t, err)
	for _, id := range games {
		s, ts := newTestServer(t, Options{Source: src, Seed: 7, Bots: []int{1, 2}, Bot: "random"})
		c := newClient(t, s, ts)
		a := c.settled(id)
		for k := 0; k < 40 && !a.Finished && len(a.Moves) > 0; k++ {
			assert.Empty(t, rawNames(a), "%s shows these by their ids at move %d", id, a.At)
			assert.Empty(t, rawHTML(a.HTML), "%s at move %d", id, a.At)
			a = c.act(id, "move", map[string]any{"move": a.Moves[(k*7)%len(a.Moves)].Text})
			a = c.settled(id)
		}

		v, err := src.Game(id, load.Options{})
		require.NoError(t, err)
		tb := s.entry(id)
		w, err := Unlabelled(v, tb.g)
		require.NoError(t, err)
		assert.Empty(t, w, id)
	}
}

// playSome plays n moves of the person at a table (the middle one
// listed) and returns the table.
func playSome(c *client, id string, n int) answer {
	c.t.Helper()
	a := c.settled(id)
	for k := 0; k < n; k++ {
		if a.Finished || len(a.Moves) == 0 {
			break
		}
		a = c.act(id, "move", map[string]any{"move": a.Moves[len(a.Moves)/2].Text})
		a = c.settled(id)
	}
	return a
}

// rawHTML lists the elements of a page marked raw, each with the text
// that follows.
func rawHTML(html string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`class="[^"]*\braw\b[^"]*"[^>]*>([^<]*(<b>[^<]*)?)`).FindAllStringSubmatch(html, -1) {
		out = append(out, m[0])
	}
	return out
}

func rawNames(a answer) []string {
	var raw []string
	figs := append([]figure(nil), a.Vars...)
	zones := append([]zonePanel(nil), a.Zones...)
	for _, s := range a.Seats {
		figs = append(figs, s.Vars...)
		figs = append(figs, s.Show...)
		zones = append(zones, s.Zones...)
	}
	for _, f := range figs {
		if f.Raw {
			raw = append(raw, "var "+f.ID)
		}
	}
	for _, z := range zones {
		if z.Raw {
			raw = append(raw, "zone "+z.Ref)
		}
	}
	for _, m := range a.Moves {
		if m.Raw {
			raw = append(raw, "move "+m.Text+" ("+m.Desc+")")
		}
	}
	return raw
}

// TestMovesInWords: a move's button says what it does, as `haven play`
// says it, and keeps its notation for the server and the tooltip.
func TestMovesInWords(t *testing.T) {
	_, c := walkServer(t, Options{})
	a := c.state("walk")
	require.NotEmpty(t, a.Moves)
	for _, m := range a.Moves {
		assert.True(t, strings.HasPrefix(m.Text, "go "), m.Text)
		assert.True(t, strings.HasPrefix(m.Desc, "Go: "), m.Desc)
		assert.True(t, strings.HasPrefix(m.Title, m.Text+" — Go: "), m.Title)
		assert.Contains(t, a.HTML, ">"+m.Desc+"</button>")
	}
}

// TestLogByMove: the log lists every move, latest first, in words with
// who played it, the events under the move that caused them; the last
// move is marked and what it changed too.
func TestLogByMove(t *testing.T) {
	_, c := walkServer(t, Options{})
	a := c.state("walk")
	a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	require.Len(t, a.Log, 3)
	assert.Equal(t, []int{2, 1, 0}, []int{a.Log[0].Move, a.Log[1].Move, a.Log[2].Move})
	assert.True(t, a.Log[0].Last)
	assert.False(t, a.Log[1].Last)
	assert.Equal(t, "player 1", a.Log[0].Who)
	assert.True(t, strings.HasPrefix(a.Log[0].Desc, "Go: "), a.Log[0].Desc)
	assert.True(t, strings.HasPrefix(a.Log[0].Notation, "go "), a.Log[0].Notation)
	assert.Equal(t, "setup", a.Log[2].Who)
	require.NotNil(t, a.Last)
	assert.Equal(t, a.Log[0].Desc, a.Last.Desc)
	require.NotEmpty(t, a.Log[1].Lines)
	assert.Contains(t, a.Log[1].Lines[0].What, "moved pawn 1 (player 0) from home to ", "a piece reads by its kind, number and seat")
	// The last move moved player 1's pawn: it is marked, player 0's is not.
	assert.Contains(t, a.HTML, `class="piece changed" data-piece="pawn-1-1"`)
	assert.Contains(t, a.HTML, `class="piece" data-piece="pawn-0-1"`)
	// A new round: its counter is marked.
	assert.True(t, a.Vars[0].Changed, "round went from 1 to 2")
}

// logPageOf asks for a page of the log.
func logPageOf(c *client, game string, before int, q string) logAnswer {
	c.t.Helper()
	path := "/games/" + game + "/log?q=" + url.QueryEscape(q)
	if before > 0 {
		path += "&before=" + itoa(before)
	}
	a := c.send("GET", path, "", nil)
	require.Equal(c.t, 200, a.code, a.raw)
	var l logAnswer
	require.NoError(c.t, json.Unmarshal([]byte(a.raw), &l))
	return l
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestLogPagesAndSearch: the log comes in pages that together hold every
// move once; a search finds the moves and events that say it, in the
// whole log.
func TestLogPagesAndSearch(t *testing.T) {
	old := logPage
	logPage = 2
	t.Cleanup(func() { logPage = old })
	_, c := walkServer(t, Options{})
	a := c.state("walk")
	for k := 0; k < 3 && !a.Finished; k++ {
		a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	}
	require.Equal(t, 3, a.At)
	assert.Len(t, a.Log, 2)
	assert.Equal(t, 2, a.LogMore, "the next page holds the moves before move 2")
	first := logPageOf(c, "walk", 0, "")
	assert.Equal(t, 2, first.More)
	second := logPageOf(c, "walk", first.More, "")
	assert.Equal(t, 0, second.More)
	all := first.HTML + second.HTML
	for _, m := range []string{`data-move="3"`, `data-move="2"`, `data-move="1"`, `data-move="0"`} {
		assert.Equal(t, 1, strings.Count(all, m), m)
	}
	found := logPageOf(c, "walk", 0, "SETUP")
	assert.Equal(t, 1, strings.Count(found.HTML, `class="lmove`), found.HTML)
	assert.Contains(t, found.HTML, `data-move="0"`)
	none := logPageOf(c, "walk", 0, "no such words")
	assert.Contains(t, none.HTML, "nothing found")
}

// TestLogShowsNoHiddenCard: the log a seat reads names no card it may
// not see, searched or not.
func TestLogShowsNoHiddenCard(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 3, Bots: []int{1, 2}, Bot: "random"})
	c := newClient(t, s, ts)
	playSome(c, "rotterdam", 4)
	tb := s.entry("rotterdam")
	tb.mu.Lock()
	hidden := hiddenCards(t, tb.g, tb.st, 0)
	tb.mu.Unlock()
	require.NotEmpty(t, hidden)
	for _, q := range []string{"", "card", "?"} {
		assertNoCards(t, "the log, q="+q, logPageOf(c, "rotterdam", 0, q).HTML, hidden)
	}
}

// TestJump: a click on a move of the log steps the game there; the line
// is kept.
func TestJump(t *testing.T) {
	_, c := walkServer(t, Options{})
	a := c.state("walk")
	for k := 0; k < 3; k++ {
		a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	}
	a = c.act("walk", "jump", map[string]any{"to": 1})
	assert.Equal(t, 1, a.At)
	assert.Equal(t, 3, a.Line)
	b := c.try("walk", "jump", map[string]any{"to": 9})
	assert.Equal(t, 422, b.code)
	assert.Equal(t, "move 9: the line has moves 0 to 3", b.Error)
}

// TestNewGameChoices: a new game takes the game's shipped variants and
// options and any kind of bot, and refuses a variant's path, a bot's
// file, and more training than the server allows.
func TestNewGameChoices(t *testing.T) {
	s, ts := newTestServer(t, Options{Source: load.Source{FS: definitions.Files}, Seed: 3})
	c := newClient(t, s, ts)
	c.state("mainports")
	a := c.act("mainports", "new", map[string]any{"players": 2, "bots": []int{1}, "bot": "policy",
		"variants": []string{"port-agent"}, "options": map[string]string{"map": "great-europe"}})
	assert.Equal(t, "policy", a.Bot)
	tb := s.entry("mainports")
	tb.mu.Lock()
	opts := tb.opts
	nodes := len(tb.g.BoardNodes())
	tb.mu.Unlock()
	assert.Equal(t, []string{"port-agent"}, opts.Variants)
	assert.Equal(t, []string{"map=great-europe"}, opts.Choices)
	assert.Greater(t, nodes, 0)

	// The form offers them, checked as they are.
	code, page := get(t, ts.URL+"/games/mainports")
	require.Equal(t, 200, code)
	assert.Contains(t, page, `value="port-agent" checked`)
	assert.Contains(t, page, `<option selected>great-europe</option>`)
	for _, kind := range []string{"random", "policy", "greedy", "ismcts", "learned"} {
		assert.Contains(t, page, `<option value="`+kind+`"`)
	}
	assert.Contains(t, page, `name="opt-iters"`)

	for _, tt := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"variants": []string{"./evil.cue"}}, `variant "./evil.cue": mainports ships no variant of that name (variants: one-tech-bonus, port-agent, windfall)`},
		{map[string]any{"options": map[string]string{"map": "moon"}}, `option map has no value "moon"`},
		{map[string]any{"bot": "learned:model=/etc/passwd"}, "bot learned: model= names a file of the server, which a page may not"},
		{map[string]any{"bot": "learned:games=5000"}, "bot learned: games=5000 is more than this server allows (games=50 at most)"},
	} {
		b := c.try("mainports", "new", tt.body)
		assert.Equal(t, 422, b.code, "%v", tt.body)
		assert.Contains(t, b.Error, tt.want)
	}
	tb.mu.Lock()
	assert.Equal(t, []string{"map=great-europe"}, tb.opts.Choices, "a refused new game leaves the table's game")
	tb.mu.Unlock()
	a = c.act("mainports", "new", map[string]any{"bots": []int{1}, "bot": "learned"})
	assert.Equal(t, "learned:games=50", a.Bot)
}

// TestPawns: a seat's pawn stands on the node its player var names; a
// pawn naming what the game lacks is an error with a "did you mean".
func TestPawns(t *testing.T) {
	const base = "package haven\n\ngame: playerVars: pos: 0\ngame: boards: path: nodes: home: num: field: 0\ngame: presentation: "
	opts := func(look string) load.Options {
		return load.Options{Texts: []load.Text{{Name: "look.cue", Src: base + look + "\n"}}}
	}
	_, c := walkServer(t, Options{Load: opts(`pawns: [{playerVar: "pos", kind: "start", field: "field"}]`)})
	a := c.state("walk")
	assert.Equal(t, 2, strings.Count(a.HTML, `class="pawn"`), "both seats stand on home, field 0")
	assert.Contains(t, a.HTML, "<title>player 1&#39;s pawn: home</title>")

	for look, want := range map[string]string{
		`pawns: [{playerVar: "poss", kind: "start", field: "field"}]`: `presentation.pawns: the game has no player var "poss" (did you mean "pos"?)`,
		`pawns: [{playerVar: "pos", kind: "strat", field: "field"}]`:  `presentation.pawns: the board has no node of kind "strat" (did you mean "start"?)`,
	} {
		_, err := compileGame(load.Dir("testdata"), "walk", opts(look))
		require.Error(t, err, look)
		assert.Contains(t, err.Error(), want)
	}
}

// TestInspect: the design view shows the table as any seat sees it and
// the state in full, on a server of this machine only.
func TestInspect(t *testing.T) {
	s, c := walkServer(t, Options{})
	a := c.send("GET", "/games/walk/inspect?as=1", "", nil)
	require.Equal(t, 200, a.code, a.raw)
	var in struct {
		answer
		Seat  int    `json:"seat"`
		State string `json:"state"`
	}
	require.NoError(t, json.Unmarshal([]byte(a.raw), &in))
	assert.Equal(t, 1, in.Viewer)
	assert.Equal(t, 0, in.Seat, "the page still acts as the deciding person")
	assert.Empty(t, in.Moves, "seat 1 does not decide")
	// The state names every card, the ones in the hands too.
	tb := s.entry("walk")
	tb.mu.Lock()
	hidden := hiddenCards(t, tb.g, tb.st, 1)
	tb.mu.Unlock()
	require.NotEmpty(t, hidden)
	for _, id := range hidden {
		assert.Contains(t, in.State, `"`+id+`"`)
	}
	assert.Equal(t, 400, c.send("GET", "/games/walk/inspect?as=7", "", nil).code)

	_, pc := walkServer(t, Options{Public: true})
	b := pc.send("GET", "/games/walk/inspect?as=0", "", nil)
	assert.Equal(t, 403, b.code)
	assert.Contains(t, b.Error, "the design view is for a server on this machine")
}

// TestNoUndoPastAReveal: against the bots, a person does not step back
// past the move that drew them a card from the deck; the design view
// does, on a server of this machine.
func TestNoUndoPastAReveal(t *testing.T) {
	const draw = "package haven\n\ngame: actions: draw: {name: \"Draw\", do: [{do: \"draw('deck', pz('hand', me))\"}]}\n" +
		"game: free: [{actions: [\"draw\"], when: \"len(zone('deck')) > 0\"}]\n"
	_, c := walkServer(t, Options{Bots: []int{1}, Bot: "random", Load: load.Options{Texts: []load.Text{{Name: "draw.cue", Src: draw}}}})
	a := c.act("walk", "move", map[string]any{"move": "draw"})
	a = c.act("walk", "move", map[string]any{"move": a.Moves[0].Text})
	a = c.settled("walk")
	require.GreaterOrEqual(t, a.At, 2)
	for a.At > 1 {
		a = c.act("walk", "back", nil)
	}
	b := c.try("walk", "back", nil)
	assert.Equal(t, 409, b.code)
	assert.Contains(t, b.Error, "against the bots, a move is not taken back past one that showed a hidden card (move 1)")
	b = c.try("walk", "jump", map[string]any{"to": 0})
	assert.Equal(t, 409, b.code, "a jump of the log is play too")
	a = c.act("walk", "jump", map[string]any{"to": 0, "design": true})
	assert.Equal(t, 0, a.At)
}

// TestHistoryExtended: the history extended move by move says what a
// history made from the start says.
func TestHistoryExtended(t *testing.T) {
	s, c := walkServer(t, Options{})
	// Seat 0's history is drawn after every move (the design view as
	// seat 0), so it is extended one move at a time.
	asZero := func() string {
		a := c.send("GET", "/games/walk/inspect?as=0", "", nil)
		require.Equal(t, 200, a.code, a.raw)
		return a.raw
	}
	a := c.state("walk")
	asZero()
	for k := 0; k < 3 && !a.Finished; k++ {
		a = c.act("walk", "move", map[string]any{"move": a.Moves[len(a.Moves)-1].Text})
		asZero()
	}
	tb := s.entry("walk")
	tb.mu.Lock()
	ext := tb.hist[0]
	tb.hist = nil
	tb.mu.Unlock()
	require.NotNil(t, ext)
	require.Len(t, ext.moves, 3)
	asZero()
	tb.mu.Lock()
	fresh := tb.hist[0]
	tb.mu.Unlock()
	assert.Equal(t, fresh.marks, ext.marks)
	assert.Equal(t, fresh.moves, ext.moves)
	assert.Equal(t, fresh.texts, ext.texts)
}
