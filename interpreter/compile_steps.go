package interpreter

// This file compiles the bodies of a definition: effects, actions,
// triggers, setup and flow, step by step, each expression against the
// typed scope of the names bound before it.

import (
	"reflect"
	"strings"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/interpreter/model"
)

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
				c.errorf(y, "refill: %s", unknownName("zone", z.Refill, append(keys(g.zones), keys(g.pzones)...)))
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
		e := &Effect{ID: name, returns: str(x, "returns")}
		pv, _ := lookup(x, "params")
		fields(pv, func(pn string, y cue.Value) { t, _ := y.String(); e.params = append(e.params, param{name: pn, typ: t}) })
		e.lay = model.NewLayout()
		for i := range e.params {
			e.params[i].slot = e.lay.Slot(e.params[i].name)
		}
		g.effects[name] = e
	})
	as, _ := lookup(v, "actions")
	fields(as, func(name string, x cue.Value) {
		a := &Action{ID: name, Name: str(x, "name"), Text: str(x, "text"), Group: str(x, "group"), Ends: boolean(x, "ends", true), cause: "action " + name, lay: model.NewLayout()}
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
		sv, _ := lookup(x, "sees")
		elems(sv, func(_ int, y cue.Value) {
			n, _ := y.String()
			a.sees = append(a.sees, param{name: n, slot: a.lay.Slot(n)})
			s = s.with(n, types.Any)
		})
		pv, _ := lookup(x, "params")
		fields(pv, func(pn string, y cue.Value) {
			from, _ := lookup(y, "from")
			p := param{name: pn, typ: str(y, "type"), from: c.pure(from, s), slot: a.lay.Slot(pn)}
			c.checkType(from, name+"."+pn+": a candidate", elemType(p.from), p.typ)
			p.need = paramsRead(p.from, a.params)
			a.params = append(a.params, p)
			s = s.with(pn, typeNamed(p.typ))
		})
		wv, _ := lookup(x, "when")
		fields(wv, func(msg string, y cue.Value) {
			cd := c.pure(y, s, expr.AsBool())
			a.when = append(a.when, condition{msg: msg, code: cd, need: paramsRead(cd, a.params)})
		})
		c.preferAction(a, s)
		body, _ := lookup(x, "do")
		c.owner, c.rule = "action "+name, ""
		a.body = c.block(body, s)
	})
	c.freeRules(v)
	ts, _ := lookup(v, "triggers")
	elems(ts, func(_ int, x cue.Value) {
		t := &Trigger{On: str(x, "on")}
		t.cause = "trigger " + t.On
		c.lay = model.NewLayout("event")
		t.event = c.lay.Slot("event")
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
	c.owner, c.rule, c.lay = "setup", "", model.NewLayout()
	g.setup = c.block(setup, c.base())
	flow, _ := lookup(v, "flow")
	c.owner, c.rule, c.lay = "flow", "", model.NewLayout()
	g.flow = c.block(flow, c.base())
	c.lay = g.base

	sc, _ := lookup(v, "scoring")
	c.scoring = true // score() and winners() would call themselves here
	defer func() { c.scoring = false }()
	score, _ := lookup(sc, "score")
	g.scoring.score = c.pure(score, c.base(), expr.AsInt())
	tb, _ := lookup(sc, "tiebreak")
	elems(tb, func(_ int, x cue.Value) {
		y, _ := lookup(x, "value")
		g.scoring.tiebreak = append(g.scoring.tiebreak, namedCode{str(x, "name"), c.pure(y, c.base(), expr.AsInt()), -1, ""})
	})
	sh, _ := lookup(sc, "show")
	fields(sh, func(name string, x cue.Value) {
		g.scoring.show = append(g.scoring.show, namedCode{name, c.pure(x, c.base(), expr.AsInt()), -1, ""})
	})
	if est, ok := lookup(sc, "estimate"); ok {
		g.scoring.estimate = c.pure(est, c.base(), expr.AsInt())
	}
}

var stepKeys = []string{"do", "if", "each", "while", "let", "call", "choose", "turn", "emit", "end", "return"}

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
		st.asSlot = c.lay.Slot(st.as)
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
		st.asSlot = c.lay.Slot(st.as)
		s = s.with(st.as, resultType(st.expr))
	case "call":
		st.kind, st.callName = stepCall, str(v, "call")
		st.callCause = "effect " + st.callName
		st.call = c.g.effects[st.callName]
		if st.call == nil {
			c.errorf(x, "call: %s", unknownName("effect", st.callName, fieldNamesOfMap(c.g.effects)))
			return nil, s
		}
		st.with = c.args(v, s, st.call.params, st.call.lay)
		if as := str(v, "as"); as != "" {
			// The effect's result, given back by its return step.
			st.as, st.asSlot = as, c.lay.Slot(as)
			t := types.Type(types.Any)
			if st.call.returns != "" {
				t = typeNamed(st.call.returns)
			}
			s = s.with(as, t)
		}
	case "choose":
		st.kind = stepChoose
		st.chooseID, st.as, st.prompt = str(x, "id"), str(x, "as"), str(x, "prompt")
		st.auto = boolean(x, "auto", true)
		pl, _ := lookup(x, "player")
		st.player = c.pure(pl, s, expr.AsInt())
		opts, _ := lookup(x, "options")
		st.expr = c.pure(opts, s)
		c.plain(opts, st.as, st.expr, true)
		st.asSlot = c.lay.Slot(st.as)
		if c.many(x, st, s) {
			c.noWhy(x)
			c.preferChoice(st, s, types.TypeOf([]any{}))
			s = s.with(st.as, types.TypeOf([]any{}))
		} else {
			c.why(x, st, s)
			c.preferChoice(st, s, elemType(st.expr))
			s = s.with(st.as, elemType(st.expr))
		}
	case "turn":
		st.kind, st.prompt = stepTurn, str(x, "prompt")
		pl, _ := lookup(x, "player")
		st.player = c.pure(pl, s, expr.AsInt())
		acts, _ := lookup(x, "actions")
		st.actions = c.actionList(acts, "turn")
	case "emit":
		st.kind, st.emit = stepEmit, str(v, "emit")
		st.with = c.args(v, s, nil, nil)
	case "end":
		st.kind, st.end = stepEnd, str(v, "end")
	case "return":
		st.kind, st.expr = stepReturn, c.expr(x, s)
	}
	return st, s
}

// args compiles the `with` arguments of a call or emit; want lists the
// callee's parameters (nil: any names), and callee the layout of its
// locals, where each argument is bound.
func (c *compiler) args(v cue.Value, s scope, want []param, callee *model.Layout) []namedCode {
	var out []namedCode
	w, _ := lookup(v, "with")
	got := map[string]bool{}
	fields(w, func(name string, x cue.Value) {
		got[name] = true
		if want != nil && name != "me" && !hasParam(want, name) {
			var names []string
			for _, p := range want {
				names = append(names, p.name)
			}
			c.errorf(x, "call %s: %s", str(v, "call"), unknownName("parameter", name, names))
		}
		slot := -1
		if callee != nil {
			slot = callee.Find(name)
		}
		nc := namedCode{name, c.expr(x, s), slot, ""}
		for _, p := range want {
			if p.name == name {
				nc.typ = p.typ
				c.checkType(x, "call "+str(v, "call")+": argument "+name, resultType(nc.code), p.typ)
			}
		}
		out = append(out, nc)
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

// actionList resolves a list of actions or groups of actions by id.
func (c *compiler) actionList(acts cue.Value, what string) []*Action {
	var out []*Action
	elems(acts, func(_ int, y cue.Value) {
		name, _ := y.String()
		if a := c.g.actions[name]; a != nil {
			out = append(out, a)
			return
		}
		found := false
		for _, a := range c.g.actionOrder {
			if a.Group == name {
				out, found = append(out, a), true
			}
		}
		if !found {
			c.errorf(y, "%s: %s", what, unknownName("action or group of actions", name, actionAndGroupNames(c.g)))
		}
	})
	return out
}
