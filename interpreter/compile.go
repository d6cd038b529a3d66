package interpreter

import (
	"fmt"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/board"
	"github.com/haven-engine/haven/interpreter/budget"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/load"
)

// Compile turns a validated `game` value (from package load) into a Game.
// Every expr source is compiled and type-checked here, once; all problems
// are returned together as a diag.List with positions in the CUE files.
func Compile(v cue.Value) (*Game, error) {
	c := &compiler{g: &Game{
		Params:    map[string]any{},
		varInit:   map[string]int{},
		pvarInit:  map[string]int{},
		qvarInit:  map[string]int{},
		zones:     map[string]*Zone{},
		pzones:    map[string]*Zone{},
		pzNames:   map[string][]string{},
		cards:     map[string]*model.Card{},
		dice:      map[string][]int{},
		effects:   map[string]*Effect{},
		actions:   map[string]*Action{},
		goodIndex: map[string]*Good{},
	}}
	c.g.base, c.g.seenByLay = model.NewLayout(), &model.Layout{Index: map[string]int{}}
	for _, n := range []string{"viewer", "owner", "params"} {
		c.g.seenByLay.Slot(n)
	}
	c.g.m = &machine{g: c.g}
	c.g.m.budget.Limits = &c.g.limits
	c.g.m.register()
	c.g.m.opts = append(c.g.m.opts, noClock()...)
	c.declarations(v)
	c.ruleDecls(v)
	c.g.tab = c.g.newTables()
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
	c.g.boxed = c.g.internNames()
	return c.g, nil
}

type compiler struct {
	g    *Game
	errs diag.List
	// owner and rule name what the steps being compiled belong to; a step
	// with no rule of its own inherits the rule of the step around it.
	owner, rule string
	// lay is the layout of the locals of what is being compiled.
	lay *model.Layout
	// scoring is set while the scoring is compiled (check_safety.go).
	scoring bool
	// pol is the bots' policy, compiled into the steps and actions it ranks.
	pol policy
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
	c.limits(v)
	g.MinPlayers = c.count(v, "players.min", "players", budget.Counts.Players)
	g.MaxPlayers = c.count(v, "players.max", "players", budget.Counts.Players)

	p, _ := lookup(v, "params")
	g.paramTypes = types.Map{}
	fields(p, func(name string, x cue.Value) {
		val := c.paramValue(x)
		g.Params[name] = val
		g.paramTypes[name] = types.TypeOf(val)
	})
	g.params = g.Params

	if x, ok := lookup(v, "cap.var"); ok {
		g.capVar, _ = x.String()
		g.capMax = integer(v, "cap.max")
	}
	vs, _ := lookup(v, "vars")
	fields(vs, func(name string, x cue.Value) {
		if x.Kind() == cue.StructKind {
			// A keyed family: one counter `name.key` per key.
			fields(x, func(k string, y cue.Value) {
				n, _ := y.Int64()
				g.vars = append(g.vars, name+"."+k)
				g.varInit[name+"."+k] = int(n)
			})
			return
		}
		n, _ := x.Int64()
		g.vars = append(g.vars, name)
		g.varInit[name] = int(n)
	})
	counters(v, "playerVars", &g.playerVars, g.pvarInit)
	counters(v, "pieceVars", &g.pieceVars, g.qvarInit)
	gs, _ := lookup(v, "goods")
	fields(gs, func(name string, x cue.Value) {
		gd := &Good{ID: name, Name: str(x, "name"), Count: c.count(x, "count", "units of a good", budget.Counts.Goods)}
		g.goods = append(g.goods, gd)
		g.goodIndex[name] = gd
	})
	for _, perPlayer := range []bool{false, true} {
		path := "zones"
		if perPlayer {
			path = "playerZones"
		}
		zs, _ := lookup(v, path)
		fields(zs, func(name string, x cue.Value) {
			z := &Zone{ID: name, Name: str(x, "name"), PerPlayer: perPlayer, Visibility: str(x, "visibility"), Refill: str(x, "refill")}
			if name == boxZone {
				c.errorf(x, "zone %q is reserved: it holds the cards not yet dealt", name)
			}
			if perPlayer {
				g.pzones[name] = z
				for p := 0; p < g.MaxPlayers; p++ {
					g.pzNames[name] = append(g.pzNames[name], model.PlayerZone(name, p))
				}
			} else {
				g.zones[name] = z
			}
			g.zoneOrder = append(g.zoneOrder, name)
		})
	}
	cs, _ := lookup(v, "cards")
	g.defs = map[string][]string{}
	fields(cs, func(name string, x cue.Value) {
		n := c.cardCount(x)
		g.defs[str(x, "kind")] = append(g.defs[str(x, "kind")], name)
		for k := 1; k <= n; k++ {
			id := name
			if n > 1 {
				id = fmt.Sprintf("%s#%d", name, k)
			}
			card := &model.Card{ID: id, Def: name, Name: str(x, "name"), Kind: str(x, "kind"), Text: str(x, "text"),
				Num: map[string]int{}, Str: map[string]string{}, List: map[string][]string{}}
			nums, _ := lookup(x, "num")
			fields(nums, func(k string, y cue.Value) { n, _ := y.Int64(); card.Num[k] = int(n) })
			strs, _ := lookup(x, "str")
			fields(strs, func(k string, y cue.Value) { card.Str[k], _ = y.String() })
			lists, _ := lookup(x, "list")
			fields(lists, func(k string, y cue.Value) {
				l := []string{}
				elems(y, func(_ int, z cue.Value) { s, _ := z.String(); l = append(l, s) })
				card.List[k] = l
			})
			g.cards[id] = card
			g.cardOrder = append(g.cardOrder, id)
		}
	})
	pk, _ := lookup(v, "pieces")
	fields(pk, func(name string, _ cue.Value) { g.pieceKindIDs = append(g.pieceKindIDs, name) })
	ds, _ := lookup(v, "dice")
	fields(ds, func(name string, x cue.Value) {
		elems(x, func(_ int, y cue.Value) { n, _ := y.Int64(); g.dice[name] = append(g.dice[name], int(n)) })
	})
	c.boardDecl(v)
}

func (c *compiler) boardDecl(v cue.Value) {
	g := c.g
	g.board = &board.Board{Nodes: map[string]*board.Node{}, Out: map[string][]*board.Edge{}, In: map[string][]*board.Edge{}, Kinds: map[string][]string{}}
	boards, _ := lookup(v, "boards")
	name := str(v, "board")
	if name == "" {
		var names []string
		fields(boards, func(n string, _ cue.Value) { names = append(names, n) })
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
	fields(ns, func(id string, x cue.Value) {
		n := &board.Node{ID: id, Kind: str(x, "kind"), Name: str(x, "name"), Num: map[string]int{}, Str: map[string]string{}}
		if n.Name == "" {
			n.Name = id
		}
		nums, _ := lookup(x, "num")
		fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); n.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		fields(strs, func(k string, y cue.Value) { n.Str[k], _ = y.String() })
		g.board.Nodes[id] = n
		g.board.Order = append(g.board.Order, id)
		g.board.Kinds[n.Kind] = append(g.board.Kinds[n.Kind], id)
		g.board.Kinds[""] = append(g.board.Kinds[""], id)
	})
	es, _ := lookup(b, "edges")
	elems(es, func(_ int, x cue.Value) {
		from, to := str(x, "from"), str(x, "to")
		for k, end := range []string{from, to} {
			if g.board.Nodes[end] == nil {
				y, _ := lookup(x, []string{"from", "to"}[k])
				c.errorf(y, "edge %s→%s: %s", from, to, unknownName("node", end, g.board.Order))
				return
			}
		}
		e := &board.Edge{From: from, To: to, Num: map[string]int{}, Str: map[string]string{}}
		nums, _ := lookup(x, "num")
		fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); e.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		fields(strs, func(k string, y cue.Value) { e.Str[k], _ = y.String() })
		g.board.Out[from] = append(g.board.Out[from], e)
		g.board.In[to] = append(g.board.In[to], e)
		g.board.Decl = append(g.board.Decl, board.DeclaredEdge{Edge: e, Directed: boolean(x, "directed", true)})
		if !boolean(x, "directed", true) {
			r := &board.Edge{From: to, To: from, Num: e.Num, Str: e.Str}
			g.board.Out[to] = append(g.board.Out[to], r)
			g.board.In[from] = append(g.board.In[from], r)
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
