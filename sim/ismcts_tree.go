package sim

import (
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// This file holds the ISMCTS tree and how it is kept from one decision
// of a seat to the next.

// node is a move of the tree: the move that leads to it and who made it,
// how often it was visited and available, and the sum of its player's
// values.
type node struct {
	move   string
	player int
	visits int
	avail  int
	value  float64
	kids   []*node
	byText map[string]*node // when kids are many
}

// kid returns the child reached by move, or nil.
func (n *node) kid(move string) *node {
	if n.byText != nil {
		return n.byText[move]
	}
	for _, k := range n.kids {
		if k.move == move {
			return k
		}
	}
	return nil
}

// add makes the child reached by m, one of width moves legal at n, its
// node from the bot's nodes and its text the bot's copy (nodes.text):
// a listed move's text is part of the string of all the moves listed
// with it, which the tree would otherwise keep alive. The first child makes room for width, so that a node tried
// by each of its moves grows its list once rather than by doubling.
func (n *node) add(m interpreter.Move, width int, nodes *nodes) *node {
	k := nodes.new()
	k.move, k.player = nodes.text(m.Text), m.Player
	if n.kids == nil {
		n.kids = make([]*node, 0, min(width, maxListed+1))
	}
	n.kids = append(n.kids, k)
	switch {
	case n.byText != nil:
		n.byText[k.move] = k
	case len(n.kids) > maxListed:
		n.byText = make(map[string]*node, 16)
		for _, x := range n.kids {
			n.byText[x.move] = x
		}
	}
	return k
}

// maxListed is how many children a node finds by a walk along its list;
// one with more finds them by a map of their texts.
const maxListed = 8

// nodes hands out a bot's tree nodes and keeps the texts of their moves.
// Every iteration adds a node: one allocation each would make the
// search's tree hundreds of small objects a decision for the collector
// to trace; nodes are made nodeChunk at a time instead. A chunk lives on
// while a kept tree holds any of its nodes, a few kilobytes at most.
type nodes struct {
	free []node
	// texts are the texts of the moves of the bot's trees, each kept
	// once: a game repeats its moves' texts (pass, the same good, the
	// same ship) all over a tree and from one decision to the next.
	texts map[string]string
}

// nodeChunk is how many nodes nodes makes at a time.
const nodeChunk = 64

// new returns a zero node.
func (ns *nodes) new() *node {
	if len(ns.free) == 0 {
		ns.free = make([]node, nodeChunk)
	}
	k := &ns.free[0]
	ns.free = ns.free[1:]
	return k
}

// text returns the bot's copy of a move's text, made the first time it
// is asked for.
func (ns *nodes) text(s string) string {
	if t, ok := ns.texts[s]; ok {
		return t
	}
	if ns.texts == nil {
		ns.texts = map[string]string{}
	}
	t := strings.Clone(s)
	ns.texts[t] = t
	return t
}

// keptTree is a seat's tree as its last decision left it: the root
// searched, how many moves the game had made then, and the move chosen.
type keptTree struct {
	root *node
	made int
	move string
}

// Since tells Decide from which move on the bot wants to know the moves
// made: those since its last decision for seat (-1: none kept).
func (b *ISMCTS) Since(seat int) int {
	if k := b.trees[seat]; k != nil {
		return k.made
	}
	return -1
}

// follow returns the root to search from: the node of the seat's kept
// tree that the moves made since its last decision lead to, or a new
// root. The first of these moves is the bot's own, which it knows even
// when the observation does not show it; the tree is dropped when a
// move is not known to the seat (it names a card the seat does not
// see), when the tree never tried one, or when the observation does not
// start where the last decision left off (another game, or a game taken
// back). Everything kept was learnt from the seat's own observations,
// so following peeks at nothing; the counts were gathered on samples
// of an earlier information set, which the moves since narrow (a
// known bias of reusing ISMCTS trees, against the iterations gained).
func (b *ISMCTS) follow(obs *interpreter.Observation) *node {
	fresh := &node{player: -1}
	k := b.trees[obs.Seat()]
	delete(b.trees, obs.Seat())
	moves := obs.Moves()
	if k == nil || obs.Made()-len(moves) != k.made {
		return fresh
	}
	n := k.root
	for i, m := range moves {
		switch {
		case i == 0 && m == "":
			m = k.move
		case i == 0 && m != k.move:
			return fresh // not the move the bot chose
		case m == "":
			return fresh
		}
		if n = n.kid(m); n == nil {
			return fresh
		}
	}
	b.Reused += n.visits
	return n
}
