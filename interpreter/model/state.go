package model

import (
	"encoding/json"
	"maps"
	"math"
	"strconv"
	"strings"
)

// State is everything that changes during a game, as plain data: it
// marshals to JSON at every point where a player must choose, and a state
// read back from JSON continues exactly where it was saved.
type State struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Seed    uint64 `json:"seed"`
	// RNG is the seeded generator's state; with Streamed, Streams are the
	// purposes' own (rng.go). Randomness comes only from here.
	RNG      uint64 `json:"rng"`
	Streamed bool   `json:"streamed,omitempty"`
	Streams  [MaxStreams]Stream
	// The counters (counters.go): vars, player vars and node vars (a
	// port's treasury), read by Var, PlayerVar and NodeVar and saved as
	// objects of names ("vars", "playerVars", "nodeVars").
	Tables    *Tables
	Counts    []int
	moreVars  map[string]int
	morePvars []map[string]int
	moreNvars map[string]map[string]int
	// The zones (zones.go), read by Zone and ZoneRefs and saved as an
	// object of references ("zones").
	Zones     [][]string
	moreZones map[string][]string
	// The stocks (stocks.go): goods by holder ("supply", a piece id, a
	// node id, a player's store...), one entry per unit, read by Stock
	// and StockHolders and saved as an object of holders ("stocks").
	holders *holderTable
	stocks  [][]string
	Pieces  []*Piece `json:"pieces"`
	// Fired names the watches whose condition held when last checked: a
	// watch fires again only after its condition has stopped holding.
	Fired []string `json:"fired,omitempty"`
	// Stack is the effects under way; Pending is the decision they wait for.
	Stack   []*Frame  `json:"stack,omitempty"`
	Pending *Decision `json:"pending,omitempty"`
	// pending holds the decision Pending points at, once the state has
	// run to one or was copied (Clone): no allocation per decision.
	pending Decision
	// bufs are the arrays the state was last copied into, for its next
	// copy (CloneInto); ident tells its copies apart (Ident).
	bufs  *cloneBufs
	ident uint64
	// laid is the array of NewList the state's lists may lie in: its
	// own or, through its copy, that of the state it was copied from
	// (LaidOver).
	laid laidArray
	// movesOwn is the array of Moves when the state made it itself
	// (StartMoves, AppendMove growing it): Renew lists the next game's
	// moves there only then, never in an array a copy shares with the
	// state it was copied from.
	movesOwn *string

	Finished  bool     `json:"finished"`
	Capped    bool     `json:"capped,omitempty"`
	EndReason string   `json:"endReason,omitempty"`
	Moves     []string `json:"moves"`
	Log       []Event  `json:"log,omitempty"`
	Steps     int      `json:"steps"`
}

// Piece is a pawn: what it is (PieceDef, which never changes once the
// piece is made, shared by the copies of its state) and what it has: At
// is the node it stands on ("" means off the board), and its counters
// and string vars. A copy of a state copies these 64 bytes a piece.
type Piece struct {
	*PieceDef `expr:"-" json:"-"`
	At        string `expr:"at" json:"at"`
	// The piece's counters (pieceVars, piecevars.go), read by Var and
	// saved as an object of names ("vars"). Vars is hidden from
	// expressions, which read a piece var with qget.
	Vars     []int `expr:"-" json:"-"`
	moreVars *cow[int]
	// strs are the piece's string vars (pieceStrs: a heading, a mode...),
	// saved as "strs", read by PieceStr, written by SetPieceStr: copies
	// of the piece share them until one writes (piecestrs.go). A copy
	// made by value (q := *p) is not marked as one: copy pieces with
	// Clone, CloneInto or ClonePieces.
	strs *cow[string]
}

// PieceDef is what a piece is from its making on: its id, kind and
// owner, the tables its counters are numbered by, and its id boxed
// once (for the lists of ids expressions build). Nothing changes it
// once its piece is in a state: the pieces of a state's copies point
// at the same one, and a piece bound to other tables gets a new one
// (piecevars.go).
type PieceDef struct {
	ID     string  `expr:"id" json:"id"`
	Kind   string  `expr:"kind" json:"kind"`
	Owner  int     `expr:"owner" json:"owner"`
	Tables *Tables `expr:"-" json:"-"`
	IDBox  any     `expr:"-" json:"-"`
}

// NewPiece makes a piece off the board, its id boxed once.
func NewPiece(id, kind string, owner int) *Piece {
	return &Piece{PieceDef: &PieceDef{ID: id, Kind: kind, Owner: owner, IDBox: id}}
}

// BoxedID is a piece's id in an interface, without a new box when the
// piece has its own.
func BoxedID(p *Piece) any {
	if p.IDBox != nil {
		return p.IDBox
	}
	return p.ID
}

// Frame is one effect under way: its locals and where it is in its blocks.
type Frame struct {
	Scope   Scope    `json:"scope"`
	Cause   string   `json:"cause"`
	Cursors []Cursor `json:"cursors"`
	// Result is what a return step of the frame gave back; Bind, when
	// not 0, is 1 + the slot of the caller's local the result goes to.
	Result any `json:"result,omitempty"`
	Bind   int `json:"bind,omitempty"`
}

// Cursor is a position in a block. A loop cursor remembers its step
// (Loop, a block number and index) and, for each-loops, the items left.
// Its numbers are int32 (a block, a step of it, an item of a list, a
// while's round; the budgets keep each far below): a copy of a state
// copies 64 bytes a cursor, not 80.
type Cursor struct {
	Block int32 `json:"block"`
	PC    int32 `json:"pc"`
	Loop  []int `json:"loop,omitempty"`
	Items []any `json:"items,omitempty"`
	Next  int32 `json:"next,omitempty"`
	Count int32 `json:"count,omitempty"`
}

// Decision is what the game waits for: a player to take a turn action or
// to pick an option of a choose step.
type Decision struct {
	Player int    `json:"player"`
	Kind   string `json:"kind"` // "turn" or "choose"
	ID     string `json:"id,omitempty"`
	Prompt string `json:"prompt,omitempty"`
}

// Event is one change of the state, with its cause: the action, effect,
// trigger or rule step that made it.
type Event struct {
	Cause string `json:"cause"`
	What  string `json:"what"`
	// Card is set when a card moved. Hidden says not everyone saw which
	// card it was; Seen lists the seats that did, when it moved.
	Card   string `json:"card,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Hidden bool   `json:"hidden,omitempty"`
	Seen   []int  `json:"seen,omitempty"`
}

// UnmarshalJSON restores ints in the items of a loop.
func (c *Cursor) UnmarshalJSON(b []byte) error {
	type plain Cursor
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	for i, v := range p.Items {
		p.Items[i] = normalize(v)
	}
	*c = Cursor(p)
	return nil
}

func normalize(v any) any {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int(x)
		}
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return v
}

// ClonePlayerVars copies player vars by name, nil staying nil.
func ClonePlayerVars(l []map[string]int) []map[string]int {
	if l == nil {
		return nil
	}
	c := make([]map[string]int, len(l))
	for i, m := range l {
		c[i] = maps.Clone(m)
	}
	return c
}

// CloneNodeVars copies node vars by name, nil staying nil.
func CloneNodeVars(m map[string]map[string]int) map[string]map[string]int {
	if m == nil {
		return nil
	}
	c := make(map[string]map[string]int, len(m))
	for k, v := range m {
		c[k] = maps.Clone(v)
	}
	return c
}

// pieceVarCount counts the counters of pieces.
func pieceVarCount(l []*Piece) int {
	n := 0
	for _, p := range l {
		n += len(p.Vars)
	}
	return n
}

// ClonePieces copies the pieces into one array, and their counters into
// vars (nil: a new array).
func ClonePieces(l []*Piece, vars []int) []*Piece {
	if l == nil {
		return nil
	}
	c := make([]*Piece, len(l))
	pieces := make([]Piece, len(l))
	if vars == nil {
		vars = make([]int, 0, pieceVarCount(l))
	}
	for i, p := range l {
		q := &pieces[i]
		*q = *p
		if p.Vars != nil {
			at := len(vars)
			vars = append(vars, p.Vars...)
			q.Vars = vars[at:len(vars):len(vars)]
		}
		sharePiece(p)
		c[i] = q
	}
	return c
}

// ClonePiecesApart is ClonePieces for a value of its own (a view, a
// state made from one): the pieces' PieceDefs are copied too, into one
// array, so that nothing the copy's holder writes reaches the original,
// nor the other way round.
func ClonePiecesApart(l []*Piece) []*Piece {
	c := ClonePieces(l, nil)
	defs := make([]PieceDef, len(c))
	for i, p := range c {
		if p.PieceDef != nil {
			defs[i] = *p.PieceDef
			p.PieceDef = &defs[i]
		}
	}
	return c
}

// Pend makes d the decision the state waits for, kept in the state
// itself. A caller that holds the old Pending across a move sees it
// change: Pending is read afresh after every move.
func (s *State) Pend(d Decision) {
	s.pending = d
	s.Pending = &s.pending
}

// ClonePending copies a decision, nil staying nil.
func ClonePending(d *Decision) *Decision {
	if d == nil {
		return nil
	}
	c := *d
	return &c
}

// CloneLists copies lists by key into buf, each capped at its length so
// that appending to one never writes over the next; it returns what is
// left of buf.
func CloneLists(m map[string][]string, buf []string) (map[string][]string, []string) {
	if m == nil {
		return nil, buf
	}
	c := maps.Clone(m)
	for k, l := range m {
		if l == nil {
			continue
		}
		at := len(buf)
		buf = append(buf, l...)
		c[k] = buf[at:len(buf):len(buf)]
	}
	return c, buf
}

// clip is a list capped at its length: appending to it copies.
func clip[E any](l []E) []E { return l[:len(l):len(l)] }

// SplitZoneRef splits a zone reference of a view or an event, "name/seat"
// for a player's zone or "name" for a shared one, into the zone name and
// its owner (-1: none).
func SplitZoneRef(ref string) (string, int) {
	i := strings.LastIndexByte(ref, '/')
	if i < 0 {
		return ref, -1
	}
	n, err := strconv.Atoi(ref[i+1:])
	if err != nil {
		return ref, -1
	}
	return ref[:i], n
}

// PlayerZone names the zone of one player.
func PlayerZone(name string, seat int) string {
	return name + "/" + strconv.Itoa(seat)
}

// Units counts the cards of every zone and the good units of every
// stock: the size of one backing array for copies of them all.
func (s *State) Units() int { return s.cardCount() + s.unitCount() }

// Units counts the elements of lists by key.
func Units(m map[string][]string) int {
	n := 0
	for _, l := range m {
		n += len(l)
	}
	return n
}
