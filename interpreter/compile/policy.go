package compile

import (
	"cuelang.org/go/cue"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/types"
	"github.com/haven-engine/haven/interpreter/runtime"
)

// This file compiles the policy a bot follows: the ranks of choices and
// actions, checked against the steps they rank.

// policyDecls reads bots.prefer before the bodies are compiled.
func (c *compiler) policyDecls(v cue.Value) {
	c.pol = runtime.Policy{Prefer: map[string]cue.Value{}, Used: map[string]bool{}}
	p, _ := lookup(v, "bots.prefer")
	c.fields(p, func(id string, x cue.Value) {
		c.pol.Prefer[id] = x
		c.pol.Order = append(c.pol.Order, id)
	})
	c.g.Policied = len(c.pol.Order) > 0
}

// preferChoice compiles the preference of a choose step, if the policy
// ranks its id: the option is bound to the step's own name and to
// `option` (a list for a choice of several).
func (c *compiler) preferChoice(st *runtime.Step, s scope, opt types.Type) {
	x, ok := c.pol.Prefer[st.ChooseID]
	if !ok {
		return
	}
	c.pol.Used[st.ChooseID] = true
	st.OptSlot = c.lay.Slot("option")
	st.Prefer = c.pure(x, s.with(st.As, opt).with("option", opt), expr.AsInt())
}

// preferAction compiles the preference of an action, in the scope of
// its params.
func (c *compiler) preferAction(a *runtime.Action, s scope) {
	x, ok := c.pol.Prefer[a.ID]
	if !ok {
		return
	}
	c.pol.Used[a.ID] = true
	a.Prefer = c.pure(x, s, expr.AsInt())
}

// checkPolicy reports a preference whose id no choice or action has.
func (c *compiler) checkPolicy() {
	if len(c.pol.Order) == len(c.pol.Used) {
		return
	}
	var ids []string
	for _, b := range c.g.Blocks {
		for _, st := range b.Steps {
			if st.Kind == runtime.StepChoose {
				ids = append(ids, st.ChooseID)
			}
		}
	}
	for _, a := range c.g.ActionOrder {
		ids = append(ids, a.ID)
	}
	for _, id := range c.pol.Order {
		if !c.pol.Used[id] {
			c.errs.Add(declPos(c.pol.Prefer[id]), "bots.prefer: %s", unknownName("choice or action", id, ids))
		}
	}
}
