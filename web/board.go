package web

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/haven-engine/haven/interpreter"
)

// seatColors tell the players' pieces apart.
var seatColors = []string{"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"}

func seatColor(p int) string {
	if p < 0 {
		return "#7f8c8d"
	}
	return seatColors[p%len(seatColors)]
}

// svgBoard is the board drawn for one view: everything in it comes from
// the definition's board and layout and from the view's pieces and goods.
type svgBoard struct {
	Width, Height float64
	Background    string
	Edges         []svgEdge
	Nodes         []svgNode
	Pieces        []svgPiece
	Tokens        []svgToken
	Pawns         []svgPawn
}

// svgPawn is a seat's pawn on a node a player var names (a rondel's).
type svgPawn struct {
	Points, Color, Title string
}

type svgEdge struct {
	Path   string // one or two line segments ("M x y L x y")
	Arrow  string // the arrowhead's polygon points, for a directed edge
	Color  string
	Width  float64
	Title  string
	FromTo string
}

type svgNode struct {
	ID, Name, Kind string
	X, Y           float64
	Shape          string
	Size           float64
	BX, BY, BW     float64 // a square's corner and side
	Ring           float64 // the radius of a target's ring
	Points         string  // a diamond's polygon
	Fill, Stroke   string
	Label          string
	LX, LY         float64
	Anchor         string
	IDText         bool // write the id inside: the node is big enough and unlabelled
	Target         bool // a legal move names it
	Changed        bool // the last move changed what stands on it
	Title          string
}

type svgPiece struct {
	ID, Kind string
	Owner    int
	X, Y, R  float64
	Target   bool    // a legal move names it
	Changed  bool    // the last move moved it or its goods
	Ring     float64 // the radius of a target's ring
	Title    string
	Color    string
	Cargo    []svgToken
}

type svgToken struct {
	X, Y, S float64
	Color   string
	Title   string
}

// drawBoard lays out the board with the pieces and goods of a view.
// targets are the nodes and pieces the viewer's legal moves name.
// ch marks what the last move changed.
func drawBoard(g *interpreter.Game, lay *Layout, v *interpreter.View, targets map[string]bool, ch *changes) *svgBoard {
	pres := lay.pres()
	b := &svgBoard{Width: lay.Width, Height: lay.Height, Background: lay.Background}
	nodes := g.BoardNodes()
	radius := map[string]float64{}
	for _, n := range nodes {
		radius[n.ID] = lay.Kinds[n.Kind].Size
	}
	for _, e := range g.BoardEdges() {
		b.Edges = append(b.Edges, drawEdge(lay, e, radius))
	}
	for _, n := range nodes {
		sn := drawNode(lay, pres, n, targets[n.ID])
		sn.Changed = ch.nodes[n.ID]
		for _, k := range pres.nodeVars.rank(sortedKeys(v.NodeVars[n.ID])) {
			if label, ok := (&words{pr: pres, g: g}).varName(pres.nodeVars, k); ok {
				sn.Title += fmt.Sprintf(" · %s %d", label, v.NodeVars[n.ID][k])
			}
		}
		b.Nodes = append(b.Nodes, sn)
	}
	goodName := map[string]string{}
	for _, gd := range g.Goods() {
		goodName[gd.ID] = gd.Name
	}
	names := pieceNames(v.Pieces, pres)
	// Pieces stand around the node; several on one node are spread.
	at := map[string][]*interpreter.Piece{}
	var order []string
	for _, p := range v.Pieces {
		if p.At == "" {
			continue
		}
		if _, ok := lay.Pos[p.At]; !ok {
			continue
		}
		if at[p.At] == nil {
			order = append(order, p.At)
		}
		at[p.At] = append(at[p.At], p)
	}
	for _, node := range order {
		c := lay.Pos[node]
		r := radius[node]
		pr := math.Min(math.Max(r*0.75, 7), 11)
		ps := at[node]
		for i, p := range ps {
			x, y := c.X, c.Y
			if len(ps) > 1 {
				a := 2*math.Pi*float64(i)/float64(len(ps)) - math.Pi/2
				x += math.Cos(a) * (r*0.6 + pr*0.4)
				y += math.Sin(a) * (r*0.6 + pr*0.4)
			}
			sp := svgPiece{ID: p.ID, Kind: p.Kind, Owner: p.Owner, X: x, Y: y, R: pr, Color: pres.seatColor(p.Owner), Target: targets[p.ID], Ring: pr + 5,
				Changed: ch.pieces[p.ID], Title: names[p.ID]}
			for k, gd := range v.Stocks[p.ID] {
				s := pr * 0.8
				sp.Cargo = append(sp.Cargo, svgToken{X: x - s/2 + float64(k)*s*0.6, Y: y - s/2, S: s, Color: lay.Goods[gd], Title: fmt.Sprintf("%s carries %s", p.ID, nameOr(goodName, gd))})
			}
			b.Pieces = append(b.Pieces, sp)
		}
	}
	// Pawns: each seat's on the node its var names, spread round it.
	for _, ps := range pres.pawns {
		for p := range v.PlayerVars {
			at := -1
			for i, n := range nodes {
				if x, ok := n.Num[ps.Field]; ok && n.Kind == ps.Kind && x == v.PlayerVars[p][ps.PlayerVar] {
					at = i
				}
			}
			if at < 0 {
				continue
			}
			n := nodes[at]
			c, r := lay.Pos[n.ID], radius[n.ID]
			a := 2*math.Pi*float64(p)/float64(max(len(v.PlayerVars), 1)) - math.Pi/4
			x, y := c.X+math.Cos(a)*(r+2), c.Y+math.Sin(a)*(r+2)
			s := math.Max(r*0.55, 6)
			b.Pawns = append(b.Pawns, svgPawn{
				Points: fmt.Sprintf("%.1f,%.1f %.1f,%.1f %.1f,%.1f", x, y-s, x+s*0.8, y+s*0.7, x-s*0.8, y+s*0.7),
				Color:  pres.seatColor(p), Title: pres.seatName(p) + "'s pawn: " + nodeTitle(pres, n),
			})
		}
	}
	// Goods held by a node: a row of tokens under it.
	for _, n := range nodes {
		units := v.Stocks[n.ID]
		c := lay.Pos[n.ID]
		r := radius[n.ID]
		s := math.Max(r*0.45, 5)
		for k, gd := range units {
			b.Tokens = append(b.Tokens, svgToken{
				X: c.X - float64(len(units))*s*0.6 + float64(k)*s*1.2, Y: c.Y + r + 3, S: s,
				Color: lay.Goods[gd], Title: fmt.Sprintf("%s: %s", nodeName(pres, n), nameOr(goodName, gd)),
			})
		}
	}
	return b
}

func nameOr(names map[string]string, id string) string {
	if n := names[id]; n != "" {
		return n
	}
	return id
}

func drawNode(lay *Layout, pres *presentation, n *interpreter.Node, target bool) svgNode {
	st := lay.Kinds[n.Kind]
	c := lay.Pos[n.ID]
	label := st.Label
	if l := lay.Label[n.ID]; l != "" {
		label = l
	}
	name := nodeName(pres, n)
	sn := svgNode{ID: n.ID, Name: name, Kind: n.Kind, X: c.X, Y: c.Y, Shape: st.Shape, Size: st.Size,
		Fill: st.Fill, Stroke: st.Stroke, Target: target, Title: nodeTitle(pres, n),
		BX: c.X - st.Size, BY: c.Y - st.Size, BW: 2 * st.Size, Ring: st.Size*1.3 + 5}
	if st.Shape == "diamond" {
		s := st.Size * 1.2
		sn.Points = fmt.Sprintf("%g,%g %g,%g %g,%g %g,%g", c.X, c.Y-s, c.X+s, c.Y, c.X, c.Y+s, c.X-s, c.Y)
	}
	gap := st.Size + 4
	switch label {
	case "none":
		sn.IDText = st.Size >= 10 && float64(len(n.ID))*6 <= 2*st.Size+2
		return sn
	case "above":
		sn.LX, sn.LY, sn.Anchor = c.X, c.Y-gap-2, "middle"
	case "left":
		sn.LX, sn.LY, sn.Anchor = c.X-gap, c.Y+4, "end"
	case "right":
		sn.LX, sn.LY, sn.Anchor = c.X+gap, c.Y+4, "start"
	default:
		sn.LX, sn.LY, sn.Anchor = c.X, c.Y+gap+10, "middle"
	}
	// Moves are said in words, by the nodes' names: the id is in the
	// node's tooltip.
	sn.Label = name
	// The id goes inside when it fits.
	sn.IDText = st.Size >= 10 && name != n.ID && float64(len(n.ID))*6 <= 2*st.Size
	return sn
}

// nodeName is a node's name as the presentation's words say it (a board
// shared by games of several languages names its nodes in one), else
// its own.
func nodeName(pres *presentation, n *interpreter.Node) string {
	if pres != nil {
		if l := pres.words[n.ID]; l != "" {
			return l
		}
	}
	return n.Name
}

// drawEdge draws an edge between the rims of its nodes, with an
// arrowhead when it is directed. On a board that wraps, an edge longer
// than half the width leaves one side and comes back at the other.
func drawEdge(lay *Layout, e interpreter.BoardEdge, radius map[string]float64) svgEdge {
	a, b := lay.Pos[e.From], lay.Pos[e.To]
	se := svgEdge{Color: "#7f8c8d", Width: lay.EdgeWidth, FromTo: e.From + " " + e.To}
	if c := e.Str[lay.EdgeColor]; lay.EdgeColor != "" && c != "" {
		se.Color = c
	}
	var parts []string
	for k, v := range e.Str {
		parts = append(parts, k+": "+v)
	}
	sort.Strings(parts)
	se.Title = e.From + " → " + e.To
	if len(parts) > 0 {
		se.Title += " (" + strings.Join(parts, ", ") + ")"
	}
	if lay.WrapX && math.Abs(b.X-a.X) > lay.Width/2 {
		shift := lay.Width
		if b.X > a.X {
			shift = -lay.Width
		}
		se.Path = fmt.Sprintf("M %.1f %.1f L %.1f %.1f M %.1f %.1f L %.1f %.1f",
			a.X, a.Y, b.X+shift, b.Y, a.X-shift, a.Y, b.X, b.Y)
		return se
	}
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return se
	}
	ux, uy := dx/d, dy/d
	ra, rb := radius[e.From], radius[e.To]
	x1, y1 := a.X+ux*ra, a.Y+uy*ra
	x2, y2 := b.X-ux*(rb+2), b.Y-uy*(rb+2)
	se.Path = fmt.Sprintf("M %.1f %.1f L %.1f %.1f", x1, y1, x2, y2)
	if e.Directed {
		h := 4 + 2.5*lay.EdgeWidth
		w := h * 0.55
		bx, by := x2-ux*h, y2-uy*h
		se.Arrow = fmt.Sprintf("%.1f,%.1f %.1f,%.1f %.1f,%.1f", x2, y2, bx-uy*w, by+ux*w, bx+uy*w, by-ux*w)
		se.Path = fmt.Sprintf("M %.1f %.1f L %.1f %.1f", x1, y1, bx+ux, by+uy)
	}
	return se
}

// nodeTitle is a node's tooltip: its name, and its words (a rondel
// field's action).
func nodeTitle(pres *presentation, n *interpreter.Node) string {
	t := nodeName(pres, n)
	if t == "" {
		t = n.ID
	}
	for _, k := range sortedKeys(n.Str) {
		t += " · " + n.Str[k]
	}
	return t
}
