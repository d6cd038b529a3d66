// Package compile turns a validated game definition (a CUE value from
// package load) into a *runtime.Game: declarations become the tables that
// number vars, zones, goods, cards and pieces; every expression is
// compiled and type-checked once by expr and translated to closures
// (package translate) where it can be; effects and actions become the
// blocks of steps the step machine runs. The load-time checks live here
// too (check*.go): names a designer types, parameters, effect and trigger
// cycles, clocks, unused declarations; every problem is reported at once,
// each with its place in the CUE files.
//
// It sits above package runtime, whose Game it fills through exported
// fields, and below package interpreter, the public entry.
package compile

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/interpreter/translate"
	"github.com/haven-engine/haven/load"
)

// Compile turns a validated `game` value (from package load) into the
// machine's Game. Every expr source is compiled and type-checked here,
// once; all problems are returned together as a diag.List with positions
// in the CUE files.
func Compile(v cue.Value, opts ...Option) (*runtime.Game, error) {
	c := &compiler{g: &runtime.Game{
		Params:    map[string]any{},
		VarInit:   map[string]int{},
		PvarInit:  map[string]int{},
		QvarInit:  map[string]int{},
		Zones:     map[string]*runtime.Zone{},
		Pzones:    map[string]*runtime.Zone{},
		PzNames:   map[string][]string{},
		Cards:     map[string]*model.Card{},
		Dice:      map[string][]int{},
		Effects:   map[string]*runtime.Effect{},
		Actions:   map[string]*runtime.Action{},
		GoodIndex: map[string]*runtime.Good{},
	}}
	c.g.Base, c.g.SeenByLay = model.NewLayout(), &model.Layout{Index: map[string]int{}}
	for _, n := range []string{"viewer", "owner", "params"} {
		c.g.SeenByLay.Slot(n)
	}
	for _, o := range opts {
		o(c)
	}
	c.conf.bytecode = c.keepPrograms
	c.empty = v.Context().CompileString("{}")
	c.root = v
	c.g.M = &runtime.Machine{G: c.g}
	c.g.M.Budget.Limits = &c.g.Limits
	c.g.M.Register()
	c.g.M.Opts = append(c.g.M.Opts, noClock()...)
	c.declarations(v)
	c.ruleDecls(v)
	c.g.Tab = c.g.NewTables()
	c.policyDecls(v)
	c.bodies(v)
	c.ruleBodies(v)
	c.checkPolicy()
	c.effectCycles()
	c.triggerCycles()
	if len(c.errs) == 0 {
		// Unused names are looked for once the rest is clean: a misspelt
		// name in a turn would also leave its action unused.
		c.checkRefs(v)
	}
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	c.g.Boxed = c.g.InternNames()
	if !c.keepPrograms {
		// The checks above were the last to read expr's programs: the
		// closures run every expression, and a program (its syntax tree,
		// bytecode and constants) was a third to a half of a compiled
		// game's memory, which every collection of the garbage marks.
		for _, cd := range c.g.Codes {
			cd.Prog = nil
		}
	}
	return c.g, nil
}

// An Option changes how Compile compiles.
type Option func(*compiler)

// KeepPrograms keeps expr's program of every expression of the game, for
// tests that run the expressions on expr's VM (Machine.NoFast), the
// oracle of the closures. A game compiled without it runs only on the
// closures, as every game does.
func KeepPrograms() Option { return func(c *compiler) { c.keepPrograms = true } }

type compiler struct {
	g    *runtime.Game
	errs diag.List
	// owner and rule name what the steps being compiled belong to; a step
	// with no rule of its own inherits the rule of the step around it.
	owner, rule string
	// lay is the layout of the locals of what is being compiled.
	lay *model.Layout
	// scoring is set while the scoring is compiled (check_safety.go).
	scoring bool
	// pol is the bots' policy, compiled into the steps and actions it ranks.
	pol runtime.Policy
	// conf compiles the expressions with one expr configuration.
	conf exprConf
	// root is the game compiled; collections its top-level structs' fields
	// as read (eachOf).
	root        cue.Value
	collections map[string][]member
	// keepPrograms keeps expr's programs after compiling (KeepPrograms).
	keepPrograms bool
	// empty is the struct {} of the game's CUE context, to tell an empty
	// struct without ordering its fields (fields).
	empty cue.Value
	// repeated says the pure expression being compiled is evaluated
	// again and again while the state stays the same (a function's
	// body, a modifier's): its parts that read only the state are kept
	// (translate.Repeated). So is one that reads a param of
	// paramsBefore (an action's params declared so far), whose parts
	// that read no such param are kept (translate.Listed).
	repeated     bool
	paramsBefore []runtime.Param
	// body says it is a named function's body, whose parts that read
	// its arguments too are kept by their values (translate.Body).
	body bool
}

func (c *compiler) errorf(v cue.Value, format string, args ...any) {
	c.errs.Add(userPos(v), format, args...)
}

// userPos is the position of a value in the definition's own files: a
// struct unified with the schema may report the schema's position, so
// look for the first field that stands in a definition file.
func userPos(v cue.Value) diag.Pos {
	p := load.Pos(v.Pos())
	if !strings.HasPrefix(p.File, "schema/") {
		return p
	}
	found := p
	ok := false
	fields(v, func(_ string, x cue.Value) {
		if ok {
			return
		}
		if q := userPos(x); !strings.HasPrefix(q.File, "schema/") && q.File != "" {
			found, ok = q, true
		}
	})
	return found
}

// fields iterates the regular fields of a struct value in order. Most
// of the structs a definition declares are empty (a card's mods and
// triggers, a node's nums): those are told by comparing with {}, which
// costs CUE one evaluation context, not by Fields, which orders the
// struct's fields first (tens of microseconds, even for none).
func (c *compiler) fields(v cue.Value, f func(name string, v cue.Value)) {
	if c.empty.Exists() && v.Equals(c.empty) {
		return
	}
	fields(v, f)
}

// fields iterates the regular fields of a struct value in order.
func fields(v cue.Value, f func(name string, v cue.Value)) {
	it, err := v.Fields()
	if err != nil {
		return
	}
	for it.Next() {
		f(it.Selector().Unquoted(), it.Value())
	}
}

// member is one field of a struct: its name and value.
type member struct {
	name string
	v    cue.Value
}

// eachOf calls f for each field of the game's top-level struct name
// (cards, zones, effects...), in order. Each is read once a compile: the
// compiler walks them in several passes, and CUE orders a struct's
// fields anew at every reading, a few microseconds a field.
func (c *compiler) eachOf(name string, f func(name string, v cue.Value)) {
	l, ok := c.collections[name]
	if !ok {
		x, _ := lookup(c.root, name)
		c.fields(x, func(n string, y cue.Value) { l = append(l, member{n, y}) })
		if c.collections == nil {
			c.collections = map[string][]member{}
		}
		c.collections[name] = l
	}
	for _, m := range l {
		f(m.name, m.v)
	}
}

func elems(v cue.Value, f func(i int, v cue.Value)) {
	it, err := v.List()
	if err != nil {
		return
	}
	for i := 0; it.Next(); i++ {
		f(i, it.Value())
	}
}

func lookup(v cue.Value, path string) (cue.Value, bool) {
	x := v.LookupPath(parsedPath(path))
	return x, x.Exists()
}

// paths keeps each path the compiler looks up parsed once: the compiler
// asks for the same few dozen constant paths thousands of times, and
// parsing one runs CUE's expression parser.
var paths sync.Map // string → cue.Path

func parsedPath(s string) cue.Path {
	if p, ok := paths.Load(s); ok {
		return p.(cue.Path)
	}
	p := cue.ParsePath(s)
	paths.Store(s, p)
	return p
}

func str(v cue.Value, path string) string {
	x, ok := lookup(v, path)
	if !ok {
		return ""
	}
	x, _ = x.Default() // a value a param chooses (board: params.map) has one
	s, _ := x.String()
	return s
}

func integer(v cue.Value, path string) int {
	x, ok := lookup(v, path)
	if !ok {
		return 0
	}
	n, _ := x.Int64()
	return int(n)
}

func boolean(v cue.Value, path string, def bool) bool {
	x, ok := lookup(v, path)
	if !ok {
		return def
	}
	b, err := x.Bool()
	if err != nil {
		return def
	}
	return b
}

// declarations reads everything that expressions may refer to.
func (c *compiler) declarations(v cue.Value) {
	g := c.g
	g.ID, g.Name, g.Summary = str(v, "id"), str(v, "name"), str(v, "summary")
	if ops, ok := lookup(v, "options"); ok {
		fields(ops, func(name string, x cue.Value) {
			if val := str(x, "value"); val != str(x, "default") {
				g.Choices = append(g.Choices, name+"="+val)
			}
		})
		slices.Sort(g.Choices)
	}
	c.limits(v)
	g.MinPlayers = c.count(v, "players.min", "players", budget.Counts.Players)
	g.MaxPlayers = c.count(v, "players.max", "players", budget.Counts.Players)

	p, _ := lookup(v, "params")
	g.ParamTypes = types.Map{}
	c.fields(p, func(name string, x cue.Value) {
		val := c.paramValue(x)
		g.Params[name] = val
		g.ParamTypes[name] = types.TypeOf(val)
	})
	g.ParamList = g.Params

	if x, ok := lookup(v, "cap.var"); ok {
		g.CapVarID, _ = x.String()
		g.CapMax = integer(v, "cap.max")
	}
	vs, _ := lookup(v, "vars")
	c.fields(vs, func(name string, x cue.Value) {
		if x.Kind() == cue.StructKind {
			// A keyed family: one counter `name.key` per key.
			c.fields(x, func(k string, y cue.Value) {
				n, _ := y.Int64()
				g.Vars = append(g.Vars, name+"."+k)
				g.VarInit[name+"."+k] = int(n)
			})
			return
		}
		n, _ := x.Int64()
		g.Vars = append(g.Vars, name)
		g.VarInit[name] = int(n)
	})
	counters(v, "playerVars", &g.PlayerVars, g.PvarInit)
	counters(v, "pieceVars", &g.PieceVars, g.QvarInit)
	gs, _ := lookup(v, "goods")
	c.fields(gs, func(name string, x cue.Value) {
		gd := &runtime.Good{ID: name, Name: str(x, "name"), Count: c.count(x, "count", "units of a good", budget.Counts.Goods)}
		g.GoodList = append(g.GoodList, gd)
		g.GoodIndex[name] = gd
	})
	for _, perPlayer := range []bool{false, true} {
		path := "zones"
		if perPlayer {
			path = "playerZones"
		}
		c.eachOf(path, func(name string, x cue.Value) {
			z := &runtime.Zone{ID: name, Name: str(x, "name"), PerPlayer: perPlayer, Visibility: str(x, "visibility"), Refill: str(x, "refill")}
			if name == runtime.BoxZone {
				c.errorf(x, "zone %q is reserved: it holds the cards not yet dealt", name)
			}
			if perPlayer {
				g.Pzones[name] = z
				for p := 0; p < g.MaxPlayers; p++ {
					g.PzNames[name] = append(g.PzNames[name], model.PlayerZone(name, p))
				}
			} else {
				g.Zones[name] = z
			}
			g.ZoneOrder = append(g.ZoneOrder, name)
		})
	}
	g.Defs = map[string][]string{}
	c.eachOf("cards", func(name string, x cue.Value) {
		n := c.cardCount(x)
		kind, title, text := str(x, "kind"), str(x, "name"), str(x, "text")
		g.Defs[kind] = append(g.Defs[kind], name)
		// A card type's fields are read once, for all its copies (CUE
		// orders a struct's fields anew at every reading): the copies
		// share them, and nothing changes them.
		num, strm, list := map[string]int{}, map[string]string{}, map[string][]string{}
		nums, _ := lookup(x, "num")
		c.fields(nums, func(k string, y cue.Value) { n, _ := y.Int64(); num[k] = int(n) })
		strs, _ := lookup(x, "str")
		c.fields(strs, func(k string, y cue.Value) { strm[k], _ = y.String() })
		lists, _ := lookup(x, "list")
		c.fields(lists, func(k string, y cue.Value) {
			l := []string{}
			elems(y, func(_ int, z cue.Value) { s, _ := z.String(); l = append(l, s) })
			list[k] = l
		})
		for k := 1; k <= n; k++ {
			id := name
			if n > 1 {
				id = fmt.Sprintf("%s#%d", name, k)
			}
			g.Cards[id] = &model.Card{ID: id, Def: name, Name: title, Kind: kind, Text: text, Num: num, Str: strm, List: list}
			g.CardOrder = append(g.CardOrder, id)
		}
	})
	// Each card's place among the ids sorted: an observation lays its
	// pools of unseen cards out in that order by marking their places.
	g.CardRanks = slices.Sorted(maps.Keys(g.Cards))
	for i, id := range g.CardRanks {
		g.Cards[id].Rank = i + 1
	}
	pk, _ := lookup(v, "pieces")
	c.fields(pk, func(name string, _ cue.Value) { g.PieceKindIDs = append(g.PieceKindIDs, name) })
	ds, _ := lookup(v, "dice")
	c.fields(ds, func(name string, x cue.Value) {
		elems(x, func(_ int, y cue.Value) { n, _ := y.Int64(); g.Dice[name] = append(g.Dice[name], int(n)) })
	})
	c.boardDecl(v)
	c.numberKeys()
}

// numberKeys numbers the keys of the keyed fields of the cards, nodes and
// edges, each family in name order (translate.Keys), and fills each
// one's arrays by those numbers.
func (c *compiler) numberKeys() {
	g := c.g
	g.Keys = translate.Keys{}
	sizes := map[string]int{}
	number := func(family string, keys []string) {
		slices.Sort(keys)
		keys = slices.Compact(keys)
		for i, k := range keys {
			g.Keys[family+k] = i
		}
		sizes[family] = len(keys)
	}
	var cardNum, cardStr, cardList, nodeNum, nodeStr, edgeNum, edgeStr []string
	for _, cd := range g.Cards {
		cardNum = append(cardNum, slices.Collect(maps.Keys(cd.Num))...)
		cardStr = append(cardStr, slices.Collect(maps.Keys(cd.Str))...)
		cardList = append(cardList, slices.Collect(maps.Keys(cd.List))...)
	}
	var nodes []*board.Node
	var edges []*board.Edge
	if b := g.Board; b != nil {
		for _, n := range b.Nodes {
			nodes = append(nodes, n)
			nodeNum = append(nodeNum, slices.Collect(maps.Keys(n.Num))...)
			nodeStr = append(nodeStr, slices.Collect(maps.Keys(n.Str))...)
		}
		for _, out := range b.Out {
			for _, e := range out {
				edges = append(edges, e)
				edgeNum = append(edgeNum, slices.Collect(maps.Keys(e.Num))...)
				edgeStr = append(edgeStr, slices.Collect(maps.Keys(e.Str))...)
			}
		}
	}
	number("card.num.", cardNum)
	number("card.str.", cardStr)
	number("card.list.", cardList)
	number("node.num.", nodeNum)
	number("node.str.", nodeStr)
	number("edge.num.", edgeNum)
	number("edge.str.", edgeStr)
	fill := func(family string) func(k string) int {
		return func(k string) int { return g.Keys[family+k] }
	}
	for _, cd := range g.Cards {
		cd.NumAt = byKey(cd.Num, sizes["card.num."], fill("card.num."))
		cd.StrAt = byKey(cd.Str, sizes["card.str."], fill("card.str."))
		cd.ListAt = byKey(cd.List, sizes["card.list."], fill("card.list."))
	}
	for _, n := range nodes {
		n.NumAt = byKey(n.Num, sizes["node.num."], fill("node.num."))
		n.StrAt = byKey(n.Str, sizes["node.str."], fill("node.str."))
	}
	for _, e := range edges {
		e.NumAt = byKey(e.Num, sizes["edge.num."], fill("edge.num."))
		e.StrAt = byKey(e.Str, sizes["edge.str."], fill("edge.str."))
	}
}

// byKey is m's values in an array of n by the numbers of their keys:
// the zero value where m lacks a key, as m[key] reads.
func byKey[V any](m map[string]V, n int, num func(string) int) []V {
	out := make([]V, n)
	for k, v := range m {
		out[num(k)] = v
	}
	return out
}

func (c *compiler) boardDecl(v cue.Value) {
	g := c.g
	g.Board = &board.Board{Nodes: map[string]*board.Node{}, Out: map[string][]*board.Edge{}, In: map[string][]*board.Edge{}, Kinds: map[string][]string{}}
	boards, _ := lookup(v, "boards")
	name := str(v, "board")
	if name == "" {
		var names []string
		c.fields(boards, func(n string, _ cue.Value) { names = append(names, n) })
		if len(names) > 1 {
			c.errorf(boards, "several boards (%s): set `board` to the one in play", strings.Join(names, ", "))
		}
		if len(names) == 0 {
			return
		}
		name = names[0]
	}
	// The name is a label, not a path: "central-europe" has a '-'.
	b := boards.LookupPath(cue.MakePath(cue.Str(name)))
	if !b.Exists() {
		x, _ := lookup(v, "board")
		c.errorf(x, "board: %s", unknownName("board", name, fieldNamesOf(boards)))
		return
	}
	ns, _ := lookup(b, "nodes")
	c.fields(ns, func(id string, x cue.Value) {
		n := &board.Node{ID: id, Kind: str(x, "kind"), Name: str(x, "name"), Num: map[string]int{}, Str: map[string]string{}}
		if n.Name == "" {
			n.Name = id
		}
		nums, _ := lookup(x, "num")
		c.fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); n.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		c.fields(strs, func(k string, y cue.Value) { n.Str[k], _ = y.String() })
		g.Board.Nodes[id] = n
		g.Board.Order = append(g.Board.Order, id)
		g.Board.Kinds[n.Kind] = append(g.Board.Kinds[n.Kind], id)
		g.Board.Kinds[""] = append(g.Board.Kinds[""], id)
	})
	es, _ := lookup(b, "edges")
	elems(es, func(_ int, x cue.Value) {
		from, to := str(x, "from"), str(x, "to")
		for k, end := range []string{from, to} {
			if g.Board.Nodes[end] == nil {
				y, _ := lookup(x, []string{"from", "to"}[k])
				c.errorf(y, "edge %s→%s: %s", from, to, unknownName("node", end, g.Board.Order))
				return
			}
		}
		e := &board.Edge{From: from, To: to, Num: map[string]int{}, Str: map[string]string{}}
		nums, _ := lookup(x, "num")
		c.fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); e.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		c.fields(strs, func(k string, y cue.Value) { e.Str[k], _ = y.String() })
		g.Board.Out[from] = append(g.Board.Out[from], e)
		g.Board.In[to] = append(g.Board.In[to], e)
		directed := boolean(x, "directed", true)
		g.Board.Decl = append(g.Board.Decl, board.DeclaredEdge{Edge: e, Directed: directed})
		if !directed {
			r := &board.Edge{From: to, To: from, Num: e.Num, Str: e.Str}
			g.Board.Out[to] = append(g.Board.Out[to], r)
			g.Board.In[from] = append(g.Board.In[from], r)
		}
	})
}

// counters reads a declaration of plain counters (playerVars, pieceVars,
// nodeVars): their names in declaration order and their start values.
func counters(v cue.Value, key string, names *[]string, init map[string]int) {
	vs, _ := lookup(v, key)
	fields(vs, func(name string, x cue.Value) {
		n, _ := x.Int64()
		*names = append(*names, name)
		init[name] = int(n)
	})
}
