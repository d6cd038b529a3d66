// Package interpreter is Haven's public entry to a game: Compile turns a
// validated definition (from package load) into a Game, whose methods start
// a state (New), list and apply moves (Legal, Apply), show a player what
// they may see (View, Observe) and compile expressions from outside the
// definition (CompileExpr, Eval). It knows no game: boards, cards, effects
// and flow all come from the definition.
//
// The pipeline is load (package load) → Compile → New → Legal/Apply.
// A Game runs one state at a time; compile one Game per goroutine to run
// games in parallel.
//
// The work is done below it, in pipeline order: package runtime holds the
// machine that runs a compiled game, and package compile turns the CUE
// value into it, checking every name and expression once at load.
// Package reference, beside them, is the designer's reference to the
// language (Reference, `haven doc`), checked by its tests against both.
package interpreter

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/interpreter/compile"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// Game is a compiled game. Callers see its methods only (game.go), each
// handing the work to the machine (package runtime), whose fields are
// the compiler's; it adds the compiling of expressions from outside the
// definition, which needs the compiler.
type Game struct {
	rt *runtime.Game
	// src is the value compiled, whose text Hash digests once.
	src  cue.Value
	hash func() string
}

// Compile turns a validated `game` value (from package load) into a Game.
// Every expr source is compiled and type-checked here, once; all problems
// are returned together as a diag.List with positions in the CUE files.
func Compile(v cue.Value) (*Game, error) {
	g, err := compile.Compile(v)
	if err != nil {
		return nil, err
	}
	game := &Game{rt: g, src: v}
	game.hash = sync.OnceValue(game.digest)
	return game, nil
}

// Hash identifies the rules compiled, variants, overrides and options
// applied: the SHA-256, in hex, of the compiled value's JSON less what
// no rule reads (descriptive). A file made for one definition (a bot's
// trained model) records it, so that it is refused by any other, but not
// by the same rules with another label, quote or rule-book note.
func (g *Game) Hash() string { return g.hash() }

func (g *Game) digest() string {
	b, err := g.src.MarshalJSON()
	if err != nil {
		b = fmt.Append(nil, g.src) // a value JSON cannot show: its CUE text
	} else {
		b = rulesOnly(b)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// descriptive are the fields of a definition no expression reads: at
// the top, how the game is named, shown and traced to its rule book;
// anywhere, a designer's notes; on a step, its name (a patch's handle)
// and the rule it quotes.
var (
	descriptiveTop  = []string{"name", "summary", "rules", "rulebook", "presentation"}
	descriptiveAny  = []string{"note", "reconstructed"}
	descriptiveStep = []string{"name", "rule"}
	stepKinds       = []string{"do", "if", "each", "while", "let", "call", "choose", "turn", "emit", "end", "return"}
)

// rulesOnly is a definition's JSON less its descriptive fields, with the
// keys sorted (encoding/json sorts a map's keys); b unchanged if it is
// not a JSON object.
func rulesOnly(b []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var top map[string]any
	if d.Decode(&top) != nil {
		return b
	}
	for _, k := range descriptiveTop {
		delete(top, k)
	}
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range descriptiveAny {
				delete(v, k)
			}
			for _, k := range stepKinds {
				if _, ok := v[k]; ok {
					for _, k := range descriptiveStep {
						delete(v, k)
					}
					break
				}
			}
			for _, e := range v {
				strip(e)
			}
		case []any:
			for _, e := range v {
				strip(e)
			}
		}
	}
	strip(top)
	out, err := json.Marshal(top)
	if err != nil {
		return b
	}
	return out
}

// The machine's values that callers name.
type (
	// Move is one legal move: the player who makes it and its text.
	Move = runtime.Move
	// IllegalMove is the error of a move that is not legal now.
	IllegalMove = runtime.IllegalMove
	// Result is a finished game's scores and ranking.
	Result = runtime.Result
	// Action is a declared action.
	Action = runtime.Action
	// Good is a declared good.
	Good = runtime.Good
	// Node is a board node.
	Node = runtime.Node
	// Edge is a board edge.
	Edge = runtime.Edge
	// BoardEdge is an edge as the definition declares it.
	BoardEdge = runtime.BoardEdge
)
