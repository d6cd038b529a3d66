// Package runtime runs a compiled game: the Game's tables, the machine
// that evaluates its expressions with the library's functions, and the
// step machine that lists legal moves and applies them (New, Legal, Apply,
// LegalInto, ApplyIndex), charging the budgets as it goes; the views and
// observations a player is given, scoring, a bot's policy and estimate.
//
// It knows no game, and nothing of CUE: package interpreter compiles a
// definition into a Game (every expression compiled and type-checked once)
// and fills its exported fields; runtime only reads them. A Game runs one
// state at a time; compile one Game per goroutine to run games in parallel.
package runtime

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
	// Choices are the options the game was loaded with, other than their
	// defaults: NAME=VALUE, by name.
	Choices    []string
	Policied   bool // bots.prefer ranks some decision (policy.go)
	MinPlayers int
	MaxPlayers int
	Params     map[string]any

	Vars       []string
	VarInit    map[string]int
	PlayerVars []string
	PvarInit   map[string]int
	PieceVars  []string
	QvarInit   map[string]int
	GoodList   []*Good
	GoodIndex  map[string]*Good
	Zones      map[string]*Zone       // global zones
	Pzones     map[string]*Zone       // per-player zones
	PzNames    map[string][]string    // their names by seat: "name/seat"
	ZoneOrder  []string               // global zones, then per-player ones
	Cards      map[string]*model.Card // by instance id
	CardOrder  []string               // instance ids, in definition order
	// CardRanks are the instance ids sorted, each at its card's Rank - 1.
	CardRanks  []string
	Defs       map[string][]string // card types by kind, in definition order
	PieceKinds []*PieceKind
	// PieceKindIDs are the piece kinds, known before pieceKinds is compiled.
	PieceKindIDs []string
	// KindRefs are the kinds expressions name as constants.
	KindRefs map[string]bool
	Dice     map[string][]int
	Board    *board.Board

	Setup, Flow *Block
	Effects     map[string]*Effect
	Actions     map[string]*Action
	ActionOrder []*Action
	Triggers    []*Trigger
	Free        []FreeRule // actions offered at every decision (free.go)
	Scoring     scoring
	CapVarID    string
	CapMax      int
	// capTab and capAt are the tables CapVarID was last found in, and
	// its number there (capVar).
	capTab *model.Tables
	capAt  int

	// The constructs of compile_rules.go: node vars, piece string vars,
	// cards in force, watches and named functions.
	NodeVars    []string
	NvarInit    map[string]int
	PieceStrs   []string
	QstrInit    map[string]string
	ActiveZones []string              // player zones whose cards are in force for their owner
	CardRules   map[string]*CardRules // by card type
	Watches     []*Watch
	Funcs       map[string]*Function

	// PvarNodeFields are, by player var, the node number fields an
	// effect sets it to as they are (pset(p, 'home', node(x).num.nr)),
	// sorted: a value of the var names the node whose field holds it
	// (compile/nodefields.go).
	PvarNodeFields map[string][]string

	// Tab numbers the counters of the game's states (model.Tables).
	Tab *model.Tables
	// Keys numbers the keys of the cards', nodes' and edges' keyed
	// fields (translate.Keys).
	Keys translate.Keys
	// Boxed holds the declared names boxed once (boxes.go).
	Boxed map[string]any

	Blocks     []*Block
	Base       *model.Layout // the locals of scoring and of outside expressions
	SeenByLay  *model.Layout // viewer, owner, params
	M          *Machine
	ParamList  map[string]any // what every expr sees as `params`
	ParamTypes types.Map
	Codes      []*Code       // every expression compiled, for tests
	Limits     budget.Limits // the budgets of evaluation (limits.go)
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
	SeenBy     *Code
}

// PieceKind is a kind of pawn players own.
type PieceKind struct {
	ID        string
	PerPlayer *Code
}

// Effect is a named subroutine.
type Effect struct {
	ID        string
	Returns   string // the type of what a return step gives back, or ""
	ParamList []Param
	Body      *Block
	Lay       *model.Layout
}

// Action is something a player may do when a turn step asks.
type Action struct {
	ID, Name, Text string
	Group          string
	Ends           bool
	ParamList      []Param
	When           []Condition
	Sees           []Param // locals read from the frame that offers it
	Body           *Block
	Lay            *model.Layout
	Cause          string // "action <id>", the cause its changes are logged with
	Prefer         *Code  // the bots' rank of a move of it (policy.go)
}

// Param is one parameter of an action: its name and type, the list of
// values it may take (From) and its local in the action's layout.
type Param struct {
	Name, Typ string
	From      *Code
	Need      int // how many of the action's params from reads
	Slot      int // its local in the action's layout
}

// Condition is one condition of an action, with the message a refused
// move gives when it fails.
type Condition struct {
	Msg  string
	Code *Code
	// Need is how many of the action's params the condition reads: it is
	// checked as soon as those are bound, before the rest are enumerated.
	Need int
}

// Trigger runs when an emit step raises its event.
type Trigger struct {
	On    string
	When  *Code
	Body  *Block
	Cause string // "trigger <on>"
	Event int    // the slot of event
	Card  int    // a card's trigger: the slot of card
}

type scoring struct {
	Score    *Code
	Tiebreak []NamedCode
	Show     []NamedCode
	Estimate *Code // nil: the definition gives none (estimate.go)
}

// NamedCode is an expression under a name: a tiebreak or a shown score,
// a choice's reason to refuse, a call's argument.
type NamedCode struct {
	Name string
	Code *Code
	Slot int    // a call's argument: its local in the effect's layout
	Typ  string // a call's argument: the type the effect declares
}

// Block is a list of steps; blocks are numbered so that a paused effect
// can be saved as plain data (block number and step index).
type Block struct {
	Id    int
	Steps []*Step
	Lay   *model.Layout // the locals of the body the block belongs to
}

type stepKind uint8

const (
	StepDo stepKind = iota
	StepIf
	StepEach
	StepWhile
	StepLet
	StepCall
	StepChoose
	StepTurn
	StepEmit
	StepEnd
	StepReturn
)

// Step is one compiled step of an effect.
type Step struct {
	Kind      stepKind
	Pos       diag.Pos
	Rule      string
	Cause     string // what the log names as the cause of its changes
	Expr      *Code  // do, if, each, while, let, choose options
	Then, Els *Block
	Loop      *Block
	As        string
	AsSlot    int   // the local as names
	At        []int // the block and index of the step: a loop cursor's Loop
	Max       int
	CallName  string
	CallCause string
	Call      *Effect
	With      []NamedCode
	ChooseID  string
	Player    *Code
	Prompt    string
	Auto      bool
	Many      *ManyChoice // a choice of several options at once
	Why       []NamedCode // why an answer was refused (refused.go)
	Prefer    *Code       // the bots' rank of an option (policy.go)
	OptSlot   int         // the local `option` prefer reads
	Actions   []*Action
	Emit      string
	End       string
}

// Code is one compiled expr program with the position of its source.
//
// The fields every evaluation reads come first, in one cache line.
type Code struct {
	// An expression that is a constant or a bare name is answered without
	// running its closures: konst (when isConst) or the local in slot
	// ident (when isIdent).
	IsConst bool
	IsIdent bool
	Ident   int
	Konst   any
	// Fast is the expression translated into closures (package
	// translate): what runs it. Prog, expr's program, runs only in tests
	// (Machine.NoFast): the compiler drops it once a game is compiled,
	// unless asked to keep it (compile.KeepPrograms); an expression
	// compiled from outside the definition (compile.Expr) keeps it.
	Fast *translate.Code
	// memo is how the value is kept by the locals it depends on, planned
	// by the compiler (PlanMemo, memo.go); nil until then. direct says
	// that it is planned, not kept, and run by its closures: the run
	// loop runs them itself (evalStep).
	memo   *memoPlan
	direct bool
	Prog   *vm.Program
	Src    string
	Pos    diag.Pos
	Lit    exprpos.Literal
}

// Card returns the card with an instance id, or nil.
func (g *Game) Card(id string) *model.Card { return g.Cards[id] }

// Action returns the action with an id, or nil.
func (g *Game) Action(id string) *Action { return g.Actions[id] }

// CardType is one type of card of a game: its id, the name and kind the
// definition gives it, and how many cards of it the game makes.
type CardType struct {
	ID, Name, Kind string
	Count          int
}

// CardTypes lists the game's card types in the order their first cards
// are defined.
func (g *Game) CardTypes() []CardType {
	var out []CardType
	at := map[string]int{}
	for _, id := range g.CardOrder {
		c := g.Cards[id]
		if k, ok := at[c.Def]; ok {
			out[k].Count++
			continue
		}
		at[c.Def] = len(out)
		out = append(out, CardType{ID: c.Def, Name: c.Name, Kind: c.Kind, Count: 1})
	}
	return out
}

// TiebreakNames names the tie-breaks of the scoring, in order.
func (g *Game) TiebreakNames() []string {
	out := make([]string, len(g.Scoring.Tiebreak))
	for i, t := range g.Scoring.Tiebreak {
		out[i] = t.Name
	}
	return out
}

// CapVar names the var the definition's cap counts (a round counter, most
// often), or "" when the definition has no cap: the game's own measure of
// progress, which a report may count lead changes by.
func (g *Game) CapVar() string { return g.CapVarID }

// playerZone names the zone of one player, without building the name
// when the zone is declared.
func (g *Game) playerZone(name string, seat int) string {
	if l := g.PzNames[name]; seat >= 0 && seat < len(l) {
		return l[seat]
	}
	return model.PlayerZone(name, seat)
}
