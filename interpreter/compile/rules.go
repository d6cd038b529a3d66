package compile

// This file compiles the constructs cards and designers add rules with:
// node vars and piece string vars, the zones whose cards are in force,
// card modifiers and triggers, watches and named functions.

import (
	"reflect"

	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"

	"github.com/haven-engine/haven/interpreter/eval"
	"github.com/haven-engine/haven/interpreter/model"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// ruleDecls reads node vars, piece string vars and active zones, and
// registers the named functions with expr so that every body may call
// them. It runs after declarations and before bodies.
func (c *compiler) ruleDecls(v cue.Value) {
	g := c.g
	g.NvarInit, g.QstrInit, g.CardRules, g.Funcs = map[string]int{}, map[string]string{}, map[string]*runtime.CardRules{}, map[string]*runtime.Function{}
	counters(v, "nodeVars", &g.NodeVars, g.NvarInit)
	vs, _ := lookup(v, "pieceStrs")
	c.fields(vs, func(name string, x cue.Value) {
		s, _ := x.String()
		g.PieceStrs = append(g.PieceStrs, name)
		g.QstrInit[name] = s
	})
	c.eachOf("playerZones", func(name string, x cue.Value) {
		if boolean(x, "active", false) {
			g.ActiveZones = append(g.ActiveZones, name)
		}
	})
	c.eachOf("zones", func(name string, x cue.Value) {
		if boolean(x, "active", false) {
			y, _ := lookup(x, "active")
			c.errorf(y, "active: only a player zone has an owner for its cards to be in force for")
		}
	})

	c.eachOf("functions", func(name string, x cue.Value) {
		f := &runtime.Function{Id: name, Ret: str(x, "returns"), Lay: model.NewLayout()}
		var in []reflect.Type
		pv, _ := lookup(x, "params")
		c.fields(pv, func(pn string, y cue.Value) {
			t, _ := y.String()
			f.ParamList = append(f.ParamList, runtime.Param{Name: pn, Typ: t, Slot: f.Lay.Slot(pn)})
			// A list param takes any list ([]string from costWalks...).
			rt := reflectOf(t)
			if t == "list" {
				rt = reflect.TypeOf((*any)(nil)).Elem()
			}
			in = append(in, rt)
		})
		if c.g.M.Lib[name].Name != "" {
			c.errorf(x, "function %q: the library has a function of that name", name)
			return
		}
		g.Funcs[name] = f
		m := g.M
		sig := reflect.New(reflect.FuncOf(in, []reflect.Type{reflectOf(f.Ret)}, false)).Interface()
		m.Opts = append(m.Opts, expr.Function(name, func(args ...any) (any, error) {
			sc := g.Scope(f.Lay, -1, m.St.Players)
			for i, p := range f.ParamList {
				sc.Vals[p.Slot] = args[i]
			}
			out, err := m.Eval(f.Be, sc)
			g.Release(sc)
			return out, err
		}, sig))
		m.Lib[name] = eval.Func{Name: name, Call: g.FastFunction(f)}
	})
}

func reflectOf(t string) reflect.Type {
	switch t {
	case "int":
		return reflect.TypeOf(0)
	case "bool":
		return reflect.TypeOf(false)
	case "list":
		return reflect.TypeOf([]any{})
	}
	return reflect.TypeOf("")
}

// ruleBodies compiles the functions, card modifiers and triggers, and
// watches. It runs at the end of bodies.
func (c *compiler) ruleBodies(v cue.Value) {
	g := c.g
	bes := map[string]cue.Value{}
	c.eachOf("functions", func(name string, x cue.Value) {
		f := g.Funcs[name]
		if f == nil {
			return
		}
		s := scope{"numPlayers": types.Int, "params": g.ParamTypes}
		for _, p := range f.ParamList {
			s = s.with(p.Name, typeNamed(p.Typ))
		}
		be, _ := lookup(x, "be")
		bes[name] = be
		c.lay = f.Lay
		var opt expr.Option
		switch f.Ret {
		case "int":
			opt = expr.AsInt()
		case "bool":
			opt = expr.AsBool()
		case "string":
			opt = expr.AsKind(reflect.String)
		default:
			opt = expr.AsAny()
		}
		c.repeated, c.body = true, true
		f.Be = c.pure(be, s, opt)
		c.repeated, c.body = false, false
		f.PlanKept(g.Funcs)
	})
	c.checkRecursion(g.Funcs, bes)

	c.eachOf("cards", func(def string, x cue.Value) {
		r := &runtime.CardRules{}
		ms, _ := lookup(x, "mods")
		c.fields(ms, func(name string, y cue.Value) {
			md := &runtime.Modifier{Key: name, Target: str(y, "target"), Stack: boolean(y, "stack", true), Lay: model.NewLayout("value", "this")}
			md.ValueSlot, md.CardSlot = md.Lay.Slot("value"), md.Lay.Slot("this")
			be, _ := lookup(y, "be")
			c.lay = md.Lay
			c.repeated = true
			md.Be = c.pure(be, c.base().with("value", types.Int).with("this", types.String), expr.AsInt())
			c.repeated = false
			r.Mods = append(r.Mods, md)
		})
		ts, _ := lookup(x, "triggers")
		c.fields(ts, func(name string, y cue.Value) {
			t := &runtime.Trigger{On: str(y, "on")}
			t.Cause = "card " + def + " " + name
			c.lay = model.NewLayout("event", "this")
			t.Event, t.Card = c.lay.Slot("event"), c.lay.Slot("this")
			s := c.base().with("event", types.TypeOf(map[string]any{})).with("this", types.String)
			if w, ok := lookup(y, "when"); ok {
				t.When = c.pure(w, s, expr.AsBool())
			}
			body, _ := lookup(y, "do")
			c.owner, c.rule = t.Cause, ""
			t.Body = c.block(body, s)
			r.Triggers = append(r.Triggers, t)
		})
		if len(r.Mods) > 0 || len(r.Triggers) > 0 {
			g.CardRules[def] = r
			if len(g.ActiveZones) == 0 {
				c.errorf(x, "card %q has mods or triggers but no player zone is active: mark the zone its owner keeps it in `active: true`", def)
			}
		}
	})

	ws, _ := lookup(v, "watches")
	c.fields(ws, func(name string, x cue.Value) {
		w := &runtime.Watch{Id: name}
		c.lay = model.NewLayout()
		wv, _ := lookup(x, "when")
		w.When = c.pure(wv, c.base(), expr.AsBool())
		body, _ := lookup(x, "do")
		c.owner, c.rule = "watch "+name, ""
		w.Body = c.block(body, c.base())
		g.Watches = append(g.Watches, w)
	})
	c.lay = g.Base
}
