package interpreter

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"github.com/expr-lang/expr"
	exprast "github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/diag"
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
		cards:     map[string]*Card{},
		dice:      map[string][]int{},
		effects:   map[string]*Effect{},
		actions:   map[string]*Action{},
		goodIndex: map[string]*Good{},
	}}
	c.g.base, c.g.seenByLay = newLayout(), &layout{index: map[string]int{}}
	for _, n := range []string{"viewer", "owner", "params"} {
		c.g.seenByLay.slot(n)
	}
	c.g.m = &machine{g: c.g}
	c.g.m.register()
	c.declarations(v)
	c.bodies(v)
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return c.g, nil
}

type compiler struct {
	g    *Game
	errs diag.List
	// owner and rule name what the steps being compiled belong to; a step
	// with no rule of its own inherits the rule of the step around it.
	owner, rule string
	// lay is the layout of the locals of what is being compiled.
	lay *layout
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
	x := v.LookupPath(cue.ParsePath(path))
	return x, x.Exists()
}

func str(v cue.Value, path string) string {
	x, ok := lookup(v, path)
	if !ok {
		return ""
	}
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
	g.MinPlayers, g.MaxPlayers = integer(v, "players.min"), integer(v, "players.max")

	p, _ := lookup(v, "params")
	g.paramTypes = types.Map{}
	fields(p, func(name string, x cue.Value) {
		var val any
		x, _ = x.Default()
		switch x.Kind() {
		case cue.IntKind:
			n, _ := x.Int64()
			val = int(n)
		case cue.BoolKind:
			val, _ = x.Bool()
		default:
			val, _ = x.String()
		}
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
		n, _ := x.Int64()
		g.vars = append(g.vars, name)
		g.varInit[name] = int(n)
	})
	vs, _ = lookup(v, "playerVars")
	fields(vs, func(name string, x cue.Value) {
		n, _ := x.Int64()
		g.playerVars = append(g.playerVars, name)
		g.pvarInit[name] = int(n)
	})
	vs, _ = lookup(v, "pieceVars")
	fields(vs, func(name string, x cue.Value) {
		n, _ := x.Int64()
		g.pieceVars = append(g.pieceVars, name)
		g.qvarInit[name] = int(n)
	})
	gs, _ := lookup(v, "goods")
	fields(gs, func(name string, x cue.Value) {
		gd := &Good{ID: name, Name: str(x, "name"), Count: integer(x, "count")}
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
			z := &Zone{ID: name, PerPlayer: perPlayer, Visibility: str(x, "visibility"), Refill: str(x, "refill")}
			if name == boxZone {
				c.errorf(x, "zone %q is reserved: it holds the cards not yet dealt", name)
			}
			if perPlayer {
				g.pzones[name] = z
				for p := 0; p < g.MaxPlayers; p++ {
					g.pzNames[name] = append(g.pzNames[name], playerZone(name, p))
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
		n := integer(x, "count")
		g.defs[str(x, "kind")] = append(g.defs[str(x, "kind")], name)
		for k := 1; k <= n; k++ {
			id := name
			if n > 1 {
				id = fmt.Sprintf("%s#%d", name, k)
			}
			card := &Card{ID: id, Def: name, Name: str(x, "name"), Kind: str(x, "kind"), Text: str(x, "text"),
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
	ds, _ := lookup(v, "dice")
	fields(ds, func(name string, x cue.Value) {
		elems(x, func(_ int, y cue.Value) { n, _ := y.Int64(); g.dice[name] = append(g.dice[name], int(n)) })
	})
	c.boardDecl(v)
}

func (c *compiler) boardDecl(v cue.Value) {
	g := c.g
	g.board = &Board{Nodes: map[string]*Node{}, out: map[string][]*Edge{}, in: map[string][]*Edge{}, kinds: map[string][]string{}}
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
	b, ok := lookup(boards, name)
	if !ok {
		x, _ := lookup(v, "board")
		c.errorf(x, "board %q is not declared in boards", name)
		return
	}
	ns, _ := lookup(b, "nodes")
	fields(ns, func(id string, x cue.Value) {
		n := &Node{ID: id, Kind: str(x, "kind"), Name: str(x, "name"), Num: map[string]int{}, Str: map[string]string{}}
		if n.Name == "" {
			n.Name = id
		}
		nums, _ := lookup(x, "num")
		fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); n.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		fields(strs, func(k string, y cue.Value) { n.Str[k], _ = y.String() })
		g.board.Nodes[id] = n
		g.board.order = append(g.board.order, id)
		g.board.kinds[n.Kind] = append(g.board.kinds[n.Kind], id)
		g.board.kinds[""] = append(g.board.kinds[""], id)
	})
	es, _ := lookup(b, "edges")
	elems(es, func(_ int, x cue.Value) {
		from, to := str(x, "from"), str(x, "to")
		for _, end := range []string{from, to} {
			if g.board.Nodes[end] == nil {
				c.errorf(x, "edge %s→%s: no node %q", from, to, end)
				return
			}
		}
		e := &Edge{From: from, To: to, Num: map[string]int{}, Str: map[string]string{}}
		nums, _ := lookup(x, "num")
		fields(nums, func(k string, y cue.Value) { i, _ := y.Int64(); e.Num[k] = int(i) })
		strs, _ := lookup(x, "str")
		fields(strs, func(k string, y cue.Value) { e.Str[k], _ = y.String() })
		g.board.out[from] = append(g.board.out[from], e)
		g.board.in[to] = append(g.board.in[to], e)
		if !boolean(x, "directed", true) {
			r := &Edge{From: to, To: from, Num: e.Num, Str: e.Str}
			g.board.out[to] = append(g.board.out[to], r)
			g.board.in[from] = append(g.board.in[from], r)
		}
	})
}

// scope is the typed environment an expression is compiled against.
type scope map[string]types.Type

func (c *compiler) base() scope {
	return scope{"me": types.Int, "numPlayers": types.Int, "params": c.g.paramTypes}
}

func (s scope) with(name string, t types.Type) scope {
	n := make(scope, len(s)+1)
	for k, v := range s {
		n[k] = v
	}
	n[name] = t
	return n
}

func typeOf(t reflect.Type) types.Type {
	if t == nil || t.Kind() == reflect.Interface {
		return types.Any
	}
	return types.TypeOf(reflect.Zero(t).Interface())
}

func typeNamed(name string) types.Type {
	switch name {
	case "int":
		return types.Int
	case "bool":
		return types.Bool
	case "list":
		return types.TypeOf([]any{})
	}
	return types.String
}

// bodies compiles every expression of the definition.
func (c *compiler) bodies(v cue.Value) {
	g := c.g
	zs, _ := lookup(v, "zones")
	pz, _ := lookup(v, "playerZones")
	for k, zv := range []cue.Value{zs, pz} {
		fields(zv, func(name string, x cue.Value) {
			z := g.zones[name]
			if k == 1 {
				z = g.pzones[name]
			}
			if z.Refill != "" && g.zones[z.Refill] == nil && (k == 0 || g.pzones[z.Refill] == nil) {
				y, _ := lookup(x, "refill")
				c.errorf(y, "refill: no zone %q", z.Refill)
			}
			if y, ok := lookup(x, "seenBy"); ok {
				c.lay = g.seenByLay
				z.seenBy = c.pure(y, scope{"viewer": types.Int, "owner": types.Int, "params": g.paramTypes}, expr.AsBool())
			}
		})
	}
	ps, _ := lookup(v, "pieces")
	c.lay = g.base
	fields(ps, func(name string, x cue.Value) {
		y, _ := lookup(x, "perPlayer")
		g.pieceKinds = append(g.pieceKinds, &PieceKind{ID: name, perPlayer: c.pure(y, c.base(), expr.AsInt())})
	})

	// Effects and actions are declared before any body is compiled, so
	// that steps can name them in any order.
	es, _ := lookup(v, "effects")
	fields(es, func(name string, x cue.Value) {
		e := &Effect{ID: name}
		pv, _ := lookup(x, "params")
		fields(pv, func(pn string, y cue.Value) { t, _ := y.String(); e.params = append(e.params, param{name: pn, typ: t}) })
		e.lay = newLayout()
		for i := range e.params {
			e.params[i].slot = e.lay.slot(e.params[i].name)
		}
		g.effects[name] = e
	})
	as, _ := lookup(v, "actions")
	fields(as, func(name string, x cue.Value) {
		a := &Action{ID: name, Name: str(x, "name"), Text: str(x, "text"), Group: str(x, "group"), Ends: boolean(x, "ends", true), cause: "action " + name, lay: newLayout()}
		g.actions[name] = a
		g.actionOrder = append(g.actionOrder, a)
	})
	fields(es, func(name string, x cue.Value) {
		e := g.effects[name]
		s := c.base()
		for _, p := range e.params {
			s = s.with(p.name, typeNamed(p.typ))
		}
		body, _ := lookup(x, "do")
		c.owner, c.rule, c.lay = "effect "+name, "", e.lay
		e.body = c.block(body, s)
	})
	fields(as, func(name string, x cue.Value) {
		a := g.actions[name]
		s := c.base()
		c.lay = a.lay
		pv, _ := lookup(x, "params")
		fields(pv, func(pn string, y cue.Value) {
			from, _ := lookup(y, "from")
			p := param{name: pn, typ: str(y, "type"), from: c.pure(from, s), slot: a.lay.slot(pn)}
			p.need = paramsRead(p.from, a.params)
			a.params = append(a.params, p)
			s = s.with(pn, typeNamed(p.typ))
		})
		wv, _ := lookup(x, "when")
		fields(wv, func(msg string, y cue.Value) {
			cd := c.pure(y, s, expr.AsBool())
			a.when = append(a.when, condition{msg: msg, code: cd, need: paramsRead(cd, a.params)})
		})
		body, _ := lookup(x, "do")
		c.owner, c.rule = "action "+name, ""
		a.body = c.block(body, s)
	})
	ts, _ := lookup(v, "triggers")
	elems(ts, func(_ int, x cue.Value) {
		t := &Trigger{On: str(x, "on")}
		t.cause = "trigger " + t.On
		c.lay = newLayout("event")
		t.event = c.lay.slot("event")
		s := c.base().with("event", types.TypeOf(map[string]any{}))
		if w, ok := lookup(x, "when"); ok {
			t.when = c.pure(w, s, expr.AsBool())
		}
		body, _ := lookup(x, "do")
		c.owner, c.rule = "trigger "+t.On, ""
		t.body = c.block(body, s)
		g.triggers = append(g.triggers, t)
	})
	setup, _ := lookup(v, "setup")
	c.owner, c.rule, c.lay = "setup", "", newLayout()
	g.setup = c.block(setup, c.base())
	flow, _ := lookup(v, "flow")
	c.owner, c.rule, c.lay = "flow", "", newLayout()
	g.flow = c.block(flow, c.base())
	c.lay = g.base

	sc, _ := lookup(v, "scoring")
	score, _ := lookup(sc, "score")
	g.scoring.score = c.pure(score, c.base(), expr.AsInt())
	tb, _ := lookup(sc, "tiebreak")
	elems(tb, func(_ int, x cue.Value) {
		y, _ := lookup(x, "value")
		g.scoring.tiebreak = append(g.scoring.tiebreak, namedCode{str(x, "name"), c.pure(y, c.base(), expr.AsInt()), -1})
	})
	sh, _ := lookup(sc, "show")
	fields(sh, func(name string, x cue.Value) {
		g.scoring.show = append(g.scoring.show, namedCode{name, c.pure(x, c.base(), expr.AsInt()), -1})
	})
}

var stepKeys = []string{"do", "if", "each", "while", "let", "call", "choose", "turn", "emit", "end"}

// block compiles a list of steps. Names bound by let in the block are
// visible to the steps after it.
func (c *compiler) block(v cue.Value, s scope) *Block {
	b := &Block{id: len(c.g.blocks), lay: c.lay}
	c.g.blocks = append(c.g.blocks, b)
	elems(v, func(_ int, x cue.Value) {
		var st *Step
		st, s = c.step(x, s)
		if st != nil {
			st.at = []int{b.id, len(b.steps)}
			b.steps = append(b.steps, st)
		}
	})
	return b
}

func (c *compiler) step(v cue.Value, s scope) (*Step, scope) {
	var keys []string
	for _, k := range stepKeys {
		if _, ok := lookup(v, k); ok {
			keys = append(keys, k)
		}
	}
	if len(keys) != 1 {
		c.errorf(v, "a step needs exactly one of %s; found %d (%s)", strings.Join(stepKeys, ", "), len(keys), strings.Join(keys, ", "))
		return nil, s
	}
	x, _ := lookup(v, keys[0])
	st := &Step{pos: userPos(x), rule: str(v, "rule")}
	if st.rule == "" {
		st.rule = c.rule
	}
	st.cause = c.owner
	if st.rule != "" {
		st.cause += ": " + st.rule
	}
	outer := c.rule
	c.rule = st.rule
	defer func() { c.rule = outer }()
	switch keys[0] {
	case "do":
		st.kind, st.expr = stepDo, c.expr(x, s)
	case "if":
		st.kind, st.expr = stepIf, c.expr(x, s, expr.AsBool())
		then, _ := lookup(v, "then")
		st.then = c.block(then, s)
		els, _ := lookup(v, "else")
		st.els = c.block(els, s)
	case "each":
		st.kind, st.as = stepEach, str(v, "as")
		if st.as == "" {
			c.errorf(v, "each needs `as`, the name each element is bound to")
		}
		st.expr = c.expr(x, s)
		c.plain(x, st.as, st.expr, true)
		st.asSlot = c.lay.slot(st.as)
		body, _ := lookup(v, "loop")
		st.loop = c.block(body, s.with(st.as, elemType(st.expr)))
	case "while":
		st.kind, st.expr = stepWhile, c.expr(x, s, expr.AsBool())
		st.max = integer(v, "max")
		if st.max == 0 {
			st.max = 10000
		}
		body, _ := lookup(v, "loop")
		st.loop = c.block(body, s)
	case "let":
		st.kind, st.as = stepLet, str(v, "let")
		be, ok := lookup(v, "be")
		if !ok {
			c.errorf(v, "let needs `be`, the value bound")
			return nil, s
		}
		st.expr = c.expr(be, s)
		c.plain(be, st.as, st.expr, false)
		st.asSlot = c.lay.slot(st.as)
		s = s.with(st.as, resultType(st.expr))
	case "call":
		st.kind, st.callName = stepCall, str(v, "call")
		st.callCause = "effect " + st.callName
		st.call = c.g.effects[st.callName]
		if st.call == nil {
			c.errorf(x, "call: no effect %q", st.callName)
			return nil, s
		}
		st.with = c.args(v, s, st.call.params, st.call.lay)
	case "choose":
		st.kind = stepChoose
		st.chooseID, st.as, st.prompt = str(x, "id"), str(x, "as"), str(x, "prompt")
		st.auto = boolean(x, "auto", true)
		pl, _ := lookup(x, "player")
		st.player = c.pure(pl, s, expr.AsInt())
		opts, _ := lookup(x, "options")
		st.expr = c.pure(opts, s)
		c.plain(opts, st.as, st.expr, true)
		st.asSlot = c.lay.slot(st.as)
		s = s.with(st.as, elemType(st.expr))
	case "turn":
		st.kind, st.prompt = stepTurn, str(x, "prompt")
		pl, _ := lookup(x, "player")
		st.player = c.pure(pl, s, expr.AsInt())
		acts, _ := lookup(x, "actions")
		elems(acts, func(_ int, y cue.Value) {
			name, _ := y.String()
			if a := c.g.actions[name]; a != nil {
				st.actions = append(st.actions, a)
				return
			}
			found := false
			for _, a := range c.g.actionOrder {
				if a.Group == name {
					st.actions, found = append(st.actions, a), true
				}
			}
			if !found {
				c.errorf(y, "turn: no action or group of actions %q", name)
			}
		})
	case "emit":
		st.kind, st.emit = stepEmit, str(v, "emit")
		st.with = c.args(v, s, nil, nil)
	case "end":
		st.kind, st.end = stepEnd, str(v, "end")
	}
	return st, s
}

// args compiles the `with` arguments of a call or emit; want lists the
// callee's parameters (nil: any names), and callee the layout of its
// locals, where each argument is bound.
func (c *compiler) args(v cue.Value, s scope, want []param, callee *layout) []namedCode {
	var out []namedCode
	w, _ := lookup(v, "with")
	got := map[string]bool{}
	fields(w, func(name string, x cue.Value) {
		got[name] = true
		if want != nil && name != "me" && !hasParam(want, name) {
			c.errorf(x, "call %s: no parameter %q", str(v, "call"), name)
		}
		slot := -1
		if callee != nil {
			slot = callee.find(name)
		}
		out = append(out, namedCode{name, c.expr(x, s), slot})
	})
	for _, p := range want {
		if !got[p.name] {
			c.errorf(v, "call %s: missing argument %q", str(v, "call"), p.name)
		}
	}
	return out
}

func hasParam(ps []param, name string) bool {
	for _, p := range ps {
		if p.name == name {
			return true
		}
	}
	return false
}

// plain reports a local bound to an object (a piece, card, node, edge):
// a paused game is saved as plain data, so locals hold ids and numbers.
func (c *compiler) plain(v cue.Value, name string, cd *code, elem bool) {
	if cd == nil || cd.prog == nil {
		return
	}
	t := cd.prog.Node().Type()
	if elem && t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && t.Kind() == reflect.Struct {
		c.errorf(v, "%s would hold a %s: bind its id instead (e.g. map(..., .id)), since a paused game is saved as plain data", name, strings.ToLower(t.Name()))
	}
}

func resultType(c *code) types.Type {
	if c == nil || c.prog == nil {
		return types.Any
	}
	return typeOf(c.prog.Node().Type())
}

func elemType(c *code) types.Type {
	if c == nil || c.prog == nil {
		return types.Any
	}
	t := c.prog.Node().Type()
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		return typeOf(t.Elem())
	}
	return types.Any
}

// pure compiles an expression that must not change the state: a condition,
// a list of candidates or options, a score. They are evaluated whenever
// moves are listed, so a change made there would happen at random times.
func (c *compiler) pure(v cue.Value, s scope, opts ...expr.Option) *code {
	cd := c.expr(v, s, opts...)
	if cd.prog == nil {
		return cd
	}
	n := cd.prog.Node()
	var visit walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok {
			return
		}
		if id, ok := call.Callee.(*exprast.IdentifierNode); ok && changes[id.Value] {
			line, col := lineCol(cd.src, call.Location().From)
			c.errs.Add(exprPos(v, line, col), "%s changes the state: not allowed in a condition, a list of choices or a score", id.Value)
		}
	}
	exprast.Walk(&n, visit)
	return cd
}

// changes names the library functions that change the state.
var changes = map[string]bool{
	"set": true, "add": true, "pset": true, "padd": true, "qset": true, "qadd": true, "moveCard": true, "moveCardTop": true,
	"draw": true, "shuffle": true, "place": true, "unplace": true, "transfer": true,
	"roll": true, "rollDie": true, "note": true,
}

// expr compiles one expression in scope s, mapping errors to the CUE file.
func (c *compiler) expr(v cue.Value, s scope, opts ...expr.Option) *code {
	src, err := v.String()
	if err != nil {
		c.errorf(v, "want an expression string: %v", err)
		return &code{}
	}
	pos := load.Pos(v.Pos())
	env := types.Map{}
	for k, t := range s {
		env[k] = t
	}
	all := append([]expr.Option{expr.Env(env)}, c.g.m.opts...)
	all = append(all, opts...)
	prog, err := expr.Compile(src, all...)
	cd := &code{prog: prog, src: src, pos: pos, lit: litOf(v)}
	c.g.codes = append(c.g.codes, cd)
	if err != nil {
		var fe *file.Error
		if errors.As(err, &fe) {
			c.errs = append(c.errs, &diag.Error{Pos: exprPos(v, fe.Line, fe.Column), Msg: fe.Message + indent(fe.Snippet)})
		} else {
			c.errorf(v, "%v", err)
		}
		return cd
	}
	c.checkNames(v, prog.Node())
	cd.shortcut(c.lay)
	cd.fast = translate(prog, c.g.m.lib, c.lay)
	return cd
}

// shortcut notes expressions that need no VM: literals and bare names.
func (cd *code) shortcut(lay *layout) {
	switch n := cd.prog.Node().(type) {
	case *exprast.IdentifierNode:
		cd.ident = lay.find(n.Value)
		cd.isIdent = cd.ident >= 0
	default:
		cd.konst, cd.isConst = literal(n)
	}
}

func literal(n exprast.Node) (any, bool) {
	switch n := n.(type) {
	case *exprast.ConstantNode:
		switch n.Value.(type) {
		case bool, int, string:
			return n.Value, true
		}
	case *exprast.BoolNode:
		return n.Value, true
	case *exprast.IntegerNode:
		return n.Value, true
	case *exprast.StringNode:
		return n.Value, true
	case *exprast.ArrayNode:
		out := make([]any, len(n.Nodes))
		for i, x := range n.Nodes {
			v, ok := literal(x)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
	return nil, false
}

func indent(snippet string) string {
	return strings.ReplaceAll(snippet, "\n | ", "\n\t| ")
}

// lit maps a line and column inside an expression to its CUE file: the
// string literal's own position plus the offset inside it.
type lit struct {
	pos    diag.Pos
	multi  bool // a """ string: content starts on the next line
	indent int  // the indentation CUE strips from a multi-line string
}

func litOf(v cue.Value) lit {
	l := lit{pos: load.Pos(v.Pos())}
	b, ok := v.Source().(*ast.BasicLit)
	if !ok || l.pos.File == "" {
		return l
	}
	raw := b.Value
	if strings.HasPrefix(raw, `"""`) || strings.HasPrefix(raw, "#\"\"\"") {
		last := raw[strings.LastIndexByte(raw, '\n')+1:]
		l.multi, l.indent = true, len(last)-len(strings.TrimLeft(last, " \t"))
	}
	return l
}

// at is the file position of line and col (1-based line, 0-based col)
// inside the expression.
func (l lit) at(line, col int) diag.Pos {
	p := l.pos
	if p.File == "" {
		return p
	}
	switch {
	case l.multi:
		p.Line += line
		p.Col = l.indent + col + 1
	case line == 1:
		p.Col += 1 + col
	default:
		p.Line += line - 1
		p.Col = col + 1
	}
	return p
}

func exprPos(v cue.Value, line, col int) diag.Pos { return litOf(v).at(line, col) }

// checkNames reports names given as string constants that the definition
// does not declare: a var, zone, die or node misspelt is caught at load.
func (c *compiler) checkNames(v cue.Value, n exprast.Node) {
	c.g.checkNames(litOf(v), c.srcOf(v), n, &c.errs)
}

func (g *Game) checkNames(l lit, src string, n exprast.Node, errs *diag.List) {
	var visit walker = func(node exprast.Node) {
		call, ok := node.(*exprast.CallNode)
		if !ok {
			return
		}
		id, ok := call.Callee.(*exprast.IdentifierNode)
		if !ok {
			return
		}
		arg := func(i int) (string, bool) {
			if i >= len(call.Arguments) {
				return "", false
			}
			s, ok := call.Arguments[i].(*exprast.StringNode)
			if !ok {
				return "", false
			}
			return s.Value, true
		}
		report := func(i int, what string, known []string) {
			name, ok := arg(i)
			if !ok {
				return
			}
			for _, k := range known {
				if k == name {
					return
				}
			}
			loc := call.Arguments[i].Location()
			line, col := lineCol(src, loc.From)
			errs.Add(l.at(line, col), "%s: unknown %s %q (declared: %s)", id.Value, what, name, strings.Join(sorted(known), ", "))
		}
		switch id.Value {
		case "get", "set", "add":
			report(0, "var", g.vars)
		case "pget", "pset", "padd":
			report(1, "player var", g.playerVars)
		case "qget", "qset", "qadd":
			report(1, "piece var", g.pieceVars)
		case "zone", "shuffle", "draw":
			report(0, "zone", g.zoneNames(false))
		case "pz", "pzone":
			report(0, "player zone", g.zoneNames(true))
		case "rollDie":
			report(0, "die", keys(g.dice))
		case "node", "out", "into", "at":
			report(0, "node", g.board.order)
		case "nodes":
			report(0, "node kind", keys(g.board.kinds))
		case "transfer":
			report(0, "good", g.goodIDs())
		}
	}
	exprast.Walk(&n, visit)
}

type walker func(exprast.Node)

func (w walker) Visit(n *exprast.Node) { w(*n) }

func (c *compiler) srcOf(v cue.Value) string { s, _ := v.String(); return s }

func lineCol(src string, from int) (int, int) {
	line, col := 1, 0
	for i, r := range []rune(src) {
		if i == from {
			break
		}
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	return line, col
}

func (g *Game) zoneNames(perPlayer bool) []string {
	if perPlayer {
		return keys(g.pzones)
	}
	return append(keys(g.zones), boxZone)
}

func (g *Game) goodIDs() []string {
	var out []string
	for _, gd := range g.goods {
		out = append(out, gd.ID)
	}
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	sort.Strings(out)
	return out
}

// paramsRead is how many leading params an expression needs bound: one
// more than the index of the last param it names.
func paramsRead(c *code, ps []param) int {
	if c.prog == nil {
		return len(ps)
	}
	need := 0
	n := c.prog.Node()
	var visit walker = func(node exprast.Node) {
		if id, ok := node.(*exprast.IdentifierNode); ok {
			for k, p := range ps {
				if p.name == id.Value && k+1 > need {
					need = k + 1
				}
			}
		}
	}
	exprast.Walk(&n, visit)
	return need
}
