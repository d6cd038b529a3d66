package interpreter

import (
	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
)

// This file compiles the policy a bot follows: the ranks of choices and
// actions, checked against the steps they rank.

// policyDecls reads bots.prefer before the bodies are compiled.
func (c *compiler) policyDecls(v cue.Value) {
	c.pol = policy{prefer: map[string]cue.Value{}, used: map[string]bool{}}
	p, _ := lookup(v, "bots.prefer")
	fields(p, func(id string, x cue.Value) {
		c.pol.prefer[id] = x
		c.pol.order = append(c.pol.order, id)
	})
	c.g.hasPolicy = len(c.pol.order) > 0
}

// preferChoice compiles the preference of a choose step, if the policy
// ranks its id: the option is bound to the step's own name and to
// `option` (a list for a choice of several).
func (c *compiler) preferChoice(st *Step, s scope, opt types.Type) {
	x, ok := c.pol.prefer[st.chooseID]
	if !ok {
		return
	}
	c.pol.used[st.chooseID] = true
	st.optSlot = c.lay.Slot("option")
	st.prefer = c.pure(x, s.with(st.as, opt).with("option", opt), expr.AsInt())
}

// preferAction compiles the preference of an action, in the scope of
// its params.
func (c *compiler) preferAction(a *Action, s scope) {
	x, ok := c.pol.prefer[a.ID]
	if !ok {
		return
	}
	c.pol.used[a.ID] = true
	a.prefer = c.pure(x, s, expr.AsInt())
}

// checkPolicy reports a preference whose id no choice or action has.
func (c *compiler) checkPolicy() {
	if len(c.pol.order) == len(c.pol.used) {
		return
	}
	var ids []string
	for _, b := range c.g.blocks {
		for _, st := range b.steps {
			if st.kind == stepChoose {
				ids = append(ids, st.chooseID)
			}
		}
	}
	for _, a := range c.g.actionOrder {
		ids = append(ids, a.ID)
	}
	for _, id := range c.pol.order {
		if !c.pol.used[id] {
			c.errs.Add(declPos(c.pol.prefer[id]), "bots.prefer: %s", unknownName("choice or action", id, ids))
		}
	}
}
