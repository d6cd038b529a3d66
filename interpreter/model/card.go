package model

// Card is one physical card. Def is the card type's id; ID is unique.
type Card struct {
	ID   string              `expr:"id" json:"id"`
	Def  string              `expr:"def" json:"def"`
	Name string              `expr:"name" json:"name"`
	Kind string              `expr:"kind" json:"kind"`
	Text string              `expr:"text" json:"-"`
	Num  map[string]int      `expr:"num" json:"num,omitempty"`
	Str  map[string]string   `expr:"str" json:"str,omitempty"`
	List map[string][]string `expr:"list" json:"list,omitempty"`
	// NumAt, StrAt and ListAt hold Num, Str and List by the numbers the
	// compiler gives the keys of each (Keys): an expression that names
	// a key (card(c).str.port) reads it by its number, not its hash.
	// Nil when the card was not made by the compiler.
	NumAt  []int      `expr:"-" json:"-"`
	StrAt  []string   `expr:"-" json:"-"`
	ListAt [][]string `expr:"-" json:"-"`
	// Rank is the card's place among its game's cards sorted by id,
	// from 1; 0 when the compiler did not number it.
	Rank int `expr:"-" json:"-"`
}
