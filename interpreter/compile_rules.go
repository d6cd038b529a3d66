package interpreter

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
)

// ruleDecls reads node vars, piece string vars and active zones, and
// registers the named functions with expr so that every body may call
// them. It runs after declarations and before bodies.
func (c *compiler) ruleDecls(v cue.Value) {
	g := c.g
	g.nvarInit, g.qstrInit, g.cardRules, g.funcs = map[string]int{}, map[string]string{}, map[string]*cardRules{}, map[string]*function{}
	counters(v, "nodeVars", &g.nodeVars, g.nvarInit)
	vs, _ := lookup(v, "pieceStrs")
	fields(vs, func(name string, x cue.Value) {
		s, _ := x.String()
		g.pieceStrs = append(g.pieceStrs, name)
		g.qstrInit[name] = s
	})
	pz, _ := lookup(v, "playerZones")
	fields(pz, func(name string, x cue.Value) {
		if boolean(x, "active", false) {
			g.activeZones = append(g.activeZones, name)
		}
	})
	zs, _ := lookup(v, "zones")
	fields(zs, func(name string, x cue.Value) {
		if boolean(x, "active", false) {
			y, _ := lookup(x, "active")
			c.errorf(y, "active: only a player zone has an owner for its cards to be in force for")
		}
	})

	fs, _ := lookup(v, "functions")
	fields(fs, func(name string, x cue.Value) {
		f := &function{id: name, ret: str(x, "returns"), lay: model.NewLayout()}
		var in []reflect.Type
		pv, _ := lookup(x, "params")
		fields(pv, func(pn string, y cue.Value) {
			t, _ := y.String()
			f.params = append(f.params, param{name: pn, typ: t, slot: f.lay.Slot(pn)})
			// A list param takes any list ([]string from costWalks...).
			rt := reflectOf(t)
			if t == "list" {
				rt = reflect.TypeOf((*any)(nil)).Elem()
			}
			in = append(in, rt)
		})
		if c.g.m.lib[name].Name != "" {
			c.errorf(x, "function %q: the library has a function of that name", name)
			return
		}
		g.funcs[name] = f
		m := g.m
		sig := reflect.New(reflect.FuncOf(in, []reflect.Type{reflectOf(f.ret)}, false)).Interface()
		m.opts = append(m.opts, expr.Function(name, func(args ...any) (any, error) {
			sc := g.scope(f.lay, -1, m.st.Players)
			for i, p := range f.params {
				sc.Vals[p.slot] = args[i]
			}
			out, err := m.eval(f.be, sc)
			g.release(sc)
			return out, err
		}, sig))
		m.lib[name] = eval.Func{Name: name, Call: g.fastFunction(f)}
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
	fs, _ := lookup(v, "functions")
	fields(fs, func(name string, x cue.Value) {
		f := g.funcs[name]
		if f == nil {
			return
		}
		s := scope{"numPlayers": types.Int, "params": g.paramTypes}
		for _, p := range f.params {
			s = s.with(p.name, typeNamed(p.typ))
		}
		be, _ := lookup(x, "be")
		c.lay = f.lay
		var opt expr.Option
		switch f.ret {
		case "int":
			opt = expr.AsInt()
		case "bool":
			opt = expr.AsBool()
		case "string":
			opt = expr.AsKind(reflect.String)
		default:
			opt = expr.AsAny()
		}
		f.be = c.pure(be, s, opt)
	})

	cs, _ := lookup(v, "cards")
	fields(cs, func(def string, x cue.Value) {
		r := &cardRules{}
		ms, _ := lookup(x, "mods")
		fields(ms, func(name string, y cue.Value) {
			md := &modifier{key: name, target: str(y, "target"), stack: boolean(y, "stack", true), lay: model.NewLayout("value", "this")}
			md.valueSlot, md.cardSlot = md.lay.Slot("value"), md.lay.Slot("this")
			be, _ := lookup(y, "be")
			c.lay = md.lay
			md.be = c.pure(be, c.base().with("value", types.Int).with("this", types.String), expr.AsInt())
			r.mods = append(r.mods, md)
		})
		ts, _ := lookup(x, "triggers")
		fields(ts, func(name string, y cue.Value) {
			t := &Trigger{On: str(y, "on")}
			t.cause = "card " + def + " " + name
			c.lay = model.NewLayout("event", "this")
			t.event, t.card = c.lay.Slot("event"), c.lay.Slot("this")
			s := c.base().with("event", types.TypeOf(map[string]any{})).with("this", types.String)
			if w, ok := lookup(y, "when"); ok {
				t.when = c.pure(w, s, expr.AsBool())
			}
			body, _ := lookup(y, "do")
			c.owner, c.rule = t.cause, ""
			t.body = c.block(body, s)
			r.triggers = append(r.triggers, t)
		})
		if len(r.mods) > 0 || len(r.triggers) > 0 {
			g.cardRules[def] = r
			if len(g.activeZones) == 0 {
				c.errorf(x, "card %q has mods or triggers but no player zone is active: mark the zone its owner keeps it in `active: true`", def)
			}
		}
	})

	ws, _ := lookup(v, "watches")
	fields(ws, func(name string, x cue.Value) {
		w := &watch{id: name}
		c.lay = model.NewLayout()
		wv, _ := lookup(x, "when")
		w.when = c.pure(wv, c.base(), expr.AsBool())
		body, _ := lookup(x, "do")
		c.owner, c.rule = "watch "+name, ""
		w.body = c.block(body, c.base())
		g.watches = append(g.watches, w)
	})
	c.lay = g.base
}
