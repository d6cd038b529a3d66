// Package interpreter compiles a validated game definition into a Game and
// runs it. It knows no game: boards, cards, effects and flow all come from
// the definition, and every condition and effect is an expr program
// compiled and type-checked once, by Compile.
//
// The pipeline is load (package load) → Compile → New → Legal/Apply.
// A Game runs one state at a time; compile one Game per goroutine to run
// games in parallel.
package interpreter

import (
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/exprpos"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/translate"
)

// Game is a compiled definition: immutable data shared by every state,
// plus the expr programs that read and change a state.
type Game struct {
	ID, Name, Summary string
	hasPolicy         bool // bots.prefer ranks some decision (policy.go)
	MinPlayers        int
	MaxPlayers        int
	Params            map[string]any

	vars       []string
	varInit    map[string]int
	playerVars []string
	pvarInit   map[string]int
	pieceVars  []string
	qvarInit   map[string]int
	goods      []*Good
	goodIndex  map[string]*Good
	zones      map[string]*Zone       // global zones
	pzones     map[string]*Zone       // per-player zones
	pzNames    map[string][]string    // their names by seat: "name/seat"
	zoneOrder  []string               // global zones, then per-player ones
	cards      map[string]*model.Card // by instance id
	cardOrder  []string               // instance ids, in definition order
	defs       map[string][]string    // card types by kind, in definition order
	pieceKinds []*PieceKind
	// pieceKindIDs are the piece kinds, known before pieceKinds is compiled.
	pieceKindIDs []string
	// kindRefs are the kinds expressions name as constants.
	kindRefs map[string]bool
	dice     map[string][]int
	board    *board.Board

	setup, flow *Block
	effects     map[string]*Effect
	actions     map[string]*Action
	actionOrder []*Action
	triggers    []*Trigger
	free        []freeRule // actions offered at every decision (free.go)
	scoring     scoring
	capVar      string
	capMax      int

	// The constructs of compile_rules.go: node vars, piece string vars,
	// cards in force, watches and named functions.
	nodeVars    []string
	nvarInit    map[string]int
	pieceStrs   []string
	qstrInit    map[string]string
	activeZones []string              // player zones whose cards are in force for their owner
	cardRules   map[string]*cardRules // by card type
	watches     []*watch
	funcs       map[string]*function

	// tab numbers the counters of the game's states (model.Tables).
	tab *model.Tables
	// boxed holds the declared names boxed once (boxes.go).
	boxed map[string]any

	blocks     []*Block
	base       *model.Layout // the locals of scoring and of outside expressions
	seenByLay  *model.Layout // viewer, owner, params
	m          *machine
	params     map[string]any // what every expr sees as `params`
	paramTypes types.Map
	codes      []*code       // every expression compiled, for tests
	limits     budget.Limits // the budgets of evaluation (limits.go)
}

// Good is a kind of interchangeable token.
type Good struct {
	ID, Name string
	Count    int
}

// Zone is a declared card zone. A per-player zone exists once per seat,
// addressed as "name/seat".
type Zone struct {
	ID, Name   string
	PerPlayer  bool
	Visibility string // public, owner or hidden
	Refill     string
	seenBy     *code
}

// PieceKind is a kind of pawn players own.
type PieceKind struct {
	ID        string
	perPlayer *code
}

// Effect is a named subroutine.
type Effect struct {
	ID      string
	returns string // the type of what a return step gives back, or ""
	params  []param
	body    *Block
	lay     *model.Layout
}

// Action is something a player may do when a turn step asks.
type Action struct {
	ID, Name, Text string
	Group          string
	Ends           bool
	params         []param
	when           []condition
	sees           []param // locals read from the frame that offers it
	body           *Block
	lay            *model.Layout
	cause          string // "action <id>", the cause its changes are logged with
	prefer         *code  // the bots' rank of a move of it (policy.go)
}

type param struct {
	name, typ string
	from      *code
	need      int // how many of the action's params from reads
	slot      int // its local in the action's layout
}

type condition struct {
	msg  string
	code *code
	// need is how many of the action's params the condition reads: it is
	// checked as soon as those are bound, before the rest are enumerated.
	need int
}

// Trigger runs when an emit step raises its event.
type Trigger struct {
	On    string
	when  *code
	body  *Block
	cause string // "trigger <on>"
	event int    // the slot of event
	card  int    // a card's trigger: the slot of card
}

type scoring struct {
	score    *code
	tiebreak []namedCode
	show     []namedCode
	estimate *code // nil: the definition gives none (estimate.go)
}

type namedCode struct {
	name string
	code *code
	slot int    // a call's argument: its local in the effect's layout
	typ  string // a call's argument: the type the effect declares
}

// Block is a list of steps; blocks are numbered so that a paused effect
// can be saved as plain data (block number and step index).
type Block struct {
	id    int
	steps []*Step
	lay   *model.Layout // the locals of the body the block belongs to
}

type stepKind uint8

const (
	stepDo stepKind = iota
	stepIf
	stepEach
	stepWhile
	stepLet
	stepCall
	stepChoose
	stepTurn
	stepEmit
	stepEnd
	stepReturn
)

// Step is one compiled step of an effect.
type Step struct {
	kind      stepKind
	pos       diag.Pos
	rule      string
	cause     string // what the log names as the cause of its changes
	expr      *code  // do, if, each, while, let, choose options
	then, els *Block
	loop      *Block
	as        string
	asSlot    int   // the local as names
	at        []int // the block and index of the step: a loop cursor's Loop
	max       int
	callName  string
	callCause string
	call      *Effect
	with      []namedCode
	chooseID  string
	player    *code
	prompt    string
	auto      bool
	many      *manyChoice // a choice of several options at once
	why       []namedCode // why an answer was refused (refused.go)
	prefer    *code       // the bots' rank of an option (policy.go)
	optSlot   int         // the local `option` prefer reads
	actions   []*Action
	emit      string
	end       string
}

// code is one compiled expr program with the position of its source.
type code struct {
	prog *vm.Program
	src  string
	pos  diag.Pos
	lit  exprpos.Literal
	// An expression that is a constant or a bare name is answered without
	// running the VM: konst (when isConst) or the local in slot ident
	// (when isIdent).
	isConst bool
	konst   any
	isIdent bool
	ident   int
	// fast is the expression translated into closures (package translate), run
	// instead of the VM; nil leaves it to the VM.
	fast *translate.Code
}

// Card returns the card with an instance id, or nil.
func (g *Game) Card(id string) *model.Card { return g.cards[id] }

// Action returns the action with an id, or nil.
func (g *Game) Action(id string) *Action { return g.actions[id] }

// TiebreakNames names the tie-breaks of the scoring, in order.
func (g *Game) TiebreakNames() []string {
	out := make([]string, len(g.scoring.tiebreak))
	for i, t := range g.scoring.tiebreak {
		out[i] = t.name
	}
	return out
}

// CapVar names the var the definition's cap counts (a round counter, most
// often), or "" when the definition has no cap: the game's own measure of
// progress, which a report may count lead changes by.
func (g *Game) CapVar() string { return g.capVar }

// playerZone names the zone of one player, without building the name
// when the zone is declared.
func (g *Game) playerZone(name string, seat int) string {
	if l := g.pzNames[name]; seat >= 0 && seat < len(l) {
		return l[seat]
	}
	return model.PlayerZone(name, seat)
}
