package compile

// This file checks, once every body is compiled, the names that tie the
// parts of a definition together without an expression reading them: a
// misspelt group, an action no turn (nor `free`) offers, an effect no step calls, a
// trigger on an event nobody raises, a card kind nothing names. Each would load and silently never
// happen.

import (
	"slices"
	"strings"

	"cuelang.org/go/cue"

	"github.com/haven-engine/haven/diag"
	"github.com/haven-engine/haven/interpreter/runtime"
	"github.com/haven-engine/haven/load"
)

func (c *compiler) checkRefs(v cue.Value) {
	g := c.g
	offered := map[*runtime.Action]bool{}
	var emitted []string
	called := map[string]bool{}
	for _, b := range g.Blocks {
		for _, st := range b.Steps {
			switch st.Kind {
			case runtime.StepCall:
				called[st.CallName] = true
			case runtime.StepTurn:
				for _, a := range st.Actions {
					offered[a] = true
				}
			case runtime.StepEmit:
				emitted = append(emitted, st.Emit)
			}
		}
	}
	for _, r := range g.Free {
		for _, a := range r.Actions {
			offered[a] = true
		}
	}
	var groups, offeredIDs []string
	for _, a := range g.ActionOrder {
		if offered[a] {
			offeredIDs = append(offeredIDs, a.ID)
			if a.Group != "" {
				groups = append(groups, a.Group)
			}
		}
	}
	c.eachOf("actions", func(id string, x cue.Value) {
		a := g.Actions[id]
		if a == nil || offered[a] || len(offered) == 0 {
			return
		}
		if a.Group != "" {
			y, _ := lookup(x, "group")
			c.errorf(y, "action %q: no turn offers group %q%s", id, a.Group, diag.DidYouMean(a.Group, groups))
			return
		}
		c.errs.Add(declPos(x), "action %q: no turn offers it, and it has no group%s", id, diag.DidYouMean(id, offeredIDs))
	})

	c.eachOf("effects", func(id string, x cue.Value) {
		if !called[id] {
			var ids []string
			for k := range called {
				ids = append(ids, k)
			}
			slices.Sort(ids)
			c.errs.Add(declPos(x), "effect %q: no step calls it%s", id, diag.DidYouMean(id, ids))
		}
	})

	ts, _ := lookup(v, "triggers")
	elems(ts, func(_ int, x cue.Value) {
		on := str(x, "on")
		if !slices.Contains(emitted, on) {
			y, _ := lookup(x, "on")
			c.errorf(y, "trigger: %s", unknownName("event (no emit step raises it)", on, emitted))
		}
	})

	if g.CapVarID != "" && !slices.Contains(g.Vars, g.CapVarID) {
		y, _ := lookup(v, "cap.var")
		c.errorf(y, "cap: %s", unknownName("var", g.CapVarID, g.Vars))
	}

	// A card kind that no expression names and that is one letter away
	// from another kind is a typo: the card would join no deck.
	// The cards as compiled, each type once, in the order declared: CUE
	// is asked for a card's kind only to place the error.
	kinds := keys(g.Defs)
	seen := map[string]bool{}
	for _, cid := range g.CardOrder {
		cd := g.Cards[cid]
		if seen[cd.Def] {
			continue
		}
		seen[cd.Def] = true
		if k := cd.Kind; !g.KindRefs[k] && len(g.Defs[k]) <= 1 {
			if hint := diag.DidYouMean(k, kinds); hint != "" {
				y := v.LookupPath(cue.MakePath(cue.Str("cards"), cue.Str(cd.Def), cue.Str("kind")))
				c.errorf(y, "card %q: kind %q is named nowhere else%s", cd.Def, k, hint)
			}
		}
	}
}

// actionAndGroupNames are the names a turn may list.
func actionAndGroupNames(g *runtime.Game) []string {
	var out []string
	for _, a := range g.ActionOrder {
		out = append(out, a.ID)
		if a.Group != "" && !slices.Contains(out, a.Group) {
			out = append(out, a.Group)
		}
	}
	return out
}

// fieldNamesOf lists the fields of a struct value.
func fieldNamesOf(v cue.Value) []string {
	var out []string
	fields(v, func(name string, _ cue.Value) { out = append(out, name) })
	return out
}

func fieldNamesOfMap[V any](m map[string]V) []string { return keys(m) }

// declPos is where the definition declares x: the first of its
// conjuncts written outside the schema. (A struct with no fields of its
// own, `{do: []}`, has no better position.)
func declPos(x cue.Value) diag.Pos {
	if p := userPos(x); p.File != "" && !strings.HasPrefix(p.File, "schema/") {
		return p
	}
	_, args := x.Expr()
	for _, a := range args {
		if p := load.Pos(a.Pos()); p.File != "" && !strings.HasPrefix(p.File, "schema/") {
			return p
		}
	}
	return userPos(x)
}
