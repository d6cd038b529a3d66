package web

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter"
	"github.com/haven-engine/haven/load"
)

// The tracks and slot boards of a presentation (schema #Track and
// #SlotBoard): rows of spaces and grids of slots drawn beside the board,
// each read from the state by the definition's own expressions, run on
// the state the viewing seat may see (interpreter.ViewState).

// trackSpec is one track of the presentation, its expressions compiled.
type trackSpec struct {
	Label, Group string
	Spaces       *interpreter.Expr
	Marks        []markSpec
}

// markSpec places markers on a track: by space index (ByValue false) or
// by the item written on a space.
type markSpec struct {
	Where       *interpreter.Expr
	ByValue     bool
	BySeat      bool
	Good, Color string
	Label       string
}

// slotBoardSpec is one slot board of the presentation.
type slotBoardSpec struct {
	Label                    string
	WorkerLabel, WorkerColor string
	Rows                     []slotRowSpec
}

type slotRowSpec struct {
	Label        string
	Slots, Holds *interpreter.Expr
}

// exprOf compiles the expression the string field path of v holds; a
// missing field is nil.
func exprOf(g *interpreter.Game, v cue.Value, path string, errs *diag.List) *interpreter.Expr {
	x := v.LookupPath(cue.ParsePath(path))
	src, err := x.String()
	if err != nil {
		return nil
	}
	pos := load.Pos(x.Pos())
	if pos.Col > 0 {
		pos.Col++ // past the string's quote
	}
	e, err := g.CompileExpr(src, pos)
	var l diag.List
	var one *diag.Error
	switch {
	case errors.As(err, &l):
		*errs = append(*errs, l...)
		return nil
	case errors.As(err, &one):
		*errs = append(*errs, one)
		return nil
	case err != nil:
		errs.Add(pos, "presentation: %s: %v", path, err)
		return nil
	}
	return e
}

// readBoards reads the presentation's tracks and slot boards into p.
func readBoards(x cue.Value, g *interpreter.Game, p *presentation, errs *diag.List) {
	goods := map[string]bool{}
	var goodIDs []string
	for _, gd := range g.Goods() {
		goods[gd.ID] = true
		goodIDs = append(goodIDs, gd.ID)
	}
	if it, err := x.LookupPath(cue.ParsePath("tracks")).List(); err == nil {
		for it.Next() {
			tv := it.Value()
			ts := trackSpec{Label: text(tv, "label", ""), Group: text(tv, "group", ""), Spaces: exprOf(g, tv, "spaces", errs)}
			if mi, err := tv.LookupPath(cue.ParsePath("marks")).List(); err == nil {
				for mi.Next() {
					mv := mi.Value()
					ms := markSpec{Good: text(mv, "good", ""), Color: text(mv, "color", "#1b2631"), Label: text(mv, "label", "")}
					ms.BySeat, _ = mv.LookupPath(cue.ParsePath("bySeat")).Bool()
					at, value := exprOf(g, mv, "at", errs), exprOf(g, mv, "value", errs)
					switch {
					case (at == nil) == (value == nil):
						errs.Add(userPos(mv), "presentation.tracks: a mark of %q needs one of at and value", ts.Label)
						continue
					case value != nil:
						ms.Where, ms.ByValue = value, true
					default:
						ms.Where = at
					}
					if ms.Good != "" && !goods[ms.Good] {
						errs.Add(userPos(mv), "presentation.tracks: the game has no good %q%s", ms.Good, diag.DidYouMean(ms.Good, goodIDs))
						continue
					}
					ts.Marks = append(ts.Marks, ms)
				}
			}
			p.tracks = append(p.tracks, ts)
		}
	}
	if it, err := x.LookupPath(cue.ParsePath("slotBoards")).List(); err == nil {
		for it.Next() {
			bv := it.Value()
			bs := slotBoardSpec{Label: text(bv, "label", ""), WorkerLabel: text(bv, "worker.label", ""), WorkerColor: text(bv, "worker.color", "#7f8c8d")}
			if ri, err := bv.LookupPath(cue.ParsePath("rows")).List(); err == nil {
				for ri.Next() {
					rv := ri.Value()
					bs.Rows = append(bs.Rows, slotRowSpec{Label: text(rv, "label", ""), Slots: exprOf(g, rv, "places", errs), Holds: exprOf(g, rv, "holds", errs)})
				}
			}
			p.slotBoards = append(p.slotBoards, bs)
		}
	}
}

// trackGroup is the tracks of one group, as the page draws them.
type trackGroup struct {
	Label  string      `json:"label,omitempty"`
	Tracks []trackView `json:"tracks"`
}

type trackView struct {
	Label  string      `json:"label"`
	Spaces []spaceView `json:"spaces"`
	Error  string      `json:"error,omitempty"`
}

type spaceView struct {
	Text  string     `json:"text"`
	Marks []markView `json:"marks,omitempty"`
}

// markView is a marker, a slot's occupant: a disc, or a cube (a good).
type markView struct {
	Color string `json:"color"`
	Title string `json:"title"`
	Cube  bool   `json:"cube,omitempty"`
}

type slotBoardView struct {
	Label string        `json:"label"`
	Rows  []slotRowView `json:"rows"`
}

type slotRowView struct {
	Label string     `json:"label"`
	Slots []slotView `json:"places"`
	Error string     `json:"error,omitempty"`
}

type slotView struct {
	Text string    `json:"text,omitempty"`
	Hold *markView `json:"hold,omitempty"`
	Card string    `json:"card,omitempty"` // the name of a card that stands in the slot
}

// boards draws the presentation's tracks and slot boards for a view.
func (t *table) boards(v *interpreter.View) ([]trackGroup, []slotBoardView) {
	pr := t.lay.pres()
	if len(pr.tracks) == 0 && len(pr.slotBoards) == 0 {
		return nil, nil
	}
	// The expressions are read-only: one state made from the view serves
	// them all.
	st := t.g.ViewState(v)
	eval := func(e *interpreter.Expr) (any, error) {
		if e == nil {
			return nil, errors.New("no expression")
		}
		return t.g.Eval(st, e)
	}
	var groups []trackGroup
	for _, ts := range pr.tracks {
		tv := trackView{Label: ts.Label}
		if err := t.drawTrack(&tv, ts, eval); err != nil {
			tv.Error = err.Error()
		}
		if n := len(groups); n > 0 && ts.Group != "" && groups[n-1].Label == ts.Group {
			groups[n-1].Tracks = append(groups[n-1].Tracks, tv)
			continue
		}
		groups = append(groups, trackGroup{Label: ts.Group, Tracks: []trackView{tv}})
	}
	pieces := map[string]*interpreter.Piece{}
	for _, p := range v.Pieces {
		pieces[p.ID] = p
	}
	names := pieceNames(v.Pieces, pr)
	goods := map[string]string{}
	for _, gd := range t.g.Goods() {
		goods[gd.ID] = gd.Name
	}
	var slotBoards []slotBoardView
	for _, bs := range pr.slotBoards {
		bv := slotBoardView{Label: bs.Label}
		worker := &markView{Color: bs.WorkerColor, Title: bs.WorkerLabel}
		for _, rs := range bs.Rows {
			rv := slotRowView{Label: rs.Label}
			err := func() error {
				slots, err := eval(rs.Slots)
				if err != nil {
					return err
				}
				holds, err := eval(rs.Holds)
				if err != nil {
					return err
				}
				if n, ok := asInt(slots); ok {
					rv.Slots = make([]slotView, max(n, 0))
				} else {
					for _, s := range asList(slots) {
						rv.Slots = append(rv.Slots, slotView{Text: t.say(s)})
					}
				}
				if n, ok := asInt(holds); ok {
					for i := 0; i < n && i < len(rv.Slots); i++ {
						rv.Slots[i].Hold = worker
					}
					return nil
				}
				for i, h := range asList(holds) {
					if i >= len(rv.Slots) {
						break
					}
					s := &rv.Slots[i]
					switch x := h.(type) {
					case bool:
						if x {
							s.Hold = worker
						}
					case string:
						switch {
						case x == "":
						case pieces[x] != nil:
							s.Hold = &markView{Color: pr.seatColor(pieces[x].Owner), Title: names[x]}
						case goods[x] != "":
							s.Hold = &markView{Color: t.lay.Goods[x], Title: goods[x], Cube: true}
						case t.g.Card(x) != nil:
							s.Card = t.g.Card(x).Name
						default:
							s.Card = t.g.DisplayName(x)
						}
					default:
						if p, ok := asInt(h); ok && p >= 0 {
							s.Hold = &markView{Color: pr.seatColor(p), Title: pr.seatName(p)}
						}
					}
				}
				return nil
			}()
			if err != nil {
				rv.Error = err.Error()
			}
			bv.Rows = append(bv.Rows, rv)
		}
		slotBoards = append(slotBoards, bv)
	}
	return groups, slotBoards
}

// drawTrack lays out one track's spaces and puts its markers on them.
func (t *table) drawTrack(tv *trackView, ts trackSpec, eval func(*interpreter.Expr) (any, error)) error {
	pr := t.lay.pres()
	sp, err := eval(ts.Spaces)
	if err != nil {
		return err
	}
	items := asList(sp)
	for _, it := range items {
		tv.Spaces = append(tv.Spaces, spaceView{Text: t.say(it)})
	}
	if len(items) == 0 {
		return nil
	}
	for _, ms := range ts.Marks {
		w, err := eval(ms.Where)
		if err != nil {
			return err
		}
		where := asList(w)
		if _, one := asInt(w); one {
			where = []any{w}
		}
		for i, x := range where {
			k := -1
			if ms.ByValue {
				k = spaceOf(items, x)
			} else if n, ok := asInt(x); ok && n >= 0 && n < len(items) {
				k = n
			}
			if k < 0 {
				continue
			}
			m := markView{Color: ms.Color, Title: ms.Label}
			switch {
			case ms.BySeat:
				m.Color, m.Title = pr.seatColor(i), pr.seatName(i)+": "+ms.Label
			case ms.Good != "":
				m.Color, m.Cube = t.lay.Goods[ms.Good], true
			}
			tv.Spaces[k].Marks = append(tv.Spaces[k].Marks, m)
		}
	}
	return nil
}

// spaceOf is the first space showing x; a number past the ends of a
// track of numbers stands on the nearest end.
func spaceOf(items []any, x any) int {
	n, isNum := asInt(x)
	lo, hi := -1, -1
	for i, it := range items {
		if reflect.DeepEqual(it, x) {
			return i
		}
		if m, ok := asInt(it); ok && isNum {
			if m == n {
				return i
			}
			if lo < 0 || m < toInt(items[lo]) {
				lo = i
			}
			if hi < 0 || m > toInt(items[hi]) {
				hi = i
			}
		}
	}
	switch {
	case !isNum || lo < 0:
		return -1
	case n < toInt(items[lo]):
		return lo
	case n > toInt(items[hi]):
		return hi
	}
	return -1
}

func toInt(x any) int { n, _ := asInt(x); return n }

// asInt reads an expression's number.
func asInt(x any) (int, bool) {
	switch n := x.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		if n == math.Trunc(n) {
			return int(n), true
		}
	}
	return 0, false
}

// asList reads an expression's list, of any element type.
func asList(x any) []any {
	if l, ok := x.([]any); ok {
		return l
	}
	rv := reflect.ValueOf(x)
	if !rv.IsValid() || rv.Kind() != reflect.Slice {
		return nil
	}
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out
}

// say writes an item of a track or a slot: a number as it is, an id by
// the name the game gives it.
func (t *table) say(x any) string {
	switch v := x.(type) {
	case string:
		return t.g.DisplayName(v)
	case bool:
		if v {
			return "✓"
		}
		return ""
	}
	if n, ok := asInt(x); ok {
		return strconv.Itoa(n)
	}
	return fmt.Sprint(x)
}
