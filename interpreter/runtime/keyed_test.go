package runtime_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/compile"
)

// TestKeyedFieldsByNumber checks that the compiler numbers the keys of
// every card's, node's and edge's keyed fields so that each one's
// arrays hold its maps' values (the four games), and that an expression
// naming a key reads the array, by its number: a value put in the array
// alone is what it reads.
func TestKeyedFieldsByNumber(t *testing.T) {
	for _, id := range []string{"rotterdam", "masters-of-trade", "mainport-mastermind", "mainports"} {
		g, _ := shippedGame(t, id)
		for _, c := range g.Cards {
			for k, v := range c.Num {
				require.Equal(t, v, c.NumAt[g.Keys["card.num."+k]], "%s %s num.%s", id, c.ID, k)
			}
			for k, v := range c.Str {
				require.Equal(t, v, c.StrAt[g.Keys["card.str."+k]], "%s %s str.%s", id, c.ID, k)
			}
			for k, v := range c.List {
				require.Equal(t, v, c.ListAt[g.Keys["card.list."+k]], "%s %s list.%s", id, c.ID, k)
			}
		}
		for _, n := range g.Board.Nodes {
			for k, v := range n.Num {
				require.Equal(t, v, n.NumAt[g.Keys["node.num."+k]], "%s %s num.%s", id, n.ID, k)
			}
			for k, v := range n.Str {
				require.Equal(t, v, n.StrAt[g.Keys["node.str."+k]], "%s %s str.%s", id, n.ID, k)
			}
		}
		for _, out := range g.Board.Out {
			for _, e := range out {
				for k, v := range e.Str {
					require.Equal(t, v, e.StrAt[g.Keys["edge.str."+k]], "%s %s→%s str.%s", id, e.From, e.To, k)
				}
			}
		}
	}

	g, st := smallGame(t)
	one := g.Cards["one"]
	one.StrAt[g.Keys["card.str.port"]] = "by number"
	c, err := compile.Expr(g, `card('one').str.port`, diag.Pos{File: "t", Line: 1, Col: 1})
	require.NoError(t, err)
	v, err := g.EvalPatch(st, c)
	require.NoError(t, err)
	require.Equal(t, "by number", v)
}
