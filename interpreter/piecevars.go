package interpreter

import "encoding/json"

// This file keeps the counters of pieces (pieceVars). A piece of a
// state bound to its game keeps them in a slice by the index the game
// gave each name when it compiled (a state's pieces share one backing
// array, so a copy of the state copies them at once); a name the game
// does not declare, and every name of a piece read from JSON and not yet
// bound, is kept in a map. Expressions read them with qget.

// qvarOf is a counter of the piece.
func (p *Piece) qvarOf(name string) int {
	if p.tab != nil {
		if k := p.tab.qvars.find(name); k >= 0 {
			return p.vars[k]
		}
	}
	return p.moreVars[name]
}

func (p *Piece) setQvarOf(name string, v int) {
	if p.tab != nil {
		if k := p.tab.qvars.find(name); k >= 0 {
			p.vars[k] = v
			return
		}
	}
	if p.moreVars == nil {
		p.moreVars = map[string]int{}
	}
	p.moreVars[name] = v
}

// Var is the value of a counter of the piece (0 when it has none of that name).
func (p *Piece) Var(name string) int { return p.qvarOf(name) }

// qvarMap is the piece's counters by name, a copy; nil when it has none.
func (p *Piece) qvarMap() map[string]int {
	if p.tab == nil {
		return cloneMap(p.moreVars)
	}
	if len(p.tab.qvars.list) == 0 && p.moreVars == nil {
		return nil
	}
	m := make(map[string]int, len(p.tab.qvars.list)+len(p.moreVars))
	for k, name := range p.tab.qvars.list {
		m[name] = p.vars[k]
	}
	for name, v := range p.moreVars {
		m[name] = v
	}
	return m
}

// bindPiece places the counters of a piece by name in their indexes;
// a declared counter the piece lacks is 0.
func (t *tables) bindPiece(p *Piece) {
	if p.tab == t {
		return
	}
	if p.tab != nil && t.sameAs(p.tab) {
		p.tab = t
		return
	}
	vars := p.qvarMap()
	p.tab, p.vars, p.moreVars = t, make([]int, len(t.qvars.list)), nil
	for name, v := range vars {
		p.setQvarOf(name, v)
	}
}

// newPieceVars gives a piece made by the game its counters' start values.
func (t *tables) newPieceVars(p *Piece) {
	p.tab, p.vars, p.moreVars = t, append([]int(nil), t.qvarInit...), nil
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
	return json.Marshal(pieceJSON{p.ID, p.Kind, p.Owner, p.At, p.qvarMap(), p.Strs})
}

// UnmarshalJSON reads a piece saved by MarshalJSON; its counters are
// kept by name until its state is bound.
func (p *Piece) UnmarshalJSON(b []byte) error {
	var j pieceJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*p = Piece{ID: j.ID, Kind: j.Kind, Owner: j.Owner, At: j.At, moreVars: j.Vars, Strs: j.Strs, idBox: j.ID}
	return nil
}
