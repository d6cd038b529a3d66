package compile

// This file compiles the bodies of a definition: effects, actions,
// triggers, setup and flow, step by step, each expression against the
// typed scope of the names bound before it.

import (
	"reflect"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// scope is the typed environment an expression is compiled against.
type scope map[string]types.Type

func (c *compiler) base() scope {
	return scope{"me": types.Int, "numPlayers": types.Int, "params": c.g.ParamTypes}
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
	for k, zv := range []string{"zones", "playerZones"} {
		c.eachOf(zv, func(name string, x cue.Value) {
			z := g.Zones[name]
			if k == 1 {
				z = g.Pzones[name]
			}
			if z.Refill != "" && g.Zones[z.Refill] == nil && (k == 0 || g.Pzones[z.Refill] == nil) {
				y, _ := lookup(x, "refill")
				c.errorf(y, "refill: %s", unknownName("zone", z.Refill, append(keys(g.Zones), keys(g.Pzones)...)))
			}
			if y, ok := lookup(x, "seenBy"); ok {
				c.lay = g.SeenByLay
				z.SeenBy = c.pure(y, scope{"viewer": types.Int, "owner": types.Int, "params": g.ParamTypes}, expr.AsBool())
			}
		})
	}
	ps, _ := lookup(v, "pieces")
	c.lay = g.Base
	c.fields(ps, func(name string, x cue.Value) {
		y, _ := lookup(x, "perPlayer")
		g.PieceKinds = append(g.PieceKinds, &runtime.PieceKind{ID: name, PerPlayer: c.pure(y, c.base(), expr.AsInt())})
	})

	// Effects and actions are declared before any body is compiled, so
	// that steps can name them in any order.
	c.eachOf("effects", func(name string, x cue.Value) {
		e := &runtime.Effect{ID: name, Returns: str(x, "returns")}
		pv, _ := lookup(x, "params")
		c.fields(pv, func(pn string, y cue.Value) {
			t, _ := y.String()
			e.ParamList = append(e.ParamList, runtime.Param{Name: pn, Typ: t})
		})
		e.Lay = model.NewLayout()
		for i := range e.ParamList {
			e.ParamList[i].Slot = e.Lay.Slot(e.ParamList[i].Name)
		}
		g.Effects[name] = e
	})
	c.eachOf("actions", func(name string, x cue.Value) {
		a := &runtime.Action{ID: name, Name: str(x, "name"), Text: str(x, "text"), Group: str(x, "group"), Ends: boolean(x, "ends", true), Cause: "action " + name, Lay: model.NewLayout()}
		g.Actions[name] = a
		g.ActionOrder = append(g.ActionOrder, a)
	})
	c.eachOf("effects", func(name string, x cue.Value) {
		e := g.Effects[name]
		s := c.base()
		for _, p := range e.ParamList {
			s = s.with(p.Name, typeNamed(p.Typ))
		}
		body, _ := lookup(x, "do")
		c.owner, c.rule, c.lay = "effect "+name, "", e.Lay
		e.Body = c.block(body, s)
	})
	c.eachOf("actions", func(name string, x cue.Value) {
		a := g.Actions[name]
		s := c.base()
		c.lay = a.Lay
		sv, _ := lookup(x, "sees")
		elems(sv, func(_ int, y cue.Value) {
			n, _ := y.String()
			a.Sees = append(a.Sees, runtime.Param{Name: n, Slot: a.Lay.Slot(n)})
			s = s.with(n, types.Any)
		})
		pv, _ := lookup(x, "params")
		c.fields(pv, func(pn string, y cue.Value) {
			from, _ := lookup(y, "from")
			c.paramsBefore = a.ParamList
			p := runtime.Param{Name: pn, Typ: str(y, "type"), From: c.pure(from, s), Slot: a.Lay.Slot(pn)}
			c.paramsBefore = nil
			c.checkType(from, name+"."+pn+": a candidate", elemType(p.From), p.Typ)
			p.Need = paramsRead(p.From, a.ParamList)
			a.ParamList = append(a.ParamList, p)
			s = s.with(pn, typeNamed(p.Typ))
		})
		wv, _ := lookup(x, "when")
		c.fields(wv, func(msg string, y cue.Value) {
			c.paramsBefore = a.ParamList
			cd := c.pure(y, s, expr.AsBool())
			c.paramsBefore = nil
			a.When = append(a.When, runtime.Condition{Msg: msg, Code: cd, Need: paramsRead(cd, a.ParamList)})
		})
		c.preferAction(a, s)
		body, _ := lookup(x, "do")
		c.owner, c.rule = "action "+name, ""
		a.Body = c.block(body, s)
	})
	c.freeRules(v)
	ts, _ := lookup(v, "triggers")
	elems(ts, func(_ int, x cue.Value) {
		t := &runtime.Trigger{On: str(x, "on")}
		t.Cause = "trigger " + t.On
		c.lay = model.NewLayout("event")
		t.Event = c.lay.Slot("event")
		s := c.base().with("event", types.TypeOf(map[string]any{}))
		if w, ok := lookup(x, "when"); ok {
			t.When = c.pure(w, s, expr.AsBool())
		}
		body, _ := lookup(x, "do")
		c.owner, c.rule = "trigger "+t.On, ""
		t.Body = c.block(body, s)
		g.Triggers = append(g.Triggers, t)
	})
	setup, _ := lookup(v, "setup")
	c.owner, c.rule, c.lay = "setup", "", model.NewLayout()
	g.Setup = c.block(setup, c.base())
	flow, _ := lookup(v, "flow")
	c.owner, c.rule, c.lay = "flow", "", model.NewLayout()
	g.Flow = c.block(flow, c.base())
	c.lay = g.Base

	sc, _ := lookup(v, "scoring")
	c.scoring = true // score() and winners() would call themselves here
	defer func() { c.scoring = false }()
	score, _ := lookup(sc, "score")
	g.Scoring.Score = c.pure(score, c.base(), expr.AsInt())
	tb, _ := lookup(sc, "tiebreak")
	elems(tb, func(_ int, x cue.Value) {
		y, _ := lookup(x, "value")
		g.Scoring.Tiebreak = append(g.Scoring.Tiebreak, runtime.NamedCode{Name: str(x, "name"), Code: c.pure(y, c.base(), expr.AsInt()), Slot: -1})
	})
	sh, _ := lookup(sc, "show")
	c.fields(sh, func(name string, x cue.Value) {
		g.Scoring.Show = append(g.Scoring.Show, runtime.NamedCode{Name: name, Code: c.pure(x, c.base(), expr.AsInt()), Slot: -1})
	})
	if est, ok := lookup(sc, "estimate"); ok {
		g.Scoring.Estimate = c.pure(est, c.base(), expr.AsInt())
	}
}

var stepKeys = []string{"do", "if", "each", "while", "let", "call", "choose", "turn", "emit", "end", "return"}

// stepKey looks up a key of a step. A step writes two or three of the
// keys the schema declares (optional fields, one text each but choose
// and turn), and looking up one it leaves out by its name costs CUE an
// error value: a key whose value is text is looked up as the optional
// field it is, which every step has, and is written when its text is
// concrete (a validated definition leaves no written text incomplete).
func stepKey(v cue.Value, k string) (cue.Value, bool) {
	if k == "choose" || k == "turn" {
		return lookup(v, k)
	}
	x := v.LookupPath(optionalPath(k))
	return x, x.IsConcrete() && x.Kind() == cue.StringKind
}

// optionalPaths keeps the optional selectors of the step keys.
var optionalPaths sync.Map // string → cue.Path

func optionalPath(k string) cue.Path {
	if p, ok := optionalPaths.Load(k); ok {
		return p.(cue.Path)
	}
	p := cue.MakePath(cue.Str(k).Optional())
	optionalPaths.Store(k, p)
	return p
}

// block compiles a list of steps. Names bound by let in the block are
// visible to the steps after it.
func (c *compiler) block(v cue.Value, s scope) *runtime.Block {
	b := &runtime.Block{Id: len(c.g.Blocks), Lay: c.lay}
	c.g.Blocks = append(c.g.Blocks, b)
	elems(v, func(_ int, x cue.Value) {
		var st *runtime.Step
		st, s = c.step(x, s)
		if st != nil {
			st.At = []int{b.Id, len(b.Steps)}
			b.Steps = append(b.Steps, st)
		}
	})
	return b
}

func (c *compiler) step(v cue.Value, s scope) (*runtime.Step, scope) {
	var keys []string
	var x cue.Value // the value of the step's key
	for _, k := range stepKeys {
		if y, ok := stepKey(v, k); ok {
			keys, x = append(keys, k), y
		}
	}
	if len(keys) != 1 {
		c.errorf(v, "a step needs exactly one of %s; found %d (%s)", strings.Join(stepKeys, ", "), len(keys), strings.Join(keys, ", "))
		return nil, s
	}
	st := &runtime.Step{Pos: userPos(x)}
	if r, ok := stepKey(v, "rule"); ok {
		st.Rule, _ = r.String()
	}
	if st.Rule == "" {
		st.Rule = c.rule
	}
	st.Cause = c.owner
	if st.Rule != "" {
		st.Cause += ": " + st.Rule
	}
	outer := c.rule
	c.rule = st.Rule
	defer func() { c.rule = outer }()
	switch keys[0] {
	case "do":
		st.Kind, st.Expr = runtime.StepDo, c.expr(x, s)
	case "if":
		st.Kind, st.Expr = runtime.StepIf, c.expr(x, s, expr.AsBool())
		then, _ := lookup(v, "then")
		st.Then = c.block(then, s)
		els, _ := lookup(v, "else")
		st.Els = c.block(els, s)
	case "each":
		st.Kind, st.As = runtime.StepEach, str(v, "as")
		if st.As == "" {
			c.errorf(v, "each needs `as`, the name each element is bound to")
		}
		st.Expr = c.expr(x, s)
		c.plain(x, st.As, st.Expr, true)
		st.AsSlot = c.lay.Slot(st.As)
		body, _ := lookup(v, "loop")
		st.Loop = c.block(body, s.with(st.As, elemType(st.Expr)))
	case "while":
		st.Kind, st.Expr = runtime.StepWhile, c.expr(x, s, expr.AsBool())
		st.Max = integer(v, "max")
		if st.Max == 0 {
			st.Max = 10000
		}
		body, _ := lookup(v, "loop")
		st.Loop = c.block(body, s)
	case "let":
		st.Kind, st.As = runtime.StepLet, str(v, "let")
		be, ok := lookup(v, "be")
		if !ok {
			c.errorf(v, "let needs `be`, the value bound")
			return nil, s
		}
		st.Expr = c.expr(be, s)
		c.plain(be, st.As, st.Expr, false)
		st.AsSlot = c.lay.Slot(st.As)
		s = s.with(st.As, resultType(st.Expr))
	case "call":
		st.Kind, st.CallName = runtime.StepCall, str(v, "call")
		st.CallCause = "effect " + st.CallName
		st.Call = c.g.Effects[st.CallName]
		if st.Call == nil {
			c.errorf(x, "call: %s", unknownName("effect", st.CallName, fieldNamesOfMap(c.g.Effects)))
			return nil, s
		}
		st.With = c.args(v, s, st.Call.ParamList, st.Call.Lay)
		if as := str(v, "as"); as != "" {
			// The effect's result, given back by its return step.
			st.As, st.AsSlot = as, c.lay.Slot(as)
			t := types.Type(types.Any)
			if st.Call.Returns != "" {
				t = typeNamed(st.Call.Returns)
			}
			s = s.with(as, t)
		}
	case "choose":
		st.Kind = runtime.StepChoose
		st.ChooseID, st.As, st.Prompt = str(x, "id"), str(x, "as"), str(x, "prompt")
		st.Auto = boolean(x, "auto", true)
		pl, _ := lookup(x, "player")
		st.Player = c.pure(pl, s, expr.AsInt())
		opts, _ := lookup(x, "options")
		st.Expr = c.pure(opts, s)
		c.plain(opts, st.As, st.Expr, true)
		st.AsSlot = c.lay.Slot(st.As)
		if c.many(x, st, s) {
			c.noWhy(x)
			c.preferChoice(st, s, types.TypeOf([]any{}))
			s = s.with(st.As, types.TypeOf([]any{}))
		} else {
			c.why(x, st, s)
			c.preferChoice(st, s, elemType(st.Expr))
			s = s.with(st.As, elemType(st.Expr))
		}
	case "turn":
		st.Kind, st.Prompt = runtime.StepTurn, str(x, "prompt")
		pl, _ := lookup(x, "player")
		st.Player = c.pure(pl, s, expr.AsInt())
		acts, _ := lookup(x, "actions")
		st.Actions = c.actionList(acts, "turn")
	case "emit":
		st.Kind, st.Emit = runtime.StepEmit, str(v, "emit")
		st.With = c.args(v, s, nil, nil)
	case "end":
		st.Kind, st.End = runtime.StepEnd, str(v, "end")
	case "return":
		st.Kind, st.Expr = runtime.StepReturn, c.expr(x, s)
	}
	return st, s
}

// args compiles the `with` arguments of a call or emit; want lists the
// callee's parameters (nil: any names), and callee the layout of its
// locals, where each argument is bound.
func (c *compiler) args(v cue.Value, s scope, want []runtime.Param, callee *model.Layout) []runtime.NamedCode {
	var out []runtime.NamedCode
	w, _ := lookup(v, "with")
	got := map[string]bool{}
	c.fields(w, func(name string, x cue.Value) {
		got[name] = true
		if want != nil && name != "me" && !hasParam(want, name) {
			var names []string
			for _, p := range want {
				names = append(names, p.Name)
			}
			c.errorf(x, "call %s: %s", str(v, "call"), unknownName("parameter", name, names))
		}
		slot := -1
		if callee != nil {
			slot = callee.Find(name)
		}
		nc := runtime.NamedCode{Name: name, Code: c.expr(x, s), Slot: slot}
		for _, p := range want {
			if p.Name == name {
				nc.Typ = p.Typ
				c.checkType(x, "call "+str(v, "call")+": argument "+name, resultType(nc.Code), p.Typ)
			}
		}
		out = append(out, nc)
	})
	for _, p := range want {
		if !got[p.Name] {
			c.errorf(v, "call %s: missing argument %q", str(v, "call"), p.Name)
		}
	}
	return out
}

func hasParam(ps []runtime.Param, name string) bool {
	for _, p := range ps {
		if p.Name == name {
			return true
		}
	}
	return false
}

// plain reports a local bound to an object (a piece, card, node, edge):
// a paused game is saved as plain data, so locals hold ids and numbers.
func (c *compiler) plain(v cue.Value, name string, cd *runtime.Code, elem bool) {
	if cd == nil || cd.Prog == nil {
		return
	}
	t := cd.Prog.Node().Type()
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

func resultType(c *runtime.Code) types.Type {
	if c == nil || c.Prog == nil {
		return types.Any
	}
	return typeOf(c.Prog.Node().Type())
}

func elemType(c *runtime.Code) types.Type {
	if c == nil || c.Prog == nil {
		return types.Any
	}
	t := c.Prog.Node().Type()
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		return typeOf(t.Elem())
	}
	return types.Any
}

// actionList resolves a list of actions or groups of actions by id.
func (c *compiler) actionList(acts cue.Value, what string) []*runtime.Action {
	var out []*runtime.Action
	elems(acts, func(_ int, y cue.Value) {
		name, _ := y.String()
		if a := c.g.Actions[name]; a != nil {
			out = append(out, a)
			return
		}
		found := false
		for _, a := range c.g.ActionOrder {
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
