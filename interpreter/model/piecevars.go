package model

import "encoding/json"

// This file keeps the counters of pieces (pieceVars). A piece of a
// state bound to its game keeps them in a slice by the index the game
// gave each name when it compiled (a state's pieces share one backing
// array, so a copy of the state copies them at once); a name the game
// does not declare, and every name of a piece read from JSON and not yet
// bound, is kept in a map. Expressions read them with qget.

// varOf is a counter of the piece.
func (p *Piece) varOf(name string) int {
	if p.Tables != nil {
		if k := p.Tables.PieceVars.Find(name); k >= 0 {
			return p.Vars[k]
		}
	}
	v, _ := p.moreVars.get(name)
	return v
}

// SetPieceVar sets a var of a piece by name (a function, not a
// method: expr lists the methods of the types it checks, and each one
// costs the load an allocation).
func SetPieceVar(p *Piece, name string, v int) {
	if p.Tables != nil {
		if k := p.Tables.PieceVars.Find(name); k >= 0 {
			p.Vars[k] = v
			return
		}
	}
	set(&p.moreVars, name, v)
}

// Var is the value of a counter of the piece (0 when it has none of that name).
func (p *Piece) Var(name string) int { return p.varOf(name) }

// qvarMap is the piece's counters by name, a copy; nil when it has none.
func (p *Piece) qvarMap() map[string]int {
	more := p.moreVars.mapOf()
	if p.Tables == nil {
		return CloneMap(more)
	}
	if len(p.Tables.PieceVars.List) == 0 && more == nil {
		return nil
	}
	m := make(map[string]int, len(p.Tables.PieceVars.List)+len(more))
	for k, name := range p.Tables.PieceVars.List {
		m[name] = p.Vars[k]
	}
	for name, v := range more {
		m[name] = v
	}
	return m
}

// bindPiece places the counters of a piece by name in their indexes;
// a declared counter the piece lacks is 0.
func (t *Tables) bindPiece(p *Piece) {
	if p.Tables == t {
		return
	}
	if p.Tables != nil && t.sameAs(p.Tables) {
		p.setTables(t)
		return
	}
	vars := p.qvarMap()
	p.setTables(t)
	p.Vars, p.moreVars = make([]int, len(t.PieceVars.List)), nil
	for name, v := range vars {
		SetPieceVar(p, name, v)
	}
}

// setTables binds the piece to t in a PieceDef of its own: the one it
// had may be its copies' too.
func (p *Piece) setTables(t *Tables) {
	d := *p.PieceDef
	d.Tables = t
	p.PieceDef = &d
}

// NewPieceVars gives a piece made by the game (NewPiece, not yet in a
// state) its counters' start values.
func (t *Tables) NewPieceVars(p *Piece) {
	p.Tables, p.Vars, p.moreVars = t, append([]int(nil), t.qvarInit...), nil
}

// pieceJSON is a Piece as saved: its counters as an object of names.
type pieceJSON struct {
	ID    string            `json:"id"`
	Kind  string            `json:"kind"`
	Owner int               `json:"owner"`
	At    string            `json:"at"`
	Vars  map[string]int    `json:"vars,omitempty"`
	Strs  map[string]string `json:"strs,omitempty"`
}

// MarshalJSON writes the piece with its counters by name.
func (p Piece) MarshalJSON() ([]byte, error) {
	return json.Marshal(pieceJSON{p.ID, p.Kind, p.Owner, p.At, p.qvarMap(), p.strs.mapOf()})
}

// UnmarshalJSON reads a piece saved by MarshalJSON; its counters are
// kept by name until its state is bound.
func (p *Piece) UnmarshalJSON(b []byte) error {
	var j pieceJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*p = Piece{PieceDef: &PieceDef{ID: j.ID, Kind: j.Kind, Owner: j.Owner, IDBox: j.ID}, At: j.At, moreVars: newCow(j.Vars), strs: newCow(j.Strs)}
	return nil
}
