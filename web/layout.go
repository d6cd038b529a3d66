package web

import (
	"fmt"
	"sort"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// Layout is where and how the board in play is drawn: the `layout` of the
// board in the definition, with every node it leaves out placed by
// autoLayout.
type Layout struct {
	Width, Height float64
	Background    string
	WrapX         bool
	EdgeColor     string // the edge `str` field holding a CSS colour
	EdgeWidth     float64
	Pos           map[string]Point
	Label         map[string]string // a node's own label placement
	Kinds         map[string]Style
	Goods         map[string]string // CSS colour by good
	// Pres is how the page names and colours what it shows (the
	// definition's presentation).
	Pres *presentation
}

// pres is the layout's presentation; a layout made without one (a test's)
// shows ids.
func (l *Layout) pres() *presentation {
	if l.Pres == nil {
		l.Pres = &presentation{}
	}
	return l.Pres
}

// Point is a position in the layout's space.
type Point struct{ X, Y float64 }

// Style is how the nodes of one kind are drawn.
type Style struct {
	Shape, Fill, Stroke, Label string
	Size                       float64
}

// defaultStyle draws a kind the layout does not style; fills cycle
// through a palette so that kinds differ.
func defaultStyle(i int) Style {
	fills := []string{"#ffffff", "#fdebd0", "#d6eaf8", "#d5f5e3", "#f5eef8", "#fcf3cf"}
	return Style{Shape: "circle", Size: 12, Fill: fills[i%len(fills)], Stroke: "#34495e", Label: "below"}
}

// readLayout reads the layout of the board in play from the game value
// (as load returns it). A layout node that is not on the board, or a good
// or kind the game does not declare, is an error at its position.
func readLayout(v cue.Value, g *interpreter.Game) (*Layout, error) {
	lay := &Layout{Pos: map[string]Point{}, Label: map[string]string{}, Kinds: map[string]Style{}, Goods: map[string]string{},
		Background: "#eef3f6", EdgeWidth: 3}
	nodes := g.BoardNodes()
	known := map[string]bool{}
	kinds := map[string]bool{}
	for _, n := range nodes {
		known[n.ID] = true
		kinds[n.Kind] = true
	}
	goods := map[string]bool{}
	for _, gd := range g.Goods() {
		goods[gd.ID] = true
	}
	var errs diag.List
	if x, ok := boardLayout(v); ok {
		lay.Width, _ = x.LookupPath(cue.ParsePath("width")).Float64()
		lay.Height, _ = x.LookupPath(cue.ParsePath("height")).Float64()
		lay.Background = text(x, "background", lay.Background)
		lay.WrapX, _ = x.LookupPath(cue.ParsePath("wrapX")).Bool()
		lay.EdgeColor = text(x, "edgeColor", "")
		if w, err := x.LookupPath(cue.ParsePath("edgeWidth")).Float64(); err == nil {
			lay.EdgeWidth = w
		}
		each(x, "nodes", func(id string, n cue.Value) {
			if !known[id] {
				errs.Add(userPos(n), "layout: no node %q on the board", id)
				return
			}
			px, _ := n.LookupPath(cue.ParsePath("x")).Float64()
			py, _ := n.LookupPath(cue.ParsePath("y")).Float64()
			lay.Pos[id] = Point{px, py}
			if l := text(n, "label", ""); l != "" {
				lay.Label[id] = l
			}
		})
		each(x, "kinds", func(k string, s cue.Value) {
			if !kinds[k] {
				errs.Add(userPos(s), "layout: no node of kind %q on the board", k)
				return
			}
			st := defaultStyle(0)
			st.Shape = text(s, "shape", st.Shape)
			st.Fill = text(s, "fill", st.Fill)
			st.Stroke = text(s, "stroke", st.Stroke)
			st.Label = text(s, "label", st.Label)
			if f, err := s.LookupPath(cue.ParsePath("size")).Float64(); err == nil {
				st.Size = f
			}
			lay.Kinds[k] = st
		})
		each(x, "goods", func(id string, c cue.Value) {
			if !goods[id] {
				errs.Add(userPos(c), "layout: no good %q", id)
				return
			}
			lay.Goods[id], _ = c.String()
		})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	autoLayout(lay, nodes, g.BoardEdges())
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for i, k := range ks {
		if _, ok := lay.Kinds[k]; !ok {
			lay.Kinds[k] = defaultStyle(i)
		}
	}
	palette := []string{"#f4d03f", "#e74c3c", "#2e4053", "#95a5a6", "#27ae60", "#8e44ad", "#e67e22", "#16a085", "#a04000", "#2980b9"}
	for i, gd := range g.Goods() {
		if _, ok := lay.Goods[gd.ID]; !ok {
			lay.Goods[gd.ID] = palette[i%len(palette)]
		}
	}
	return lay, nil
}

// boardLayout finds the layout of the board in play: the one `board`
// names, or the only board.
func boardLayout(v cue.Value) (cue.Value, bool) {
	boards := v.LookupPath(cue.ParsePath("boards"))
	name := text(v, "board", "")
	if name == "" {
		it, err := boards.Fields()
		if err != nil || !it.Next() {
			return cue.Value{}, false
		}
		name = it.Selector().Unquoted()
	}
	x := boards.LookupPath(cue.MakePath(cue.Str(name), cue.Str("layout")))
	return x, x.Exists()
}

func text(v cue.Value, path, def string) string {
	x := v.LookupPath(cue.ParsePath(path))
	if s, err := x.String(); err == nil {
		return s
	}
	return def
}

func each(v cue.Value, path string, f func(string, cue.Value)) {
	it, err := v.LookupPath(cue.ParsePath(path)).Fields()
	if err != nil {
		return
	}
	for it.Next() {
		f(it.Selector().Unquoted(), it.Value())
	}
}

// userPos is the position of a value in the definition's own files: a
// struct unified with the schema may report the schema's position, so the
// first field that stands in a definition file is taken instead.
func userPos(v cue.Value) diag.Pos {
	p := load.Pos(v.Pos())
	if !strings.HasPrefix(p.File, "schema/") {
		return p
	}
	it, err := v.Fields()
	if err != nil {
		return p
	}
	for it.Next() {
		if q := userPos(it.Value()); q.File != "" && !strings.HasPrefix(q.File, "schema/") {
			return q
		}
	}
	return p
}

// String describes a point, for tests.
func (p Point) String() string { return fmt.Sprintf("(%g,%g)", p.X, p.Y) }
